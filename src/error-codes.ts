/**
 * Every error code govtool can answer with, in one typed table: the exit code a CLI run ends with and the
 * HTTP status a server answers with. A GovError takes its code from this table (the type allows nothing
 * else), and its exit code and status come from here, so the CLI, the HTTP routes and the MCP tools can never
 * disagree about what an error means. Add a row to add a code; a test checks every code thrown in the tree
 * is listed and every row is used.
 *
 * Exit codes follow SPEC.md "Errors": 1 issues found or a failure, 2 bad input (usage), 3 denied / blocked,
 * 124 timeout, 126 not executable, 127 not found, 130 interrupted.
 */
export interface ErrorCodeInfo {
  /** process exit code of a CLI run that ends with this error */
  readonly exit: number
  /** HTTP status of a server response carrying this error */
  readonly http: number
  /** what the code means, for docs and `--help` */
  readonly summary: string
}

const input = (summary: string): ErrorCodeInfo => ({exit: 2, http: 400, summary})
const state = (summary: string): ErrorCodeInfo => ({exit: 1, http: 409, summary})
const failure = (summary: string): ErrorCodeInfo => ({exit: 1, http: 500, summary})
const missing = (summary: string, exit = 1): ErrorCodeInfo => ({exit, http: 404, summary})
const upstream = (summary: string): ErrorCodeInfo => ({exit: 1, http: 502, summary})

