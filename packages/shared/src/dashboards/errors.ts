/**
 * The refusals of the dashboards and home calls (code `dashboards.<key>`;
 * the client translates the code with `params`):
 * docs/behaviour/dashboards.md#sharing-and-rights. A dashboard the caller
 * may not see is `notFound`, exactly as one that does not exist.
 */
export const DashboardMessages = {
  notFound: 'Dashboard not found',
  noOrganisation: 'Dashboards belong to an organisation: choose one first',
  forbidden: 'Only the owner of this dashboard or an administrator of the organisation may change it',
  conflict: 'This dashboard was changed meanwhile (now version {version}). Reload it to see the change, then make yours again.',
  invalid: 'The dashboard cannot be saved: {problems}',
  notYourHome: 'You may read only your own home',
  notifyNotMember: 'The person to be given a task when {widget} turns red is not a member of this organisation',
  notifyUnknownRole: 'No application {app} of this organisation has a role {role}',
  notifyCannotSee: 'Whoever is given a task when {widget} turns red must be able to open this dashboard: share it with them first',
} as const;
export type DashboardErrorCode = keyof typeof DashboardMessages;

/** One problem of a dashboard's definition, at its path (`widgets.2.query.dataset`). */
export interface DashboardProblem {
  path: string;
  message: string;
}
