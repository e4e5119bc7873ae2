/**
 * Round 30b (issue 22): command lines whose global options come BEFORE the subcommand, and the short names the tools
 * go by. `kubectl -n prod --context live delete ns payments`, `terraform -chdir=infra destroy`, `git -C ../app push
 * --force`, `docker compose -f prod.yml down -v`, `helm --kube-context live -n prod uninstall x`, `aws --profile prod
 * s3 rm ...`, `k delete deploy x`, `tf destroy`: the destroying and reading patterns (lexicon.ts's DESTRUCTIVE_PHRASES,
 * commands-run.ts's READING_COMMANDS) read "<tool> <subcommand>", so the analysed text is rewritten to that form:
 * the options a tool takes before its subcommand (each with its value) are taken off, and an alias followed by an
 * option or by one of the tool's own subcommands is read as the tool.
 *
 * It also adds destroying commands spelt in short forms of their own (COMMAND_SHORT_DESTROYS, spread into lexicon.ts's
 * DESTRUCTIVE_PHRASES): `npm unpublish`, `docker compose down -v`, `find ... -delete`, `dd ... of=/dev/...`, `truncate -s
 * 0`, `shred` of a path, a SQL TRUNCATE run through a client, `git tag -d` and `git push --delete`, and an order to
 * expire every session or row now.
 *
 * Left alone: an option the lists do not know (it stays, and the command is read as before: unclassified), an alias
 * followed by a plain word ("k is the kubectl alias", "tf files"), options after the subcommand (the patterns already
 * allow them), "truncate" and "shred" as English words ("truncate long titles", no path), `find` without a
 * destroying action (a listing, read in commands-run.ts), `dd` writing to a file, `/dev/null` as the target, and a
 * requirement's own expiry ("sessions expire after 30 minutes"). Every rewrite is gated by a literal check first.
 */

/** Short names read as the tool when an option or one of the tool's own subcommands follows. */
export const TOOL_ALIASES: ReadonlyMap<string, {tool: string; subcommands: RegExp}> = new Map([
  ['k', {tool: 'kubectl', subcommands: /^(?:get|describe|logs?|delete|apply|edit|scale|drain|cordon|rollout|exec|top|patch|replace|create|port-forward)\b/}],
  ['tf', {tool: 'terraform', subcommands: /^(?:plan|apply|destroy|show|validate|output|state|init|import|taint|workspace)\b/}],
])

/**
 * The options each tool takes before its subcommand, and whether they carry a value (`-n prod`, `--context=live`,
 * `-chdir=infra`, `-C ../app`). `docker compose` is read as one tool: its file and project options come after
 * `compose`.
 */
export const LEADING_OPTIONS: ReadonlyMap<string, RegExp> = new Map([
  ['kubectl', /^(?:(?:-n|--namespace|--context|--cluster|--kubeconfig|--user|-s|--server|--as|--token|--request-timeout)(?:=\S+|\s+[^\s-]\S*)|--insecure-skip-tls-verify|-v=?\d)\s+/],
  ['terraform', /^(?:-chdir=\S+|-no-color|-help)\s+/],
  ['git', /^(?:(?:-C|-c|--git-dir|--work-tree)(?:=\S+|\s+[^\s-]\S*)|--no-pager|-p|--bare|--paginate)\s+/],
  ['docker compose', /^(?:(?:-f|--file|-p|--project-name|--project-directory|--env-file|--profile|--context)(?:=\S+|\s+[^\s-]\S*)|--compatibility)\s+/],
  ['docker', /^(?:(?:--context|-H|--host|-c|--config|-l|--log-level)(?:=\S+|\s+[^\s-]\S*)|--debug|-D)\s+/],
  ['helm', /^(?:(?:-n|--namespace|--kube-context|--kubeconfig|--registry-config|--repository-config)(?:=\S+|\s+[^\s-]\S*)|--debug)\s+/],
  ['aws', /^(?:(?:--profile|--region|--endpoint-url|--output)(?:=\S+|\s+[^\s-]\S*)|--no-verify-ssl|--debug)\s+/],
  ['gcloud', /^(?:(?:--project|--account|--configuration)(?:=\S+|\s+[^\s-]\S*)|--quiet|-q)\s+/],
])

