/**
 * Errors that govtool renders for users: a message, a hint saying what to do, a stable code for scripts
 * (one of the typed list in error-codes.ts, which also gives the exit code and the HTTP status).
 * Everything a command throws that is not a GovError is rendered as an unexpected error (no stack trace
 * unless DEBUG is set).
 */
import {ERROR_CODES, errorCodeInfo, type ErrorCode} from './error-codes.js'
import {redactSecrets} from './secrets.js'


/** Exit codes shared by every command (SPEC.md "Errors"). */
export const ExitCode = {
  ok: 0,
  /** audit/validate issues found, init into a non-empty dir, generic failure */
  issues: 1,
  /** bad flags or arguments; also preflight needs_clarification and verify retry */
  usage: 2,
  clarify: 2,
  retry: 2,
  /** preflight blocked/rejected, verify stop, permission denied */
  denied: 3,
  stop: 3,
  /** exec deadline reached */
  timeout: 124,
} as const

export interface GovErrorOptions {
  /** stable machine-readable code from ERROR_CODES; its row gives the exit code and HTTP status */
  code?: ErrorCode
  /** what the user should do next */
  hint?: string
  /** file the error is about */
  file?: string
  /** 1-based line in `file` */
  line?: number
  cause?: unknown
}

export class GovError extends Error {
  readonly code: ErrorCode
  readonly hint?: string
  readonly exit: number
  /** HTTP status of a response carrying this error */
  readonly status: number
  readonly file?: string
  readonly line?: number

  /** Message and hint are redacted (redactSecrets): an error echoing user input never prints a key. */
  constructor(message: string, options: GovErrorOptions = {}) {
    super(redactSecrets(message), options.cause === undefined ? undefined : {cause: options.cause})
    this.name = 'GovError'
    this.code = options.code ?? 'E_GOVTOOL'
    this.hint = options.hint === undefined ? undefined : redactSecrets(options.hint)
    this.exit = ERROR_CODES[this.code].exit
    this.status = ERROR_CODES[this.code].http
    this.file = options.file
    this.line = options.line
  }

  /** `file:line` when known, for error messages. */
  get location(): string | undefined {
    if (!this.file) return undefined
    return this.line ? `${this.file}:${this.line}` : this.file
  }

  toJSON(): GovErrorJson {
    return {
      code: this.code,
      message: this.message,
      ...(this.hint ? {hint: this.hint} : {}),
      ...(this.file ? {file: this.file} : {}),
      ...(this.line ? {line: this.line} : {}),
      exit: this.exit,
    }
  }
}

export interface GovErrorJson {
  code: string
  message: string
  hint?: string
  file?: string
  line?: number
  exit: number
}

/** A well-formed request for something that does not exist (a record, a skill, a run). */
export class NotFoundError extends GovError {
  constructor(message: string, options: GovErrorOptions = {}) {
    super(message, {code: 'E_NOT_FOUND', ...options})
  }
}

/** Input that fails validation: a bad flag value, a malformed file, an unsafe id. */
export class InputError extends GovError {
  constructor(message: string, options: GovErrorOptions = {}) {
    super(message, {code: 'E_INPUT', ...options})
  }
}

export function isGovError(error: unknown): error is GovError {
  return error instanceof GovError || (error instanceof Error && error.name === 'GovError' && 'exit' in error)
}

/** Rebuilds a GovError from its JSON form (an HTTP error body, a child process's --json error). */
export function govErrorFromJson(json: Partial<GovErrorJson>): GovError {
  const code = typeof json.code === 'string' && Object.hasOwn(ERROR_CODES, json.code) ? (json.code as ErrorCode) : 'E_GOVTOOL'
  return new GovError(typeof json.message === 'string' ? json.message : 'Unknown error', {
    code,
    hint: typeof json.hint === 'string' ? json.hint : undefined,
    file: typeof json.file === 'string' ? json.file : undefined,
    line: typeof json.line === 'number' ? json.line : undefined,
  })
}

export {errorCodeInfo}
