import {diffReviewer} from './diff-reviewer.js'
import {onboardingCoach} from './onboarding-coach.js'
import {planner} from './planner.js'
import {releasePilot} from './release-pilot.js'
import type {CatalogSkill} from './types.js'
import {verifier} from './verifier.js'

export type {CatalogSkill} from './types.js'

/** The built-in skill catalog (SPEC.md: verifier, planner, diff-reviewer, onboarding-coach, release-pilot). */
export const SKILL_CATALOG: readonly CatalogSkill[] = [verifier, planner, diffReviewer, onboardingCoach, releasePilot]
