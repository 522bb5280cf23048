import { describe, expect, it } from 'vitest';
import { EditorFailure, EditorModel, editorApi, editorFailureOf, validateDraft } from './EditorModel.js';
import { DASHBOARD_UUID, definition, dto, FakeEditorApi, INCIDENTS, LEADS, OTHER_DASHBOARD } from './EditorModel.fixtures.js';

async function editor(api = new FakeEditorApi()) {
  const model = new EditorModel(api, api.stored);
  await model.load();
  return { model, api, state: () => model.getState(), widget: (id: string) => model.widget(id)! };
}

describe('EditorModel loading', () => {
  it('reads the datasets and the dashboards a drill may open, leaving this one out', async () => {
    const { state } = await editor();
    expect(state().status).toBe('ready');
    expect(state().datasets.map((d) => d.key)).toEqual(['byService', 'leads']);
    expect(state().dashboards.map((d) => d.uuid)).toEqual([OTHER_DASHBOARD.uuid]);
    expect(state().problems).toEqual([]);
    expect(state().dirty).toBe(false);
  });

  it("says why when the datasets cannot be read", async () => {
    const api = new FakeEditorApi();
    api.datasets = async () => Promise.reject({ status: 503, body: { status: 'error', message: 'The server is busy' } });
    const { state } = await editor(api);
    expect(state()).toMatchObject({ status: 'failed', loadProblem: 'The server is busy' });
  });
});

describe('EditorModel widgets', () => {
  it('adds a widget in the first free place, with the first fields of its dataset, and selects it', async () => {
    const { model, state } = await editor();
    const added = model.addWidget('pie', LEADS)!;
    expect(added).toMatchObject({ id: 'widget3', kind: 'pie', title: LEADS.label, query: { app: 'CRM', dataset: 'leads', measures: ['value'], dimensions: ['stage'] } });
    expect(added.position).toEqual({ x: 6, y: 2, w: 4, h: 4 });
    expect(model.addWidget('kpi', INCIDENTS)!.position).toEqual({ x: 9, y: 0, w: 3, h: 2 });
    expect(state().selected).toBe('widget4');
    expect(state().dirty).toBe(true);
  });

  it('starts a line with a time dimension and a KPI with none', async () => {
    const { model } = await editor();
    expect(model.addWidget('line', INCIDENTS)!.query.dimensions).toEqual(['month']);
    expect(model.addWidget('kpi', INCIDENTS)!.query.dimensions).toEqual([]);
    expect(model.addWidget('stackedBar', INCIDENTS)!.query.dimensions).toEqual(['service', 'severity']);
  });

  it('adds no widget past the most a dashboard holds', async () => {
    const { model, state } = await editor();
    while (state().definition.widgets.length < 24) model.addWidget('kpi', INCIDENTS);
    expect(model.addWidget('kpi', INCIDENTS)).toBeNull();
  });

  it('removes a widget with the drill widget only it led to', async () => {
    const { model, state } = await editor();
    model.setDrillTarget('byService', 'widget');
    const next = model.createDrillWidget('byService')!;
    expect(next.position).toBeUndefined();
    model.select('byService');
    model.removeWidget('byService');
    expect(state().definition.widgets.map((w) => w.id)).toEqual(['open']);
    expect(state().selected).toBeNull();
  });

  it('moves and resizes on the grid, telling where the widget went', async () => {
    const { model, state, widget } = await editor();
    model.keyboardStep('open', 'ArrowRight', false);
    expect(widget('open').position).toEqual({ x: 7, y: 0, w: 3, h: 2 });
    expect(state().announcement).toMatchObject({ widgetId: 'open', action: 'moved', column: 8, row: 1 });
    model.moveWidget('byService', { x: 6, y: 0 });
    expect(widget('byService').position).toMatchObject({ x: 6, y: 0 });
    expect(widget('open').position).toMatchObject({ y: 4 });
    model.keyboardStep('open', 'ArrowDown', true);
    expect(state().announcement).toMatchObject({ action: 'resized', width: 3, height: 3 });
    model.resizeWidget('open', { w: 12, h: 20 });
    expect(widget('open').position).toMatchObject({ x: 0, w: 12, h: 12 });
  });

  it('says where a widget is when a step cannot move it', async () => {
    const { model, state } = await editor();
    model.keyboardStep('byService', 'ArrowLeft', false);
    expect(state().announcement).toMatchObject({ column: 1, row: 1 });
    expect(state().dirty).toBe(false);
  });
});

