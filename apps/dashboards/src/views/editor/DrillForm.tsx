import { useModel, useTranslation } from '@atrium/app-kit';
import { DATASET_FILTER_OPS, DASHBOARD_LIMITS, DRILL_TARGETS, type DatasetFilterOp, type DrillFilter, type DrillTarget, type Widget } from '@atrium/shared/dashboards';
import type { JSX } from 'react';
import { dashboardTextOf, datasetOf, type EditorModel, type EditorProblem } from '../../model/EditorModel.js';
import { fieldId, labelText, opText, targetText } from './editorText.js';
import { FieldProblems, SelectField, TextField } from './formParts.js';

const NO_VALUE: readonly DatasetFilterOp[] = ['empty', 'notEmpty'];
const LIST: readonly DatasetFilterOp[] = ['in', 'notIn'];

/** A filter value as typed: a list is written with commas. */
function valueText(value: DrillFilter['value']): string {
  if (Array.isArray(value)) return value.join(', ');
  return value === undefined || value === null ? '' : String(value);
}

function valueOf(op: DatasetFilterOp, text: string): DrillFilter['value'] {
  if (NO_VALUE.includes(op)) return undefined;
  return LIST.includes(op) ? text.split(',').map((v) => v.trim()).filter(Boolean) : text;
}

/** The widget a drill shows: chosen among the widgets without a place, or made new. */
function NextWidget({ model, widget, problems }: { model: EditorModel; widget: Widget; problems: readonly EditorProblem[] }): JSX.Element {
  const { t, language } = useTranslation();
  const { definition } = useModel(model);
  const next = widget.drilldown?.nextWidgetId;
  const choices = definition.widgets.filter((w) => !w.position && w.id !== widget.id);
  const options: Array<readonly [string, string]> = choices.map((w) => [w.id, dashboardTextOf(w.title, language) || w.id] as const);
  if (!next || !choices.some((w) => w.id === next)) options.unshift([next ?? '', next ? next : t('dashboards.editor.drill.chooseWidget')]);
  return (
    <SelectField id={fieldId(widget.id, 'drill-next')} label={t('dashboards.editor.drill.nextWidget')} value={next ?? ''} options={options} problems={problems} onChange={(v) => model.patchDrilldown(widget.id, { nextWidgetId: v || undefined })}>
      <div className="dbe-row">
        <button type="button" className="atk-button" onClick={() => model.createDrillWidget(widget.id)} data-testid="dashboards.editor.newDrillWidget">
          {t('dashboards.editor.drill.newWidget')}
        </button>
        {next && choices.some((w) => w.id === next) ? (
          <button type="button" className="atk-button" onClick={() => model.select(next)} data-testid="dashboards.editor.editDrillWidget">
            {t('dashboards.editor.drill.editWidget')}
          </button>
        ) : null}
      </div>
    </SelectField>
  );
}

/** The details of the drill's target: the next widget, the dashboard or the file. */
function TargetDetails({ model, widget, problems }: { model: EditorModel; widget: Widget; problems: readonly EditorProblem[] }): JSX.Element | null {
  const { t, language } = useTranslation();
  const { dashboards } = useModel(model);
  const drill = widget.drilldown!;
  const targetProblems = problems.filter((p) => p.field === 'drilldown');
  if (drill.target === 'widget') return <NextWidget model={model} widget={widget} problems={targetProblems} />;
  if (drill.target === 'dashboard') {
    const options: Array<readonly [string, string]> = dashboards.map((d) => [d.uuid, dashboardTextOf(d.title, language)] as const);
    if (!drill.dashboard || !dashboards.some((d) => d.uuid === drill.dashboard)) options.unshift([drill.dashboard ?? '', t('dashboards.editor.drill.chooseDashboard')]);
    return <SelectField id={fieldId(widget.id, 'drill-dashboard')} label={t('dashboards.editor.drill.dashboard')} value={drill.dashboard ?? ''} options={options} problems={targetProblems} onChange={(v) => model.patchDrilldown(widget.id, { dashboard: v || undefined })} />;
  }
  if (drill.target === 'file') {
    const file = drill.file ?? { path: '' };
    return (
      <>
        <TextField id={fieldId(widget.id, 'drill-path')} label={t('dashboards.editor.drill.path')} hint={t('dashboards.editor.drill.pathHint')} value={file.path} problems={targetProblems} onChange={(path) => model.patchDrilldown(widget.id, { file: { ...file, path } })} />
        <TextField id={fieldId(widget.id, 'drill-app')} label={t('dashboards.editor.drill.appName')} value={file.appName ?? ''} onChange={(appName) => model.patchDrilldown(widget.id, { file: appName ? { ...file, appName } : { path: file.path } })} />
      </>
    );
  }
  return <p className="atk-field__help">{t('dashboards.editor.drill.recordsHint')}</p>;
}

