// SPDX-License-Identifier: AGPL-3.0-only
/** An incremental Server-Sent Events parser (the page reads POST streams with fetch, which EventSource cannot). */
export interface SseMessage {
  event: string
  data: string
  id?: string
}

export class SseParser {
  private buffer = ''
  private event = ''
  private data: string[] = []
  private id: string | undefined

  /** Feeds a chunk of text; returns the messages it completed. */
  push(chunk: string): SseMessage[] {
    this.buffer += chunk
    const out: SseMessage[] = []
    let nl: number
    while ((nl = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, nl)
      this.buffer = this.buffer.slice(nl + (this.buffer.startsWith('\r\n', nl) ? 2 : 1))
      if (line === '') {
        if (this.data.length > 0) out.push({event: this.event || 'message', data: this.data.join('\n'), ...(this.id === undefined ? {} : {id: this.id})})
        this.event = ''
        this.data = []
        continue
      }
      if (line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon < 0 ? line : line.slice(0, colon)
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'event') this.event = value
      else if (field === 'data') this.data.push(value)
      else if (field === 'id') this.id = value
    }
    return out
  }
}
