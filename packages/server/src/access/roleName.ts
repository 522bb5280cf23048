/** The role name rule lives in shared, where declared applications' roles follow it too. */
export { ROLE_NAME_MAX, ROLE_NAME_PATTERN, roleNameProblem } from '@atrium/shared';
