import { DashboardMessages, type DashboardErrorCode, type DashboardProblem } from '@atrium/shared/dashboards';
import { DomainError } from '../DomainError.js';

/**
 * A refused dashboards or home call: answered with DashboardMessages'
 * English text, its placeholders filled, and the code 'dashboards.<key>'
 * (statuses: http/domainErrors.ts). A definition refused on save carries
 * every problem at its path (`problems`, answered beside the message).
 */
export class DashboardError extends DomainError {
  constructor(
    readonly dashboardCode: DashboardErrorCode,
    params?: Record<string, string>,
    readonly problems?: readonly DashboardProblem[],
  ) {
    super(fill(DashboardMessages[dashboardCode], params), `dashboards.${dashboardCode}`, params);
    this.name = 'DashboardError';
  }
}

function fill(text: string, params: Record<string, string> | undefined): string {
  return params ? text.replace(/\{(\w+)\}/g, (all, key: string) => (Object.hasOwn(params, key) ? params[key]! : all)) : text;
}
