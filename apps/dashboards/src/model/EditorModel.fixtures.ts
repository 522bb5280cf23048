import type { AlertRecipients, DashboardDefinition, DashboardDto, DashboardSummary, DatasetInfo } from '@atrium/shared/dashboards';
import { EditorFailure, type EditorApi } from './EditorModel.js';

/** Datasets, dashboards and a scripted server for the editor's tests. Never used by production code. */

export const INCIDENTS: DatasetInfo = {
  app: 'Incidents',
  appLabel: { en_EN: 'Incidents' },
  key: 'byService',
  label: { en_EN: 'Incidents by service', de_DE: 'Vorfälle nach Dienst' },
  entity: 'incident',
  dimensions: [
    { key: 'service', label: { en_EN: 'Service' }, type: 'choice' },
    { key: 'severity', label: { en_EN: 'Severity' }, type: 'choice' },
    { key: 'month', label: { en_EN: 'Month' }, type: 'datePart', part: 'month' },
  ],
  measures: [
    { key: 'count', label: { en_EN: 'Incidents' } },
    { key: 'hours', label: { en_EN: 'Hours to resolve' }, decimals: 1 },
  ],
  hierarchies: [],
  time: 'opened',
};

export const LEADS: DatasetInfo = {
  app: 'CRM',
  appLabel: { en_EN: 'CRM' },
  key: 'leads',
  label: { en_EN: 'Leads' },
  entity: 'lead',
  dimensions: [{ key: 'stage', label: { en_EN: 'Stage' }, type: 'choice' }],
  measures: [{ key: 'value', label: { en_EN: 'Value' }, currency: 'EUR' }],
  hierarchies: [],
};

export const OTHER_DASHBOARD: DashboardSummary = {
  uuid: '2b1c1a34-9c41-4a1e-8d55-3f0c7a9e5d11',
  title: 'Sales',
  sharing: { kind: 'organisation' },
  owner: { id: 'u1', name: 'Olivia' },
  widgets: 3,
  mayEdit: true,
  updatedAt: '2026-08-01T10:00:00Z',
};

/** The people and roles an alert may name. */
export const RECIPIENTS: AlertRecipients = {
  people: [
    { id: '0b8f3c1e-5d4a-4c2b-9e1f-1a2b3c4d5e01', name: 'Liam Berg' },
    { id: '0b8f3c1e-5d4a-4c2b-9e1f-1a2b3c4d5e02', name: 'Olivia Hart' },
  ],
  roles: [{ app: 'Incidents', appLabel: { en_EN: 'Incidents' }, role: 'oncall', label: { en_EN: 'On call', de_DE: 'Bereitschaft' } }],
};

export const DASHBOARD_UUID = '7f4e2d10-1b2c-4d3e-9f00-a1b2c3d4e5f6';

export function definition(): DashboardDefinition {
  return {
    title: 'Operations',
    timeRange: 'all',
    filters: [],
    widgets: [
      {
        id: 'byService',
        kind: 'bar',
        title: 'Incidents by service',
        query: { app: 'Incidents', dataset: 'byService', measures: ['count'], dimensions: ['service'], filters: [], sort: [] },
        click: 'drill',
        position: { x: 0, y: 0, w: 6, h: 4 },
      },
      {
        id: 'open',
        kind: 'kpi',
        title: 'Open incidents',
        query: { app: 'Incidents', dataset: 'byService', measures: ['count'], dimensions: [], filters: [], sort: [] },
        click: 'none',
        threshold: { red: 20, yellow: 10, higherIsBetter: false },
        position: { x: 6, y: 0, w: 3, h: 2 },
      },
    ],
  };
}

export function dto(def: DashboardDefinition = definition(), version = 3): DashboardDto {
  return { uuid: DASHBOARD_UUID, definition: def, sharing: { kind: 'private' }, owner: { id: 'u1', name: 'Olivia' }, mayEdit: true, version, updatedAt: '2026-08-01T10:00:00Z' };
}

/** A server in memory: the calls made, and a refusal to give for the next save. */
export class FakeEditorApi implements EditorApi {
  readonly calls: Array<{ method: string; uuid?: string; body?: unknown }> = [];
  stored: DashboardDto | null;
  refuseNextSave: EditorFailure | null = null;
  datasetsAnswer: DatasetInfo[] = [INCIDENTS, LEADS];

  constructor(stored: DashboardDto | null = dto()) {
    this.stored = stored;
  }

  datasets = async () => (this.calls.push({ method: 'datasets' }), this.datasetsAnswer);
  dashboards = async () => (this.calls.push({ method: 'dashboards' }), [OTHER_DASHBOARD, { ...OTHER_DASHBOARD, uuid: DASHBOARD_UUID, title: 'Operations' }]);
  get = async (uuid: string) => {
    this.calls.push({ method: 'get', uuid });
    if (!this.stored) throw new EditorFailure(404, 'Dashboard not found');
    return this.stored;
  };
  create = async (body: Parameters<EditorApi['create']>[0]) => {
    this.calls.push({ method: 'create', body });
    this.stored = { ...dto(body.definition, 1), uuid: 'a0000000-0000-4000-8000-000000000001', sharing: body.sharing };
    return this.stored;
  };
  recipientsAnswer: AlertRecipients = RECIPIENTS;
  recipients = async () => (this.calls.push({ method: 'recipients' }), this.recipientsAnswer);
  update = async (uuid: string, body: Parameters<EditorApi['update']>[1]) => {
    this.calls.push({ method: 'update', uuid, body });
    const refusal = this.refuseNextSave;
    this.refuseNextSave = null;
    if (refusal) throw refusal;
    this.stored = { ...dto(body.definition, body.version + 1), sharing: body.sharing };
    return this.stored;
  };
}