describe('EditorModel fields', () => {
  it('limits measures and dimensions to what the kind shows', async () => {
    const { model, widget } = await editor();
    model.toggleField('byService', 'dimensions', 'severity');
    expect(widget('byService').query.dimensions).toEqual(['service', 'severity']);
    model.toggleField('byService', 'dimensions', 'month');
    expect(widget('byService').query.dimensions).toEqual(['service', 'severity']);
    model.toggleField('open', 'measures', 'hours');
    expect(widget('open').query.measures).toEqual(['hours']);
    model.toggleField('open', 'dimensions', 'service');
    expect(widget('open').query.dimensions).toEqual([]);
  });

  it('fits the fields to a new kind and keeps a threshold only on a KPI', async () => {
    const { model, widget, state } = await editor();
    model.setKind('open', 'pie');
    expect(widget('open')).toMatchObject({ kind: 'pie', query: { measures: ['count'], dimensions: ['service'] } });
    expect(widget('open').threshold).toBeUndefined();
    model.setKind('byService', 'kpi');
    expect(widget('byService').query.dimensions).toEqual([]);
    model.setKind('byService', 'stackedBar');
    expect(widget('byService').query.dimensions).toEqual(['service', 'severity']);
    expect(state().problems).toEqual([]);
  });

  it('shows another dataset with its own first fields', async () => {
    const { model, widget } = await editor();
    model.setDataset('byService', LEADS);
    expect(widget('byService').query).toMatchObject({ app: 'CRM', dataset: 'leads', measures: ['value'], dimensions: ['stage'] });
  });

  it('keeps texts as typed, an empty footer being none', async () => {
    const { model, widget, state } = await editor();
    model.setWidgetText('byService', 'footer', 'Updated {service}');
    expect(widget('byService').footer).toBe('Updated {service}');
    model.setWidgetText('byService', 'footer', '');
    expect('footer' in widget('byService')).toBe(false);
    model.setWidgetText('byService', 'title', '');
    expect(state().problems).toEqual([{ widgetId: 'byService', field: 'title', code: 'titleMissing' }]);
  });

  it('checks the order of a KPI threshold', async () => {
    const { model, state } = await editor();
    model.setThreshold('open', { red: 5, yellow: 10, higherIsBetter: false });
    expect(state().problems).toEqual([{ widgetId: 'open', field: 'threshold', code: 'thresholdOrder' }]);
    model.setThreshold('open', { red: 5, yellow: 10, higherIsBetter: true });
    expect(state().problems).toEqual([]);
    model.setThreshold('open', null);
    expect(state().definition.widgets[1]!.threshold).toBeUndefined();
  });
});

