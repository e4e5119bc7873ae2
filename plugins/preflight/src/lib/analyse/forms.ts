/**
 * The phrase forms behind clause analysis (kept as data, like lexicon.ts, apart from the rules in intent.ts):
 * leads and labels before what is asked, questions put as statements, polite requests, the manner of an answer,
 * wishes, bug reports, and the places and people a read verb writes to or informs. Split from intent.ts.
 */

/**
 * Wondering whether the addressee could do something, or asking whether they are able to: a polite request
 * ("wondering if you could add ...", "are you able to wipe ...", "is there any way you could ...", "do you mind ...").
 */
export const POLITE_WONDER = /^(?:(?:(?:i'?m|i am|i was|we were|we'?re|we are|i|we)\s+)?(?:just\s+)?(?:wondering|curious|wonder|wondered)\s+(?:if|whether)\s+(?:you|we|u|someone|somebody)\s+(?:could|can|would|might|will|may)|(?:are|were|would|will) you (?:be )?able to|is (?:there )?(?:any )?(?:way|chance) (?:that )?(?:you|we|u) (?:could|can|might|would)|(?:any )?chance (?:that )?(?:you|we|u) (?:could|can|might|would)|(?:do|would) you mind|could you possibly|can you possibly)\s+(?:please\s+|maybe\s+|perhaps\s+|just\s+)?(?:go ahead and\s+)?/

/** Openers that only link to what came before ("so", "and", "ok"): they do not make what follows a request. */
export const CONNECTIVE_PREFIX = /^(?:so|and|also|ok|okay|now|then|alright|all right|right|great|cool|thanks|sure|yes|yeah|yep|yup|perfect|first|next|finally)[,:!]?$/

/** Read verbs addressed to someone else: the program telling its users something is a change to the program. */
export const INFORMING_VERBS = new Set(['tell', 'remind', 'show', 'warn', 'notify', 'teach'])

export const THIRD_PARTY = /^\s*(?:the\s+|a\s+|our\s+|every\s+|all\s+)?(?:users?|customers?|people|clients?|readers?|owners?|authors?|admins?|operators?|recipients?|callers?)\b/

/** Nouns a coordinated verb can modify ("the import and export commands"): parts of a program, not objects of an action. */
export const MODIFIED_NOUN = /^\s+(?:modules?|commands?|code|functions?|features?|paths?|flows?|logic|parts?|sections?|screens?|pages?|components?|subcommands?|options?|settings|handlers?|formats?)\b/

/** Verbs that hand something over, and where that is the conversation itself ("paste the failures here"). */
export const TO_ASKER_VERBS = new Set(['paste', 'put', 'post', 'write', 'give', 'send', 'drop'])

export const TO_ASKER = /\b(?:here|below|in (?:the |this |your )?(?:chat|reply|answer|response|thread|conversation))\s*$/

/** Read verbs that write when their object goes into a document. */
export const WRITING_READ_VERBS = new Set(['explain', 'describe', 'note', 'outline', 'summarise', 'summarize', 'clarify', 'list'])

export const INTO_DOCUMENT = /\b(?:in|to|into|inside)\s+(?:the\s+|our\s+|a\s+)?(?:[\w-]+\s+)?(?:readme|user guide|guide|docs?|documentation|faq|wiki|changelog|manual|handbook|reference(?: page| docs?)?|man ?page|help (?:page|text)|how-?to|[\w./-]+\.md)\b/

/** A place output is kept: a file, the disk, a log ("dump it to a file", "print them into the log"). */
export const INTO_STORE = /\b(?:to|into|onto|in)\s+(?:the\s+|a\s+|an\s+)?(?:[\w-]+\s+){0,2}?(?:file|files|disk|log|logs|folder|directory|csv|[\w-]+\.(?:txt|log|json|csv|md))\b|\bas\s+(?:an?\s+)?(?:[\w-]+\s+){0,2}?(?:files?|csv|json files?|dumps?)\b|\b(?:on|to)\s+disk\b/

/** What a creating verb adds to a document ("add a paragraph to the README"), as opposed to a feature ("add an option ..."). */
export const DOC_PART = /^(?:(?:a|an|the|new|short|brief|small|little|few|some)\s+)*(?:sections?|paragraphs?|entry|entries|pages?|chapters?|table of contents|toc|examples?|notes?|faq|links?|diagrams?|explanations?|descriptions?|introduction|summary|guide|tutorial|readme|docs?|documentation|sentences?|words?|mention|warning|caveat)\b/

/** ... or puts it into a document named with a determiner ("add offline mode to the docs"; "to Google Docs" is a product). */
export const INTO_USER_DOC = /\b(?:to|in|into|inside)\s+(?:the|our|a|this)\s+(?:[\w-]+\s+)?(?:readme|docs?|documentation|guide|manual|faq|wiki|changelog|handbook|tutorial|[\w./-]+\.md)\b/

/** Conditional leads ("when the network drops, hold the edits"): the instruction is what follows the comma. */
export const CONDITION_LEAD = /^(?:when|whenever|if|once|while|after|until|as soon as)\s[^,]{2,80},\s*/

