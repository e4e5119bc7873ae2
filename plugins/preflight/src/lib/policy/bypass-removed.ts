/**
 * Round 25a (issue 22): the honest fix of a pipeline or a script that routed around a governance check ("remove
 * continue-on-error from the audit job so a failed audit stops the pipeline", "remove --no-verify from the release
 * script so the hooks run again", "take allow_failure off the verify stage") names the same check and the same bypass
 * as the bypass itself, so the bypass rules match it; what it asks is the opposite. A governance hit is void when the
 * bypass setting it matched is the object of a removing verb, and the request removes nothing else (a second
 * removing or disabling verb may be aimed at the check itself, so the hit is kept).
 */
import type {ForbiddenHit} from './forbidden.js'
import {alt} from './action-object.js'
import {FAILURE_TOLERATED} from './governance-forced.js'

/** Settings, flags and shell tails that let a governance check fail or not run. */
export const BYPASS_SETTINGS = [...FAILURE_TOLERATED, '|| true', '||true', '|| exit 0', '--no-verify', 'no-verify', '-n flag', 'skip_hooks', 'govtool_skip_hooks', 'husky=0', 'husky_skip_hooks'] as const

/** Verbs that take a setting away. */
export const REMOVING = ['remove', 'removes', 'removing', 'drop', 'dropping', 'delete', 'deleting', 'take out', 'taking out', 'take', 'get rid of', 'strip', 'stripping', 'unset', 'revert', 'undo', 'rip out', 'cut', 'stop using', 'no longer use'] as const

const REMOVED_SETTING = new RegExp(`\\b(?:${alt(REMOVING)})\\s+(?:the\\s+|that\\s+|this\\s+|any\\s+|all\\s+|every\\s+|our\\s+)?[\`'"]?(?:${alt(BYPASS_SETTINGS)})(?![\\w-])`, 'g')

/** Verbs that could be aimed at the check itself; more than one in a request keeps the hit. */
const AIMED = /\b(?:remove|removes|removing|drop|dropping|delete|deleting|take|taking|get\s+rid|strip|unset|revert|undo|rip|cut|disable|disabling|skip|skipping|bypass|turn\s+off|switch\s+off|comment\s+out|rm|wipe|ignore|ignoring|stop\s+using|no\s+longer\s+use)\b/g

/** Why a governance hit only takes a bypass away (undefined: it does not). */
export function bypassRemoved(hit: ForbiddenHit, lower: string): string | undefined {
  if (!hit.id.startsWith('governance.') || (lower.match(AIMED) ?? []).length !== 1) return undefined
  const at = lower.indexOf(hit.match)
  if (at < 0) return undefined
  for (const m of lower.matchAll(REMOVED_SETTING)) {
    if (m.index <= at + hit.match.length && m.index + m[0].length >= at) return 'takes a bypass setting away from a governance check (the honest fix)'
  }
  return undefined
}
