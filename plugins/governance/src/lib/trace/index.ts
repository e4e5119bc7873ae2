// Traceability API (owned by the traceability area). See docs/architecture.md for the contract.
export {}
