import {parseYaml} from 'govtool/core'

/** A SKILL.md split into its YAML front matter and Markdown body. */
export interface SkillDocument {
  /** the parsed front matter (a mapping), or undefined when the file has none */
  data?: Record<string, unknown>
  /** why the front matter could not be read, when it could not */
  error?: string
  /** 1-based line where the body starts */
  bodyLine: number
  body: string
}

/**
 * Splits `text` into front matter and body. The file must start with a `---` line and the front matter
 * ends at the next `---` line (the open Agent Skills format). Never throws: problems land in `error`.
 */
export function parseSkillMd(text: string, file = 'SKILL.md'): SkillDocument {
  const normalized = text.replace(/^\uFEFF/, '').replaceAll('\r\n', '\n')
  const lines = normalized.split('\n')
  if (lines[0]?.trim() !== '---') return {error: 'does not start with a --- front matter line', bodyLine: 1, body: normalized}
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === '---')
  if (end === -1) return {error: 'front matter is not closed by a --- line', bodyLine: 1, body: normalized}
  const yamlText = lines.slice(1, end).join('\n')
  const body = lines.slice(end + 1).join('\n')
  let data: unknown
  try {
    data = parseYaml(yamlText, file).data
  } catch (error) {
    return {error: `front matter is not valid YAML: ${(error as Error).message.replace(/^.*?invalid YAML: /, '')}`, bodyLine: end + 2, body}
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return {error: 'front matter is not a mapping of fields', bodyLine: end + 2, body}
  return {data: data as Record<string, unknown>, bodyLine: end + 2, body}
}

/** A YAML scalar: plain when unambiguous, else double-quoted (JSON escapes are valid YAML). */
export function yamlScalar(value: string): string {
  const plain = /^[A-Za-z0-9][A-Za-z0-9 _.,()/'+-]*$/.test(value) && !/\s$/.test(value) && !/^(true|false|null|yes|no|on|off|~|[-+]?\d[\d._]*)$/i.test(value)
  return plain ? value : JSON.stringify(value)
}

/** Renders a SKILL.md: front matter with `name`, `description`, optional `allowed-tools`, then the body. */
export function renderSkillMd(fields: {name: string; description: string; allowedTools?: readonly string[]}, body: string): string {
  const head = ['---', `name: ${yamlScalar(fields.name)}`, `description: ${yamlScalar(fields.description)}`]
  if (fields.allowedTools && fields.allowedTools.length > 0) head.push(`allowed-tools: ${yamlScalar(fields.allowedTools.join(' '))}`)
  head.push('---', '')
  return head.join('\n') + body.replace(/^\n+/, '').replace(/\s*$/, '\n')
}
