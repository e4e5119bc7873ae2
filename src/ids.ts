import path from 'node:path'

import {InputError} from './errors.js'

/**
 * Ids that become file or directory names (dag ids, skill slugs, session ids, work item ids...).
 * One letter or digit first, then letters, digits, `_`, `-` or `.`, never `..`, at most 128 characters.
 */
export const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/

/** Returns `id` when it is safe to use as a single path segment, else throws an InputError naming `what`. */
export function validateId(id: string, what = 'id', pattern: RegExp = SAFE_ID): string {
  if (typeof id !== 'string' || !pattern.test(id) || id.includes('..') || id.includes('/') || id.includes('\\')) {
    throw new InputError(`Invalid ${what} ${JSON.stringify(id)}.`, {
      code: 'E_BAD_ID',
      hint: `A ${what} starts with a letter or digit and contains only letters, digits, '_', '-' or '.' (no '..', no slashes).`,
    })
  }
  return id
}

/** Lower-case slug from free text: `"Diff Reviewer!"` -> `"diff-reviewer"`. */
export function slugify(text: string, maxLength = 48): string {
  const slug = text
    .normalize('NFKD')
    .replaceAll(/[\u0300-\u036F]/g, '')
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, '-')
    .replaceAll(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replaceAll(/-+$/g, '')
  return slug || 'item'
}

/**
 * Joins `segments` under `base` and refuses any result that escapes `base`
 * (absolute segments, `..`, symlink-free lexical check).
 */
export function safeJoin(base: string, ...segments: string[]): string {
  const root = path.resolve(base)
  const target = path.resolve(root, ...segments)
  if (target !== root && !target.startsWith(root + path.sep)) {
    throw new InputError(`Path ${JSON.stringify(segments.join('/'))} escapes ${root}.`, {code: 'E_PATH_ESCAPE'})
  }
  return target
}
