/**
 * The governed tools a shell command uses, as the agent permission profile names them: `git push` is
 * git_push, `gh pr create` git_create_pr, `npm publish` publish, `npm install <pkg>` install_package, `curl`
 * open_url, `kubectl apply` deploy, `rm` delete_file. The hook checks each against the profile, so a Bash
 * call cannot do what the profile refuses the agent's own tools.
 */
/** The governed tools a program with these arguments uses (names of the permission profile). */
export function impliedTools(program: string, args: readonly string[]): string[] {
  const ops = operands(args)
  const sub = ops[0]
  const has = (flag: string) => args.includes(flag)
  switch (program) {
    case 'git': {
      const gitSub = gitSubcommand(args)
      if (!gitSub) return []
      const map: Record<string, string> = {push: 'git_push', commit: 'git_commit', pull: 'git_pull', tag: 'git_tag'}
      if (gitSub.name === 'tag' && gitSub.args.filter((a) => !a.startsWith('-')).length === 0 && !has('-a') && !has('-d')) return []
      if (gitSub.name === 'branch' && gitSub.args.some((a) => !a.startsWith('-'))) return ['git_branch']
      if ((gitSub.name === 'checkout' && (gitSub.args.includes('-b') || gitSub.args.includes('-B'))) || (gitSub.name === 'switch' && (gitSub.args.includes('-c') || gitSub.args.includes('-C')))) return ['git_branch']
      return map[gitSub.name] ? [map[gitSub.name]] : []
    }
    case 'gh':
      return (sub === 'pr' && ['create', 'merge'].includes(ops[1])) ? ['git_create_pr'] : sub === 'release' && ops[1] === 'create' ? ['publish'] : []
    case 'glab':
      return sub === 'mr' && ['create', 'merge'].includes(ops[1]) ? ['git_create_pr'] : []
    case 'hub':
      return sub === 'pull-request' ? ['git_create_pr'] : []
    case 'npm':
    case 'pnpm':
    case 'yarn':
    case 'bun':
      if (sub === 'publish') return ['publish']
      if (['install', 'i', 'add'].includes(sub ?? '') && ops.length > 1) return ['install_package']
      return []
    case 'cargo':
      return sub === 'publish' ? ['publish'] : ['add', 'install'].includes(sub ?? '') ? ['install_package'] : []
    case 'pip':
    case 'pip3':
    case 'pipx':
      return sub === 'install' && ops.length > 1 && !has('-r') && !has('--requirement') ? ['install_package'] : []
    case 'uv':
      return sub === 'add' || (sub === 'pip' && ops[1] === 'install') ? ['install_package'] : sub === 'publish' ? ['publish'] : []
    case 'poetry':
      return sub === 'publish' ? ['publish'] : sub === 'add' ? ['install_package'] : []
    case 'gem':
      return sub === 'push' ? ['publish'] : sub === 'install' ? ['install_package'] : []
    case 'go':
      return sub === 'get' || sub === 'install' ? ['install_package'] : []
    case 'apt':
    case 'apt-get':
    case 'brew':
    case 'dnf':
    case 'yum':
    case 'apk':
    case 'pacman':
      return ['install', 'add', '-S'].includes(sub ?? args[0] ?? '') || args.includes('-S') ? ['install_package'] : []
    case 'composer':
      return sub === 'require' ? ['install_package'] : []
    case 'twine':
      return sub === 'upload' ? ['publish'] : []
    case 'curl':
    case 'wget':
    case 'http':
    case 'https':
    case 'xh':
      return ['open_url']
    case 'kubectl':
      return ['apply', 'create', 'delete', 'replace', 'patch', 'rollout', 'scale', 'set'].includes(sub ?? '') ? ['deploy'] : []
    case 'helm':
      return ['install', 'upgrade', 'uninstall', 'rollback'].includes(sub ?? '') ? ['deploy'] : []
    case 'terraform':
    case 'tofu':
      return ['apply', 'destroy', 'import'].includes(sub ?? '') ? ['deploy'] : []
    case 'pulumi':
      return ['up', 'destroy'].includes(sub ?? '') ? ['deploy'] : []
    case 'vercel':
    case 'netlify':
    case 'fly':
    case 'flyctl':
    case 'firebase':
    case 'serverless':
    case 'sls':
    case 'cdk':
    case 'eb':
    case 'railway':
    case 'wrangler':
      return ['deploy', 'up', 'publish'].includes(sub ?? '') || has('--prod') ? ['deploy'] : []
    case 'gcloud':
    case 'aws':
    case 'az':
      return args.some((a) => a === 'deploy' || a === 'create-deployment' || a === 'update-function-code') ? ['deploy'] : []
    case 'docker':
    case 'podman':
      return sub === 'push' ? ['publish'] : []
    case 'govtool': {
      const map: Record<string, string> = {push: 'git_push', commit: 'git_commit', pr: 'git_create_pr', release: 'git_tag', pull: 'git_pull'}
      return sub && map[sub] ? [map[sub]] : []
    }
    case 'rm':
    case 'unlink':
    case 'rmdir':
    case 'shred':
      return ['delete_file']
    default:
      return []
  }
}

/** `git -C dir -c k=v status -s` -> {name: 'status', args: ['-s']}. */
export function gitSubcommand(args: readonly string[]): {name: string; args: string[]} | undefined {
  let i = 0
  while (i < args.length && args[i].startsWith('-')) {
    if (args[i] === '-C' || args[i] === '-c' || args[i] === '--git-dir' || args[i] === '--work-tree' || args[i] === '--namespace') i++
    i++
  }
  return i < args.length ? {name: args[i], args: args.slice(i + 1)} : undefined
}

/** Words that are not options, honouring `--`. `valueOptions` take the next word as their value. */
export function operands(args: readonly string[], valueOptions: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = []
  let optionsDone = false
  for (let i = 0; i < args.length; i++) {
    const a = args[i]
    if (!optionsDone && a === '--') {
      optionsDone = true
      continue
    }
    if (!optionsDone && a.startsWith('-') && a !== '-') {
      if (valueOptions.has(a)) i++
      continue
    }
    out.push(a)
  }
  return out
}
