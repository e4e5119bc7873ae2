// Start-up: the two commands every user runs most.
export default async function bench({timeCli}) {
  return [
    {name: 'govtool --version (whole process)', value: timeCli(['--version'], {runs: 15}), unit: 'ms', target: '< 150 ms'},
    {name: 'govtool --help (whole process)', value: timeCli(['--help'], {runs: 9}), unit: 'ms'},
    {name: 'govtool channel get (start-up + one command, fast runner)', value: timeCli(['channel', 'get'], {runs: 9}), unit: 'ms'},
  ]
}