export const ERROR_CODES = {
  // usage and input
  E_USAGE: input('flags or arguments that do not parse'),
  E_INPUT: input('input that fails validation'),
  E_BAD_JSON: input('text that is not the JSON expected'),
  E_BAD_ID: input('an id that is not a safe path component'),
  E_BAD_BUCKET: input('unknown model-intel bucket'),
  E_BAD_BUDGET: input('budget values out of range'),
  E_BAD_CHANNEL: input('unknown update channel'),
  E_BAD_DATE: input('a date that is not YYYY-MM-DD'),
  E_BAD_DESCRIPTION: input('an empty or unusable description'),
  E_BAD_ENTRY: input('a malformed ledger entry'),
  E_BAD_MODEL: input('a model name that does not parse'),
  E_BAD_MONTH: input('a month that is not YYYY-MM'),
  E_BAD_NAME: input('an unusable name'),
  E_BAD_PHASE: input('unknown AEE phase'),
  E_BAD_PRIORITY: input('unknown requirement priority'),
  E_BAD_STATUS: input('unknown requirement status'),
  E_BAD_TEST_ID: input('a test id that does not match TEST-...-N'),
  E_CONFIG_KEY: input('a config key no installed plugin declares'),
  E_CONFIG_VALUE: input('a config value its key does not take'),
  E_NEEDS_REASON: input('removing or correcting a recorded entry without --reason'),
  E_BAD_REQ_ID: input('a requirement id that does not match REQ-...-N'),
  E_BAD_TASK: input('an empty or unusable task'),
  E_BAD_TEST_RESULTS: input('test results that do not parse'),
  E_BAD_TIMESTAMP: input('a timestamp that is not ISO 8601'),
  E_BAD_TOKENS: input('token counts out of range'),
  E_BAD_TOOL: input('unknown tool name'),
  E_DAG_CYCLE: input('a dispatch plan whose dependencies form a cycle'),
  E_DAG_PLAN: input('a dispatch plan that does not validate (ids, roles, dependencies, size)'),
  E_BAD_PROVIDER: input('unknown model provider'),
  E_BAD_DECISION: input('a stdin decision line that is not a valid decision'),
  E_CONTEXT_FULL: input('a request that does not fit the model context window'),
  E_BAD_VERIFY_INPUT: input('verify input that does not parse'),
  E_BAD_VERSION: input('a version string that does not parse'),
  E_BRANCH_NAME: input('a branch name git does not accept'),
  E_DOWNGRADE: input('an update to an older version'),
  E_ESDB_IMPORT: input('an ESDB export that does not validate'),
  E_ESDB_NOT_JSON: input('an ESDB import source that is not JSON'),
  E_ESDB_RECORD: input('an ESDB record that does not validate'),
  E_LEDGER_INPUT: input('ledger fields that do not validate'),
  E_NEEDS_CONFIRMATION: input('a destructive action without --yes where no prompt can be shown'),
  E_NOT_INTERACTIVE: input('a prompt was needed but there is no terminal'),
  E_NO_COMMAND: input('exec without a command'),
  E_NO_INPUT_FILE: input('a file named on the command line does not exist'),
  E_NO_MESSAGE: input('commit without a message and no ledger entry to take one from'),
  E_NO_PROJECT_DIR: input('--project-dir that does not exist'),
  E_NO_VERSION: input('release without a version'),
  E_OLLAMA_HOST: input('OLLAMA_HOST that does not parse'),
  E_PACER_REQUEST: input('a pacer request with bad sizes'),
  E_PATH_ESCAPE: {exit: 2, http: 403, summary: 'a path outside the project'},
  E_UNKNOWN_COMMAND: input('no such command'),
  E_UNKNOWN_TARGET: input('unknown integrate target'),
  E_UNSUPPORTED_PLATFORM: input('unknown VCS platform'),
  E_REQUEST_TOO_LARGE: {exit: 2, http: 413, summary: 'a request larger than the limit'},
  E_FILE_TOO_LARGE: {exit: 1, http: 413, summary: 'a governance file over its documented size limit'},
  E_UNSUPPORTED_MEDIA: {exit: 2, http: 415, summary: 'a request body that is not JSON'},
  E_METHOD: {exit: 2, http: 405, summary: 'an HTTP method the route does not take'},
  E_FORBIDDEN_HOST: {exit: 2, http: 403, summary: 'a request whose Host is not a loopback name'},
  E_FORBIDDEN_ORIGIN: {exit: 2, http: 403, summary: 'a browser request from a non-loopback origin'},
  E_UNAUTHORIZED: {exit: 2, http: 401, summary: 'a request to the API server without its access token'},
  E_PORT_IN_USE: {exit: 1, http: 409, summary: 'the server port is taken'},
  E_HOOK_INPUT: input("hook input that is not the client's hook JSON"),

  // not found
  E_NOT_FOUND: missing('a file or record that does not exist'),
  E_DISPATCH_NOT_FOUND: missing('a dispatch run or node that does not exist'),
  E_AMBIGUOUS_MODEL: missing('a model name that matches several models'),
  E_UNKNOWN_MODEL: missing('a model that is not in the catalog'),
  E_UNKNOWN_TYPE: missing('a project type no plugin provides'),
  E_SKILL_NOT_FOUND: missing('an installed skill that does not exist'),
  E_SKILL_NOT_IN_CATALOG: missing('a catalog skill that does not exist'),
  E_COMMAND_NOT_FOUND: missing('a program that is not on PATH', 127),
  E_NO_GIT: missing('git is not installed'),
  E_NO_LEDGER: missing('LEDGER.md does not exist'),
  E_NO_SCAFFOLD: missing('scaffold.yml does not exist'),
  E_NO_TEMPLATES: missing('the templates directory is missing'),
  E_NO_WORKSPACE: missing('workspace.yml does not exist'),
  E_NO_CHANNEL: missing('no channel preference to clear'),
  E_NO_REMOTE: missing('no git remote'),
  E_NO_REMOTE_BRANCH: missing('the branch has no upstream'),
  E_NO_BASE_BRANCH: missing('the base branch does not exist'),
  E_NO_UPDATE_HOST: missing('no update host configured'),
  E_PLATFORM_CLI_MISSING: missing('the hosting platform CLI is not installed'),

  // state that does not allow the request
  E_CONFIG: state('a config file that does not validate'),
  E_DISPATCH_STATE: state('a dispatch run or node in a state that does not allow the request (running, done, completed)'),
  E_BAD_YAML: state('a YAML file that does not parse'),
  E_BAD_MANIFEST: state('a project manifest that does not parse'),
  E_BAD_MCP_REGISTRY: state('~/.govtool/mcp.json that does not parse'),
  E_BAD_PROFILES: state('rate-limit profiles that do not parse'),
  E_BAD_CREDITS: state('credits.json that does not parse'),
  E_BAD_STATE: state('govtool state under .govtool/ that does not parse'),
  E_GOVERNANCE_PARSE: state('a governance file that does not parse'),
  E_DUPLICATE_REQ: state('a requirement id that already exists'),
  E_EXISTS: state('the target already exists'),
  E_TARGET_EXISTS: state('the output directory exists and is not empty'),
  E_BRANCH_EXISTS: state('the branch already exists'),
  E_SKILL_EXISTS: state('the skill is already installed'),
  E_ESDB_CORRUPT: state('the ESDB WAL does not verify'),
  E_PROCESS_UNVERIFIED: state('a PID file whose running process cannot be verified as the one govtool started'),
  E_ESDB_NOTHING_STAGED: {exit: 2, http: 409, summary: 'esdb import --apply with nothing staged'},
  E_ESDB_NOTHING_TO_MIGRATE: state('no requirements or tests to migrate'),
  E_LEDGER_CHAIN: state('the ledger chain does not verify'),
  E_LAST_PHASE: state('already in the last phase'),
  E_NO_PENDING_DECISION: state('a chat decision posted while the turn asks for none of that kind'),
  E_PHASE_PREREQUISITES: state('the phase checklist does not pass'),
  E_AUDIT_FAILED: state('the audit found issues'),
  E_DETACHED_HEAD: state('HEAD is detached'),
  E_NOT_A_REPO: state('not a git repository'),
  E_NOTHING_TO_COMMIT: state('nothing to commit'),
  E_NOTHING_TO_MERGE: state('nothing to merge'),
  E_NOT_PUSHED: state('the branch is not pushed'),
  E_PROTECTED_BRANCH: {exit: 1, http: 403, summary: 'a protected branch'},
  E_PR_FROM_PROTECTED: {exit: 1, http: 403, summary: 'a pull request from a protected branch'},
  E_PULL_BLOCKED: state('local changes block the pull'),
  E_PULL_INCOMPLETE: state('the pull left conflicts'),
  E_VERSION_NOT_NEWER: state('the version is not newer than the current one'),
  E_PHASE_BLOCKED: {exit: 3, http: 409, summary: 'the AEE phase does not allow the action (preflight.phase_rules)'},
  E_PERMISSION: {exit: 1, http: 403, summary: 'the file system refused access'},
  E_SYMLINK: {exit: 1, http: 403, summary: 'a state path that is a symbolic link, which govtool never writes through'},
  E_SECRET_FOUND: {exit: 3, http: 403, summary: 'a secret in what would be committed'},

  // failures of the machine or of a peer
  E_UNEXPECTED: failure('an unexpected error'),
  // exit 2: agent clients block only on exit 2, and a hook that cannot decide must block (fail closed)
  E_HOOK_FAILED: {exit: 2, http: 500, summary: 'a hook could not decide, so it blocks'},
  E_GOVTOOL: failure('a govtool error without a more specific code'),
  E_DISK_FULL: {exit: 1, http: 507, summary: 'no space left on the device'},
  E_LOCK_TIMEOUT: {exit: 1, http: 503, summary: 'another process holds the lock'},
  E_LOCK_LOST: state('the lock was taken over while this process stalled; nothing more was written'),
  E_DECLINED: {exit: 1, http: 409, summary: 'the user answered no to a confirmation'},
  E_PULL_INTERRUPTED: {exit: 130, http: 499, summary: 'the pull was interrupted'},
  E_GIT: failure('git failed'),
  E_GIT_TIMEOUT: {exit: 1, http: 504, summary: 'git did not answer in time'},
  E_PULL_FAILED: failure('git pull failed'),
  E_PUSH_REJECTED: state('the remote rejected the push'),
  E_TEMPLATE: failure('a template that does not render'),
  E_NPM_INSTALL: failure('npm install failed'),
  E_SPAWN: {exit: 126, http: 500, summary: 'the program could not be started'},
  E_NOT_EXECUTABLE: {exit: 126, http: 500, summary: 'the program is not executable'},
  E_PACER_CLOSED: failure('the pacer was closed'),
  E_PLATFORM: upstream('the hosting platform CLI failed'),
  E_PLATFORM_UNSUPPORTED: {exit: 1, http: 501, summary: 'the hosting platform is not supported'},
  E_OLLAMA_DOWN: upstream('the local model daemon does not answer'),
  E_OLLAMA_HTTP: upstream('the local model daemon answered an HTTP error'),
  E_OLLAMA_NOT_FOUND: missing('the local model daemon does not have that model'),
  E_OLLAMA_PROTOCOL: upstream('the local model daemon answered something unexpected'),
  E_UPDATE_HOST: upstream('the update host answered an error'),
  E_MODEL_UNREACHABLE: upstream('the model backend cannot be reached'),
  E_MODEL_HTTP: upstream('the model backend answered an HTTP error'),
  E_MODEL_PROTOCOL: upstream('the model backend answered something unexpected'),
  E_MODEL_TIMEOUT: {exit: 124, http: 504, summary: 'the model backend did not answer in time'},
  E_MODEL_CANCELLED: {exit: 130, http: 499, summary: 'the model call was cancelled'},
  E_UPDATE_HOST_UNREACHABLE: upstream('the update host cannot be reached'),
} as const satisfies Record<string, ErrorCodeInfo>

export type ErrorCode = keyof typeof ERROR_CODES

/** The table row of a code; unknown strings (from old state or a peer) read as E_GOVTOOL. */
export function errorCodeInfo(code: string): ErrorCodeInfo {
  return (ERROR_CODES as Record<string, ErrorCodeInfo>)[code] ?? ERROR_CODES.E_GOVTOOL
}

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code)
}
