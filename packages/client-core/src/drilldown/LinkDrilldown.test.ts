import { DrillError } from '@atrium/sdk';
import { recordingDrilldown } from '@atrium/sdk/testing';
import { describe, expect, it } from 'vitest';
import { drillLinkOf, LinkDrilldown } from './LinkDrilldown.js';

describe('a drill-down link’s attributes', () => {
  it('give the drilldown, the element’s data (plain values only), its id and a records target’s dataset', () => {
    const link = drillLinkOf({
      'data-drilldown': JSON.stringify({ target: 'records', filter: [{ dimension: 'service', op: 'eq', value: '{service}' }] }),
      'data-drilldown-data': JSON.stringify({ service: 'Email', count: 12, open: true, none: null, nested: { no: 1 }, list: [1] }),
      'data-drilldown-element': 'row-4',
      'data-drilldown-dataset': 'Audits/audits',
    });
    expect(link).toEqual({
      drilldown: { target: 'records', filter: [{ dimension: 'service', op: 'eq', value: '{service}' }], maxDepth: 3 },
      element: { elementId: 'row-4', data: { service: 'Email', count: 12, open: true, none: null } },
      query: { app: 'Audits', dataset: 'audits' },
    });
  });

  it('are read without the data- prefix too, and without data the element has none', () => {
    expect(drillLinkOf({ drilldown: '{"target":"file","file":{"path":"home:/a.txt"}}' }).element).toEqual({ elementId: '', data: {} });
  });

  it('refuse what is not a drilldown as an unknown target, named by its target or its text', () => {
    const refused = (attributes: Record<string, string>) => {
      try {
        drillLinkOf(attributes);
        return null;
      } catch (error) {
        return error instanceof DrillError ? [error.code, error.params.target] : error;
      }
    };
    expect(refused({ 'data-drilldown': '{"target":"chart"}' })).toEqual(['unknownTarget', 'chart']);
    expect(refused({ 'data-drilldown': '{"target":"dashboard","dashboard":"not-a-uuid"}' })).toEqual(['unknownTarget', 'dashboard']);
    expect(refused({ 'data-drilldown': 'byAuditor' })).toEqual(['unknownTarget', 'byAuditor']);
  });
});

describe('LinkDrilldown', () => {
  it('opens a records target in the dataset’s application with the filled filter', async () => {
    const { drilldown, launches } = recordingDrilldown();
    const alerts: string[] = [];
    const links = new LinkDrilldown({ drilldown: () => drilldown, dialogs: { alert: (message) => alerts.push(message) }, translate: (key) => key });
    const message = await links.follow({
      'data-drilldown': JSON.stringify({ target: 'records', filter: [{ dimension: 'service', op: 'eq', value: '{service}' }] }),
      'data-drilldown-data': '{"service":"Email"}',
      'data-drilldown-dataset': 'Audits/audits',
    });
    expect(launches).toEqual([{ app: 'Audits', args: { dataset: 'audits', filters: [{ dimension: 'service', op: 'eq', value: 'Email' }] } }]);
    expect(message).toMatchObject({ target: 'records', dashboardUuid: '' });
    expect(alerts).toEqual([]);
  });

  it('shows a file that cannot be read in an alert, and a records target without its dataset as unknown', async () => {
    const { drilldown, launches, opened } = recordingDrilldown();
    const alerts: string[] = [];
    const links = new LinkDrilldown({ drilldown: () => drilldown, dialogs: { alert: (message) => alerts.push(message) }, translate: (key, vars) => `${key} ${JSON.stringify(vars ?? {})}` });
    expect(await links.follow({ 'data-drilldown': '{"target":"file","file":{"path":"home:/missing.pdf"}}' })).toBeNull();
    expect(await links.follow({ 'data-drilldown': '{"target":"records"}' })).toBeNull();
    expect(alerts).toHaveLength(2);
    expect(alerts[1]).toBe('drilldown.error.unknownTarget {"target":"records"}');
    expect([...launches, ...opened]).toEqual([]);
  });
});
