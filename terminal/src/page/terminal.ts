// SPDX-License-Identifier: AGPL-3.0-only
/**
 * The terminal view: xterm.js with a fit addon, talking to the server's pty over a same-origin WebSocket (the
 * session cookie rides along). Scrollback 10 000 lines. Copy: select with the mouse, then Ctrl+Shift+C (or the
 * browser's copy); paste: Ctrl+Shift+V or the browser's paste (both arrive as a paste event).
 */
import {FitAddon} from '@xterm/addon-fit'
import {Terminal} from '@xterm/xterm'

export interface TerminalView {
  term: Terminal
  /** the visible buffer as text, one line per row (for tests) */
  text(): string
  /** bytes received from the pty so far (for the throughput bench) */
  received(): number
}

export function mountTerminal(host: HTMLElement): TerminalView {
  const term = new Terminal({scrollback: 10_000, cursorBlink: true, fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13, theme: {background: '#1e1f22'}})
  const fit = new FitAddon()
  term.loadAddon(fit)
  term.open(host)
  fit.fit()
  let received = 0
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
  const ws = new WebSocket(`${scheme}://${location.host}/pty?cols=${term.cols}&rows=${term.rows}`)
  const send = (message: unknown) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message))
  }
  ws.onmessage = (event) => {
    const data = String(event.data)
    received += data.length
    term.write(data)
  }
  ws.onclose = () => term.write('\r\n[disconnected from the terminal server]\r\n')
  term.onData((d) => send({t: 'i', d}))
  term.onResize(({cols, rows}) => send({t: 'r', c: cols, r: rows}))
  new ResizeObserver(() => {
    if (host.offsetParent !== null) fit.fit()
  }).observe(host)
  term.attachCustomKeyEventHandler((event) => {
    if (event.type !== 'keydown' || !event.ctrlKey || !event.shiftKey) return true
    if (event.code === 'KeyC') {
      const selection = term.getSelection()
      if (selection) void navigator.clipboard.writeText(selection)
      return false
    }
    // Ctrl+Shift+V: the browser's own paste (a paste event xterm turns into input); xterm must not send ^V
    if (event.code === 'KeyV') return false
    return true
  })
  term.focus()
  return {
    term,
    text() {
      const buffer = term.buffer.active
      const lines: string[] = []
      for (let i = 0; i < buffer.length; i++) {
        const line = buffer.getLine(i)
        const text = line?.translateToString(true) ?? ''
        // a wrapped row continues the line above it
        if (line?.isWrapped && lines.length > 0) lines[lines.length - 1] += text
        else lines.push(text)
      }
      return lines.join('\n')
    },
    received: () => received,
  }
}
