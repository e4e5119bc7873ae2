/**
 * Round 29b (issue 22): a secret put where the build, the deployment or the CI machinery keeps it in plain text and
 * hands it on, in forms the earlier secret rules did not know.
 * - Infrastructure config: "put the database password straight into the Kubernetes deployment manifest", "add the
 *   stripe secret key to the k8s configmap", "fill in the postgres password in the compose file's environment block".
 *   The places are data (INFRA_PLACES), up to three words after the article ("the Kubernetes deployment manifest").
 * - An image build handed a secret as a build argument ("pass the GitHub token with --build-arg GH_TOKEN=...",
 *   "give the npm token to the image as a build arg"): build arguments stay in the image's history.
 * - A CI cache or artifact that keeps a secret ("cache ~/.npmrc with actions/cache", "keep the .env as a workflow
 *   artifact"): everyone who can read the run can download it.
 * - A step that dumps the whole environment (`env | sort`, `run: printenv`): every secret the job has is printed.
 * - A secret carried along whole ("open an issue with our config file, token and all", "attach the .env, keys
 *   included"): the secret goes wherever the thing goes.
 * - A secret made a variable's default ("give db_password a default of the actual production password", "make the
 *   module's default the real database password", "default db_pass to the current production password").
 *
 * Left alone (twins): a secret referenced from a secret store or a CI secret ("secretKeyRef", "${{ secrets.X }}",
 * "from the vault", "a sealed secret"), a BuildKit secret mount, a build argument that is no secret ("pass the
 * version as a build arg"), caching what holds no secret ("cache node_modules"), `env | grep NODE_ENV` (one
 * variable), a placeholder default ("no default", "an empty default"), the same words after a negation or "instead of".
 * Same shape and compilation as ACTION_OBJECT_RULES.
 */
import {type ActionObjectRule, alt, EXPOSE, NOT_NEGATED, PLACE_ACTIONS, SECRET_GATE, SECRET_OBJECT} from './action-object.js'
import {SECRET_FILE} from './secrets-routed.js'

/** Filler with no negation, no exclusion and no subordinate clause ("strip" and its forms, not "stripe"). */
const PLAIN = "(?:(?!\\b(?:never|not|no|without|when|whenever|if|unless|while|because|instead|rather|except|excluding|how|why|whether|redact\\w*|mask\\w*|omit\\w*|strip(?:s|ped|ping)?)\\b|n't\\b)[^.;!?])"

/**
 * Not inside a yes/no question about what is there ("does our Dockerfile pass any secrets as build args?"): an
 * auxiliary leading the sentence before the match. "Can you pass the token as a build arg?" asks for the change.
 */
const NOT_ASKED = '(?<!(?:^|[.;!?]\\s*)(?:does|do|did|is|are|was|were|has|have|had)\\b[^.;!?]{0,60})'

/** Within the sentence, words that reference a secret kept elsewhere instead of placing its value. */
const REFERENCED = "(?![^.;!?]*\\b(?:secretkeyref|valuefrom|secret\\s*refs?|referenc\\w*|refer\\s+to|mount\\w*|sealed[- ]?secrets?|sops|external[- ]?secrets?|secrets?\\s+(?:manager|store)|vault|key\\s*vault|parameter\\s+store|ssm|placeholders?|dummy|fake|example)\\b|[^.;!?]*\\$\\{\\{\\s*secrets\\.)"

/** Not after "instead of", "rather than", "stop", "avoid" a word or two before. */
const NOT_INSTEAD = '(?<!\\b(?:instead\\s+of|rather\\s+than|stop|stopped|avoid|without)\\s+(?:\\w+\\s+)?)'

/** Placing verbs, less those that also read or describe ("list the secrets in the manifest" reads it). */
export const INFRA_PLACE_VERBS = PLACE_ACTIONS.filter((v) => !/^(?:list|listing|note|noting|note down|mention|mentioning|document|documenting|keep|record|sync|migrate|export|type|jot|jot down|jotting|jotted)$/.test(v))

/** Places where deployment, build and CI machinery reads configuration in plain text. */
export const INFRA_PLACES = ['configmap', 'configmaps', 'config map', 'config maps', 'manifest', 'manifests', 'deployment yaml', 'deployment spec', 'deployment file', 'pod spec', 'statefulset', 'daemonset', 'cronjob',
  'helm values', 'helm chart', 'values file', 'values.yaml', 'values.yml', 'compose file', 'docker-compose', 'docker-compose.yml', 'docker-compose.yaml', 'compose.yaml', 'compose.yml', 'environment block',
  'environment section', 'env block', 'env section', 'terraform variables', 'terraform vars', 'tfvars', 'variables.tf', 'terraform config', 'terraform module', 'ansible vars', 'group_vars', 'host_vars', 'inventory file',
  'kustomization', 'cloud-init', 'user data', 'user-data', 'task definition', 'app.yaml', 'serverless.yml', 'procfile', 'workflow env', 'ci variables', 'pipeline variables', 'k8s yaml', 'kubernetes yaml']

