/**
 * Round 21a (issue 22): a documentation request often goes on with what the prose must say ("document how sync
 * reports conflicts; mention that the token comes from the keychain"). Such a later part adds to the same text, so
 * after a documenting first part it counts as documenting too (phaseAction in intent.ts); alone it decides nothing.
 */
export const PROSE_ADDENDUM = /^(?:also\s+|and\s+|then\s+)?(?:mention|note|say|state|explain|point out|stress|clarify|warn(?: readers)?|add a (?:note|line|sentence|remark)|make (?:it )?clear)\s+(?:that|how|why|what|when|where|which|the)\b/
