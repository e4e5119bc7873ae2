import {statSync} from 'node:fs'

/**
 * A file's identity for cache validation: modification time (ns), size and inode, or `-` when it does not
 * exist. An edit, an atomic replace (new inode), a creation or a removal changes it; reading does not.
 */
export function fileSignature(file: string): string {
  let st
  try {
    st = statSync(file, {bigint: true, throwIfNoEntry: false})
  } catch (error) {
    // a path through a file that is not a directory (`.git/config` where `.git` is a worktree's file) names nothing
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return '-'
    throw error
  }
  return st ? `${st.mtimeNs}:${st.size}:${st.ino}` : '-'
}
