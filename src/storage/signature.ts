import {statSync} from 'node:fs'

/**
 * A file's identity for cache validation: modification time (ns), size and inode, or `-` when it does not
 * exist. An edit, an atomic replace (new inode), a creation or a removal changes it; reading does not.
 */
export function fileSignature(file: string): string {
  const st = statSync(file, {bigint: true, throwIfNoEntry: false})
  return st ? `${st.mtimeNs}:${st.size}:${st.ino}` : '-'
}
