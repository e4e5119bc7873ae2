/** The actions `agent ask` routes to (no imports: the operation's result schema reads this cheaply). */
export const ASK_ACTIONS = ['compliance_summary', 'audit', 'skills_hint', 'esdb_status', 'mcp_hint', 'session_info', 'unknown'] as const
export type AskAction = (typeof ASK_ACTIONS)[number]
