/**
 * Round 19b (issue 22): requirements pasted in the forms teams write them in. A user story ("As a user, I want a wrong
 * password to exit 1, so that scripts can tell") and a Given/When/Then scenario ("Given a session idle for 31 minutes,
 * when the user runs a command, then it exits 4") state behaviour the program is to have: a change of it, whatever
 * verb sits inside (a story's "I want ... to print" is no request to print). A story that only wants to know or see
 * something ("As a reviewer, I want to know how approvals work") stays what it asks.
 */

/** "As a <role>, I want/need/would like ...": the story's wish, not a question about the role. */
export const USER_STORY = /^(?:user\s+story\s*:\s*)?as\s+(?:a|an|the|one)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+\s*,?\s+i\s+(?:want|need|would\s+like|'d\s+like|wish|expect)\s+(?!to\s+(?:know|understand|see|learn|find\s+out|ask|check)\b)/

/** A scenario: "Given ..., when ..., then ..." (Gherkin), possibly led by "Scenario:" or "AC:". */
export const SCENARIO = /^(?:(?:scenario|ac|acceptance\s+criteria?)\s*:\s*)?given\s+.+?\bwhen\s+.+?\bthen\b/

/** The form a pasted requirement takes in the whole request, if any. */
export function storyForm(lower: string): 'user story' | 'given/when/then' | undefined {
  const text = lower.trim()
  if (USER_STORY.test(text)) return 'user story'
  if (SCENARIO.test(text)) return 'given/when/then'
  return undefined
}

/** Round 19b: in a user story or a scenario, each statement that is no question is the change it states. */
export function markStory<C extends {intent: string; question: boolean; via: string; cue?: string}>(clauses: C[], lower: string): void {
  const story = storyForm(lower)
  if (story) for (const [i, c] of clauses.entries()) if (!c.question && (c.intent === 'read_only' || c.intent === 'unclear') && c.via !== 'vague') clauses[i] = {...c, intent: 'change', via: 'wish', cue: story}
}