/** The label of a sentence ("TODO:", "Goal:", "Feature request:"): says what kind of text follows, not what it is about. */
export const LABEL_WORDS = /(^|[.!?;\n]\s*)(?:task|todo|to-do|goal|ask|ticket|story|user story|steps?|plan|approach|context|background|fyi|feature request|change request|request|enhancement|improvement)\s*:/gi

/** Labels of a request for work ("feature request:", "bug:"): a change, unless a question follows. */
export const REQUEST_LABEL = /^(?:feature request|change request|request|enhancement|improvement|bug|bug report|issue)$/

/**
 * Conventional-commit style labels ("docs: describe ...", "fix: ...", with a scope and a breaking mark since round 16b:
 * "fix(export): ...", "feat(tags)!: ..."), and a request's: the clause is a change of that kind.
 */
export const CHANGE_LABEL = /^(docs?|documentation|fix|feat|feature|tests?|refactor|perf|chore|style|feature request|change request|request|enhancement|improvement|bug|bug report|issue)(?:\s*\([\w./ -]{1,30}\))?!?\s*:\s*/

/** Subjects after which a verb is a statement, not an instruction. */
export const STATING_SUBJECTS = new Set(['i', "i'm", 'im', "i've", 'we', "we're", "we've", 'they', "they're", 'he', 'she', "it's", 'people', 'someone', 'somebody', 'nobody'])

/** After "no", words that name the work itself ("no edits", "no changes please"): a constraint, not a wish. */
export const NEGATED_WORK = /^(?:edits?|changes?|code|need|more|commits?|writes?|modifications?|touching|changing|editing|rush|worries|problem)$/

/**
 * "Quick question: ...", "question -": a lead, not part of the question; so is the manner of the answer ("in a few
 * short words, how long ...", "briefly, ..."): dropped, so what follows decides.
 */
export const QUESTION_LEAD = /^(?:(?:task|todo|to-do|goal|ask|ticket|story|user story|steps?|plan|step (?:\d+|one|two|three))\s*:\s*|(?:req|test)-(?:[a-z][a-z0-9_]*-)?\d+[a-z]?\s*[:\u2013\u2014-]\s+|(?:a |one )?(?:quick |small )?sanity check\s*[:,\u2013\u2014-]\s*|(?:a |one |quick |small |short |simple |dumb |stupid )?question\s*[:,\u2013\u2014-]\s*|(?:quick|small|short|simple|dumb) (?:one|q)\s*[:,\u2013\u2014-]\s*|(?:just |i'?m |i was |was )?(?:curious|wondering)\s*[:,\u2013\u2014-]\s*|(?:i |we )?(?:have|got|had) (?:a |one |another )?(?:quick |small |short |simple )?question(?: (?:about|on|regarding) [^:?]{1,60})?\s*:\s*|(?:my|the|one|a|our) (?:quick |small )?question is(?: this)?\s*[:,\u2013\u2014-]?\s*|(?:in (?:(?:a|one|two|a few|few|plain|simple|short|brief|layman'?s)\s+)*(?:words?|sentences?|terms|english)|briefly|in short|in brief|roughly|in a nutshell)\s*[:,\u2013\u2014-]\s*)/

/**
 * A sentence that only says how to answer or thanks ("Please keep the answer short.", "A one-line answer is fine.",
 * "No need for code samples.", "Thanks in advance."): it carries no instruction and, like filler, leaves the rest of
 * the request to decide; alone it asks for nothing.
 */
export const ANSWER_MANNER = /^(?:(?:please|pls|kindly|and|also|just|but)[,!]?\s+)*(?:keep (?:it|this|that|the (?:answer|reply|response|explanation|summary|output)|your (?:answer|reply|response|explanation)s?)(?:\s+(?:short|brief|briefly|concise|concisely|simple|simply|high-level|to the point|short and sweet|under (?:\w+|a) (?:words|lines|sentences|paragraph|page)|and))+|(?:be|please be) (?:brief|concise|short)|(?:a |one )?(?:short|brief|quick|one-line|one line|one-sentence|one sentence|two-line|few-line) (?:answer|reply|response)(?: (?:is|would be) (?:fine|enough|ok|okay|great|plenty|perfect))?|(?:(?:a|one|two|a few)[ -])?(?:line|lines|sentence|sentences|word|words|paragraph)(?: (?:answer|reply))? (?:is|are|would be) (?:fine|enough|ok|okay|great|plenty|perfect)|(?:no|without) (?:need for |need to show )?(?:code samples?|code snippets?|code|examples?|details?|jargon|long explanations?)(?: (?:needed|necessary|required))?|thanks?(?: you)?(?: (?:in advance|a lot|so much|very much|again))?|cheers|much appreciated|ta|(?:answer|reply|respond) (?:in|with|using) (?:bullet points?|bullets|a (?:short |brief )?(?:list|table|paragraph|sentence)|plain (?:english|words)|(?:a )?few (?:words|sentences|lines))|(?:in )?bullet points)(?:,? please)?\s*[.!]*$/

export const UI_WORDS = /\b(?:header|footer|toolbar|sidebar|page|screen|dialog|modal|menu|button|tab|banner|toast|notification|status bar|tooltip|panel|view|form|widget|window|badge|tray|status line|statusline|title bar|prompt|while typing|as (?:you|they|the user) types?)\b/

