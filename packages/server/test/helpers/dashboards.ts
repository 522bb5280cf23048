/** A small declared application with a dataset, and the dashboards calls of one signed-in user, in-process. */
import type { AppDeclarationInput } from '@atrium/shared/apps';
import type { DashboardDefinitionInput } from '@atrium/shared/dashboards';
import type { LightMyRequestResponse } from 'fastify';
import { bearer } from './http.js';
import type { TestApp } from './testApp.js';

const label = (en: string) => ({ en_EN: en });
const choices = (...values: string[]) => values.map((value) => ({ value, label: label(value) }));

/** Incidents of services, with a dataset by service, severity and month; `analyst` reads everything. */
export const OPS_DECLARATION: AppDeclarationInput = {
  name: 'Ops',
  version: '1.0.0',
  label: label('Ops'),
  category: 'operational intelligence',
  roles: { analyst: { label: label('Analyst') } },
  entities: {
    incident: {
      label: label('Incident'),
      pluralLabel: label('Incidents'),
      naming: { series: 'INC-{#####}' },
      titleField: 'title',
      fields: {
        title: { type: 'text', label: label('Title'), required: true },
        service: { type: 'choice', label: label('Service'), choices: choices('web', 'mail', 'vpn') },
        severity: { type: 'choice', label: label('Severity'), choices: choices('sev1', 'sev2', 'sev3') },
        reported: { type: 'date', label: label('Reported') },
        minutes: { type: 'number', label: label('Minutes') },
      },
      rights: { everyone: { actions: ['read', 'create'] }, analyst: { actions: ['read', 'create', 'update', 'delete'] } },
    },
  },
  datasets: {
    incidents: {
      label: label('Incidents'),
      entity: 'incident',
      dimensions: { service: { label: label('Service'), field: 'service' }, severity: { label: label('Severity'), field: 'severity' }, month: { label: label('Month'), field: 'reported', part: 'month' } },
      measures: { count: { label: label('Incidents'), op: 'count' }, minutes: { label: label('Minutes'), op: 'avg', field: 'minutes' } },
      time: 'reported',
    },
  },
};

/** A dashboard over OPS_DECLARATION's dataset: incidents by service, drilling to their severities. */
export function opsDashboard(title = 'Operations'): DashboardDefinitionInput {
  const query = (dimensions: string[], measures = ['count']) => ({ app: 'Ops', dataset: 'incidents', dimensions, measures });
  return {
    title,
    widgets: [
      { id: 'byService', kind: 'bar', title: 'By service', query: query(['service']), drilldown: { target: 'widget', nextWidgetId: 'bySeverity', filter: [{ dimension: 'service', op: 'eq', value: '{service}' }] }, position: { x: 0, y: 0, w: 6, h: 3 } },
      { id: 'bySeverity', kind: 'pie', title: 'By severity', query: query(['severity']) },
      { id: 'total', kind: 'kpi', title: 'Total', query: query([]), threshold: { red: 50, yellow: 20, higherIsBetter: false }, position: { x: 6, y: 0, w: 3, h: 2 } },
    ],
  };
}

/** The dashboards calls of one signed-in user. */
export class DashboardsApi {
  constructor(
    private readonly t: TestApp,
    readonly jwt: string,
  ) {}

  request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown): Promise<LightMyRequestResponse> {
    return this.t.app.inject({ method, url: `${this.t.config.apiPrefix}/${path}`, headers: bearer(this.jwt), ...(payload === undefined ? {} : { payload: payload as object }) });
  }

  list(): Promise<LightMyRequestResponse> {
    return this.request('GET', 'dashboards');
  }

  get(uuid: string): Promise<LightMyRequestResponse> {
    return this.request('GET', `dashboards/${uuid}`);
  }

  create(body: unknown): Promise<LightMyRequestResponse> {
    return this.request('POST', 'dashboards', body);
  }

  update(uuid: string, body: unknown): Promise<LightMyRequestResponse> {
    return this.request('PUT', `dashboards/${uuid}`, body);
  }

  remove(uuid: string): Promise<LightMyRequestResponse> {
    return this.request('DELETE', `dashboards/${uuid}`);
  }

  home(userId: string): Promise<LightMyRequestResponse> {
    return this.request('GET', `profile/user/${userId}`);
  }
}