/** The filter a drill adds, a row per dimension, with the placeholders of the clicked element offered. */
function FilterRows({ model, widget, problems }: { model: EditorModel; widget: Widget; problems: readonly EditorProblem[] }): JSX.Element {
  const { t, language } = useTranslation();
  const { datasets, definition } = useModel(model);
  const drill = widget.drilldown!;
  const next = drill.target === 'widget' ? definition.widgets.find((w) => w.id === drill.nextWidgetId) : widget;
  const dataset = datasetOf(datasets, next ?? widget) ?? datasetOf(datasets, widget);
  const placeholders = [...widget.query.dimensions, ...widget.query.measures].map((k) => `{${k}}`).join(' ');
  return (
    <fieldset className="dbe-choices" data-testid="dashboards.editor.drillFilter">
      <legend>{t('dashboards.editor.drill.filter')}</legend>
      <p className="atk-field__help">{placeholders ? t('dashboards.editor.drill.placeholders', { placeholders }) : t('dashboards.editor.drill.noPlaceholders')}</p>
      {drill.filter.map((row, index) => {
        const id = fieldId(widget.id, `drill-filter-${index}`);
        const dims: Array<readonly [string, string]> = (dataset?.dimensions ?? []).map((d) => [d.key, labelText(d.label, language)] as const);
        if (!dims.some(([k]) => k === row.dimension)) dims.unshift([row.dimension, row.dimension]);
        const rowProblems = problems.filter((p) => p.field === `drilldown.filter.${index}`);
        return (
          <div key={index} className="dbe-filter" role="group" aria-label={t('dashboards.editor.drill.row', { number: index + 1 })}>
            <SelectField id={`${id}-dimension`} label={t('dashboards.editor.drill.dimension')} value={row.dimension} options={dims} onChange={(dimension) => model.setDrillFilter(widget.id, index, { dimension })} />
            <SelectField id={`${id}-op`} label={t('dashboards.editor.drill.op.label')} value={row.op} options={DATASET_FILTER_OPS.map((op) => [op, opText(op, t)] as const)} onChange={(v) => model.setDrillFilter(widget.id, index, { op: v as DatasetFilterOp, value: valueOf(v as DatasetFilterOp, valueText(row.value)) })} />
            {NO_VALUE.includes(row.op) ? null : <TextField id={`${id}-value`} label={t(LIST.includes(row.op) ? 'dashboards.editor.drill.values' : 'dashboards.editor.drill.value')} value={valueText(row.value)} onChange={(text) => model.setDrillFilter(widget.id, index, { value: valueOf(row.op, text) })} />}
            <FieldProblems id={`${id}-problems`} problems={rowProblems} />
            <button type="button" className="atk-button" onClick={() => model.removeDrillFilter(widget.id, index)}>
              {t('dashboards.editor.drill.removeRow', { number: index + 1 })}
            </button>
          </div>
        );
      })}
      <button type="button" className="atk-button" disabled={drill.filter.length >= 20} onClick={() => model.addDrillFilter(widget.id)} data-testid="dashboards.editor.addDrillFilter">
        {t('dashboards.editor.drill.addRow')}
      </button>
    </fieldset>
  );
}

/**
 * The drill-down section of a widget's form (docs/behaviour/dashboards.md#editing-a-dashboard):
 * where a click goes, the filter it adds, the titles shown once drilled,
 * and how deep the widget's drills go.
 */
export function DrillForm({ model, widget, problems }: { model: EditorModel; widget: Widget; problems: readonly EditorProblem[] }): JSX.Element {
  const { t, language } = useTranslation();
  const drill = widget.drilldown;
  const id = fieldId(widget.id, 'drill');
  const text = (key: 'widgetTitle' | 'widgetFooter' | 'dashboardTitle') => (
    <TextField id={`${id}-${key}`} label={t(`dashboards.editor.drill.${key}`)} value={dashboardTextOf(drill?.[key], language)} onChange={(v) => model.patchDrilldown(widget.id, { [key]: v || undefined })} />
  );
  return (
    <fieldset className="dbe-choices dbe-drill" data-testid="dashboards.editor.drill">
      <legend>{t('dashboards.editor.drill.legend')}</legend>
      <SelectField id={`${id}-target`} label={t('dashboards.editor.drill.target.label')} value={drill?.target ?? ''} options={[['', t('dashboards.editor.drill.target.none')] as const, ...DRILL_TARGETS.map((d) => [d, targetText(d, t)] as const)]} onChange={(v) => model.setDrillTarget(widget.id, v === '' ? null : (v as DrillTarget))} />
      {drill ? (
        <>
          <TargetDetails model={model} widget={widget} problems={problems} />
          <FilterRows model={model} widget={widget} problems={problems} />
          {text('widgetTitle')}
          {text('widgetFooter')}
          {text('dashboardTitle')}
          <TextField id={`${id}-depth`} type="number" min={1} max={DASHBOARD_LIMITS.depth} label={t('dashboards.editor.drill.maxDepth')} value={String(drill.maxDepth)} onChange={(v) => model.patchDrilldown(widget.id, { maxDepth: Math.min(DASHBOARD_LIMITS.depth, Math.max(1, Math.round(Number(v)) || 1)) })} />
        </>
      ) : null}
    </fieldset>
  );
}
