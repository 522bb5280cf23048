import { useModel, useTranslation } from '@atrium/app-kit';
import { WIDGET_KINDS, type AlertRecipients, type DatasetInfo, type ThresholdNotify, type Widget, type WidgetKind } from '@atrium/shared/dashboards';
import type { JSX, RefObject } from 'react';
import { dashboardTextOf, datasetOf, KIND_RULES, type EditorModel, type EditorProblem } from '../../model/EditorModel.js';
import { DrillForm } from './DrillForm.js';
import { datasetName, fieldId, kindText, labelText } from './editorText.js';
import { FieldProblems, SelectField, TextField } from './formParts.js';

const CLICKS: readonly Widget['click'][] = ['drill', 'crossFilter', 'none'];

/** The hint of how many of a field a kind shows. */
function countHint(t: (key: string, o?: Record<string, unknown>) => string, [min, max]: readonly [number, number]): string {
  if (min === max) return t('dashboards.editor.fields.exactly', { count: min });
  return min === 0 ? t('dashboards.editor.fields.upTo', { max }) : t('dashboards.editor.fields.range', { min, max });
}

/** The measures or dimensions of the dataset to choose from: one of them (radio buttons) or several (check boxes, none past the most). */
function FieldChoices({ model, widget, dataset, field, problems }: { model: EditorModel; widget: Widget; dataset: DatasetInfo; field: 'measures' | 'dimensions'; problems: readonly EditorProblem[] }): JSX.Element {
  const { t, language } = useTranslation();
  const rules = KIND_RULES[widget.kind][field];
  const id = fieldId(widget.id, field);
  const have = widget.query[field];
  const items = field === 'measures' ? dataset.measures : dataset.dimensions;
  const single = rules[0] === 1 && rules[1] === 1;
  if (rules[1] === 0) return <p className="atk-field__help">{t('dashboards.editor.fields.noDimensions')}</p>;
  return (
    <fieldset className="dbe-choices" aria-describedby={`${id}-hint${problems.length > 0 ? ` ${id}-problems` : ''}`} data-testid={`dashboards.editor.${field}`}>
      <legend>{t(`dashboards.editor.fields.${field}`)}</legend>
      <p id={`${id}-hint`} className="atk-field__help">
        {countHint(t, rules)}
      </p>
      {items.map((item) => {
        const checked = have.includes(item.key);
        return (
          <label key={item.key} className="dbe-choice">
            <input type={single ? 'radio' : 'checkbox'} name={id} checked={checked} disabled={!single && !checked && have.length >= rules[1]} onChange={() => model.toggleField(widget.id, field, item.key)} />
            {labelText(item.label, language)}
          </label>
        );
      })}
      <FieldProblems id={`${id}-problems`} problems={problems} />
    </fieldset>
  );
}

/** A notify as the select's value: `user:<id>`, `role:<app>:<role>`, or '' for nobody. */
export function notifyValue(notify: ThresholdNotify | undefined): string {
  if (!notify) return '';
  return 'user' in notify ? `user:${notify.user}` : `role:${notify.app}:${notify.role}`;
}

/** The notify a select's value names (null: nobody). */
export function notifyOf(value: string): ThresholdNotify | null {
  if (value.startsWith('user:')) return { user: value.slice(5) };
  const role = /^role:([^:]+):(.+)$/.exec(value);
  return role ? { app: role[1]!, role: role[2]! } : null;
}

/** Whom the KPI's alert gives a task when its figure enters red: nobody, a member of the organisation, or the holders of a role. */
function NotifyField({ model, widget, recipients }: { model: EditorModel; widget: Widget; recipients: AlertRecipients }): JSX.Element {
  const { t, language } = useTranslation();
  const id = fieldId(widget.id, 'threshold.notify');
  const value = notifyValue(widget.threshold?.notify);
  const options: Array<readonly [string, string]> = [
    ['', t('dashboards.editor.threshold.notifyNone')],
    ...recipients.people.map((p) => [`user:${p.id}`, t('dashboards.editor.threshold.notifyPerson', { name: p.name })] as const),
    ...recipients.roles.map((r) => [`role:${r.app}:${r.role}`, t('dashboards.editor.threshold.notifyRole', { app: labelText(r.appLabel, language), role: labelText(r.label, language) })] as const),
  ];
  // Someone named before and no longer offered (left the organisation, or an application the user does not have) stays shown.
  if (!options.some(([v]) => v === value)) options.push([value, t('dashboards.editor.threshold.notifyUnknown')]);
  return (
    <SelectField id={id} label={t('dashboards.editor.threshold.notify')} value={value} options={options} onChange={(v) => model.setNotify(widget.id, notifyOf(v))}>
      <p className="atk-field__help">{t('dashboards.editor.threshold.notifyHint')}</p>
    </SelectField>
  );
}

