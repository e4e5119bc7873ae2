/** A skill of the built-in catalog: front matter fields plus the Markdown body of its SKILL.md. */
export interface CatalogSkill {
  /** the slug: directory name and front matter `name` */
  slug: string
  title: string
  /** front matter `description`: what the skill does and when to use it */
  description: string
  /** front matter `allowed-tools` (space-delimited in the file) */
  allowed_tools: string[]
  tags: string[]
  body: string
}
