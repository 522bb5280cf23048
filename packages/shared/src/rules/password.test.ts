import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASSWORD_SPECIAL_CHARACTERS } from '../constants.js';
import { checkNewPassword, PASSWORD_RULE_MESSAGES } from './password.js';

const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');
const special = fc.constantFrom(...PASSWORD_SPECIAL_CHARACTERS);
/** Characters that satisfy none of the character-class rules. */
const neutral = fc.constantFrom(...'ÀéßżΩ_ ~`"[]{}\\/');

/** A password that satisfies every rule, built from one of each class plus filler. */
const validPassword = fc
  .tuple(lower, upper, digit, special, fc.array(fc.oneof(lower, upper, digit, special, neutral), { minLength: 4, maxLength: 40 }))
  .chain(([a, b, c, d, rest]) => fc.shuffledSubarray([a, b, c, d, ...rest], { minLength: 4 + rest.length }))
  .map((chars) => chars.join(''));

describe('checkNewPassword', () => {
  it('accepts any password that has eight characters, a digit, both cases and a special character when both entries match', () => {
    fc.assert(fc.property(validPassword, (p) => checkNewPassword(p, p) === null));
  });

  it('reports the length rule first for anything shorter than eight characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 7, unit: 'grapheme-ascii' }), fc.string(), (p, confirm) => checkNewPassword(p, confirm) === 'length'),
    );
  });

  it('reports a missing digit before any later rule', () => {
    const noDigit = fc.string({ minLength: 8, maxLength: 30, unit: fc.oneof(lower, upper, special, neutral) });
    fc.assert(fc.property(noDigit, (p) => checkNewPassword(p, p) === 'digit'));
  });

  it('reports a missing lowercase letter when length and digit pass', () => {
    const p = fc.tuple(digit, fc.string({ minLength: 8, maxLength: 30, unit: fc.oneof(upper, special, digit) })).map(([d, s]) => d + s);
    fc.assert(fc.property(p, (pw) => checkNewPassword(pw, pw) === 'lowercase'));
  });

  it('reports a missing uppercase letter when length, digit and lowercase pass', () => {
    const p = fc.tuple(digit, lower, fc.string({ minLength: 8, maxLength: 30, unit: fc.oneof(lower, special, digit) })).map(([d, l, s]) => d + l + s);
    fc.assert(fc.property(p, (pw) => checkNewPassword(pw, pw) === 'uppercase'));
  });

  it('reports a missing special character when every other class is present', () => {
    const p = fc.tuple(digit, lower, upper, fc.string({ minLength: 8, maxLength: 30, unit: fc.oneof(lower, upper, digit, neutral) })).map((parts) => parts.join(''));
    fc.assert(fc.property(p, (pw) => checkNewPassword(pw, pw) === 'special'));
  });

  it('reports a mismatch only once the first entry is acceptable', () => {
    fc.assert(
      fc.property(validPassword, fc.string(), (p, other) => {
        fc.pre(other !== p);
        return checkNewPassword(p, other) === 'mismatch';
      }),
    );
    expect(checkNewPassword('short', 'different')).toBe('length');
  });

  it('has the exact texts of the specification', () => {
    expect(PASSWORD_RULE_MESSAGES.length).toBe('Password must contain at least eight characters!');
    expect(PASSWORD_RULE_MESSAGES.special).toBe("Password must contain at least one Special Character($&+,:;=?@#|'<>.-^*()%!)");
    expect(PASSWORD_RULE_MESSAGES.mismatch).toBe('Password mismatch');
  });
});
