/** The AEE phases in order (SPEC.md "AEE phase"), persisted as `aee_phase` in scaffold.yml. */
export const AEE_PHASES = [
  'inception',
  'architecture',
  'requirements',
  'test_spec',
  'implementation',
  'verification',
  'release',
] as const

export type AeePhase = (typeof AEE_PHASES)[number]

export const AEE_PHASE_LABELS: Record<AeePhase, string> = {
  inception: 'Inception',
  architecture: 'Architecture',
  requirements: 'Requirements',
  test_spec: 'Test specification',
  implementation: 'Implementation',
  verification: 'Verification',
  release: 'Release',
}

export function phaseIndex(phase: string): number {
  return (AEE_PHASES as readonly string[]).indexOf(phase)
}
