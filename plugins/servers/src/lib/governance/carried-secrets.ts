/**
 * Secrets in what a chat request carries to the upstream (issue 22): every message's text, the arguments of
 * the tool calls in it, and the diffs it holds go through the kernel's scanner (the one `commit`, the git
 * hooks and the agent hooks use). A finding says which message, where in it and what kind, never the value.
 */
import {GovError, scanDiff, scanText, SECRET_KINDS, type SecretFinding} from 'govtool/core'

import type {ChatRequest} from './chat.js'

export interface CarriedSecret {
  /** `messages[2]`, `messages[3].tool_calls[0].arguments` */
  where: string
  /** the file of a diff the message holds */
  file?: string
  line: number
  kind: SecretFinding['kind']
}

function texts(content: unknown): string[] {
  if (typeof content === 'string') return [content]
  if (!Array.isArray(content)) return []
  return content.flatMap((p) => (p && typeof p === 'object' && typeof (p as {text?: unknown}).text === 'string' ? [(p as {text: string}).text] : []))
}

function scanMessageText(text: string, where: string): CarriedSecret[] {
  const diff = proposedDiff(text)
  const found: CarriedSecret[] = []
  const inDiff = new Set<string>()
  if (diff) {
    for (const f of scanDiff(diff)) {
      found.push({where, ...(f.file === undefined ? {} : {file: f.file}), line: f.line, kind: f.kind})
      inDiff.add(f.kind)
    }
  }
  // the text around (or without) a diff; a finding already placed in the diff is not counted twice
  for (const f of scanText(text)) if (!inDiff.has(f.kind)) found.push({where, line: f.line, kind: f.kind})
  return found
}

/** Every secret the request carries. */
export function secretsInRequest(request: ChatRequest): CarriedSecret[] {
  const found: CarriedSecret[] = []
  request.messages.forEach((message, i) => {
    const where = `messages[${i}]`
    for (const text of texts(message.content)) found.push(...scanMessageText(text, where))
    const calls = (message as {tool_calls?: unknown}).tool_calls
    if (Array.isArray(calls)) {
      calls.forEach((call, j) => {
        const args = (call as {function?: {arguments?: unknown}} | null)?.function?.arguments
        if (typeof args !== 'string') return
        // arguments are JSON text: decode it, so a diff or a file's content in a string is read line by line
        let decoded: unknown
        try {
          decoded = JSON.parse(args)
        } catch {
          decoded = args
        }
        const strings: string[] = []
        const collect = (v: unknown) => {
          if (typeof v === 'string') strings.push(v)
          else if (Array.isArray(v)) v.forEach(collect)
          else if (v && typeof v === 'object') Object.values(v).forEach(collect)
        }
        collect(decoded)
        for (const s of strings) found.push(...scanMessageText(s, `${where}.tool_calls[${j}].arguments`))
      })
    }
  })
  return found
}

export function describeCarried(s: CarriedSecret): string {
  return `${s.where}${s.file ? ` ${s.file}` : ''} line ${s.line}: ${SECRET_KINDS[s.kind]}`
}

/** The refusal of a request that carries secrets (403, E_SECRET_FOUND): where and what kind, never the value. */
export function carriedSecretError(found: readonly CarriedSecret[]): GovError {
  const list = found.slice(0, 10).map((s) => describeCarried(s)).join('; ')
  const more = found.length > 10 ? `; and ${found.length - 10} more` : ''
  return new GovError(`The request carries a secret, so it was not sent to the model: ${list}${more}.`, {
    code: 'E_SECRET_FOUND',
    hint: 'Take the key out of the conversation (read it from the environment or a secret store) and rotate it if it was exposed.',
  })
}

/** The unified diffs in a reply (fenced ```diff blocks, or a bare diff), for verification. */
export function proposedDiff(text: string): string | undefined {
  const fenced = [...text.matchAll(/```(?:diff|patch)\n([\s\S]*?)```/g)].map((m) => m[1])
  if (fenced.length > 0) return fenced.join('\n')
  return /^(?:diff --git |--- a\/)/m.test(text) && /^\+\+\+ /m.test(text) ? text : undefined
}
