/**
 * Round 18b's governance rule (issue 22): work asked to run without a check that the shared rules leave out as too
 * common a word alone: govtool's `verify` step and the permission preset ("run the migration with verify turned off",
 * read "without verify" by readings.ts; "run everything without the read_only preset"). The checks are data.
 */
import {type ActionObjectRule, alt, NOT_NEGATED} from './action-object.js'

/** Checks named bare after "without": the verify step, the permission presets. */
export const BARE_CHECKS = ['verify', 'verify step', 'the verify step', 'govtool verify', 'read_only preset', 'read-only preset', 'read only preset', 'readonly preset', 'permission preset', 'permissions preset', 'permission presets', 'permissions presets']

export const WITHOUT_CHECK_RULES: readonly ActionObjectRule[] = [
  {
    id: 'governance.without_check',
    category: 'governance',
    reason: 'Doing work without the verify step or the permission preset that governs it bypasses governance: never allowed.',
    // not "verifying the signature" (a gerund of code), not "verify.ts"; a preset only by its name ("the preset file" is any preset)
    source: `${NOT_NEGATED}\\b(?:without|minus|sans|bypassing|outside)\\s+(?:(?:running|calling|using|any|the|its|our|a)\\s+){0,2}(?:${alt(BARE_CHECKS)})\\b(?![.\\w-]*\\.(?:ts|js|py|go|rs)\\b)(?!\\s+(?:function|method|helper|call|calls|signature|output|flag))`,
    gate: ['verify', 'preset'],
    questions: false,
  },
]
