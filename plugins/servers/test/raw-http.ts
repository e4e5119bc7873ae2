import http from 'node:http'

/** A raw HTTP request (fetch cannot set Host), resolving with status, headers and body text. */
export function raw(url: string, options: {method?: string; headers?: Record<string, string>; body?: string}): Promise<{status: number; headers: http.IncomingHttpHeaders; body: string}> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {method: options.method ?? 'GET', headers: options.headers}, (res) => {
      let body = ''
      res.setEncoding('utf8').on('data', (d: string) => (body += d))
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body}))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}
