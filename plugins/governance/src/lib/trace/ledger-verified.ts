/**
 * The memo of the last intact ledger chain verification (`.govtool/cache/ledger-verified.json`, issue 14), used
 * by checkLedgerChain (ledger.ts): audit, checkpoint
 * and the phase checklists verified every entry's sha256 again on every run (1,000 entries: 15-40 ms, and
 * twice in a checkpoint). It holds the sha256 of every input of the verification (archive and LEDGER.md texts,
 * the witness, the heads, the branch, the file names, VERIFIED_VERSION) and what an intact verification of
 * exactly those inputs found (entries, checked, unchained); while every input is byte for byte the same, the
 * answer is the same. Any change to any of them (an append, an edit, a flipped byte, a pull, a branch switch)
 * is another key, so the chain is verified in full again. Only intact chains are remembered: a broken one is
 * verified (and its problems reported) every time. Like the witness it sits beside, it is trusted local state
 * under the protected `.govtool/`: whoever can forge it can rewrite the witness too. Bump VERIFIED_VERSION when
 * the verification's rules change.
 */

import {writeFileAtomic, type ProjectContext} from 'govtool/core'

/** node:crypto on first use: loading it is 5-25 ms of a start-up that may hash nothing (issue 14, seventh pass) */
let cryptoModule: typeof import('node:crypto') | undefined
const crypto = (): typeof import('node:crypto') => (cryptoModule ??= process.getBuiltinModule('node:crypto'))

export const VERIFIED_FILE = 'ledger-verified.json'
const VERIFIED_VERSION = 1

interface VerifiedChain {
  checked: number
  unchained: number
  entries: number
}

/** Verifications run and memo hits in this process (tests: a warm audit verifies nothing). */
export const verifiedStats = {verifications: 0, hits: 0}

const verifiedInProcess = new Map<string, VerifiedChain>()

/** Forgets the intact verifications this process remembered (tests: what a new process knows is the memo file). */
export function forgetVerifiedChains(): void {
  verifiedInProcess.clear()
}

/** The memo key of a verification's inputs (each length-prefixed: an absent file is not an empty one). */
export function verifiedKey(parts: readonly (string | undefined)[]): string {
  const hash = crypto().createHash('sha256').update(`ledger-verified ${VERIFIED_VERSION}`)
  for (const part of parts) hash.update(part === undefined ? '\0-' : `\0${part.length}:`).update(part ?? '')
  return hash.digest('hex')
}

/** What an intact verification of exactly these inputs found (in process, else from the memo file's text), or undefined. */
export function rememberedChain(key: string, memoText: string | undefined): VerifiedChain | undefined {
  const known = verifiedInProcess.get(key) ?? readVerifiedMemo(memoText, key)
  if (!known) return undefined
  verifiedStats.hits++
  verifiedInProcess.set(key, known)
  return known
}

/** Remembers an intact verification under `key`, in process and in the memo file (a failed write is only a miss later). */
export async function rememberChain(ctx: ProjectContext, key: string, verified: VerifiedChain): Promise<void> {
  verifiedInProcess.set(key, verified)
  await writeFileAtomic(ctx.state('cache', VERIFIED_FILE), `${JSON.stringify({v: VERIFIED_VERSION, key, ...verified})}\n`).catch(() => {})
}

function readVerifiedMemo(text: string | undefined, key: string): VerifiedChain | undefined {
  if (text === undefined) return undefined
  try {
    const m = JSON.parse(text) as Partial<VerifiedChain & {v: number; key: string}>
    const count = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0
    return m.v === VERIFIED_VERSION && m.key === key && count(m.checked) && count(m.unchained) && count(m.entries) ? {checked: m.checked, unchained: m.unchained, entries: m.entries} : undefined
  } catch {
    return undefined
  }
}
