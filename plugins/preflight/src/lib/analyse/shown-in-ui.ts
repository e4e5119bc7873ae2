/**
 * Round 24b (issue 22, scope on incidental shared words): "show the app version side by side with the build date in
 * the about box" is no request to be shown something. "Show" and "display" read as asking for an answer ("show the
 * failing tests"), but with a place of the product's interface as where the thing is shown (the about box, the
 * sidebar, the status bar, the splash screen) they ask the product to show it: a change of its interface, scoped like
 * any other change. "show me ...", "show us ..." stay read-only. The places are data.
 */
import type {ClauseAnalysis} from './intent.js'

/** Places of a product's interface where a thing can be shown. */
export const UI_PLACES = ['about box', 'about dialog', 'about screen', 'about page', 'sidebar', 'side bar', 'status bar', 'statusbar', 'toolbar', 'title bar', 'menu bar', 'splash screen', 'settings page', 'settings screen', 'home screen', 'start screen', 'main window', 'tray', 'footer', 'header bar', 'banner', 'tooltip', 'toast', 'badge', 'welcome screen']

/** "show|display <thing> ... in|on|at|inside <the> [word] <UI place>": the product showing a thing in its interface. */
export const SHOWN_IN_UI = new RegExp(
  String.raw`^(?:(?:please|pls|also|and|then)[,]?\s+)*(?:show|display|surface)\s+(?!(?:me|us|them|him|her)\b)(?:[\w'’./-]+\s+){1,12}?(?:in|on|at|inside|within|under|into)\s+(?:the\s+|a\s+|an\s+|our\s+|its\s+)?(?:[\w-]+\s+)?(?:${UI_PLACES.map((p) => p.replace(' ', String.raw`\s+`)).join('|')})\b`,
)

/** Rereads read-only instructions that ask the product to show a thing in a place of its interface as changes. */
export function markShownInUi(clauses: ClauseAnalysis[]): void {
  for (const [i, c] of clauses.entries()) {
    if (c.question || c.intent !== 'read_only') continue
    const text = c.text.trim().toLowerCase()
    if (/\b(?:show|display|surface)\s/.test(text) && SHOWN_IN_UI.test(text)) clauses[i] = {...c, intent: 'change', via: 'phrase', cue: 'show (in a place of the interface)'}
  }
}
