import {canonicalJson, sha256Hex} from './canonical.js'
import {WAL_OPS, type WalEntry, type WalOp} from './record.js'

/** node:crypto on first use: loading it is 5-25 ms of a start-up that may hash nothing (issue 14, seventh pass) */
let cryptoModule: typeof import('node:crypto') | undefined
const crypto = (): typeof import('node:crypto') => (cryptoModule ??= process.getBuiltinModule('node:crypto'))

/**
 * The byte form of a WAL line. The writer emits the canonical serialisation itself (sorted keys: hash, op,
 * prev_hash, record, record_id, seq, ts), so a line is `{"hash":"<64 hex>",` followed by the canonical body
 * of the other fields without its opening brace, and `hash = sha256("{" + rest)`. The verifier hashes those
 * bytes directly (no parse, no re-serialisation); a line in any other layout (hand-edited, re-indented) is
 * parsed and re-serialised canonically instead, so the definition stays "sha256 of the canonical form".
 */
const PREFIX = Buffer.from('{"hash":"')
const OPEN_BYTE = 0x7b
const HASH_END = 73
const BODY_START = 75
const PREV_KEY = Buffer.from(',"prev_hash":"')
const SEQ_KEY = Buffer.from(',"seq":')
const OPS = new Set<string>(WAL_OPS)

export interface LineInfo {
  ok: true
  seq: number
  op: WalOp
  prev_hash: string
  hash: string
}

export interface LineProblem {
  ok: false
  /** the seq the line claims, when it can be read */
  seq?: number
  reason: string
}

/** Serialises one entry; `recordJson` must already be canonical (`canonicalJson(record)`). */
export function encodeEntry(seq: number, ts: string, op: WalOp, recordId: string, recordJson: string, prevHash: string): {line: string; hash: string} {
  const body = `{"op":"${op}","prev_hash":"${prevHash}","record":${recordJson},"record_id":${JSON.stringify(recordId)},"seq":${seq},"ts":${JSON.stringify(ts)}}`
  const hash = sha256Hex(body)
  return {line: `{"hash":"${hash}",${body.slice(1)}`, hash}
}

/** The hash an entry must carry: sha256 of the canonical serialisation of every field but `hash`. */
export function entryHash(entry: Omit<WalEntry, 'hash'>): string {
  const {seq, ts, op, record_id: recordId, record, prev_hash: prevHash} = entry
  return sha256Hex(canonicalJson({op, prev_hash: prevHash, record, record_id: recordId, seq, ts}))
}

/** Checks one line's own hash and reads seq, op, prev_hash and hash from it (fast path: bytes only). */
export function checkLine(buf: Buffer, start: number, end: number): LineInfo | LineProblem {
  const computed = fastBodyHash(buf, start, end)
  if (computed !== undefined) {
    const hash = buf.toString('latin1', start + PREFIX.length, start + HASH_END)
    if (computed === hash) {
      const info = readEnvelope(buf, start, end, hash)
      if (info) return info
    }
  }
  const parsed = parseLine(buf, start, end)
  if ('reason' in parsed) return parsed
  return {ok: true, seq: parsed.entry.seq, op: parsed.entry.op, prev_hash: parsed.entry.prev_hash, hash: parsed.entry.hash}
}

/** Parses a line into an entry and checks its hash (for folding, where the record itself is needed). */
export function readEntry(buf: Buffer, start: number, end: number): {entry: WalEntry} | LineProblem {
  return parseLine(buf, start, end)
}

function parseLine(buf: Buffer, start: number, end: number): {entry: WalEntry} | LineProblem {
  let value: unknown
  try {
    value = JSON.parse(buf.toString('utf8', start, end))
  } catch {
    return {ok: false, reason: 'the line is not valid JSON'}
  }
  const entry = value as Partial<WalEntry> | null
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return {ok: false, reason: 'the line is not a JSON object'}
  const seq = Number.isSafeInteger(entry.seq) && (entry.seq as number) > 0 ? (entry.seq as number) : undefined
  if (seq === undefined) return {ok: false, reason: 'the entry has no valid seq'}
  if (typeof entry.hash !== 'string' || typeof entry.prev_hash !== 'string' || typeof entry.ts !== 'string' || typeof entry.record_id !== 'string' || !OPS.has(entry.op as string) || !('record' in entry)) {
    return {ok: false, seq, reason: 'the entry lacks one of hash, prev_hash, ts, op, record_id, record'}
  }
  const fast = fastBodyHash(buf, start, end)
  const expected = fast === entry.hash ? fast : entryHash(entry as WalEntry)
  if (expected !== entry.hash) return {ok: false, seq, reason: 'its hash does not match its content (modified entry or modified hash)'}
  return {entry: entry as WalEntry}
}

/**
 * sha256 of "{" + the bytes after `{"hash":"<64 hex>",` for a line in the writer's byte form, else undefined.
 * Hashes in one shot by putting the "{" over the "," just before the body for the duration of the call.
 */
function fastBodyHash(buf: Buffer, start: number, end: number): string | undefined {
  if (end - start <= BODY_START + 20 || buf[start + HASH_END] !== 0x22 || buf[start + HASH_END + 1] !== 0x2c) return undefined
  for (let i = 0; i < PREFIX.length; i++) if (buf[start + i] !== PREFIX[i]) return undefined
  const at = start + BODY_START - 1
  buf[at] = OPEN_BYTE
  try {
    return crypto().hash('sha256', buf.subarray(at, end), 'hex')
  } finally {
    buf[at] = 0x2c
  }
}

/** Reads op, prev_hash and seq from a line already known to be in the writer's byte form. */
function readEnvelope(buf: Buffer, start: number, end: number, hash: string): LineInfo | undefined {
  const p = start + BODY_START
  if (buf.toString('latin1', p, p + 6) !== '"op":"') return undefined
  const opEnd = buf.indexOf(0x22, p + 6)
  if (opEnd < 0 || opEnd > p + 20) return undefined
  const op = buf.toString('latin1', p + 6, opEnd)
  if (!OPS.has(op)) return undefined
  if (buf.compare(PREV_KEY, 0, PREV_KEY.length, opEnd + 1, opEnd + 1 + PREV_KEY.length) !== 0) return undefined
  const q = opEnd + 1 + PREV_KEY.length
  let prevHash = ''
  if (buf[q] !== 0x22) {
    if (buf[q + 64] !== 0x22) return undefined
    prevHash = buf.toString('latin1', q, q + 64)
  }
  const s = buf.lastIndexOf(SEQ_KEY, end - 1)
  if (s < q) return undefined
  let seq = 0
  let i = s + SEQ_KEY.length
  for (; i < end; i++) {
    const c = buf[i]
    if (c < 0x30 || c > 0x39) break
    seq = seq * 10 + (c - 0x30)
  }
  if (buf[i] !== 0x2c || seq <= 0) return undefined
  return {ok: true, seq, op: op as WalOp, prev_hash: prevHash, hash}
}
