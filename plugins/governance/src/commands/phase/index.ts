import PhaseShow from './show.js'

/** `govtool phase` is `govtool phase show`. */
export default class Phase extends PhaseShow {
  static override summary = 'Show the current AEE phase and its checklist (same as "phase show").'
  static override examples = ['<%= config.bin %> phase', '<%= config.bin %> phase --json']
}
