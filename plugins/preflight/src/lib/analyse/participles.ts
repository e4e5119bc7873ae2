/**
 * Participles and the verbs they come from, shared by the policy's readings ("the token is to be pasted into the
 * wiki") and the analyser's passive proposals ("could the old exports just be blown away?"). One list of irregular
 * forms and one way of undoing "-ed"; each caller says which verbs it knows, so a participle is only ever read as a
 * verb the caller has rules for. The list is data: a new irregular form is a new entry.
 */

/** Participles (and the past forms people write for them) whose verb is not the word less "-ed". */
export const IRREGULAR_PARTICIPLES: ReadonlyMap<string, string> = new Map([
  ['written', 'write'], ['rewritten', 'rewrite'], ['overwritten', 'overwrite'], ['wrote', 'write'], ['rewrote', 'rewrite'], ['overwrote', 'overwrite'],
  ['sent', 'send'], ['put', 'put'], ['set', 'set'], ['reset', 'reset'], ['shut', 'shut'], ['cut', 'cut'], ['read', 'read'],
  ['shown', 'show'], ['thrown', 'throw'], ['threw', 'throw'], ['taken', 'take'], ['took', 'take'], ['given', 'give'], ['gave', 'give'],
  ['hidden', 'hide'], ['hid', 'hide'], ['torn', 'tear'], ['tore', 'tear'], ['blown', 'blow'], ['blew', 'blow'],
  ['kept', 'keep'], ['left', 'leave'], ['told', 'tell'], ['done', 'do'], ['undone', 'undo'], ['forgotten', 'forget'],
  ['spelt', 'spell'], ['stuck', 'stick'], ['got', 'get'], ['gotten', 'get'], ['made', 'make'], ['run', 'run'], ['swept', 'sweep'],
])

/** The verbs "-ed" may stand for, most likely first ("dropped": drop; "emptied": empty; "wiped": wipe). */
function regularCandidates(participle: string): string[] {
  if (participle.endsWith('ied')) return [`${participle.slice(0, -3)}y`]
  if (participle.endsWith('ed')) {
    const stem = participle.slice(0, -2)
    const undoubled = /([b-df-hj-np-tv-z])\1$/.test(stem) ? [stem.slice(0, -1)] : []
    return [...undoubled, stem, `${stem}e`]
  }
  return []
}

/** The verb a participle comes from: an irregular form's own verb, else the first "-ed" candidate `isVerb` knows. */
export function participleVerb(participle: string, isVerb: (verb: string) => boolean): string | undefined {
  const irregular = IRREGULAR_PARTICIPLES.get(participle)
  if (irregular) return irregular
  return regularCandidates(participle).find((verb) => verb.length > 1 && isVerb(verb))
}