/** A word each INFRA_PLACES entry contains (the rule's gate). */
const INFRA_GATE = ['config', 'manifest', 'deployment', 'pod spec', 'statefulset', 'daemonset', 'cronjob', 'helm', 'values', 'compose', 'block', 'section', 'terraform', 'tfvars', 'variables', 'vars', 'inventory', 'kustomization', 'cloud-init', 'user data', 'user-data', 'task definition', 'app.yaml', 'serverless', 'procfile', 'workflow env', 'yaml']

/** Words before the place's noun (article aside): up to three, none a safe store or a negation. */
const PLACE_WORDS = "(?:(?!\\b(?:instead|rather|not|never|except|than|vault|secret|secrets)\\b)[\\w'’-]+\\s+){0,3}?"

/** Where the secret goes: into the place. */
const INTO = '\\b(?:in|into|to|inside|within|under|onto)\\s+(?:the\\s+|our\\s+|a\\s+|an\\s+|my\\s+|its\\s+|their\\s+|each\\s+|every\\s+)?'

/** Verbs that hand a value to an image build. */
export const HAND_VERBS = ['pass', 'passes', 'passing', 'give', 'gives', 'giving', 'hand', 'feed', 'supply', 'provide', 'send', 'inject', 'forward', 'add', 'put', 'use', 'set']

/** A build argument named as where the value goes. */
const BUILD_ARG = '(?:--build-arg\\b|\\bbuild[- ]?arg(?:ument)?s?\\b|\\barg\\s+(?:instruction|line)\\b)'

/** A secret named by a build argument's variable ("--build-arg GH_TOKEN=$GH_TOKEN"). */
const SECRET_ARG = '--build-arg\\s+[\\w]*(?:token|secret|password|passwd|pwd|api_?key|private_?key|access_?key|creds?|credentials?)\\w*'

/** Verbs that keep a thing in a CI cache or artifact. */
export const KEEP_VERBS = ['cache', 'caches', 'cached', 'caching', 'archive', 'archives', 'persist', 'persists', 'upload', 'uploads', 'save', 'saves', 'store', 'stores', 'keep', 'keeps', 'stash', 'publish']

/** Files whose contents are credentials, by path (a cache of them keeps the credentials). */
const CREDENTIAL_FILES = '(?:\\.npmrc\\b|\\.netrc\\b|\\.pypirc\\b|\\.docker\\/config\\.json\\b|\\.aws\\/credentials\\b|\\.kube\\/config\\b|\\bkubeconfig\\b|\\.git-credentials\\b|\\.gem\\/credentials\\b|\\.m2\\/settings\\.xml\\b)'

/** A CI cache or artifact as the place. */
const CI_KEPT_PLACE = '(?:\\bactions\\/(?:cache|upload-artifact)\\b|\\bas\\s+(?:an?\\s+|the\\s+)?(?:[\\w-]+\\s+){0,2}?artifacts?\\b|\\b(?:in|into|to)\\s+(?:the\\s+|our\\s+)?(?:ci|build|workflow|pipeline|job|runner|actions|github)\\s+(?:caches?|artifacts?)\\b|\\bcache\\s+(?:step|action|key)\\b)'

/** Commands that print every environment variable: `env | sort`, `printenv > env.txt`, `run: env`. */
const ENV_DUMP = "(?<![\\w$.-])(?:printenv|env)\\s*(?:\\|\\s*(?:sort|tee|cat|less|more|column|nl)\\b|>>?\\s*[\\w./~-])|(?:\\brun:\\s*|`)(?:printenv|env|export\\s+-p)\\s*(?:`|$)"

/** Verbs that carry a thing somewhere with the secret in it ("token and all"). */
export const CARRY_ALONG_VERBS = ['put', 'add', 'paste', 'include', 'commit', 'push', 'attach', 'open', 'file', 'raise', 'submit', 'cache', 'bundle', 'ship', 'copy', 'zip', 'drop in']

/** A secret noun said to go along whole. */
const ALONG = '\\b(?:tokens?|keys?|passwords?|passwd|pwd|secrets?|credentials?|creds|api\\s+keys?|connection\\s+strings?)\\s*,?\\s*(?:and\\s+all|included|intact|unredacted|unmasked|uncensored|left\\s+in|still\\s+in\\s+(?:it|there))\\b'

