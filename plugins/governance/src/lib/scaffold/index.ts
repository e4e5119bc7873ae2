// Scaffolding API (owned by the scaffolding area). See docs/architecture.md for the contract.
export {}
