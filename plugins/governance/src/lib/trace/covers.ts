import {REQ_ID} from './types.js'

/** Requirement ids named in a Covers value; tokens that look like ids but are malformed are returned apart. */
export function parseCovers(value: string): {ids: string[]; bad: string[]} {
  const ids: string[] = []
  const bad: string[] = []
  for (const m of value.matchAll(/\bREQ-[A-Za-z0-9_-]*/gi)) {
    let token = m[0]
    while (token.endsWith('-') || token.endsWith('_')) token = token.slice(0, -1)
    if (REQ_ID.test(token)) {
      if (!ids.includes(token)) ids.push(token)
    } else bad.push(token)
  }
  return {ids, bad}
}
