/**
 * Round 18b (issue 22): a need for a test or a document stated by its writer ("we need a test that checks the notes file
 * on disk isn't readable plaintext", "I need a unit test for the reset link expiry", "we'd like a section on tags in the
 * README") asks for that test or document: a change, whose kind (test, docs) its noun gives. A need for anything else
 * ("we need a trash bin") is left to the other forms. The kinds and the nouns are data.
 */

/** Kinds of test or document before the noun. */
export const ARTIFACT_KINDS = ['unit', 'integration', 'regression', 'e2e', 'end-to-end', 'snapshot', 'small', 'quick', 'proper', 'short', 'new', 'separate', 'dedicated', 'failing']

/** The artifacts a need asks for. */
export const ARTIFACTS = ['test', 'tests', 'test case', 'test cases', 'doc', 'docs', 'documentation', 'section', 'page', 'paragraph', 'guide', 'how-to']

const alt = (words: readonly string[]) => words.map((w) => w.replaceAll(' ', '\\s+')).join('|')

/** "we need a test that ...": the needer, the need, one artifact, and what it is for. */
export const NEEDED_ARTIFACT = new RegExp(
  `^(?:(?:so|ok|okay|also|and|but|then|honestly|really)[,]?\\s+)*(?:we|i|you|they|the\\s+team|our\\s+team)\\s+(?:really\\s+|still\\s+|also\\s+|definitely\\s+|probably\\s+)?(?:need|want|would\\s+like|'d\\s+like|require)\\s+(?:a|an|some|more|another|one\\s+more)\\s+(?:(?:${alt(ARTIFACT_KINDS)})\\s+){0,2}(?:${alt(ARTIFACTS)})\\s+(?=(?:for|that|which|covering|checking|to|about|on|where|of|proving|showing|asserting)\\b)`,
  'i',
)
