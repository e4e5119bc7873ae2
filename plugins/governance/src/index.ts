// Public library API of @govtool/plugin-governance: traceability (parsers, ledger, audit, export, phases,
// checkpoint) and scaffolding (templates, init/import/apply/upgrade/migrate). Names must stay unique across both.
export * from './lib/trace/index.js'
export * from './lib/scaffold/index.js'
export {runAuditWithFixes} from './lib/audit-fix.js'
