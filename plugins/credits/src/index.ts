// Public library API of @govtool/plugin-credits: what the CLI, servers, dispatcher and other plugins import.

// The request pacer every model call goes through.
export {
  Pacer,
  PacerTicket,
  defaultInspect,
  type LaneSnapshot,
  type PacerOptions,
  type PacerRequest,
  type ReleaseInfo,
  type ResponseInfo,
  type ResponseVerdict,
  type ResultInfo,
  type RunOptions,
} from './lib/limits/pacer.js'
export {FakeClock, systemClock, type PacerClock} from './lib/limits/clock.js'
export {FileWindowStore, WINDOW_FILE} from './lib/limits/file-window-store.js'
export {MemoryWindowStore, applySync, type SyncGrant, type SyncRequest, type WindowStore} from './lib/limits/window-state.js'
export {
  DEFAULT_BACKOFF,
  backoffDelayMs,
  headerValue,
  parseDurationMs,
  parseRetryAfterMs,
  rateLimitHint,
  retryDelayMs,
  type BackoffPolicy,
  type HeaderSource,
  type RateLimitHint,
} from './lib/limits/headers.js'
export {
  BUILTIN_PROFILES,
  DEFAULT_CONCURRENCY,
  DEFAULT_TARGET,
  PROFILES_FILE,
  WINDOW_MS,
  effectiveLimits,
  installDefaults,
  laneKey,
  loadProfiles,
  resolveProfile,
  saveProfile,
  validateProfileInput,
  type EffectiveLimits,
  type RateLimitProfile,
  type ResolvedProfile,
} from './lib/limits/profiles.js'
export {limitStatus, movingAverages, type LimitStatus, type MovingAverage} from './lib/limits/status.js'

// Spend tracking.
export {recordUsage, buildEntry, type RecordOptions, type RecordResult, type UsageInput} from './lib/record.js'
export {BUILTIN_PRICES, PRICES_AS_OF, PriceTable, checkUsage, computeCost, roundUsd, type Price, type PriceMatch, type PriceOverrides, type Usage} from './lib/prices.js'
export {CreditsConfigSchema, loadCreditsConfig, loadPriceTable, type CreditsConfig} from './lib/config.js'
export {CREDITS_FILE, loadCreditsFile, parseCreditsText, renderCreditsFile} from './lib/credits-file.js'
export {ROLLUP_FILE} from './lib/rollup.js'
export type {CreditEntry} from './lib/entries.js'
export {creditsSummary, type CreditsSummary, type SpendRow, type SummaryOptions} from './lib/summary.js'
export {BUDGET_FILE, DEFAULT_BUDGET, budgetStatus, crossedLevels, loadBudget, saveBudget, type Budget, type BudgetStatus, type LoadedBudget} from './lib/budget.js'
export {creditsReport, dailySeries, renderDailyChart, renderReport, type ReportResult} from './lib/report.js'
export {analyzeCredits, findRetries, isoWeek, trendOf, type AnalyzeOptions, type CreditsAnalysis} from './lib/analyze.js'
export {cheaperSibling, type Suggestion} from './lib/suggestions.js'
