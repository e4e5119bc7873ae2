/**
 * The Porter stemmer (M. F. Porter, 1980), as used for scope matching: "timeouts", "timed out" and
 * "timing" meet on one stem, so a request and a requirement that use different inflections still match.
 * Deterministic and dependency-free; results are memoised (the vocabulary of a project is small).
 */

const memo = new Map<string, string>()
const MEMO_LIMIT = 200_000

function isConsonant(w: string, i: number): boolean {
  const c = w[i]
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return false
  if (c === 'y') return i === 0 ? true : !isConsonant(w, i - 1)
  return true
}

/** m(): the number of VC sequences in w[0..end). */
function measure(w: string, end: number): number {
  let n = 0
  let i = 0
  while (i < end && isConsonant(w, i)) i++
  while (i < end) {
    while (i < end && !isConsonant(w, i)) i++
    if (i >= end) break
    n++
    while (i < end && isConsonant(w, i)) i++
  }
  return n
}

function hasVowel(w: string, end: number): boolean {
  for (let i = 0; i < end; i++) if (!isConsonant(w, i)) return true
  return false
}

function endsDoubleConsonant(w: string, end: number): boolean {
  return end >= 2 && w[end - 1] === w[end - 2] && isConsonant(w, end - 1)
}

/** *o: stem ends consonant-vowel-consonant, the last not w, x or y. */
function endsCvc(w: string, end: number): boolean {
  if (end < 3) return false
  if (!isConsonant(w, end - 1) || isConsonant(w, end - 2) || !isConsonant(w, end - 3)) return false
  const c = w[end - 1]
  return c !== 'w' && c !== 'x' && c !== 'y'
}

/** Replaces `suffix` by `repl` when the remaining stem has measure > `minM`. Returns the new word or undefined. */
function replaceIf(w: string, suffix: string, repl: string, minM: number): string | undefined {
  if (!w.endsWith(suffix)) return undefined
  const stemEnd = w.length - suffix.length
  return measure(w, stemEnd) > minM ? w.slice(0, stemEnd) + repl : w
}

const STEP2: [string, string][] = [
  ['ational', 'ate'], ['tional', 'tion'], ['enci', 'ence'], ['anci', 'ance'], ['izer', 'ize'], ['bli', 'ble'],
  ['alli', 'al'], ['entli', 'ent'], ['eli', 'e'], ['ousli', 'ous'], ['ization', 'ize'], ['ation', 'ate'],
  ['ator', 'ate'], ['alism', 'al'], ['iveness', 'ive'], ['fulness', 'ful'], ['ousness', 'ous'], ['aliti', 'al'],
  ['iviti', 'ive'], ['biliti', 'ble'], ['logi', 'log'],
]
const STEP3: [string, string][] = [
  ['icate', 'ic'], ['ative', ''], ['alize', 'al'], ['iciti', 'ic'], ['ical', 'ic'], ['ful', ''], ['ness', ''],
]
const STEP4 = ['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize']

function step1(word: string): string {
  let w = word
  // 1a
  if (w.endsWith('sses')) w = w.slice(0, -2)
  else if (w.endsWith('ies')) w = w.slice(0, -2)
  else if (!w.endsWith('ss') && w.endsWith('s')) w = w.slice(0, -1)
  // 1b
  let extra = false
  if (w.endsWith('eed')) {
    if (measure(w, w.length - 3) > 0) w = w.slice(0, -1)
  } else if (w.endsWith('ed') && hasVowel(w, w.length - 2)) {
    w = w.slice(0, -2)
    extra = true
  } else if (w.endsWith('ing') && hasVowel(w, w.length - 3)) {
    w = w.slice(0, -3)
    extra = true
  }
  if (extra) {
    if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e'
    else if (endsDoubleConsonant(w, w.length) && !/[lsz]$/.test(w)) w = w.slice(0, -1)
    else if (measure(w, w.length) === 1 && endsCvc(w, w.length)) w += 'e'
  }
  // 1c
  if (w.endsWith('y') && hasVowel(w, w.length - 1)) w = w.slice(0, -1) + 'i'
  return w
}

function stepTable(w: string, table: [string, string][]): string {
  for (const [suffix, repl] of table) {
    if (w.endsWith(suffix)) return replaceIf(w, suffix, repl, 0) ?? w
  }
  return w
}

function step4(w: string): string {
  for (const suffix of STEP4) {
    if (!w.endsWith(suffix)) continue
    const end = w.length - suffix.length
    if (suffix === 'ion' && !(end > 0 && (w[end - 1] === 's' || w[end - 1] === 't'))) return w
    return measure(w, end) > 1 ? w.slice(0, end) : w
  }
  return w
}

function step5(word: string): string {
  let w = word
  if (w.endsWith('e')) {
    const m = measure(w, w.length - 1)
    if (m > 1 || (m === 1 && !endsCvc(w, w.length - 1))) w = w.slice(0, -1)
  }
  if (w.endsWith('ll') && measure(w, w.length) > 1) w = w.slice(0, -1)
  return w
}

/** The Porter stem of a lower-case word. Words of two letters or fewer, and words with digits, are kept. */
export function stem(word: string): string {
  if (word.length <= 2 || /\d/.test(word)) return word
  const cached = memo.get(word)
  if (cached !== undefined) return cached
  let w = step1(word)
  w = stepTable(w, STEP2)
  w = stepTable(w, STEP3)
  w = step4(w)
  w = step5(w)
  if (memo.size >= MEMO_LIMIT) memo.clear()
  memo.set(word, w)
  return w
}
