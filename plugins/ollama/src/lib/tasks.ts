/** Task types of `ollama available --task` and `ollama suggest` (SPEC.md). No imports: the operations' help reads this cheaply. */
export const TASK_TYPES = ['code', 'requirements', 'architecture', 'chat', 'analysis', 'reasoning'] as const
export type TaskType = (typeof TASK_TYPES)[number]