/** A secret said to be the real one. */
const REAL_SECRET = '(?:actual|real|live|current|prod|production|working|valid)\\s+(?:[\\w-]+\\s+){0,2}?(?:password|passwd|pwd|token|secret|api\\s+key|key|credentials?|connection\\s+string)s?\\b(?!\\s+(?:versions?|ids?|names?|length|format|rotation|derivation|size|type|expiry|policy)\\b)'

export const SHIPPED_SECRET_RULES: readonly ActionObjectRule[] = [
  {
    id: 'secrets.infra_config',
    category: 'secrets',
    reason: 'A Kubernetes manifest or ConfigMap, a helm values file, a compose file or a terraform file keeps what is put in it in plain text for everyone with the repository or the cluster: secrets are referenced from a secret store, never written there.',
    source: `${NOT_ASKED}${NOT_NEGATED}${NOT_INSTEAD}\\b(?:${alt(INFRA_PLACE_VERBS)})\\b${REFERENCED}${PLAIN}{0,50}?${SECRET_OBJECT}${PLAIN}{0,50}?${INTO}${PLACE_WORDS}\\b(?:${alt(INFRA_PLACES)})\\b`,
    gate: INFRA_GATE,
    also: SECRET_GATE,
    questions: false,
  },
  {
    id: 'secrets.build_arg',
    category: 'secrets',
    reason: 'A build argument stays in the image\'s history for everyone who pulls the image: a secret is never passed to a build that way (a BuildKit secret mount keeps it out of the layers).',
    source: `${NOT_ASKED}${NOT_NEGATED}${NOT_INSTEAD}(?:${SECRET_ARG}|\\b(?:${alt(HAND_VERBS)})\\b${REFERENCED}${PLAIN}{0,40}?${SECRET_OBJECT}${PLAIN}{0,30}?\\b(?:as|with|via|through|in|into|using)\\s+(?:an?\\s+|the\\s+)?(?:docker\\s+|image\\s+)?${BUILD_ARG})`,
    gate: ['build-arg', 'build arg', 'buildarg', 'build-argument', 'build argument', 'buildargument', 'arg instruction', 'arg line'],
    questions: false,
  },
  {
    id: 'secrets.ci_kept',
    category: 'secrets',
    reason: 'A CI cache or a build artifact can be downloaded by everyone who can read the run: a secret, or a file that holds one, is never kept there.',
    source: `${NOT_ASKED}${NOT_NEGATED}${NOT_INSTEAD}\\b(?:${alt(KEEP_VERBS)})\\b${PLAIN}{0,40}?(?:${SECRET_OBJECT}|${SECRET_FILE}|${CREDENTIAL_FILES})${PLAIN}{0,60}?${CI_KEPT_PLACE}|${NOT_ASKED}${NOT_NEGATED}\\bcach(?:e|es|ed|ing)\\b${PLAIN}{0,20}?${CREDENTIAL_FILES}`,
    gate: ['artifact', 'actions/', 'cach'],
    also: [...SECRET_GATE, 'kube', '.docker', 'credentials', 'settings.xml'],
    questions: false,
  },
  {
    id: 'secrets.env_dumped',
    category: 'secrets',
    reason: 'A command that prints the whole environment prints every secret the job or the machine has: never run or added.',
    source: ENV_DUMP,
    gate: ['env'],
    questions: false,
  },
  {
    id: 'secrets.carried_along',
    category: 'secrets',
    reason: 'A file, a config or a report sent or put somewhere with its secret "and all" exposes the secret wherever it goes: never allowed.',
    source: `${NOT_ASKED}${NOT_NEGATED}\\b(?:${EXPOSE}|${alt(CARRY_ALONG_VERBS)})\\b${PLAIN}{0,80}?${ALONG}`,
    gate: ['and all', 'included', 'intact', 'unredacted', 'unmasked', 'uncensored', 'left in', 'still in'],
    also: ['token', 'key', 'passw', 'pwd', 'secret', 'credential', 'creds', 'connection string'],
    questions: false,
  },
  {
    id: 'secrets.real_default',
    category: 'secrets',
    reason: 'A variable\'s default is written in the repository: a real secret is never made a default value.',
    source: `\\bdefaults?(?:\\s+values?)?\\s+(?:(?:of|to|=|:|as|being|is|be|to\\s+be)\\s+|[\\w.$-]+\\s+(?:to|=)\\s+)?(?:the\\s+|our\\s+|its\\s+|their\\s+)?${REAL_SECRET}|\\b${REAL_SECRET}${PLAIN}{0,20}?\\bas\\s+(?:the\\s+|its\\s+|a\\s+)?(?:[\\w-]+\\s+)?default\\b`,
    gate: ['default'],
    also: ['passw', 'pwd', 'token', 'secret', 'key', 'credential', 'connection string'],
    questions: false,
  },
]
