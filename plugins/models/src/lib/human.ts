/** `run`'s human output: block-protocol events turned into text lines. */
import type {ChatEvent} from './events.js'

/** Human lines for `run`: the reply's tokens as they come, a line per tool call and result. */
export function humanSink(write: (text: string) => void, why: () => boolean): (line: string) => void {
  return (line) => {
    const e = JSON.parse(line) as ChatEvent
    switch (e.type) {
      case 'token':
        write(e.text)
        break
      case 'block_complete':
        if (e.payload.finish_reason !== undefined || e.payload.status === 'accept' || e.payload.status === 'reject') write('\n')
        break
      case 'tool_call':
        write(`[tool] ${e.name} ${JSON.stringify(e.args)}\n`)
        break
      case 'tool_request':
        write(`[ask] ${e.name}: approve? (answer on the next line: y/n)\n`)
        break
      case 'tool_result':
        write(`[${e.ok ? 'ok' : 'denied/failed'}] ${e.output.split('\n')[0].slice(0, 160)}\n`)
        break
      case 'block_start':
        if (e.kind === 'diff') write(`${String(e.payload.body)}`)
        break
      case 'preflight':
        if (e.decision !== 'accepted') write(`[governance] ${e.decision}: `)
        if (why()) write(`[why] work item ${e.work_item_id}; requirements ${e.requirement_ids.join(', ') || 'none'}; tests ${e.test_case_ids.join(', ') || 'none'}\n`)
        break
      case 'error':
        write(`[error] ${e.message}\n`)
        break
      case 'task_complete':
        write('\n')
        break
      default:
        break
    }
  }
}