/** How or where the program shows something, ending its object: an order, a place on the output, a style. */
export const SHOWN_HOW = /\b(?:first|last|on top|at the (?:top|bottom|end|start)|in bold|in (?:red|green|yellow|colou?r)|sorted(?: by [\w ]+)?|grouped by [\w ]+|in (?:alphabetical|reverse|chronological) order|alphabetically|side by side)\s*[.!]?\s*$/

/**
 * When or where the program is to show something, inside a showing verb's object: an event of the program's ("once a
 * sync finishes", "when sync gets the connection back", "at the end of each run", "every time", "on startup"), or a place on its
 * output ("beneath its title", "underneath the results", "in the PDF export", "to stderr instead of stdout", "as a
 * percentage"). The asker's own time ("once you're done",
 * "when you have a minute") is none, and neither is a condition inside a describing clause ("the tests that fail when
 * offline": which ones, not when to show them).
 */
export const SHOWN_WHEN = /^(?:(?!\b(?:that|which|who|where)\b).)*?\b(?:when|whenever|if|unless|once|after|before|while|as soon as|every time|each time)\s+(?!(?:you|we|i|u|you're|youre|we're|i'm|im|you've|we've|i've|done|finished|ready|possible|needed|asked)\b)|\b(?:at the (?:end|start|beginning|top|bottom) of|after|before|during|on|for) (?:each|every)\b|\b(?:on|at|during|after|before|upon) (?:start-?up|launch|boot|first run|first launch|first use|exit|shutdown|login|sign-?in|log-?in|logout|crash|failure|timeout)\b/
/** Where the program shows a thing: beside a part of its output, in a named output, at the end or top of one (round 16b: "at the end of the search results"). */
export const SHOWN_WHERE = /\b(?:beneath|underneath|below|above|next to|beside|alongside|under)\s+(?:the|its|their|each|every|a|an)\s+(?:[\w'-]+\s+){0,2}?(?:titles?|results?|lists?|prompts?|headers?|footers?|output|names?|headings?|tables?|summar(?:y|ies)|bars?|notes?|entries|entry|rows?|matches)\b|\bin (?:the|each|every) (?:[\w-]+ )?(?:exports?|output|results|headers?|footers?|listing|summary|status line|prompt|emails?|notifications?|banners?)\s*[.!]?\s*$|\bto (?:stderr|stdout|standard (?:error|output))\b|\bat the (?:very\s+)?(?:end|start|beginning|top|bottom|foot|head) of (?:the|its|their|each|every) (?!(?:test|tests|ci|build|benchmark|bench|lint|coverage|audit|ledger)\b)(?:[\w'-]+\s+){0,2}?(?:results?|listing|output|summar(?:y|ies)|hit list|exports?|reports?|pdfs?|tables?|hits|matches)\b(?!\s+(?:code|module|file|source|function|handler|class|tests?|logic|implementation|parser|script)\b)|\b(?:instead of|rather than)\b|\bas (?:a|an) (?:percentage|progress bar|table|tree|badge|spinner)\b/
/**
 * A named part of what the program itself prints or sends (round 15c): "in the sync summary", "in the message a command
 * prints ...", "in the tag command's error", "in the login prompt", "in the export log", "among the search hits". A
 * writing verb ("describe the failure in the sync summary") or a negated showing verb ("don't show the address in the
 * sync summary") into it is about the program's output, not an answer; "in the export", "in the export code" are not.
 */
