// SPDX-License-Identifier: AGPL-3.0-only
/**
 * The pseudo-terminal behind the page's xterm: one shell per WebSocket. The page sends JSON control frames,
 * `{"t":"i","d":"<input>"}` and `{"t":"r","c":<cols>,"r":<rows>}`; the server sends the shell's output as text
 * frames. Output is coalesced per event-loop turn so a flood of small writes becomes a few large frames.
 */
import type {WebSocket} from 'ws'

export interface PtyOptions {
  shell: string
  args: string[]
  cwd: string
  env: NodeJS.ProcessEnv
  cols: number
  rows: number
}

export function defaultShell(env: NodeJS.ProcessEnv = process.env): {shell: string; args: string[]} {
  const explicit = env.GOVTOOL_TERMINAL_SHELL?.trim()
  if (explicit) return {shell: explicit, args: []}
  if (process.platform === 'win32') return {shell: env.COMSPEC || 'cmd.exe', args: []}
  return {shell: env.SHELL || '/bin/bash', args: []}
}

const clamp = (n: unknown, lo: number, hi: number, fallback: number): number => (typeof n === 'number' && Number.isInteger(n) ? Math.max(lo, Math.min(hi, n)) : fallback)

export async function attachPty(ws: WebSocket, options: PtyOptions): Promise<void> {
  // listen at once: frames that arrive while node-pty loads (a resize, the first keystrokes) are queued, not lost
  const queued: {t?: string; d?: unknown; c?: unknown; r?: unknown}[] = []
  let closed = false
  let term: import('@lydell/node-pty').IPty | undefined = undefined
  const handle = (message: {t?: string; d?: unknown; c?: unknown; r?: unknown}) => {
    if (!term) queued.push(message)
    else if (message.t === 'i' && typeof message.d === 'string') term.write(message.d)
    else if (message.t === 'r') term.resize(clamp(message.c, 2, 1000, 80), clamp(message.r, 2, 500, 24))
  }
  ws.on('message', (raw) => {
    try {
      handle(JSON.parse(raw.toString()) as {t?: string})
    } catch {
      // not a control frame
    }
  })
  ws.on('close', () => {
    closed = true
    try {
      term?.kill()
    } catch {
      // already gone
    }
  })
  const {spawn} = await import('@lydell/node-pty')
  if (closed) return
  const pty = spawn(options.shell, options.args, {name: 'xterm-256color', cols: clamp(options.cols, 2, 1000, 80), rows: clamp(options.rows, 2, 500, 24), cwd: options.cwd, env: {...options.env, TERM: 'xterm-256color', COLORTERM: 'truecolor'} as Record<string, string>})
  term = pty
  let pending = ''
  let scheduled = false
  pty.onData((data) => {
    pending += data
    if (scheduled) return
    scheduled = true
    setImmediate(() => {
      scheduled = false
      if (ws.readyState === ws.OPEN && pending) ws.send(pending)
      pending = ''
    })
  })
  pty.onExit(({exitCode}) => {
    if (ws.readyState === ws.OPEN) {
      if (pending) ws.send(pending)
      ws.send(`\r\n[process exited with code ${exitCode}]\r\n`)
      ws.close(1000, 'shell exited')
    }
  })
  for (const message of queued.splice(0)) handle(message)
}