describe('EditorModel drill-down', () => {
  it('drills to a new drill widget with a filter on the clicked element', async () => {
    const { model, widget, state } = await editor();
    model.setDrillTarget('byService', 'widget');
    expect(state().problems).toMatchObject([{ widgetId: 'byService', code: 'drillWidgetMissing' }]);
    const next = model.createDrillWidget('byService')!;
    expect(next).toMatchObject({ kind: 'bar', query: { dataset: 'byService', dimensions: ['severity'] } });
    expect(widget('byService').drilldown).toEqual({ target: 'widget', nextWidgetId: next.id, filter: [{ dimension: 'service', op: 'eq', value: '{service}' }], maxDepth: 3 });
    expect(state().problems).toEqual([]);
  });

  it("names a placeholder the widget's element does not have and a dimension the target lacks", async () => {
    const { model, state } = await editor();
    model.setDrillTarget('byService', 'records');
    model.addDrillFilter('byService');
    model.setDrillFilter('byService', 1, { dimension: 'stage', value: '{owner}' });
    expect(state().problems).toEqual([
      { widgetId: 'byService', field: 'drilldown.filter.1', code: 'drillFilterDimension', params: { key: 'stage' } },
      { widgetId: 'byService', field: 'drilldown.filter.1', code: 'drillPlaceholder', params: { key: 'owner' } },
    ]);
    // Clicks that no longer drill leave the placeholders unfilled: only what the server refuses stays.
    model.setClick('byService', 'none');
    expect(state().problems.map((p) => p.code)).toEqual(['drillFilterDimension']);
    model.setClick('byService', 'drill');
    model.removeDrillFilter('byService', 1);
    expect(state().problems).toEqual([]);
  });

  it('asks for the dashboard or the file a drill opens, and drops details of the earlier target', async () => {
    const { model, widget, state } = await editor();
    model.setDrillTarget('byService', 'dashboard');
    expect(state().problems.map((p) => p.code)).toEqual(['drillDashboardMissing']);
    model.patchDrilldown('byService', { dashboard: 'c0ffee00-0000-4000-8000-000000000000' });
    expect(state().problems.map((p) => p.code)).toEqual(['drillDashboardUnknown']);
    model.patchDrilldown('byService', { dashboard: OTHER_DASHBOARD.uuid, maxDepth: 5, widgetTitle: '{service}' });
    expect(state().problems).toEqual([]);
    model.setDrillTarget('byService', 'file');
    expect(widget('byService').drilldown).toMatchObject({ target: 'file', maxDepth: 5, widgetTitle: '{service}' });
    expect(widget('byService').drilldown?.dashboard).toBeUndefined();
    expect(state().problems.map((p) => p.code)).toEqual(['drillFileMissing']);
    model.patchDrilldown('byService', { file: { path: 'org:/Reports/{service}.pdf' } });
    model.patchDrilldown('byService', { widgetTitle: '' });
    expect(widget('byService').drilldown).not.toHaveProperty('widgetTitle');
    model.setDrillTarget('byService', null);
    expect(widget('byService').drilldown).toBeUndefined();
  });
});

describe('validateDraft', () => {
  it('finds what the server refuses: ids twice, a next widget that is not there, fields not in the dataset', () => {
    const def = definition();
    def.widgets.push({ ...def.widgets[1]!, query: { ...def.widgets[1]!.query, measures: ['revenue'] }, drilldown: { target: 'widget', nextWidgetId: 'gone', filter: [], maxDepth: 3 } });
    def.widgets[0]!.query.dimensions = ['team'];
    expect(validateDraft(def, { kind: 'private' }, { datasets: [INCIDENTS] }).map((p) => [p.widgetId, p.code, p.params?.key])).toEqual([
      ['byService', 'dimensionUnknown', 'team'],
      ['open', 'duplicateId', 'open'],
      ['open', 'measureUnknown', 'revenue'],
      ['open', 'drillWidgetUnknown', 'gone'],
    ]);
  });

  it('finds a dataset the user may not query and a role sharing without a role', () => {
    expect(validateDraft(definition(), { kind: 'role', app: 'Incidents', role: ' ' }, { datasets: [LEADS] }).map((p) => p.code)).toEqual(['roleMissing', 'datasetUnknown', 'datasetUnknown']);
  });
});

