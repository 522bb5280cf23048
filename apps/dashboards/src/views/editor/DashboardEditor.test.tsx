import { TextSourceProvider } from '@atrium/app-kit';
import { TestTranslator } from '@atrium/app-kit/testing';
import type { Locale } from '@atrium/sdk';
import type { DashboardDto } from '@atrium/shared/dashboards';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EDITOR_TEXTS } from '../../editorTexts.js';
import { DASHBOARDS_TEXTS } from '../../texts.js';
import { EditorFailure, EditorModel } from '../../model/EditorModel.js';
import { definition, dto, FakeEditorApi, RECIPIENTS } from '../../model/EditorModel.fixtures.js';
import { DashboardEditor } from './DashboardEditor.js';

afterEach(cleanup);

async function showEditor(options: { api?: FakeEditorApi; answer?: boolean; locale?: Locale; appTexts?: boolean } = {}) {
  const api = options.api ?? new FakeEditorApi();
  const model = new EditorModel(api, api.stored);
  const asked: string[] = [];
  const closed: Array<DashboardDto | null> = [];
  const i18n = await TestTranslator.create(options.locale);
  await EDITOR_TEXTS.install(i18n);
  // The application's texts say the server's refusals.
  if (options.appTexts) await DASHBOARDS_TEXTS.install(i18n);
  render(
    <TextSourceProvider source={i18n}>
      <DashboardEditor model={model} confirm={async (q) => (asked.push(q.message), options.answer ?? true)} onClose={(saved) => closed.push(saved)} />
    </TextSourceProvider>,
  );
  await act(() => model.load());
  return { api, model, asked, closed };
}

const card = (id: string) => screen.getAllByTestId('dashboards.editor.widget').find((c) => c.dataset.widget === id)!;
const live = () => screen.getByTestId('dashboards.editor.live').textContent;

