/**
 * Role names (docs/behaviour/roles.md#names): a small slug of lower-case
 * letters, digits and single hyphens, starting with a letter, at most 40
 * characters, e.g. `manager`, `auditor`, `lead-auditor`.
 */
export const ROLE_NAME_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export const ROLE_NAME_MAX = 40;

/** Why a role name is refused, in the operator's words, or null when it is a valid one. */
export function roleNameProblem(name: string): string | null {
  if (name.length === 0) return 'a role name cannot be empty';
  if (name.length > ROLE_NAME_MAX) return `a role name has at most ${ROLE_NAME_MAX} characters`;
  if (!ROLE_NAME_PATTERN.test(name)) return 'a role name is lower-case letters, digits and single hyphens, starting with a letter (e.g. lead-auditor)';
  return null;
}
