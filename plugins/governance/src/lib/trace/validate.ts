/**
 * `validate`: scaffold.yml structure, AGENTS.md and the files it refers to, requirement and test id
 * uniqueness, requirement statuses and priorities from the one list (govtool/core's vocabulary), and that
 * docs/architecture.md references at least one requirement. The checks are the shared findings (findings.ts):
 * a fact validate and audit both check is the same finding, with the same severity.
 */
import type {ProjectContext} from 'govtool/core'

import {VALIDATE_CHECKS, hasErrors, type Finding} from './findings.js'
import {summarisedFindings} from './model-summary.js'
import type {GovernanceModel} from './types.js'

export {agentsReferences} from './findings.js'

export type ValidationIssue = Finding

export interface ValidationReport {
  /** no error-severity issue */
  valid: boolean
  issues: ValidationIssue[]
}

export async function validateProject(ctx: ProjectContext, options: {model?: GovernanceModel} = {}): Promise<ValidationReport> {
  // those of the model's checks from the model summary kept across runs when fresh (model-summary.ts), else the model
  const issues = await summarisedFindings(ctx, VALIDATE_CHECKS, options)
  return {valid: !hasErrors(issues), issues}
}