describe('EditorModel undo and saving', () => {
  it('undoes the last change, and is clean again when back to what was saved', async () => {
    const { model, state } = await editor();
    model.setDashboardText('title', 'Ops');
    model.setDashboardText('description', 'Daily');
    model.undo();
    expect(state().definition).toMatchObject({ title: 'Ops' });
    expect(state().definition.description).toBeUndefined();
    model.undo();
    expect(state()).toMatchObject({ dirty: false, canUndo: false });
    expect(state().definition.title).toBe('Operations');
  });

  it('saves with the version it was read at and takes the new one', async () => {
    const { model, api, state } = await editor();
    model.setSharing({ kind: 'organisation' });
    const saved = await model.save();
    expect(api.calls.at(-1)).toMatchObject({ method: 'update', uuid: DASHBOARD_UUID, body: { version: 3, sharing: { kind: 'organisation' } } });
    expect(saved?.version).toBe(4);
    expect(state()).toMatchObject({ version: 4, dirty: false, saving: false, saveProblem: null });
  });

  it('says a change was saved meanwhile, and reloads the dashboard as saved', async () => {
    const { model, api, state } = await editor();
    model.setDashboardText('title', 'Mine');
    api.refuseNextSave = new EditorFailure(409, 'This dashboard was changed by someone else');
    api.stored = dto({ ...definition(), title: 'Theirs' }, 5);
    expect(await model.save()).toBeNull();
    expect(state().saveProblem).toEqual({ kind: 'conflict' });
    await model.reload();
    expect(state()).toMatchObject({ version: 5, dirty: false, canUndo: false, saveProblem: null });
    expect(state().definition.title).toBe('Theirs');
  });

  it("keeps the draft and says the server's words when a save is refused", async () => {
    const { model, api, state } = await editor();
    model.setDashboardText('title', 'Mine');
    api.refuseNextSave = editorFailureOf({ status: 400, body: { status: 'error', message: 'The dashboard is not valid', data: { errors: ['widgets.0.query.dataset: unknown'] } } });
    await model.save();
    expect(state().saveProblem).toEqual({ kind: 'failed', message: 'The dashboard is not valid\nwidgets.0.query.dataset: unknown' });
    expect(state()).toMatchObject({ dirty: true, definition: { title: 'Mine' } });
  });

  it('sends nothing while the draft has problems', async () => {
    const { model, api, state } = await editor();
    model.setWidgetText('open', 'title', '');
    expect(await model.save()).toBeNull();
    expect(state().saveProblem).toEqual({ kind: 'invalid' });
    expect(state().selected).toBe('open');
    expect(api.calls.map((c) => c.method)).not.toContain('update');
  });

  it('creates a new dashboard on its first save, then changes it', async () => {
    const api = new FakeEditorApi(null);
    const { model, state } = await editor(api);
    model.setDashboardText('title', 'Fresh');
    model.addWidget('kpi', INCIDENTS);
    const created = await model.save();
    expect(api.calls.at(-1)).toMatchObject({ method: 'create', body: { sharing: { kind: 'private' }, definition: { title: 'Fresh', timeRange: 'all' } } });
    expect(state()).toMatchObject({ uuid: created!.uuid, version: 1, dirty: false });
    model.setDashboardText('title', 'Fresher');
    await model.save();
    expect(api.calls.at(-1)).toMatchObject({ method: 'update', uuid: created!.uuid, body: { version: 1 } });
  });
});

describe('editorApi', () => {
  it("calls the dashboards API and unwraps the envelope", async () => {
    const seen: unknown[] = [];
    const api = editorApi(async <T,>(method: string, path: string, body?: unknown) => {
      seen.push([method, path, body]);
      return { status: 'success', data: path === 'datasets' ? { datasets: [LEADS] } : { uuid: DASHBOARD_UUID } } as T;
    });
    expect(await api.datasets()).toEqual([LEADS]);
    await api.update(DASHBOARD_UUID, { definition: definition(), sharing: { kind: 'private' }, version: 2 });
    expect(seen[1]).toEqual(['put', `dashboards/${DASHBOARD_UUID}`, { definition: definition(), sharing: { kind: 'private' }, version: 2 }]);
  });

  it('rejects a refusal with its status and text', async () => {
    const api = editorApi(async () => Promise.reject({ status: 409, body: { status: 'error', message: 'Changed meanwhile', code: 'dashboards.conflict' } }));
    await expect(api.get(DASHBOARD_UUID)).rejects.toMatchObject({ status: 409, message: 'Changed meanwhile', code: 'dashboards.conflict' });
  });
});

describe('EditorModel typing', () => {
  it('undoes the keystrokes of one text as one change', async () => {
    const { model, state, widget } = await editor();
    for (const text of ['I', 'In', 'Inc']) model.setWidgetText('byService', 'title', text);
    model.setWidgetText('byService', 'footer', 'F');
    model.undo();
    expect(widget('byService').title).toBe('Inc');
    model.undo();
    expect(widget('byService').title).toBe('Incidents by service');
    expect(state().canUndo).toBe(false);
  });
});
