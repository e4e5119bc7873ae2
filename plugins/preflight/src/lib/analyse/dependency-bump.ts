/**
 * Round 29d (issue 22, scope found on one incidental shared word): "bump the markdown-it dependency to the latest
 * minor version" moves a dependency, it releases nothing. A bump is a release when what is bumped is the project's
 * own version ("bump the version to 2.1.0", "bump to v2"); the word "version" later in the object only says to which
 * version a named dependency goes. What it reads: the bumped thing, the object before its first "to". A dependency
 * noun there ("dependency", "package", "library", "sdk") or a package-like name ("markdown-it", "date-fns",
 * "@types/node") makes the bump a change. What it leaves alone: "bump the version", "bump the app version to 2.0",
 * "bump the package.json version" (the thing bumped is a version), which stay releases.
 */

/** Nouns that name a dependency as the thing bumped. */
export const DEPENDENCY_NOUNS = ['dependency', 'dependencies', 'dependancy', 'dependancies', 'dep', 'deps', 'package', 'packages', 'library', 'libraries', 'lib', 'libs', 'module', 'modules', 'sdk', 'plugin', 'plugins', 'crate', 'gem']

const DEPENDENCY = new RegExp(String.raw`\b(?:${DEPENDENCY_NOUNS.join('|')})\b(?!\.json)`)
/** A package-like name: a hyphenated or dotted lower-case name, or a scoped one ("@types/node"). */
const PACKAGE_NAME = /(?:^|\s)(?:@[a-z0-9-]+\/[a-z0-9.-]+|[a-z][a-z0-9]*(?:[-.][a-z0-9]+)+)(?=\s|$)/

/** The bump's object (after the verb) names a dependency before its first "to" and is no version of the project's own. */
export function bumpsDependency(object: string): boolean {
  const bumped = object.trim().split(/\s+to\s+/)[0]
  if (!bumped.includes('-') && !bumped.includes('.') && !bumped.includes('@') && !/\b(?:dep|pack|lib|mod|sdk|plug|crate|gem)/.test(bumped)) return false
  // "bump the version", "bump the app version": the thing bumped is a version
  if (/\bversion\s*$/.test(bumped.replace(/\s+(?:number|string)\s*$/, ''))) return false
  return DEPENDENCY.test(bumped) || PACKAGE_NAME.test(bumped.replace(/\bpackage\.json\b/g, ' '))
}
