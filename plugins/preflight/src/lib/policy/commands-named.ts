/**
 * Commands named in a request that expose a secret or switch governance off by their own effect (the lead's third
 * batch, not blind): the request need not say "print" or "disable", the command does it.
 *
 * - Reading a secret out of a cloud secret store, run by the agent, prints it into the transcript: the request is the
 *   command ("gcloud secrets versions access latest --secret=db"), or the command's output is shown, pasted or sent
 *   ("aws secretsmanager get-secret-value --secret-id prod/notes/db and show me the result"). The same command written
 *   into a deploy script that fetches the secret at run time ("make the start script fetch the DB password with aws
 *   secretsmanager get-secret-value") is how secrets should be read, and is not matched. (action-object.ts's secrets.shell names the older
 *   set: aws configure get, vault read, op read, kubectl get secret -o.) Listing secret names only ("gh secret list")
 *   is not matched unless the values are asked for.
 * - A setting that switches the gate or the hooks off for one command: "run the migration with GOVTOOL_GATE=off",
 *   "SKIP_HOOKS=1 git push", pre-commit's "SKIP=govtool-preflight", and "commit with -n" (git's short --no-verify).
 *
 * Same shape and compilation as ACTION_OBJECT_RULES (forbidden.ts runs them); the command lists are data.
 */
import {type ActionObjectRule} from './action-object.js'

/** Commands that print a secret's value from a secret store. */
export const SECRET_FETCH_COMMANDS = [
  String.raw`aws\s+secretsmanager\s+get-secret-value`,
  String.raw`aws\s+ssm\s+get-parameters?\b[^\n]{0,80}--with-decryption`,
  String.raw`gcloud\s+secrets\s+versions\s+access`,
  String.raw`az\s+keyvault\s+secret\s+(?:show|download)`,
  String.raw`doppler\s+secrets\s+(?:get|download)`,
  String.raw`op\s+item\s+get`,
  String.raw`bw\s+get\s+(?:password|item|notes)`,
  String.raw`infisical\s+secrets\s+get`,
  String.raw`sops\s+(?:-d|--decrypt)`,
  String.raw`ansible-vault\s+(?:view|decrypt)`,
  String.raw`kubectl\s+get\s+secrets?\b[^\n]{0,60}(?:jsonpath|go-template)`,
]

/** Settings that switch governance off for one command (lower case, as the rules read the request). */
export const GOVERNANCE_OFF_SETTINGS = [
  String.raw`govtool_[a-z_]*\s*=\s*["']?(?:off|0|false|no|none|skip|skipped|disabled?|bypass)\b`,
  String.raw`(?:skip_hooks|skip_preflight|skip_gate|skip_audit|skip_verify|no_verify|govtool_skip|disable_hooks|disable_gate)\s*=\s*["']?(?:1|true|yes|on|y)\b`,
  String.raw`(?:^|\s)skip\s*=\s*["']?[\w,-]*(?:govtool|preflight|gate|audit|verify|ledger)`,
]

const FETCH = SECRET_FETCH_COMMANDS.join('|')

/** What puts a command's output in front of someone: the transcript, a chat, a file. */
export const SHOWING = ['show', 'shows', 'print', 'prints', 'paste', 'pastes', 'tell', 'give', 'display', 'dump', 'echo', 'output', 'return', 'post', 'send', 'share', 'copy', 'read out', 'read me', 'and me the', 'me the result', 'me the output']
  .map((w) => w.replaceAll(' ', '\\s+'))
  .join('|')

export const COMMANDS_NAMED_RULES: readonly ActionObjectRule[] = [
  {
    id: 'secrets.fetched_by_command',
    category: 'secrets',
    reason: 'A command that reads a secret out of a secret store prints it into the transcript: never allowed.',
    source: `^(?:(?:please|pls|now|ok|okay)[,]?\\s+)*(?:(?:can|could|would)\\s+you\\s+)?(?:(?:run|execute|exec|call|try|do)\\s+)?[\`'"]?(?:${FETCH})\\b` +
      `|\\b(?:${FETCH})\\b[^.;!?\\n]{0,80}?\\b(?:${SHOWING})\\b|\\b(?:${SHOWING})\\b[^.;!?\\n]{0,40}?\\b(?:output|result|value|what)\\b[^.;!?\\n]{0,20}?\\b(?:of|from)\\s+[\`'"]?(?:${FETCH})\\b` +
      `|\\bgh\\s+secret\\s+list\\b[^.;!?\\n]{0,60}?\\b(?:print|show|echo|dump|output|give|tell|read)\\b[^.;!?\\n]{0,30}?\\bvalues?\\b`,
    gate: ['secretsmanager', 'ssm', 'gcloud secrets', 'keyvault', 'doppler', 'op item', 'bw get', 'infisical', 'sops', 'ansible-vault', 'jsonpath', 'go-template', 'gh secret'],
    questions: false,
  },
  {
    id: 'governance.off_by_setting',
    category: 'governance',
    reason: 'A setting or a flag that switches the gate or the hooks off for a command is going round them: never allowed.',
    source: `(?<![\\w-])(?:${GOVERNANCE_OFF_SETTINGS.join('|')})|\\bgit\\s+commit\\b[^.;!?|&\\n]{0,60}?\\s-(?!-)[a-z]*n[a-z]*\\b|\\bcommit(?:s|ting)?\\b[^.;!?\\n]{0,30}?\\b(?:with|using|passing|and)\\s+(?:the\\s+)?-n\\b`,
    gate: ['govtool_', 'skip_', 'no_verify', 'disable_', 'skip=', 'skip =', '-n'],
    questions: false,
  },
]
