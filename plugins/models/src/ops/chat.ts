import {defineOperation} from 'govtool/core'
import {z} from 'zod/v3'

import {TurnResultSchema} from './schemas.js'

export const chatOp = defineOperation({
  id: 'chat',
  summary: 'Run one governed chat turn and emit JSONL block events on stdout.',
  description: `The message is preflighted first (the same decision as govtool preflight). A decision other than accepted ends the turn without a model call: the preflight event and a message block say the decision, the instruction and the work item, and chat exits 2 (needs_clarification) or 3 (blocked, rejected).

An accepted turn runs the agent loop: the model may call read_file, write_file, run_shell, git_status, git_diff, git_commit, git_push, git_create_pr and open_url, each checked against agent.permissions in docs/GOVTOOL.yml and confined to the project. write_file shows a diff block and writes only when the diff is accepted. A denied tool is a tool_result the model sees.

Profiles: safe asks (tool_request) before every tool; standard runs reads and asks for everything else (a diff decision for writes); yolo runs every allowed tool without asking. Answers come from stdin with --interactive, one JSON line each: {"type":"tool_decision","decision":"approve"} or "deny", {"type":"diff_decision","decision":"accept"} or "reject" with a "comment". No answer within --decision-timeout is a deny; a line that is not a decision ends the turn with exit 2. Without --interactive every question is a deny.

The backend: GOVTOOL_DISABLE_REAL_CHAT=1 forces the deterministic stub; --provider (stub, ollama, openai-compatible, anthropic, openai, google) forces one and fails when it does not answer; otherwise the local daemon (OLLAMA_HOST) when it answers, then TERMINAL_AI_BASE_URL, then the hosted providers whose key is set and whose official SDK is installed (ANTHROPIC_API_KEY, OPENAI_API_KEY, GOOGLE_API_KEY or GEMINI_API_KEY, in that order), then the stub. Every call is paced by the credits rate-limit profiles and recorded in credits.

Turns are appended to .govtool/sessions/<id>/turns.jsonl; --session-id replays a session's turns as context (oldest dropped first to stay under 80% of the context window). With --json the events are in the result instead of on stdout.`,
  examples: ['<%= config.bin %> chat "what does this project do?"', '<%= config.bin %> chat "read README.md" --profile yolo --json', `echo '{"type":"diff_decision","decision":"accept"}' | <%= config.bin %> chat "write notes.md with hello" --interactive`],
  project: true,
  effect: 'write',
  input: z.object({
    message: z.string().min(1).describe('the request'),
    session_id: z.string().optional().describe('Reuse a session: its turns are replayed as context.'),
    parent_session: z.string().optional().describe('Mark the session as a sub-session of this one.'),
    profile: z.enum(['safe', 'standard', 'yolo']).default('standard').describe('Tool approval profile: safe, standard or yolo.'),
    comment: z.string().optional().describe('Reviewer comment fed into this turn (a retry).'),
    json_events: z.boolean().default(true).describe('JSONL events on stdout (on by default; --no-json-events prints the reply as text).'),
    interactive: z.boolean().default(false).describe('Read tool and diff decisions from stdin.'),
    decision_timeout: z.number().positive().max(86_400).default(120).describe('Seconds to wait for a stdin decision before denying.'),
    provider: z.string().optional().describe('Force a backend: stub, ollama, openai-compatible, anthropic, openai or google.'),
  }),
  cli: {
    fields: {
      message: {arg: true, rest: true},
      session_id: {helpValue: 'ID'},
      parent_session: {helpValue: 'ID'},
      comment: {helpValue: 'TEXT'},
      json_events: {allowNo: true},
      decision_timeout: {helpValue: 'SECONDS'},
      provider: {helpValue: 'ID'},
    },
  },
  result: TurnResultSchema,
  async run(ctx, input, io) {
    const {chatTurn} = await import('../lib/run-op.js')
    return chatTurn(ctx, input, io)
  },
  exitCode: (result) => result.exit_code,
  render(result, view) {
    return view.input.json_events === false ? result.reply || result.instruction : undefined
  },
})
