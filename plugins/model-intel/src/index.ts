// Public library API of @govtool/plugin-model-intel: what the CLI, servers, dispatcher and other plugins import.
export {
  BUCKETS,
  BUCKET_WEIGHTS,
  DEFAULT_CALIBRATION,
  assertBucket,
  modelKey,
  rawBucketScores,
  type Benchmarks,
  type Bucket,
  type ModelScore,
  type Recommendation,
} from './lib/buckets.js'
export {LEADERBOARD, MAX_ROWS, fetchLeaderboard, hubConfig, parseLeaderboardRow, rateLimitTier, type HubConfig, type LeaderboardModel} from './lib/hub.js'
export {
  checkConnection,
  findScore,
  listScores,
  recommend,
  scoreLeaderboard,
  showScores,
  syncModelIntel,
  type ConnectionResult,
  type RecommendationsResult,
  type ScoresOutput,
  type ScoresResult,
  type SyncResult,
} from './lib/intel.js'
export {STATIC_SCORES} from './lib/static-scores.js'
export {CACHE_FILE, cachePath, loadScores, mergeScores, readCache, type LoadedScores, type ScoreCache} from './lib/store.js'
