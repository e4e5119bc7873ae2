/**
 * Round 23c (issue 22): documentation for people that names no document. "Document how to rotate the API token",
 * "document the env vars the app reads, names only" write prose (the README or the guides are where it goes), and
 * "write a .env.example with placeholder values" writes an example file that documents configuration: neither needs
 * a requirement of its own, as an edit of the README does not. Exposure in them is the policy's to catch (a real value
 * in .env.example is rejected before this is read). The words are data.
 */
import {DOCUMENTING, UI_WORDS} from './forms.js'

/** Example configuration files: they document which settings exist, with placeholders for the values. */
export const EXAMPLE_CONFIG_DOC = /(?<![\w.])\.env\.(?:example|sample|template|dist)\b|(?<![\w.])(?:env|config|settings)\.(?:example|sample|template)(?:\.[a-z]+)?\b|\b(?:example|sample|template)\s+(?:\.env|env|environment|config)\s+files?\b/

/** True when every part of a docs change's target writes prose for people or an example configuration file. */
export function proseForPeople(target: string): boolean {
  const parts = target.split(' ; ').map((p) => p.trim()).filter(Boolean)
  return parts.length > 0 && parts.every((p) => (DOCUMENTING.test(p) || EXAMPLE_CONFIG_DOC.test(p)) && !UI_WORDS.test(p))
}