describe('the dashboard editor', () => {
  it('shows each placed widget on the twelve-column grid with its handles', async () => {
    await showEditor();
    expect(screen.getAllByTestId('dashboards.editor.widget').map((c) => c.dataset.widget)).toEqual(['byService', 'open']);
    expect(card('open').style.gridColumn).toBe('7 / span 3');
    expect(within(card('open')).getByRole('button', { name: 'Move Open incidents' })).toHaveProperty('type', 'button');
    expect(within(card('open')).getByRole('button', { name: 'Resize Open incidents' })).toBeTruthy();
    expect(within(card('byService')).getByText('Bar chart · Incidents – Incidents by service')).toBeTruthy();
  });

  it('adds a widget of the kind and dataset chosen, in the first free place, and opens its form', async () => {
    const { model } = await showEditor();
    fireEvent.click(screen.getByTestId('dashboards.editor.add'));
    const form = screen.getByTestId('dashboards.editor.addForm');
    expect(document.activeElement).toBe(within(form).getByLabelText('Kind'));
    fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'kpi' } });
    fireEvent.change(within(form).getByLabelText('Dataset'), { target: { value: '1' } });
    fireEvent.click(within(form).getByTestId('dashboards.editor.addConfirm'));
    expect(screen.queryByTestId('dashboards.editor.addForm')).toBeNull();
    expect(card('widget3').style.gridColumn).toBe('10 / span 3');
    expect(document.activeElement?.textContent).toBe('Widget: Leads');
    expect(model.widget('widget3')).toMatchObject({ kind: 'kpi', query: { app: 'CRM', measures: ['value'], dimensions: [] } });
    expect(screen.getByTestId('dashboards.editor.status').textContent).toBe('Unsaved changes');
  });

  it('closes the Add widget form on Escape, the focus back on its button', async () => {
    await showEditor();
    fireEvent.click(screen.getByTestId('dashboards.editor.add'));
    fireEvent.keyDown(within(screen.getByTestId('dashboards.editor.addForm')).getByLabelText('Kind'), { key: 'Escape' });
    expect(screen.queryByTestId('dashboards.editor.addForm')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('dashboards.editor.add'));
  });

  it('moves a widget with the arrows on its handle and resizes it with Shift, saying where it went', async () => {
    const { model } = await showEditor();
    const handle = within(card('open')).getByRole('button', { name: 'Move Open incidents' });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(live()).toBe('Moved to column 8, row 1');
    expect(card('open').style.gridColumn).toBe('8 / span 3');
    fireEvent.keyDown(handle, { key: 'ArrowDown', shiftKey: true });
    expect(live()).toBe('Resized to 3 columns by 3 rows');
    expect(card('open').style.gridRow).toBe('1 / span 3');
    expect(document.activeElement).toBe(within(card('open')).getByRole('button', { name: 'Move Open incidents' }));
    fireEvent.keyDown(within(card('open')).getByRole('button', { name: 'Resize Open incidents' }), { key: 'ArrowLeft' });
    expect(model.widget('open')!.position).toEqual({ x: 7, y: 0, w: 2, h: 3 });
    fireEvent.click(screen.getByTestId('dashboards.editor.undo'));
    expect(model.widget('open')!.position).toEqual({ x: 7, y: 0, w: 3, h: 3 });
  });

  it('moves a widget dragged by its grip and resizes it by its corner, a cell per column width and row; Escape drops a drag', async () => {
    await showEditor();
    const grid = screen.getByTestId('dashboards.editor.grid');
    // jsdom lays nothing out: the grid is 1,200 px wide here, a column 100 px; a row is 64 px with its gap.
    Object.defineProperty(grid, 'getBoundingClientRect', { value: () => ({ width: 1200, height: 600, top: 0, left: 0, right: 1200, bottom: 600, x: 0, y: 0 }) });
    const pointer = { pointerId: 1, pointerType: 'mouse', button: 0 };
    const grip = within(card('byService')).getByTestId('dashboards.editor.move');
    fireEvent.pointerDown(grip, { ...pointer, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(grip, { ...pointer, clientX: 320, clientY: 140 });
    expect(card('byService').className).toContain('dbe-card--dragging');
    expect(card('byService').style.gridColumn).toBe('4 / span 6');
    fireEvent.pointerUp(grip, { ...pointer, clientX: 320, clientY: 140 });
    expect(card('byService').className).not.toContain('dbe-card--dragging');
    expect([card('byService').style.gridColumn, card('byService').style.gridRow]).toEqual(['4 / span 6', '3 / span 4']);
    expect(live()).toBe('Moved to column 4, row 3');
    fireEvent.pointerDown(grip, { ...pointer, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(grip, { ...pointer, clientX: 10, clientY: 400 });
    expect(card('byService').style.gridRow).toBe('9 / span 4');
    fireEvent.keyDown(grip, { key: 'Escape' });
    fireEvent.pointerUp(grip, { ...pointer, clientX: 10, clientY: 400 });
    expect(card('byService').style.gridRow).toBe('3 / span 4');
    const corner = within(card('open')).getByTestId('dashboards.editor.resize');
    fireEvent.pointerDown(corner, { ...pointer, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(corner, { ...pointer, clientX: 290, clientY: 70 });
    fireEvent.pointerUp(corner, { ...pointer, clientX: 290, clientY: 70 });
    expect([card('open').style.gridColumn, card('open').style.gridRow]).toEqual(['7 / span 6', '1 / span 3']);
  });

  it('edits the selected widget: title, kind, fields limited by the kind, and shows its problems', async () => {
    const { model } = await showEditor();
    fireEvent.click(within(card('byService')).getByTestId('dashboards.editor.select'));
    const form = screen.getByTestId('dashboards.editor.widgetForm');
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'By service' } });
    expect(within(card('byService')).getByTestId('dashboards.editor.select').textContent).toBe('By service');
    const dimensions = within(form).getByTestId('dashboards.editor.dimensions');
    fireEvent.click(within(dimensions).getByLabelText('Severity'));
    expect((within(dimensions).getByLabelText('Month') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'pie' } });
    expect(within(within(form).getByTestId('dashboards.editor.dimensions')).getAllByRole('radio')).toHaveLength(3);
    expect(model.widget('byService')!.query.dimensions).toEqual(['service']);
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: '' } });
    expect(within(form).getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Give it a title.')).toBeTruthy();
    expect(within(card('byService')).getByText('Problems: 1')).toBeTruthy();
  });

  it("sets a KPI's threshold and says when its limits are the wrong way round", async () => {
    await showEditor();
    fireEvent.click(within(card('open')).getByTestId('dashboards.editor.select'));
    const threshold = screen.getByTestId('dashboards.editor.threshold');
    expect((within(threshold).getByLabelText('Red limit') as HTMLInputElement).value).toBe('20');
    fireEvent.change(within(threshold).getByLabelText('Red limit'), { target: { value: '5' } });
    expect(within(threshold).getByText('The red limit must lie on the worse side of the yellow limit.')).toBeTruthy();
    fireEvent.click(within(threshold).getByLabelText('Higher is better'));
    expect(within(threshold).queryByText('The red limit must lie on the worse side of the yellow limit.')).toBeNull();
  });

  it("names whom a KPI's entry into red gives a task: a person or a role of the organisation, saved with the threshold", async () => {
    const { api, model } = await showEditor();
    fireEvent.click(within(card('open')).getByTestId('dashboards.editor.select'));
    const picker = within(screen.getByTestId('dashboards.editor.threshold')).getByLabelText('Give a task when red to') as HTMLSelectElement;
    expect([...picker.options].map((o) => o.text)).toEqual(['Nobody', 'Person: Liam Berg', 'Person: Olivia Hart', 'Role: Incidents – On call']);
    expect(picker.value).toBe('');
    fireEvent.change(picker, { target: { value: picker.options[2]!.value } });
    expect(model.widget('open')?.threshold?.notify).toEqual({ user: RECIPIENTS.people[1]!.id });
    fireEvent.change(picker, { target: { value: picker.options[3]!.value } });
    expect(model.widget('open')?.threshold).toEqual({ red: 20, yellow: 10, higherIsBetter: false, notify: { app: 'Incidents', role: 'oncall' } });
    await act(async () => fireEvent.click(screen.getByTestId('dashboards.editor.save')));
    expect(api.calls.at(-1)).toMatchObject({ method: 'update', body: { definition: { widgets: [{}, { threshold: { notify: { app: 'Incidents', role: 'oncall' } } }] } } });
    fireEvent.change(picker, { target: { value: '' } });
    expect(model.widget('open')?.threshold).toEqual({ red: 20, yellow: 10, higherIsBetter: false });
  });

  it('keeps a person named before who is no longer offered, and says a refused notify in the user’s language', async () => {
    const api = new FakeEditorApi();
    api.stored = dto({ ...definition(), widgets: definition().widgets.map((w) => (w.kind === 'kpi' ? { ...w, threshold: { ...w.threshold!, notify: { user: '9a9a9a9a-0000-4000-8000-000000000009' } } } : w)) });
    api.refuseNextSave = new EditorFailure(400, 'The person to be given a task when Open incidents turns red is not a member of this organisation', 'dashboards.notifyNotMember', { widget: 'Open incidents' });
    const { model } = await showEditor({ api, locale: 'de_DE', appTexts: true });
    fireEvent.click(within(card('open')).getByTestId('dashboards.editor.select'));
    const picker = within(screen.getByTestId('dashboards.editor.threshold')).getByLabelText('Bei Rot eine Aufgabe geben an') as HTMLSelectElement;
    expect(picker.selectedOptions[0]!.text).toBe('Jemand, der nicht mehr angeboten wird');
    act(() => model.setDashboardText('title', 'Betrieb'));
    await act(async () => fireEvent.click(screen.getByTestId('dashboards.editor.save')));
    expect(screen.getByTestId('dashboards.editor.saveProblem').textContent).toContain('Die Person, die eine Aufgabe erhalten soll, wenn Open incidents rot wird, ist kein Mitglied dieser Organisation.');
  });

  it('drills to a new widget without a place, which the form then edits', async () => {
    const { model } = await showEditor();
    fireEvent.click(within(card('byService')).getByTestId('dashboards.editor.select'));
    const drill = screen.getByTestId('dashboards.editor.drill');
    fireEvent.change(within(drill).getByLabelText('A click opens'), { target: { value: 'widget' } });
    expect(within(drill).getByText('Choose the widget the drill shows.')).toBeTruthy();
    fireEvent.click(within(drill).getByTestId('dashboards.editor.newDrillWidget'));
    expect(model.widget('byService')!.drilldown).toMatchObject({ target: 'widget', nextWidgetId: 'widget3', filter: [{ dimension: 'service', op: 'eq', value: '{service}' }] });
    expect(within(screen.getByTestId('dashboards.editor.drillFilter')).getByLabelText('Value')).toHaveProperty('value', '{service}');
    fireEvent.click(within(drill).getByTestId('dashboards.editor.editDrillWidget'));
    expect(screen.getByText('This widget has no place on the grid: it is shown when a drill reaches it.')).toBeTruthy();
    expect(screen.getAllByTestId('dashboards.editor.widget')).toHaveLength(2);
  });

  it('removes a widget once the user confirms', async () => {
    const { asked } = await showEditor();
    fireEvent.click(within(card('open')).getByTestId('dashboards.editor.remove'));
    await act(async () => {});
    expect(asked).toEqual(['Remove the widget “Open incidents” from this dashboard?']);
    expect(screen.getAllByTestId('dashboards.editor.widget').map((c) => c.dataset.widget)).toEqual(['byService']);
  });

  it('saves with the version read and closes with the saved dashboard', async () => {
    const { api, closed } = await showEditor();
    fireEvent.change(screen.getByLabelText('Title of the dashboard'), { target: { value: 'Operations today' } });
    await act(async () => fireEvent.click(screen.getByTestId('dashboards.editor.save')));
    expect(api.calls.at(-1)).toMatchObject({ method: 'update', body: { version: 3, definition: { title: 'Operations today' } } });
    expect(closed).toEqual([api.stored]);
  });

  it('says when someone else saved meanwhile, and reloads their version', async () => {
    const api = new FakeEditorApi();
    const { model, closed } = await showEditor({ api });
    fireEvent.change(screen.getByLabelText('Title of the dashboard'), { target: { value: 'Mine' } });
    api.refuseNextSave = new EditorFailure(409, 'Changed meanwhile');
    api.stored = dto({ ...definition(), title: 'Theirs' }, 7);
    await act(async () => fireEvent.click(screen.getByTestId('dashboards.editor.save')));
    expect(screen.getByRole('alert').textContent).toContain('Someone else saved this dashboard after you opened it.');
    await act(async () => fireEvent.click(screen.getByTestId('dashboards.editor.reload')));
    expect(screen.getByLabelText('Title of the dashboard')).toHaveProperty('value', 'Theirs');
    expect(model.getState().version).toBe(7);
    expect(closed).toEqual([]);
  });

  it('asks before discarding changes on Cancel, and keeps editing when told no', async () => {
    const { asked, closed } = await showEditor({ answer: false });
    fireEvent.change(screen.getByLabelText('Title of the dashboard'), { target: { value: 'Changed' } });
    await act(async () => fireEvent.click(screen.getByTestId('dashboards.editor.cancel')));
    expect(asked).toEqual(['Your changes to this dashboard have not been saved and will be lost.']);
    expect(closed).toEqual([]);
  });

  it('shows the problems and selects the first widget that has one when Save is pressed on a draft with problems', async () => {
    const { api } = await showEditor();
    fireEvent.click(within(card('open')).getByTestId('dashboards.editor.select'));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('dashboards.editor.toDashboard'));
    await act(async () => fireEvent.click(screen.getByTestId('dashboards.editor.save')));
    expect(screen.getByRole('alert').textContent).toBe('Some settings have problems: fix them before saving.');
    expect(screen.getByTestId('dashboards.editor.widgetForm').textContent).toContain('Give it a title.');
    expect(api.calls.map((c) => c.method)).not.toContain('update');
  });

  it('speaks the user’s language', async () => {
    await showEditor({ locale: 'de_DE' });
    expect(screen.getByTestId('dashboards.editor.add').textContent).toBe('Widget hinzufügen');
    expect(within(card('open')).getByRole('button', { name: 'Open incidents verschieben' })).toBeTruthy();
  });
});
