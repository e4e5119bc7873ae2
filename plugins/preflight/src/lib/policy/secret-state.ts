/**
 * A secret named as the subject of a failed or spent state (round 22b): "print 'invalid credentials' when the
 * password is wrong", "exit 4 if the session token has expired", "show an error when the key was rejected". The
 * sentence is about an event of the program (a wrong password typed, a token run out), not about a secret's value:
 * the exposure rules must not read "the password" as what is printed, and the fail-safe for changes that name a
 * secret must not either. Only a state after the secret counts ("is wrong", "has expired"); the secret as an object
 * ("print the password when it is wrong") is still read as before.
 */

const SECRET_NOUN = "(?:passwords?|passphrases?|passcodes?|pins?|tokens?|credentials?|creds|api[ -]?keys?|keys?)"

/** The failed or spent states ("wrong", "has expired", "was not accepted"). */
const STATE =
  '(?:wrong|incorrect|invalid|mistyped|expired|rejected|revoked|too\\s+(?:short|weak|long)|not\\s+(?:accepted|recogni[sz]ed|valid|correct|right))'

/** The verb that links a secret to its state ("is", "has been", "turns out to be"). */
const LINK = "(?:(?:is|was|are|were|has\\s+been|have\\s+been|had\\s+been|gets?|got|turns?\\s+out\\s+(?:to\\s+be\\s+)?|becomes?|seems?|'s)\\s+)"

/** The secret and its state, as a phrase to set aside before asking whether a secret is named. */
export const SECRET_STATE_SOURCE = `\\b(?:(?:a|an|the|their|his|her|your|my|its|our)\\s+(?:[\\w'-]+\\s+)?)?${SECRET_NOUN}\\s+(?:${LINK}(?:still\\s+|already\\s+)?${STATE}|(?:has|have|had)\\s+(?:already\\s+)?expired|expires?|expiring)\\b`

/** What follows a hit that ends on a secret when the secret is the subject of such a state ("... the password" + " is wrong"). */
export const STATE_AFTER = new RegExp(`^\\s+${LINK}(?:still\\s+|already\\s+)?${STATE}\\b|^\\s+(?:has|have|had)\\s+(?:already\\s+)?expired\\b|^\\s+expires?\\b`)

/** True when the text after a hit says the secret it ends on is wrong, rejected or expired. */
export function secretInFailedState(after: string): boolean {
  return STATE_AFTER.test(after)
}
