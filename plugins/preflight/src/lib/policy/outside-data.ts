/**
 * The user's data outside the product: their mail, contacts, calendar, messages, browser, files elsewhere on the
 * machine, what they copy or type. A change that reaches into it is a capability no requirement of the product
 * covers, whatever word it shares with one ("make search also look through the user's email inbox" shares
 * "search" with the search requirement): it needs a requirement of its own, so the gate asks (`clarify.outside_data`).
 * The places are data: adding one is adding a phrase to the list.
 */

/** Whose data: the user's, their, people's. */
const OWNER = "(?:\\b(?:the\\s+)?(?:user'?s'?|users'|their|his|her|people'?s|customers'?|customer's|everyone's|each\\s+user's)\\s+)"

/** The user's places outside the product (not "the user's email address", which the product keeps). */
export const OUTSIDE_PLACES = [
  'e-?mail inbox(?:es)?', 'inbox(?:es)?', 'mailbox(?:es)?', 'e-?mails', 'mail', 'contacts?(?: list)?', 'address books?', 'calendars?', 'text messages', 'sms(?: messages)?',
  'slack(?: messages| workspace)?', 'whatsapp(?: messages)?', 'teams messages', 'chats?(?: history)?', 'dms', 'direct messages', 'browser(?: history| bookmarks| tabs| cookies)?',
  'bookmarks', 'browsing history', 'search history', 'photos?(?: library)?', 'camera roll', 'gallery', 'location', 'gps', 'other files', 'files on (?:the|their|his|her) (?:machine|computer|disk|laptop)', 'whole (?:disk|drive|machine)', 'clipboard(?: history)?',
  'keystrokes', 'microphone', 'webcam', 'other apps?', 'social media(?: accounts?)?', 'google drive', 'dropbox', 'onedrive', 'icloud', 'shell history',
  'ssh (?:config|keys?)', 'password manager', 'keychain',
]

const PLACE = `(?:${OUTSIDE_PLACES.join('|').replaceAll(' ', '\\s+')})`

/** The user's own folders, which the product may write to ("export to the user's Documents folder"): outside only when read. */
const FOLDERS = "(?:home\\s+(?:directory|folder)|documents(?:\\s+folder)?|desktop|downloads(?:\\s+folder)?)"
const READING = '\\b(?:search(?:es|ing)?|scan(?:s|ning)?|index(?:es|ing)?|crawl(?:s|ing)?|look(?:s|ing)?\\s+(?:through|at|in)|read(?:s|ing)?|include(?:s)?|watch(?:es|ing)?|upload(?:s|ing)?|sync(?:s|ing)?)\\b'

/** A negation before it makes it a safeguard ("search must never look at the user's inbox"). */
const NOT_NEGATED = "(?<!\\b(?:never|not|no|without|nothing|don'?t|doesn'?t|won'?t|mustn'?t|shouldn'?t|avoid|stop|prevent)\\b[^.;!?]{0,40})"

/**
 * The user's data outside the product named in a change: "the user's email inbox", "their address book", "the
 * user's Documents folder"; or watched without an owner ("watch the clipboard in the background").
 */
export const OUTSIDE_USER_DATA = new RegExp(
  `${NOT_NEGATED}${OWNER}(?:[\\w-]+\\s+)?${PLACE}\\b(?!\\s+(?:address|addresses|field|fields|setting|settings|preference|preferences|column|format|validation)\\b)|${NOT_NEGATED}\\b(?:watch(?:es|ing)?|monitor(?:s|ing)?|track(?:s|ing)?|record(?:s|ing)?|log(?:s|ging)?|capture(?:s|ing)?|read(?:s|ing)?|scan(?:s|ning)?|index(?:es|ing)?)\\s+(?:the\\s+|all\\s+(?:the\\s+)?)?(?:clipboard|keystrokes|microphone|webcam|browser\\s+history|location)\\b|${NOT_NEGATED}${READING}[^.;!?]{0,40}?${OWNER}(?:[\\w-]+\\s+)?${FOLDERS}\\b`,
)