/** A literal gate: a tool (or alias) name followed by an option. */
const HAS_LEADING_OPTION = /(?:^|[\s`'"(;&|])(?:kubectl|k|terraform|tf|git|docker(?:[\s-]compose)?|helm|aws|gcloud)\s+-/

/** Where a command starts: the text's start, after a run verb, a quote, a backtick, a separator or an opener. */
const TOOL_AT = /(^|[\s`'"(;&|:])(kubectl|k|terraform|tf|git|docker[\s-]compose|docker|helm|aws|gcloud)(?=\s)/g

/** The command line rewritten without the options before its subcommand, aliases read as their tools. */
export function withoutLeadingOptions(raw: string): string {
  // find's start path "." is no sentence end ("find . -name '*.db' -delete"): written "./" so the clause stays whole
  const text = raw.includes('find .') ? raw.replace(/\bfind\s+\.(?=\s+-)/g, 'find ./') : raw
  if (!HAS_LEADING_OPTION.test(text) && !/(?:^|[\s`'"(;&|:])(?:k|tf)\s/.test(text)) return text
  let out = ''
  let cursor = 0
  for (const m of text.matchAll(TOOL_AT)) {
    const start = m.index + m[1].length
    if (start < cursor) continue
    const name = m[2]
    const nameEnd = start + name.length
    const after = text.slice(nameEnd).replace(/^\s+/, '')
    const alias = TOOL_ALIASES.get(name)
    const tool = alias ? alias.tool : name.replace(/^docker[\s-]compose$/, 'docker compose')
    const options = LEADING_OPTIONS.get(tool)
    let rest = after
    for (let i = 0; options && i < 8; i++) {
      const o = options.exec(rest)
      if (!o) break
      rest = rest.slice(o[0].length)
    }
    // an alias is the tool only when one of its subcommands follows ("k is short for kubectl", "tf files" are not)
    if (alias && !alias.subcommands.test(rest)) continue
    if (!alias && rest === after) continue
    out += `${text.slice(cursor, start)}${tool} `
    cursor = text.length - rest.length
  }
  return cursor === 0 ? text : out + text.slice(cursor)
}

/** Destroying commands in short forms of their own; spread into lexicon.ts's DESTRUCTIVE_PHRASES. */
export const COMMAND_SHORT_DESTROYS: readonly {id: string; pattern: RegExp; tool: string}[] = [
  // a package version taken off the registry, a hosted repository deleted
  {id: 'registry_unpublish', pattern: /\b(?:npm|yarn|pnpm)\s+unpublish\b|\bgh\s+(?:repo|release)\s+delete\b/, tool: 'run_shell'},
  // compose's down with its volumes or images, a compose rm
  {id: 'infra_destroy', pattern: /\bdocker[\s-]compose\s+(?:down\b[^|;&.]*?\s(?:-v|--volumes|--rmi(?:[\s=]\w+)?)\b|rm\s+-[a-z]*f)/, tool: 'run_shell'},
  // find's own destroying actions ("find . -name '*.db' -delete", "-exec rm {} +"); a plain find only lists
  {id: 'find_delete', pattern: /\bfind\s+\S+[^|;&]*?\s-(?:delete\b|exec(?:dir)?\s+(?:rm|shred|truncate)\b)/, tool: 'run_shell'},
  // a disk or file overwritten: dd onto a device, a size cut to nothing, a shredded path (not "/dev/null")
  {id: 'overwrite_device', pattern: /\bdd\s+[^|;&]*?\bof=\/dev\/(?!null\b)|\btruncate\s+(?:-s|--size)[\s=]*0\b|\bshred\s+(?:-[a-z]+\s+)*(?:[~./$]|[\w-]+\.[\w]+\b)/, tool: 'run_shell'},
  // a SQL TRUNCATE run through a client ("psql -c 'TRUNCATE notes CASCADE'") or ended like a statement
  {id: 'drop_table', pattern: /(?:-c|-e|--command|--execute)[\s=]*['"]\s*truncate\b|\btruncate\s+(?:table\s+)?[\w."]+\s*(?:cascade\b|restart\s+identity\b|;)/, tool: 'run_shell'},
  // tags deleted locally or on a remote
  {id: 'git_branch_delete', pattern: /\bgit\s+tag\s+(?:-d|--delete)\b|\bgit\s+push\s+(?:--delete|-d)\b/, tool: 'run_shell'},
  // an order to expire every session, token or row now (not what a requirement makes expire after a while)
  {id: 'expire_all', pattern: /(?:^|[,;:]\s*|\b(?:please|now|just|and|then|go\s+ahead\s+and)\s+)(?:force[\s-]?)?(?:expire|invalidate)\s+(?:every|all)\b(?:\s+(?:of\s+)?(?:the|our|current|active|live|existing))*\s+(?:[\w-]+\s+)?(?:sessions?|tokens?|rows?|records?|logins?|entries|keys)\b/, tool: 'run_shell'},
]
