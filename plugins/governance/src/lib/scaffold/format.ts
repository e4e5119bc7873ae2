/** Small escaping helpers for the values the templates embed in YAML, TOML, JSON and shell. */

const YAML_RESERVED = new Set(['true', 'false', 'yes', 'no', 'on', 'off', 'null', 'y', 'n'])

/** A YAML scalar: plain when unambiguous (starts with a letter, no special characters), else double-quoted. */
export function yamlScalar(value: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_./ ()+-]*$/.test(value) && !value.endsWith(' ') && !YAML_RESERVED.has(value.toLowerCase())) return value
  return JSON.stringify(value)
}

/** A YAML flow sequence: `[a, "b c"]`. */
export function yamlFlowList(values: readonly string[]): string {
  return `[${values.map((v) => yamlScalar(v)).join(', ')}]`
}

/** The inside of a JSON string literal (TOML basic strings use the same escapes for what we embed). */
export function jsonStringBody(value: string): string {
  return JSON.stringify(value).slice(1, -1)
}

/** Single-quoted for POSIX sh. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`
}

/** `my-app`, `My App` -> `my_app` (a Python package / C identifier); never empty, never starts with a digit. */
export function identifierOf(name: string): string {
  let id = name
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, '_')
    .replaceAll(/^_+|_+$/g, '')
  if (id === '') id = 'app'
  if (/^\d/.test(id)) id = `p_${id}`
  return id
}

/** `my_app` -> `MY_APP`: the component part of requirement ids (`REQ-MY_APP-001`). */
export function componentIdOf(name: string): string {
  return identifierOf(name).toUpperCase().replace(/^P_/, 'P')
}

/** An npm package name from a project name. */
export function npmNameOf(name: string): string {
  const n = name
    .toLowerCase()
    .replaceAll(/[^a-z0-9._-]+/g, '-')
    .replaceAll(/^[._-]+|-+$/g, '')
  return n || 'app'
}
