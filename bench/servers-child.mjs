// Child processes of bench/servers.bench.mjs, so that the client, the proxy and the upstream each have their
// own event loop as they do in real use:
//   node servers-child.mjs upstream [--hold]        a fake OpenAI-compatible upstream
//   node servers-child.mjs bare UPSTREAM_URL         a minimal node:http pass-through proxy (the floor of any hop)
//   node servers-child.mjs governance UPSTREAM_URL PROJECT HOME   the governance server
// Each prints {"url": ...} on its first stdout line, answers "rss" on stdin with {"rss": bytes}, and exits
// on "exit" or when stdin closes.
import http from 'node:http'
import readline from 'node:readline'

const [role, upstreamUrl, project, home] = process.argv.slice(2)
const hold = process.argv.includes('--hold')
const COMPLETION = JSON.stringify({id: 'chatcmpl-b', object: 'chat.completion', created: 1, model: 'm', choices: [{index: 0, message: {role: 'assistant', content: 'ok'}, finish_reason: 'stop'}], usage: {prompt_tokens: 10, completion_tokens: 2, total_tokens: 12}})
export const chunk = (content) => `data: ${JSON.stringify({id: 'chatcmpl-b', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{index: 0, delta: {content}, finish_reason: null}]})}\n\n`
const STREAM = `${chunk('o')}${chunk('k')}data: ${JSON.stringify({id: 'chatcmpl-b', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage: {prompt_tokens: 10, completion_tokens: 2, total_tokens: 12}})}\n\ndata: [DONE]\n\n`
const held = []
let close = () => {}

if (role === 'upstream') {
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      if (!body.includes('"stream":true')) return void res.writeHead(200, {'content-type': 'application/json'}).end(COMPLETION)
      res.writeHead(200, {'content-type': 'text/event-stream'})
      if (hold) {
        res.write(chunk('o'))
        held.push(res)
      } else res.end(STREAM)
    })
  })
  server.keepAliveTimeout = 60_000
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  close = () => server.closeAllConnections()
  console.log(JSON.stringify({url: `http://127.0.0.1:${server.address().port}/v1`}))
} else if (role === 'bare') {
  const target = new URL(`${upstreamUrl}/chat/completions`)
  const agent = new http.Agent({keepAlive: true, maxSockets: Infinity})
  const server = http.createServer((req, res) => {
    const out = http.request(target, {method: 'POST', agent, headers: {'content-type': 'application/json'}}, (up) => {
      res.writeHead(up.statusCode, {'content-type': up.headers['content-type']})
      up.pipe(res)
    })
    req.pipe(out)
  })
  server.keepAliveTimeout = 60_000
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  console.log(JSON.stringify({url: `http://127.0.0.1:${server.address().port}`}))
} else if (role === 'governance') {
  const {ProjectContext} = await import('../dist/core.js')
  const {isolatedEnv} = await import('../dist/testing.js')
  const {startGovernanceServer} = await import('../plugins/servers/dist/index.js')
  const ctx = new ProjectContext(project, isolatedEnv(home))
  const gov = await startGovernanceServer({project: ctx, port: 0, upstream: {baseUrl: new URL(`${upstreamUrl}/`), provider: 'openai-compatible', model: 'm', timeoutMs: 60_000}, pace: false})
  close = () => void gov.close()
  console.log(JSON.stringify({url: gov.url}))
} else {
  console.error(`unknown role ${role}`)
  process.exit(2)
}

const lines = readline.createInterface({input: process.stdin})
lines.on('line', (line) => {
  if (line === 'rss') console.log(JSON.stringify({rss: process.memoryUsage().rss, held: held.length}))
  else if (line === 'release') for (const res of held.splice(0)) res.end(`${chunk('k')}data: [DONE]\n\n`)
  else if (line === 'exit') process.exit(0)
})
lines.on('close', () => {
  close()
  process.exit(0)
})
