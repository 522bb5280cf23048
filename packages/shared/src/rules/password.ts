import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '../constants.js';

/**
 * Identifiers of the password rules (docs/behaviour/password-recovery.md#password-rules), in the order they are checked.
 * Each doubles as the i18n key suffix (`password.<rule>`).
 */
export type PasswordRule = 'length' | 'digit' | 'lowercase' | 'uppercase' | 'special' | 'mismatch';

/** English texts of the password rules, exactly as the specification gives them. */
export const PASSWORD_RULE_MESSAGES: Readonly<Record<PasswordRule, string>> = {
  length: 'Password must contain at least eight characters!',
  digit: 'Password must contain at least one number (0-9)!',
  lowercase: 'Password must contain at least one lowercase letter (a-z)!',
  uppercase: 'Password must contain at least one uppercase letter (A-Z)!',
  special: `Password must contain at least one Special Character(${PASSWORD_SPECIAL_CHARACTERS})`,
  mismatch: 'Password mismatch',
};

const checks: ReadonlyArray<readonly [PasswordRule, (password: string) => boolean]> = [
  ['length', (p) => [...p].length >= PASSWORD_MIN_LENGTH],
  ['digit', (p) => /[0-9]/.test(p)],
  ['lowercase', (p) => /[a-z]/.test(p)],
  ['uppercase', (p) => /[A-Z]/.test(p)],
  ['special', (p) => [...p].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c))],
];

/**
 * Checks a new password and its confirmation against the password rules in the
 * specified order and returns the first rule broken, or null when both
 * entries are acceptable. Client and server call this same function.
 */
export function checkNewPassword(password: string, confirmation: string): PasswordRule | null {
  for (const [rule, passes] of checks) {
    if (!passes(password)) return rule;
  }
  return password === confirmation ? null : 'mismatch';
}