export const OUTPUT_PART = /\b(?:in|among|within|inside)\s+(?:the\s+|its\s+|their\s+|each\s+|every\s+|a\s+)?(?:[\w'-]+\s+){0,2}?(?:summar(?:y|ies)|messages?|prompts?|banners?|notifications?|emails?|status line|errors?|warnings?|logs?|hits|matches|tooltips?)\b(?!\s+(?:code|module|file|source|function|handler|class|tests?|logic|implementation|parser)\b)/
/** What an output already shows, as a writing verb's object ("explain the numbers in the sync summary" asks what they mean). */
export const SHOWN_THING = /^(?:the\s+|these\s+|those\s+|this\s+|that\s+)?(?:[\w-]+\s+)?(?:numbers?|fields?|columns?|codes?|values?|lines?|entries|entry|symbols?|icons?|colou?rs?|format|layout|counts?|figures?|stats|statistics|text|wording|words?|abbreviations?|output|warnings?|errors?|messages?)\b/
/** An object that only points back ("it", "them", "all of that"): it stands for the previous clause's object. */
export const PRONOUN_OBJECT = /^(?:all of |each of |both of )?(?:it|them|that|those|this|these|that one|this one)\b(?!\s+(?:is|are|was|were|does|do|should|must|will)\b)/

/** Words that describe a problem (what a following bare "fix it" refers to). */
export const SYMPTOM = /\b(?:crash(?:es|ed|ing)?|broken|fail(?:s|ed|ing)?|errors?|slow|sluggish|laggy|bug(?:gy)?|wrong|missing|doesn'?t|does not|won'?t|can'?t|never|hangs?|times? out|leaks?|lost|empty|blank|invalid)\b|\btak(?:es|ing|e) (?:almost |nearly |about |over |around |like )?(?:\d+(?:[.,]\d+)?|a|an|two|three|five|ten) ?(?:s|secs?|seconds?|ms|minutes?|mins?|whole seconds?|while|forever|ages)\b/

/** A thing's fault stated: "X is missing Y", "X is broken", "X doesn't work", "X crashes", "X is wrong". */
export const BUG_REPORT = /\b(?:is|are)\s+(?:missing|broken|wrong|corrupted|garbled|truncated|not\s+working)\b|\b(?:doesn'?t|does\s+not|don'?t|do\s+not|won'?t|can'?t|cannot)\s+(?:work|load|open|save|start|render|show|appear)\b|\b(?:crashes|hangs|freezes)\b/

export const NEGATED_WISH = /\b(?:don'?t|do not|doesn'?t|does not|never|not|no)\s+(?:\w+\s+)?(?:want|need|wish)\b/

/** Not knowing or not remembering how something is ("I forgot how ...", "no idea why ...", "I don't get why ..."): a question. */
export const NOT_KNOWING = /^(?:(?:i|we)\s+)?(?:forgot|forget|(?:don'?t|do not|can'?t|cannot|never) (?:know|remember|recall|understand|get|see|figure out|tell)|(?:have )?(?:no|little) (?:idea|clue)|(?:i'?m|i am|we'?re|we are) (?:lost on|unclear on|not clear on|unclear about|not clear about))\s+(?:about\s+)?(?:why|how|what|where|when|which|who|whether|if)\b/

/** A question put as a statement: curiosity followed by what is asked. */
export const CURIOUS = /^(?:(?:just\s+)?(?:curious|wondering|not sure|unsure|confused)\s+(?:about\s+)?(?:why|how|what|where|when|which|who|whether|if)\b)|^(?:(?:do you |got |have you )?any\s+)?(?:idea|clue)s?\s+(?:why|how|what|where|when|which|who|whether|if)\b|^(?:(?:i|we)\s+)?(?:wanted|want|meant|would like|'d like|need)\s+to\s+ask\s+(?:you\s+)?(?:about\s+)?(?:why|how|what|where|when|which|who|whether|if)\b|^(?:(?:i'?m|i am|we'?re|we are)\s+)?(?:trying|looking)\s+to\s+find\s+(?:out\s+)?(?:why|how|what|where|when|which|who|whether|if)\b|^(?:i'?m|i am|we'?re|we are|(?:i|we)'?ve been|(?:i|we) have been)\s+(?:curious|wondering|unsure|not sure|confused)\s+(?:about\s+)?(?:why|how|what|where|when|which|who|whether|if|about)\b|^(?:any\s+)?(?:thoughts|opinions?|views|ideas)\s+(?:on|about)\b|^(?:i\s+|we\s+)?need\s+(?:a\s+hand|help|some\s+help)\s+(?:with\s+)?(?:understanding|reading|figuring out|making sense of)\b|^(?:i|we)\s+wonder\s+(?:why|how|what|where|when|which|who|whether|if)\b|^(?:i'?d|i would|we'?d|we would)\s+(?:like|love)\s+to\s+(?:know|understand|learn|find out)\b|^(?:(?:i|we)\s+)?(?:really\s+|just\s+)?(?:need|want|have|am trying|'m trying|are trying|'re trying|trying)\s+to\s+(?:know|understand|learn|find out|figure out|get (?:a sense|my head|a feel|my bearings))\b/

/** A modal of obligation before a verb ("should", "must", "needs to", "has to be"), as a whole clause test. */
/** A topic of one to three words before a colon or a dash ("search results: ...", "sync - retry ..."), then the rest. */
/**
 * What follows a topic when it instructs with a verb the lexicon lacks (round 15c): the verb, then its object led by a
 * determiner, a possessive or a plural ("login: downcase the address ...", "tags - collapse labels ...").
 */
export const TOPIC_INSTRUCTION = /^[a-z][a-z-]+\s+(?:(?:the|a|an|every|each|all|any|its|their|our|both|today's|[a-z]+'s)\s+[a-z]|(?:[a-z-]+\s+)?[a-z]+[^s\s']s\b)/
/** A document named first, as the topic of what follows ("README: add a section on ...", "docs/sync.md - cover ..."): round 15c. */
export const DOC_TOPIC = /^((?:readme|changelog|contributing)(?:\.md)?|user guide|guide|docs?(?:\/[\w./-]+)?|documentation|faq|wiki|manual|handbook|[\w./-]+\.md)\s*(?::|\s-)\s+/
export const TOPIC_LEAD = /^([a-z][a-z0-9'-]*(?: [a-z][a-z0-9'-]*){0,2})\s*(?::|\s-)\s+(?=\S)/
/** Spoken and unpunctuated forms of a modal ("oughta", "shud", "shouldnt", "it'd be nice if"), read as the modal. */
export const INFORMAL_MODALS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\boughta\b/g, 'ought to'],
  [/\bhafta\b/g, 'have to'],
  [/\bhasta\b/g, 'has to'],
  [/\bsh(?:u|ou|l)d\b/g, 'should'],
  [/\b(should|would|could|must|does|did|is|are|was|were|has|have|had)nt\b/g, "$1n't"],
  [/\bw(?:u|l)d\b/g, 'would'],
  [/\bc(?:u|l)d\b/g, 'could'],
  [/\b(it|that|this)(?:'d|’d)\s+be\b/g, '$1 would be'],
]
export const MODAL = /\b(?:should|must|shall|(?:has|have|needs?|ought) to)\b/

/** Round 22a: a modal's swapped letters at the head of a request put as a question ("cna we get search to ..."). */
export const MODAL_SWAPS: Readonly<Record<string, string>> = {cna: 'can', coudl: 'could', cuold: 'could', woudl: 'would', wuold: 'would', shoudl: 'should', shuold: 'should'}

/**
 * Question words of three letters with two letters swapped, where they lead a sentence ("hwo does the reset link
 * work"): too short for the corrector, and "hwo" is as near "who" as "how", either of which asks.
 */
export const WH_SWAPS: Readonly<Record<string, string>> = {hwo: 'how', ohw: 'how', wyh: 'why', hwy: 'why', woh: 'who', hw: 'how', ...MODAL_SWAPS}

/** Round 18a: chat shorthand "hw" leads a how-question only before an auxiliary or a how-word ("hw do i ...", "hw long"). */
export const WH_SWAP = /(^|[.!?;]\s+|\n)(hwo|ohw|wyh|hwy|woh|hw(?=\s+(?:do|does|did|can|could|should|would|is|are|was|to|long|many|much|often)\b)|(?:cna|coudl|cuold|woudl|wuold|shoudl|shuold)(?=\s+(?:we|you|u|i|it|the|someone|anyone)\b))(?=\s)/g

/**
 * A causative "have" with a thing of the project and a verb the lexicon lacks ("have the syncer wait a few
 * seconds between attempts", "have the export skip empty notes", "have search index ..."): asking the thing to
 * behave otherwise is a change. The thing is a determiner and one or two words, or a feature named bare; the verb is a plain word (no -s, -ed, -ing form, no
 * function word) followed by more words. Asked ("have the tests run?") it is a question, decided elsewhere.
 */
export const CAUSATIVE_HAVE = /^have\s+(?:(?:the|our|its|each|every|this|that)\s+(?:[a-z-]+\s+){1,2}?|(?:search|sync|export|import|login|backup|startup|verify|the app|preflight)\s+)(?!(?:to|be|been|and|or|of|in|on|at|for|with|from|by|is|are|was|were|as|ready|done)\b)([a-z]+)(?<!(?:s|ed|ing))\s+\S/

/**
 * Words that only point into the conversation, on top of the lexicon's vague words: an object made of these and
 * the lexicon's names nothing to act on ("carry on from where you stopped", "go on then, finish it off", "you can
 * continue now", "finish what you started"), and the doer's liking ("handle the rest however you like").
 */
export const CONVERSATION_WORDS = new Set(
  'plz pleas bits pieces mean meant sort stopped stop started start finish finished complete completed wrap wrapped off can could may might will would should shall let lets let\'s get got going gone carry continue continuing resume picked pick up left leave where when while yet still then now once however like prefer fit whichever way'.split(' '),
)

/**
 * A statement followed by a tag that asks for confirmation ("the session expires after 30 minutes, right?",
 * "notes are encrypted on disk, aren't they?"): a question, not an instruction, when no verb leads it.
 */
export const TAG_QUESTION = /,\s*(?:right|correct|yes|no|true|isn'?t (?:it|that|there|this)|aren'?t (?:they|we|there|those|these)|don'?t (?:they|we|you|i)|doesn'?t (?:it|that|he|she)|didn'?t (?:it|they|we|you|i)|won'?t (?:it|they)|can'?t (?:it|they|we|i)|hasn'?t (?:it|that)|haven'?t (?:they|we)|wasn'?t (?:it|that)|weren'?t (?:they|we)|is (?:it|that) (?:right|correct|so)|am i right|or not|yeah)\s*$/

/** Someone in general asked whether they know ("anyone know how ...", "does anybody remember why ..."): a question. */
export const ANYONE_KNOW = /^(?:(?:does|do)\s+)?(?:anyone|anybody|someone|somebody|any of you|you guys|y'?all)\s+(?:know|knows|remember|remembers|recall|tell me|happen to know)\s+(?:how|why|what|where|when|which|who|whether|if)\b/

/**
 * A constraint that forbids every change ("don't change anything", "make no changes at all", "read only please",
 * "without touching any files", "leave the code exactly as it is", "keep every file untouched": everything kept as it is,
 * not a part named; round 15c: "anything outside the export module" is a scope, not every change, and so is round 27a's
 * "don't touch anything else", and round 29c's "don't write anything to LEDGER.md", a named document or record): next to an instruction
 * that changes or destroys, the request contradicts itself.
 */
export const FORBIDS_ALL_CHANGE = /(?:^|[\s,.;:(])(?:(?:don'?t|do not|never|please don'?t)\s+(?:change|touch|modify|edit|alter|write)\s+(?:anything|a thing|a single (?:thing|file|line)|any(?:thing| files?| code| of the (?:code|files))?)\b(?!\s+(?:else\b|(?:else\s+)?(?:outside|beyond|except|but|besides|other than|apart from|not in)\b|(?:to|into|in)\s+(?:the\s+)?(?:ledger|changelog|readme|[\w./-]+\.md)\b))|(?:make|with|there (?:should be|must be))\s+no\s+(?:changes|edits|modifications)(?:\s+(?:at all|whatsoever|to anything))?\b|no\s+(?:changes|edits|modifications)\s+(?:at all|whatsoever|to anything)\b|without\s+(?:touching|changing|modifying|editing)\s+(?:anything|any(?: files?| code)?)\b|read[- ]only(?:\s+(?:please|mode|task|request|only))?\s*(?:[.!:;,]|$)|(?:leave|keep)\s+(?:everything|every file|all (?:the )?(?:code|files|source)|the (?:whole |entire )?(?:code|codebase|code base|source|source code|repo|repository|project))\s+(?:exactly\s+|completely\s+|totally\s+|entirely\s+)?(?:as (?:it is|is|they are)|untouched|unchanged|alone|intact)\b)/

/**
 * An outcome to reach rather than a named edit ("make the export faster", "get search under 200 ms", "speed up sync"):
 * the exception of a constraint that forbids every change ("don't change anything, just ...") cannot be one, since
 * reaching it takes changes nobody named.
 */
export const OUTCOME_GOAL = /^(?:(?:but|and|so|please|pls)\s+)*(?:just|only|merely|simply)\s+(?:(?:make|get|have|keep|render)\s+(?:[\w'-]+\s+){0,4}?(?:faster|quicker|snappier|slower|smaller|leaner|lighter|cheaper|better|nicer|cleaner|safer|more\s+\w+|less\s+\w+|work(?:ing)?|pass(?:ing)?|under\s+\d+|below\s+\d+|within\s+\d+)\b|(?:speed\s+up|improve|optimi[sz]e|tune|harden|stabili[sz]e|refactor|fix\s+(?:everything|all|whatever))\b)/

/** The instruction next to a constraint is its exception ("don't change anything, just explain ..."), not a contradiction. */
export const EXCEPTION_LEAD = /^(?:(?:but|and|so|please|pls)\s+)*(?:just|only|except|other than|apart from|instead|merely|simply)\b/

/**
 * A bug report stated with "never" or "no longer" about a thing ("sessions never expire", "the export no longer
 * writes PDFs"): what should happen does not.
 */
export const NEVER_HAPPENS = /\b(?:never|no longer)\s+(?:expires?|works?|loads?|saves?|starts?|syncs?|finish(?:es)?|ends?|stops?|shows?|appears?|runs?|times? out|uploads?|downloads?|writes?|exports?|reports?|returns?|exits?|renders?|updates?|refreshes|gets? \w+|logs? \w+ out)\b/

/**
 * The behaviour wanted, stated as what is expected ("The expected behaviour is that ...", "the goal is ...",
 * "ideally ..."): part of the task, not context.
 */
export const EXPECTED_BEHAVIOUR = /\b(?:expected|desired|intended|wanted|correct|right|new) (?:behaviou?r|result|outcome|output)\b|\bthe (?:goal|idea|aim|ask|plan|fix) is\b|\bideally\b|\bwhat (?:we|i) (?:want|need|expect)\b/

/**
 * What a request says to leave as it is ("keep the existing login flow as it is", "the email template can stay as
 * it is", "leave the sync code alone"): a constraint, whose words name what is not to change.
 */
export const KEEP_AS_IS = /\b(?:keep|leave)\s+(?:the\s+|our\s+|its\s+|their\s+)?(?:existing\s+|current\s+)?(?:[\w'-]+\s+){0,4}?(?:as (?:it is|they are|is|before)|unchanged|untouched|alone|intact|the same)\b|(?:^|[,;]\s*)(?:the\s+)?(?:[\w'-]+\s+){0,4}?(?:can|should|must|will|may) (?:stay|remain) (?:as (?:it is|they are|is)|unchanged|untouched|the same)\b/g

/**
 * A constraint put as a label before what is asked ("Read-only: explain the session timeout", "Before you change
 * anything: where is ...?"; "no edits please: ..." is a negated constraint, read where negations are): a lead, so what follows decides (a change after it is a contradiction, found elsewhere).
 */
export const CONSTRAINT_LEAD = /^(?:read[- ]only(?: (?:please|task|request|question|mode))?|before (?:you|we|i) (?:change|touch|edit|modify|fix|do) anything(?: else)?)\s*[:-]\s*/

/**
 * A place in the conversation ("where we left off", "from where you stopped", "where the last session ended"): it
 * names no thing of the project, even when it uses one of the project's words.
 */
export const CONVERSATION_PLACE = /\b(?:from\s+|at\s+)?where\s+(?:we|you|i|it|they|things|the (?:last|previous) (?:session|conversation|chat|run|attempt|one))\s+(?:left off|left it|stopped|ended|finished|got to|were|was|paused|broke off)\b/g

/** A product named with a document word ("Google Docs"): no documentation of the project's. */
export const DOC_PRODUCT = /\bgoogle (?:docs?|sheets|slides|drive)\b|\bmicrosoft word\b|\bword documents?\b|\bdocs\.google\.com\b/g

/** Adverbs that may open a statement after a condition ("when it syncs, usually it ..."): no imperative verb. */
export const ADVERBS = /^(?:usually|normally|typically|generally|really|only|probably|currently|apparently|sometimes|often|actually|obviously|basically|hopefully|unfortunately|luckily|presumably)$/

/** A change that writes prose: documenting something, or adding a section, paragraph or FAQ entry (with its own modifiers). */
export const DOCUMENTING = /^(?:document|write up|write down)\s+(?:for\s+(?:the\s+|our\s+)?[\w-]+\s+)?(?:how|why|what|when|where|which|that|the|a|an)\b|^(?:add|write|create|include|insert|start)\s+(?:a|an|the|new|one)\s+(?:new\s+)?(?:[a-z-]+\s+){0,2}?(?:section|paragraph|faq(?: entry)?|chapter|write-?up)\s+(?:on|about|that|explaining|describing|covering|for|to)\b/

/** Documents a secret can be put in are corrected too ("READEM", "CHANGLEOG"): where it goes decides exposure. */
export const DOCUMENT_NAMES = ['readme', 'changelog', 'contributing', 'handbook', 'runbook']

/** Verbs that show output: to the asker they read, into a store or in the program they change. */
export const DISPLAY_VERBS = new Set(['show', 'display', 'print', 'output', 'echo', 'log', 'dump'])
/** Said better than now ("explain the error better when login fails"): with an event of the program's, how it explains. */
export const SAID_BETTER = /^(?!(?:me|us|you|it|that|this|what|why|how|where|when|which|who)\b).*\b(?:better|more clearly|clearer|more helpfully|more precisely|in plain (?:english|words))\b/
/** Verbs whose object can say when or where the program shows it (SHOWN_WHEN, SHOWN_WHERE). */
export const SHOWING_VERBS = new Set([...DISPLAY_VERBS, 'report', 'list'])
/** What a program does to tell its user something: after a condition ("if login fails, say ..."), a behaviour. */
export const SAYING_VERBS = new Set([...DISPLAY_VERBS, ...INFORMING_VERBS, 'say', 'reply', 'respond', 'report', 'alert', 'prompt'])

/**
 * Leaving to the doer what to change ("do what is needed", "fix whatever you find", "do whatever it takes", "change
 * what you think is best"): the request names no change the gate could weigh, whatever else the clause reads.
 */
export const DELEGATED_CHANGE = /\b(?:do|fix|change|handle|sort out|make)\s+(?:what(?:ever)?|anything)(?:\s+else)?\s+(?:(?:is|seems|looks|you think is|you feel is|you deem)\s+)?(?:needed|necessary|required|best|right|appropriate|it takes|makes sense|you find|you see fit|you think|you like|you want|needs? (?:doing|to be done|fixing|changing))\b|\b(?:wherever|however|whenever|as)\s+(?:you|u)\s+(?:see fit|think best|think is best|like|want|prefer|feel is right|deem fit)\b/

/**
 * A purpose after an instruction ("lazy-load them so the app starts faster", "defer reading the config until a
 * command needs it, so startup gets quicker"): the program is to behave otherwise, so the instruction changes it,
 * even when its verb is one the lexicon lacks.
 */
export const PURPOSE_CLAUSE = /(?:,\s*|\s)(?:so(?:\s+that)?|in order that)\s+(?:the\s+|our\s+|its\s+|it\s+|each\s+|every\s+)?(?:[a-z-]+\s+){0,2}?(?:starts?|runs?|loads?|gets?|becomes?|is|are|feels?|opens?|responds?|finish(?:es)?|uses?|takes?|stays?|boots?|launch(?:es)?|comes? up|spins? up|renders?|completes?|returns?)\s+(?:\w+\s+)?(?:faster|quicker|sooner|smaller|lighter|less|more|snappier|leaner|cheaper|shorter|up|down)\b/
/**
 * Work the program is to do only when it is needed: "defer opening the database until a command needs it", "load the
 * PDF library on first use". An instruction led by a verb the lexicon lacks, with such a time, changes the program.
 */
export const ON_DEMAND_CLAUSE = /\b(?:until|till|unless|only when|only if|when)\s+(?:a|an|the|some|each|every|it|they|someone|somebody)\s+(?:[\w-]+\s+){0,2}?(?:needs?|uses?|asks? for|calls?|requests?|is needed|are needed|is used|are used|is first used|opens?)\b|\bon (?:first|demand|first use)\b|\bwhen (?:first )?(?:needed|used)\b|\blazily\b/
/**
 * A proposal put without a question mark: "could the search command show the match count", "would the export list the
 * skipped notes" (a determiner, a thing of one to three words, then a lexicon verb). With a "?" it may ask what the thing
 * can do, and stays a question.
 */
export const PROPOSED_PLAIN = /^(?:could|would)\s+(?:the|our|a|an|each|every)\s+/
/** What cannot follow the thing in a plain proposal: it asks whether something is so. */
export const NOT_PROPOSING = /^(?:be|been|have|has|had|happen|cause|explain|mean|ever|already|not|really|possibly|actually)$/

/**
 * What the program is then to do or not do, after "so (that)": "memoise the parsed config so the app doesn't
 * re-read it on every start-up", "backfill the missing down step so it's reversible like the others". An
 * instruction led by a verb the lexicon lacks, for such a result, changes the program too.
 */
export const RESULT_CLAUSE = /(?:,\s*|\s)(?:so(?:\s+that)?|in order that)\s+(?:it'?s\b|(?:it|they|nothing|no\s+[a-z-]+|(?:the|our|its|each|every|all)\s+(?:[a-z'-]+\s+){1,3}?)\s*(?:doesn'?t|does not|don'?t|do not|won'?t|will not|will|can|can'?t|cannot|never|always|is|are|isn'?t|aren'?t|gets?|stays?|becomes?|works?|has|have|no longer|matches?|behaves?)\b)/

/**
 * A change proposed as a question about what could be: "would it be possible for the Markdown export to put ...?"
 * (the thing is to do something), "could search also match words in the title?" (a thing asked to do more). Asking
 * what a thing already does ("can the exporter already produce PDF?") or whether it is so ("could the retry logic be
 * the reason ...?") stays a question.
 */
export const PROPOSED_FOR = /^(?:would|could|will|is|would it not)\s+(?:it\s+)?be\s+(?:possible|feasible|doable|an option)\s+for\s+(?!(?:you|me|us|them|him|her)\b)(?:[\w'.-]+\s+){1,5}?to\s+(?=[a-z])/
export const PROPOSED_ALSO = /^(?:could|can|would|will|might)\s+(?!(?:you|we|u|i|it|they|he|she|someone|somebody|anyone|anybody|this|that|there|these|those)\b)(?:(?:the|our|a|an|each|every)\s+)?(?:[\w'-]+\s+){0,2}?[\w'-]+\s+(?:also|additionally|then also|maybe also|now also|somehow|just|simply|instead|please)\s+(?!(?:be|been|have|has|had|happen|cause|explain|mean)\b)(?=[a-z])/

/**
 * A behaviour the program must not show, under a condition of the program's ("never colour the output when NO_COLOR
 * is set", "don't emit colour escape sequences when stdout is redirected"): a change to how it behaves. A condition
 * of the doer's ("don't touch the tests when you fix it") keeps the clause a constraint.
 */
export const EDITING_VERBS = new Set(['change', 'touch', 'edit', 'modify', 'alter', 'write', 'rewrite', 'update', 'commit', 'push', 'refactor', 'fix', 'add', 'create', 'rename', 'move', 'install', 'deploy', 'run', 'merge', 'bump', 'upgrade', 'downgrade', 'patch', 'replace', 'release', 'publish', 'tag', 'reformat', 'format', 'restructure', 'rework', 'break', 'mess'])
export const NEGATED_BEHAVIOUR_CONDITION = /\b(?:when|whenever|while)\s+(?:[a-z]+ing|offline|online|piped|redirected)\b|\b(?:when|whenever|if|unless|while|once|as long as|for)\s+(?!(?:you|we|i|u|you're|we're|i'm|youre)\b)(?:[\w'"$.-]+\s+){0,4}?(?:is|are|isn'?t|aren'?t|gets?|has|have|was|were|runs?|goes|fails?|set|unset|redirected|piped|empty|missing|offline|online|expired?|not)\b/

/** A wish with its "it" dropped ("would be nice if search highlighted ..."): read as "it would be nice if ...". */
export const DROPPED_IT = /^(?=(?:would|'d|will) be (?:great|nice|good|better|helpful|cool|awesome|lovely|handy|useful|ideal|amazing)\b)/

/**
 * What a thing of the project must not do ("the CLI shouldn't print colour codes into files", "sync must never
 * upload a note twice"): a wanted behaviour, so a change, whatever the verb.
 */
export const NEGATED_MODAL = /\b(?:shouldn'?t|mustn'?t|shan'?t|(?:should|must|shall)\s+(?:not|never))\s+(?:ever\s+|be\s+|get\s+)?(?=[a-z])/

/** A question with nothing asked ("can we?", "could you?", "shall we?"): only an auxiliary, a person and filler. */
export const EMPTY_ASK = /^(?:(?:so|ok|okay|well|and|but|then|please|pls)\s+)*(?:can|could|would|will|shall|should|may|might|do|does|did)\s+(?:you|we|u|i|it|they|someone|somebody|anyone)(?:\s+(?:please|pls|now|then|too|also|maybe|perhaps|that|this|it|do it|do that|do this))*\s*[.!?]*$/

/** A thing named, then "please" (and nothing else but a statement of why): "reversible migrations pls, we got burned". */
export const NAMED_WANT = /^((?:[a-z0-9][\w'-]*\s+){0,4}[a-z0-9][\w'-]*)\s*,?\s+(?:pls|plz|please|thx)\s*[.!]*(?:[,;]\s*(?:we|i|it|they|this|that|users?|people)\s+(?:got|were|was|had|have|keep|kept|lost|hit|ran)\b.*)?$/