/** A KPI's red and yellow limits, which way is better, and whom entering red gives a task. */
function ThresholdFields({ model, widget, problems }: { model: EditorModel; widget: Widget; problems: readonly EditorProblem[] }): JSX.Element {
  const { t } = useTranslation();
  const { recipients } = useModel(model);
  const threshold = widget.threshold;
  const id = fieldId(widget.id, 'threshold');
  const number = (v: number) => (Number.isFinite(v) ? String(v) : '');
  const parse = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
  return (
    <fieldset className="dbe-choices" data-testid="dashboards.editor.threshold">
      <legend>{t('dashboards.editor.threshold.legend')}</legend>
      <label className="dbe-choice">
        <input type="checkbox" checked={threshold !== undefined} onChange={(event) => model.setThreshold(widget.id, event.target.checked ? { red: 0, yellow: 0, higherIsBetter: true } : null)} />
        {t('dashboards.editor.threshold.use')}
      </label>
      {threshold ? (
        <>
          <TextField id={`${id}-red`} type="number" label={t('dashboards.editor.threshold.red')} value={number(threshold.red)} onChange={(v) => model.setThreshold(widget.id, { ...threshold, red: parse(v) })} />
          <TextField id={`${id}-yellow`} type="number" label={t('dashboards.editor.threshold.yellow')} value={number(threshold.yellow)} onChange={(v) => model.setThreshold(widget.id, { ...threshold, yellow: parse(v) })} />
          <label className="dbe-choice">
            <input type="checkbox" checked={threshold.higherIsBetter} onChange={(event) => model.setThreshold(widget.id, { ...threshold, higherIsBetter: event.target.checked })} />
            {t('dashboards.editor.threshold.higherIsBetter')}
          </label>
          <p className="atk-field__help">{t(threshold.higherIsBetter ? 'dashboards.editor.threshold.higherHint' : 'dashboards.editor.threshold.lowerHint')}</p>
          <NotifyField model={model} widget={widget} recipients={recipients} />
          <FieldProblems id={`${id}-problems`} problems={problems} />
        </>
      ) : null}
    </fieldset>
  );
}

/** What a widget shows: its dataset, kind, measures and dimensions. */
function QueryFields({ model, widget, of }: { model: EditorModel; widget: Widget; of(field: string): EditorProblem[] }): JSX.Element {
  const { t, language } = useTranslation();
  const { datasets } = useModel(model);
  const dataset = datasetOf(datasets, widget);
  const datasetOptions: Array<readonly [string, string]> = datasets.map((d, i) => [String(i), datasetName(d, language)] as const);
  if (!dataset) datasetOptions.unshift(['', t('dashboards.editor.fields.unknownDataset', { dataset: widget.query.dataset })]);
  return (
    <>
      <SelectField id={fieldId(widget.id, 'kind')} label={t('dashboards.editor.fields.kind')} value={widget.kind} options={WIDGET_KINDS.map((k) => [k, kindText(k, t)] as const)} onChange={(v) => model.setKind(widget.id, v as WidgetKind)} />
      <SelectField
        id={fieldId(widget.id, 'dataset')}
        label={t('dashboards.editor.fields.dataset')}
        value={dataset ? String(datasets.indexOf(dataset)) : ''}
        options={datasetOptions}
        problems={of('dataset')}
        onChange={(v) => v !== '' && model.setDataset(widget.id, datasets[Number(v)]!)}
      />
      {dataset ? (
        <>
          <FieldChoices model={model} widget={widget} dataset={dataset} field="measures" problems={of('measures')} />
          <FieldChoices model={model} widget={widget} dataset={dataset} field="dimensions" problems={of('dimensions')} />
        </>
      ) : null}
    </>
  );
}

/**
 * The side panel's form for the selected widget (docs/behaviour/dashboards.md#editing-a-dashboard):
 * titles, what it shows, what a click does, a KPI's threshold and the drill-down.
 */
export function WidgetForm({ model, widget, headingRef }: { model: EditorModel; widget: Widget; headingRef?: RefObject<HTMLHeadingElement | null> }): JSX.Element {
  const { t, language } = useTranslation();
  const { problems } = useModel(model);
  const of = (field: string) => problems.filter((p) => p.widgetId === widget.id && (p.field === field || p.field.startsWith(`${field}.`)));
  const placeholders = [...widget.query.dimensions, ...widget.query.measures].map((k) => `{${k}}`).join(' ');
  const title = dashboardTextOf(widget.title, language);
  return (
    <section className="dbe-form" aria-labelledby={fieldId(widget.id, 'heading')} data-testid="dashboards.editor.widgetForm">
      <div className="dbe-form__head">
        <h3 id={fieldId(widget.id, 'heading')} ref={headingRef} tabIndex={-1}>
          {t('dashboards.editor.form.widget', { title: title || t('dashboards.editor.untitled') })}
        </h3>
        <button type="button" className="atk-button" onClick={() => model.select(null)} data-testid="dashboards.editor.toDashboard">
          {t('dashboards.editor.form.toDashboard')}
        </button>
      </div>
      {widget.position ? null : <p className="atk-field__help">{t('dashboards.editor.form.drillWidget')}</p>}
      <TextField id={fieldId(widget.id, 'title')} label={t('dashboards.editor.fields.title')} value={title} required problems={of('title')} hint={placeholders ? t('dashboards.editor.fields.placeholders', { placeholders }) : undefined} onChange={(v) => model.setWidgetText(widget.id, 'title', v)} />
      <TextField id={fieldId(widget.id, 'footer')} label={t('dashboards.editor.fields.footer')} value={dashboardTextOf(widget.footer, language)} problems={of('footer')} onChange={(v) => model.setWidgetText(widget.id, 'footer', v)} />
      <QueryFields model={model} widget={widget} of={of} />
      <SelectField id={fieldId(widget.id, 'click')} label={t('dashboards.editor.fields.click')} value={widget.click} options={CLICKS.map((c) => [c, t(`dashboards.editor.click.${c}`)] as const)} onChange={(v) => model.setClick(widget.id, v as Widget['click'])} />
      {widget.kind === 'kpi' ? <ThresholdFields model={model} widget={widget} problems={of('threshold')} /> : null}
      {widget.click === 'drill' ? <DrillForm model={model} widget={widget} problems={of('drilldown')} /> : null}
    </section>
  );
}
