import http from 'node:http'
import net, {type AddressInfo} from 'node:net'

import {expect} from 'chai'

import {formatSse, lastEventId, ReplayLog, SseStream} from '../src/index.js'

describe('SSE writer', () => {
  it('formats ids, names and multi-line data so no payload can end an event early or forge a field', () => {
    expect(formatSse({id: 7, event: 'node_started', data: {a: 1}})).to.equal('id: 7\nevent: node_started\ndata: {"a":1}\n\n')
    expect(formatSse({data: 'one\ntwo\r\nthree'})).to.equal('data: one\ndata: two\ndata: three\n\n')
    expect(formatSse({id: '1\nevent: forged', event: 'x\ndata: y', data: ''})).to.equal('id: 1event: forged\nevent: xdata: y\ndata: \n\n')
    expect(lastEventId({'last-event-id': '42'}, {})).to.equal(42)
    expect(lastEventId({}, {last_event_id: '3'})).to.equal(3)
    expect(lastEventId({'last-event-id': 'abc'}, {})).to.equal(undefined)
  })

  it('waits for a slow client (backpressure), delivers everything in order, and notices a client that left', async () => {
    let stream!: SseStream
    const opened = new Promise<void>((resolve) => {
      const server = http.createServer((_req, res) => {
        stream = new SseStream(res, {heartbeatMs: 0}).open()
        resolve()
      })
      server.listen(0, '127.0.0.1')
      after(() => server.close())
      server.once('listening', () => {
        const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1')
        socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
        socket.pause()
        client = socket
      })
    })
    let client!: net.Socket
    await opened
    const chunk = 'x'.repeat(64 * 1024)
    let resolved = 0
    const sends = Array.from({length: 200}, (_, i) => stream.send({id: i + 1, data: chunk}).then((ok) => (resolved++, ok)))
    // let the socket take what the kernel buffers hold
    await new Promise((r) => setTimeout(r, 200))
    expect(resolved, '12.8 MB to a client that reads nothing cannot all be taken').to.be.below(200)
    let text = ''
    client.setEncoding('utf8').on('data', (d: string) => (text += d))
    client.resume()
    expect(await Promise.all(sends)).to.satisfy((oks: boolean[]) => oks.every(Boolean))
    stream.close()
    await new Promise((r) => client.once('end', r))
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]))
    expect(ids).to.deep.equal(Array.from({length: 200}, (_, i) => i + 1))
    expect(await stream.send({data: 'late'})).to.equal(false)
    expect(stream.signal.aborted).to.equal(true)
  })

  it('replay log: readers start after any seq, follow live entries and end when the log closes', async () => {
    const log = new ReplayLog<string>()
    log.append('a')
    log.append('b')
    const early = (async () => {
      const seen: number[] = []
      for await (const {seq} of log.read(1)) seen.push(seq)
      return seen
    })()
    await new Promise((r) => setImmediate(r))
    log.append('c')
    log.close()
    expect(await early).to.deep.equal([2, 3])
    const controller = new AbortController()
    const open = new ReplayLog<string>()
    const reader = (async () => {
      const seen: string[] = []
      for await (const {value} of open.read(0, controller.signal)) seen.push(value)
      return seen
    })()
    open.append('x')
    await new Promise((r) => setImmediate(r))
    controller.abort()
    expect(await reader).to.deep.equal(['x'])
  })
})
