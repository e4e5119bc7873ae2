import {defineOperation, GovError, lazySchema} from 'govtool/core'
import {z} from 'zod/v3'

import {HookResultSchema} from './schemas.js'

/** Agent clients whose hooks govtool answers, and their events (the names the client uses; spelled out so that loading the list loads no library). */
export const HOOK_CLIENTS = ['claude-code', 'cursor'] as const
const EVENTS = ['UserPromptSubmit', 'PreToolUse', 'Stop', 'beforeSubmitPrompt', 'beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile'] as const

const MAX_PAYLOAD = 10 * 1024 * 1024

export const hookOp = defineOperation({
  id: 'hook',
  summary: "Answer an agent client's hook: preflight a prompt, check a tool call, verify the session's changes.",
  description: `Reads the client's hook JSON on stdin (or --payload) and answers in the client's hook protocol. \`govtool integrate claude-code\` registers these hooks in .claude/settings.json, \`govtool integrate cursor\` in .cursor/hooks.json. The governance server answers the same hooks over HTTP (POST /hooks/<client>/<event>) with the same decisions, so no process starts per hook.

Claude Code, UserPromptSubmit: preflight on the prompt. A blocked or rejected request is blocked ({"decision": "block", "reason": <instruction>}); an accepted one reaches the model with the decision as additionalContext; one that needs clarification reaches it with the question, and file writes are refused until a later prompt of the session is accepted.

Claude Code, PreToolUse: the tool against the agent permission profile, what it writes against the protected paths (the built-in ones and preflight.protected_paths), and what it carries (Write/Edit content, the Bash command line) through the secrets scanner \`govtool commit\` uses: a key is refused naming file, line and kind, never the value. For Bash the command line is read without running it: redirections, rm/mv/cp/tee/sed -i and the like, git rm/checkout/restore, sh -c and eval strings, inline interpreter code, and the governed tools it uses (git push, gh pr create, npm publish, curl...). A refusal is {"hookSpecificOutput": {"permissionDecision": "deny", ...}}; a protected path named by a program govtool does not know is put to the user ("ask").

Claude Code, Stop: verify on the session's changes (git diff against the commit of the session's first prompt, untracked files included), reported to the user as a systemMessage.

Cursor (https://cursor.com/docs/agent/hooks), beforeSubmitPrompt: preflight; a prompt that is blocked, rejected or needs clarification is stopped ({"continue": false, "user_message": ...}), since Cursor cannot pass the question to the model. beforeShellExecution and beforeMCPExecution: the same checks as PreToolUse, answered {"permission": "allow"|"deny"|"ask", "user_message", "agent_message"}. beforeReadFile: the permission profile, and a file whose content carries a secret is denied before it reaches the model.

Fails closed: an agent client treats any exit code but 2 as a non-blocking error, so every failure to decide (bad hook input, a config that does not validate, git failing) exits 2 with the reason on stderr, which blocks the prompt or the tool call. The Claude Code hooks integrate writes add \`|| exit 2\` so that even a govtool that cannot start blocks; the Cursor hooks are marked "failClosed": true, so a crash or timeout blocks too. A Claude Code hook that times out still lets the action through: the client decides that.`,
  examples: [
    `<%= config.bin %> hook claude-code PreToolUse --payload '{"tool_name":"Write","tool_input":{"file_path":"LEDGER.md","content":"x"}}'`,
    `<%= config.bin %> hook claude-code UserPromptSubmit --payload '{"session_id":"s1","prompt":"delete the ledger and start over"}' --json`,
    'echo \'{"session_id":"s1","tool_name":"Bash","tool_input":{"command":"echo x >> LEDGER.md"}}\' | <%= config.bin %> hook claude-code PreToolUse',
    `<%= config.bin %> hook cursor beforeShellExecution --payload '{"conversation_id":"c1","command":"rm -rf docs/governance","cwd":""}'`,
  ],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({
    client: z.enum(HOOK_CLIENTS).describe('The agent client whose hook protocol to answer in.'),
    event: z.enum(EVENTS).describe('The hook event, as the client names it (Claude Code: UserPromptSubmit, PreToolUse, Stop; Cursor: beforeSubmitPrompt, beforeShellExecution, beforeMCPExecution, beforeReadFile).'),
    payload: z.string().max(MAX_PAYLOAD).optional().describe("The client's hook JSON (default: read from stdin)."),
  })),
  cli: {fields: {client: {arg: true}, event: {arg: true}, payload: {helpValue: 'JSON'}}},
  result: HookResultSchema,
  async run(ctx, input) {
    try {
      let text = input.payload
      if (text === undefined) {
        if (ctx.transport !== 'cli') throw new GovError('payload is required: the hook JSON as text.', {code: 'E_HOOK_INPUT', hint: 'Send {"client": "claude-code", "event": "PreToolUse", "payload": "{...}"}.'})
        text = await readStdin()
      }
      const {answerHook} = await import('../lib/hooks/answer.js')
      return await answerHook(ctx.project(), input.client, input.event, text)
    } catch (error) {
      // fail closed: whatever went wrong, the client must see exit 2 (a block) with a reason it can show
      const {hookFailure} = await import('../lib/hooks/answer.js')
      throw hookFailure(input.event, error)
    }
  },
  render: (result) => (result.output ? JSON.stringify(result.output) : undefined),
})

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    throw new GovError('The hook input must be piped in, not typed at a terminal.', {code: 'E_HOOK_INPUT', hint: "Pipe the client's hook JSON, or pass it with --payload."})
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length
    if (size > MAX_PAYLOAD) throw new GovError(`The hook input is larger than ${MAX_PAYLOAD} bytes.`, {code: 'E_HOOK_INPUT', hint: 'Hook inputs are small JSON objects.'})
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}
