import {color, defineOperation, renderTable} from 'govtool/core'
import {z} from 'zod/v3'

import {humanBytes, timeAgo} from '../lib/format.js'
import {ListResultSchema, PullResultSchema} from './schemas.js'

export const ollamaListOp = defineOperation({
  id: 'ollama.list',
  summary: 'List the models installed in the local Ollama daemon.',
  description: `Asks the daemon (OLLAMA_HOST, default http://127.0.0.1:11434) for its installed models (GET /api/tags) and which of them are loaded right now (GET /api/ps), and shows each with its size and when it was modified.

A daemon that does not answer is error E_OLLAMA_DOWN (exit 1), whose hint says how to start it.`,
  examples: ['<%= config.bin %> ollama list', 'OLLAMA_HOST=10.0.0.5:11434 <%= config.bin %> ollama list --json'],
  effect: 'read',
  input: z.object({}),
  result: ListResultSchema,
  async run() {
    const [{OllamaClient}, {listModels}] = await Promise.all([import('../lib/client.js'), import('../lib/list.js')])
    return listModels(new OllamaClient())
  },
  render(result) {
    if (result.models.length === 0) return `No models installed in the daemon at ${result.host}. Try \`govtool ollama suggest code\`, then \`govtool ollama pull <model>\`.`
    return renderTable(result.models, [
      {header: 'NAME', get: (m) => m.name},
      {header: 'ID', get: (m) => m.digest.slice(0, 12)},
      {header: 'SIZE', get: (m) => humanBytes(m.size), align: 'right'},
      {header: 'PARAMS', get: (m) => m.parameter_size ?? ''},
      {header: 'MODIFIED', get: (m) => timeAgo(m.modified_at)},
      {header: 'LOADED', get: (m) => (m.running ? 'yes' : '')},
    ])
  },
})

export const ollamaPullOp = defineOperation({
  id: 'ollama.pull',
  summary: 'Download a model into the local Ollama daemon, with progress.',
  description: `Streams the daemon's pull progress (POST /api/pull): a progress bar with bytes, percentage and speed on a terminal, plain progress lines otherwise, only the final result with --json. Over HTTP, a client that asks for text/event-stream gets the progress as SSE progress events (done and total in bytes) before the result.

Ctrl-C (or an HTTP client going away) stops the pull with exit code 130; running the same command again resumes it, because the daemon keeps the layers it has downloaded. An error from the daemon ends the pull with exit code 1.`,
  examples: ['<%= config.bin %> ollama pull qwen2.5-coder:7b', '<%= config.bin %> ollama pull llama3.2:3b --json'],
  effect: 'write',
  input: z.object({
    model: z.string().describe('model name, e.g. llama3.1:8b'),
  }),
  cli: {fields: {model: {arg: true}}},
  result: PullResultSchema,
  async run(ctx, input, io) {
    const [{OllamaClient}, {pullReporter}] = await Promise.all([import('../lib/client.js'), import('../lib/pull-report.js')])
    const client = new OllamaClient()
    const reporter = pullReporter(io)
    // Ctrl-C stops the pull on the command line (the kernel leaves SIGINT to the process); elsewhere io.signal does
    const interrupt = new AbortController()
    const onSigint = (): void => interrupt.abort()
    if (ctx.transport === 'cli') process.once('SIGINT', onSigint)
    try {
      return await client.pull(input.model, {signal: AbortSignal.any([io.signal, interrupt.signal]), onProgress: (p) => reporter.update(p)})
    } finally {
      reporter.stop()
      process.removeListener('SIGINT', onSigint)
    }
  },
  render: (r) => `${color.green('✔')} pulled ${r.model} (${humanBytes(r.total_bytes)} in ${(r.duration_ms / 1000).toFixed(1)} s)`,
})
