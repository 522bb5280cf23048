/** A service desk application with a dataset over its tickets, and the dataset calls of one signed-in user. */
import type { AppDeclarationInput } from '@atrium/shared/apps';
import type { DatasetInfo, DatasetQueryInput, DatasetResult } from '@atrium/shared/dashboards';
import type { LightMyRequestResponse } from 'fastify';
import { bearer } from './http.js';
import { data } from './records.js';
import type { TestApp } from './testApp.js';

const label = (en: string) => ({ en_EN: en });

/**
 * Tickets of a service desk: everyone works on their own (the cost hidden);
 * managers read their reports'; leads do everything on all; auditors read
 * the mail service's tickets (the cost hidden). The dataset `tickets`
 * groups by every kind of dimension and measures with every operation.
 */
export function deskDeclaration(): AppDeclarationInput {
  return {
    name: 'Desk',
    version: '1.0.0',
    label: label('Desk'),
    category: 'organization',
    roles: { manager: { label: label('Manager') }, lead: { label: label('Lead') }, auditor: { label: label('Auditor') } },
    entities: {
      ticket: {
        label: label('Ticket'),
        pluralLabel: label('Tickets'),
        naming: { series: 'T-{#####}' },
        titleField: 'subject',
        ownerField: 'agent',
        fields: {
          subject: { type: 'text', label: label('Subject'), required: true },
          service: { type: 'choice', label: label('Service'), choices: [{ value: 'mail', label: label('Mail'), colour: 'blue' }, { value: 'web', label: label('Web') }, { value: 'phone', label: label('Phone') }] },
          opened: { type: 'datetime', label: label('Opened') },
          due: { type: 'date', label: label('Due') },
          hours: { type: 'number', label: label('Hours') },
          cost: { type: 'decimal', label: label('Cost'), currency: 'EUR' },
          urgent: { type: 'boolean', label: label('Urgent') },
          agent: { type: 'user', label: label('Agent'), default: 'me' },
          team: { type: 'link', label: label('Team'), entity: 'team' },
          stars: { type: 'rating', label: label('Stars') },
        },
        rights: {
          everyone: { actions: ['read', 'create', 'update', 'delete'], scope: 'own', hiddenFields: ['cost'] },
          manager: { actions: ['read'], scope: 'reports', hiddenFields: ['cost'] },
          lead: { actions: ['read', 'create', 'update', 'delete', 'import'], scope: 'organisation' },
          auditor: { actions: ['read'], scope: { where: { field: 'service', op: 'eq', value: 'mail' } }, hiddenFields: ['cost'] },
        },
      },
      team: {
        label: label('Team'),
        pluralLabel: label('Teams'),
        naming: { field: 'code' },
        titleField: 'title',
        fields: { code: { type: 'text', label: label('Code'), required: true, unique: true }, title: { type: 'text', label: label('Title'), required: true } },
        rights: { everyone: { actions: ['read'] }, lead: { actions: ['read', 'create', 'update', 'delete'] } },
      },
      budget: {
        label: label('Budget'),
        pluralLabel: label('Budgets'),
        naming: { series: 'B-{#####}' },
        titleField: 'title',
        fields: { title: { type: 'text', label: label('Title'), required: true }, amount: { type: 'number', label: label('Amount') } },
        rights: { lead: { actions: ['read', 'create'] } },
      },
    },
    datasets: {
      budgets: {
        label: label('Budgets'),
        entity: 'budget',
        dimensions: { title: { label: label('Title'), field: 'title' } },
        measures: { amount: { label: label('Amount'), op: 'sum', field: 'amount' } },
      },
      tickets: {
        label: label('Tickets'),
        entity: 'ticket',
        time: 'opened',
        dimensions: {
          service: { label: label('Service'), field: 'service' },
          year: { label: label('Year'), field: 'opened', part: 'year' },
          quarter: { label: label('Quarter'), field: 'opened', part: 'quarter' },
          month: { label: label('Month'), field: 'opened', part: 'month' },
          week: { label: label('Week'), field: 'opened', part: 'week' },
          day: { label: label('Day'), field: 'opened', part: 'day' },
          dueMonth: { label: label('Due'), field: 'due', part: 'month' },
          urgent: { label: label('Urgent'), field: 'urgent' },
          agent: { label: label('Agent'), field: 'agent' },
          owner: { label: label('Owner'), field: 'owner' },
          team: { label: label('Team'), field: 'team' },
          stars: { label: label('Stars'), field: 'stars' },
          subject: { label: label('Subject'), field: 'subject' },
          created: { label: label('Created'), field: 'createdAt', part: 'month' },
        },
        measures: {
          count: { label: label('Tickets'), op: 'count' },
          hours: { label: label('Hours'), op: 'sum', field: 'hours' },
          avgHours: { label: label('Average hours'), op: 'avg', field: 'hours', decimals: 1 },
          minHours: { label: label('Least hours'), op: 'min', field: 'hours' },
          maxHours: { label: label('Most hours'), op: 'max', field: 'hours' },
          cost: { label: label('Cost'), op: 'sum', field: 'cost' },
          agents: { label: label('Agents'), op: 'distinct', field: 'agent' },
          hoursPerTicket: { label: label('Hours per ticket'), ratio: { numerator: 'hours', denominator: 'count' } },
          costPerHour: { label: label('Cost per hour'), ratio: { numerator: 'cost', denominator: 'hours' }, percent: true },
        },
        hierarchies: { time: { label: label('Time'), levels: ['year', 'quarter', 'month'] } },
      },
    },
  };
}

/** The dataset calls of one signed-in user, in-process. */
export class DatasetsApi {
  constructor(
    private readonly t: TestApp,
    readonly jwt: string,
  ) {}

  request(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<LightMyRequestResponse> {
    return this.t.app.inject({ method, url: `${this.t.config.apiPrefix}/${path}`, headers: bearer(this.jwt), ...(payload === undefined ? {} : { payload: payload as object }) });
  }

  ask(query: DatasetQueryInput | Record<string, unknown>): Promise<LightMyRequestResponse> {
    return this.request('POST', 'datasets/query', query);
  }

  async query(query: Omit<DatasetQueryInput, 'app' | 'dataset'> & { app?: string; dataset?: string }): Promise<DatasetResult> {
    return data<DatasetResult>(await this.ask({ app: 'Desk', dataset: 'tickets', ...query }), 200);
  }

  async datasets(app?: string): Promise<DatasetInfo[]> {
    return data<{ datasets: DatasetInfo[] }>(await this.request('GET', `datasets${app === undefined ? '' : `?app=${encodeURIComponent(app)}`}`), 200).datasets;
  }
}
