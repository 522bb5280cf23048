/** A small declared application installed through the stores, and calls of the records API for one signed-in user. */
import { DECLARED_APP_TYPE } from '@atrium/shared';
import { AppDeclaration, type AppDeclarationInput, type RecordDetail, type RecordPage, type RecordQueryInput, type TimelineEntry } from '@atrium/shared/apps';
import type { LightMyRequestResponse } from 'fastify';
import type { AppRecord } from '../../src/apps/AppStore.js';
import type { Stores } from '../../src/stores.js';
import { bearer } from './http.js';
import type { TestApp } from './testApp.js';

const label = (en: string) => ({ en_EN: en });

/**
 * Leave requests: the series LR-{YYYY}-{#####}; everyone reads, creates,
 * updates and comments on their own (salary hidden, approved read-only);
 * managers read, update, delete and comment on their reports'; hr does
 * everything on every request. Teams are named by their code.
 */
export const LEAVE_DECLARATION: AppDeclarationInput = {
  name: 'Leave',
  version: '1.0.0',
  label: label('Leave'),
  category: 'employee center',
  roles: { manager: { label: label('Manager') }, hr: { label: label('HR') } },
  entities: {
    request: {
      label: label('Leave request'),
      pluralLabel: label('Leave requests'),
      naming: { series: 'LR-{YYYY}-{#####}' },
      titleField: 'subject',
      ownerField: 'employee',
      searchFields: ['kind', 'note'],
      colour: { red: { field: 'kind', op: 'eq', value: 'sick' } },
      fields: {
        subject: { type: 'text', label: label('Subject'), required: true },
        employee: { type: 'user', label: label('Employee'), default: 'me' },
        kind: { type: 'choice', label: label('Kind'), choices: [{ value: 'annual', label: label('Annual leave') }, { value: 'sick', label: label('Sick leave') }], default: 'annual' },
        start: { type: 'date', label: label('Start') },
        end: { type: 'date', label: label('End') },
        days: { type: 'number', label: label('Days'), computed: { daysBetween: ['start', 'end'] } },
        note: { type: 'longText', label: label('Note') },
        salary: { type: 'decimal', label: label('Salary') },
        code: { type: 'text', label: label('Code'), unique: true },
        approved: { type: 'boolean', label: label('Approved') },
        reference: { type: 'text', label: label('Reference'), readOnly: true },
        team: { type: 'link', label: label('Team'), entity: 'team' },
      },
      rights: {
        everyone: { actions: ['read', 'create', 'update', 'comment'], scope: 'own', hiddenFields: ['salary'], readOnlyFields: ['approved'] },
        manager: { actions: ['read', 'update', 'delete', 'comment'], scope: 'reports', hiddenFields: ['salary'] },
        hr: { actions: ['read', 'create', 'update', 'delete', 'comment', 'export', 'import'], scope: 'organisation' },
      },
    },
    team: {
      label: label('Team'),
      pluralLabel: label('Teams'),
      naming: { field: 'code' },
      titleField: 'title',
      fields: { code: { type: 'text', label: label('Code'), required: true }, title: { type: 'text', label: label('Title'), required: true } },
      rights: { everyone: { actions: ['read'] }, hr: { actions: ['read', 'create', 'update', 'delete'] } },
    },
  },
};

/** Puts a declared application in the catalogue, runs it in the organisations given and grants it to the users given. */
export async function installDeclaration(stores: Stores, input: AppDeclarationInput, accountIds: string[], userIds: string[]): Promise<AppRecord> {
  const declaration = AppDeclaration.parse(input);
  const app =
    (await stores.apps.findByName(declaration.name)) ??
    (await stores.apps.create({ name: declaration.name, title: declaration.label.en_EN, titles: Object.fromEntries(Object.entries(declaration.label).filter(([locale]) => locale !== 'en_EN')), category: declaration.category, appType: DECLARED_APP_TYPE }));
  const version = await stores.declarations.addVersion(app.id, declaration);
  for (const accountId of accountIds) await stores.declarations.setInstalled(app.id, accountId, version.id);
  for (const userId of userIds) await stores.apps.grant(userId, app.id);
  return app;
}

/** The records calls of one signed-in user, in-process. */
export class RecordsApi {
  constructor(
    private readonly t: TestApp,
    readonly jwt: string,
    readonly app = 'Leave',
  ) {}

  request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown): Promise<LightMyRequestResponse> {
    return this.t.app.inject({ method, url: `${this.t.config.apiPrefix}/records/${path}`, headers: bearer(this.jwt), ...(payload === undefined ? {} : { payload: payload as object }) });
  }

  create(values: Record<string, unknown>, entity = 'request'): Promise<LightMyRequestResponse> {
    return this.request('POST', `${this.app}/${entity}`, { values });
  }

  get(name: string): Promise<LightMyRequestResponse> {
    return this.request('GET', `${this.app}/record/${encodeURIComponent(name)}`);
  }

  update(name: string, version: number, values: Record<string, unknown>): Promise<LightMyRequestResponse> {
    return this.request('PUT', `${this.app}/record/${encodeURIComponent(name)}`, { version, values });
  }

  remove(name: string, version: number): Promise<LightMyRequestResponse> {
    return this.request('DELETE', `${this.app}/record/${encodeURIComponent(name)}?version=${version}`);
  }

  restore(name: string): Promise<LightMyRequestResponse> {
    return this.request('POST', `${this.app}/record/${encodeURIComponent(name)}/restore`, {});
  }

  comment(name: string, text: string): Promise<LightMyRequestResponse> {
    return this.request('POST', `${this.app}/record/${encodeURIComponent(name)}/comments`, { text });
  }

  timelineOf(name: string): Promise<LightMyRequestResponse> {
    return this.request('GET', `${this.app}/record/${encodeURIComponent(name)}/timeline`);
  }

  query(query: RecordQueryInput = {}, entity = 'request'): Promise<LightMyRequestResponse> {
    return this.request('POST', `${this.app}/${entity}/query`, query);
  }

  /** A created record's detail (201 expected). */
  async created(values: Record<string, unknown>, entity = 'request'): Promise<RecordDetail> {
    return data<RecordDetail>(await this.create(values, entity), 201);
  }

  async detail(name: string): Promise<RecordDetail> {
    return data<RecordDetail>(await this.get(name), 200);
  }

  async list(query: RecordQueryInput = {}, entity = 'request'): Promise<RecordPage> {
    return data<RecordPage>(await this.query(query, entity), 200);
  }

  async timeline(name: string): Promise<TimelineEntry[]> {
    return data<TimelineEntry[]>(await this.timelineOf(name), 200);
  }
}

/** The answer's data, after checking its status. */
export function data<T>(res: LightMyRequestResponse, status: number): T {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json<{ data: T }>().data;
}
