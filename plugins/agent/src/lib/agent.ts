// Agent ask and permissions (owned by the preflight/agent area).
export {}
