import { useDismiss, useModel, useTranslation } from '@atrium/app-kit';
import { DASHBOARD_LIMITS, WIDGET_KINDS, type Widget, type WidgetKind } from '@atrium/shared/dashboards';
import { useEffect, useRef, useState, type JSX } from 'react';
import type { EditorModel } from '../../model/EditorModel.js';
import { datasetName, kindText } from './editorText.js';
import { SelectField } from './formParts.js';

/** The toolbar's Add widget form: a kind and a dataset; the widget goes to the first free place of the grid. Escape closes it. */
export function AddWidgetForm({ id, model, onAdded, onClose }: { id: string; model: EditorModel; onAdded(widget: Widget): void; onClose(): void }): JSX.Element {
  const { t, language } = useTranslation();
  const { datasets, definition } = useModel(model);
  const [kind, setKind] = useState<WidgetKind>('bar');
  const [dataset, setDataset] = useState('0');
  const ref = useRef<HTMLDivElement>(null);
  const { onKeyDown } = useDismiss(ref, onClose, { outside: false });
  const full = definition.widgets.length >= DASHBOARD_LIMITS.widgets;
  // Opened from the toolbar: the focus goes to its first field (or its Close button).
  useEffect(() => ref.current?.querySelector<HTMLElement>('select, button')?.focus(), []);
  const add = () => {
    const chosen = datasets[Number(dataset)];
    const widget = chosen ? model.addWidget(kind, chosen) : null;
    if (widget) onAdded(widget);
  };
  return (
    <div id={id} ref={ref} className="dbe-add" role="group" aria-label={t('dashboards.editor.add.label')} onKeyDown={onKeyDown} data-testid="dashboards.editor.addForm">
      {datasets.length === 0 ? <p>{t('dashboards.editor.add.noDatasets')}</p> : null}
      {full ? <p>{t('dashboards.editor.add.full', { max: DASHBOARD_LIMITS.widgets })}</p> : null}
      {datasets.length > 0 && !full ? (
        <>
          <SelectField id={`${id}-kind`} label={t('dashboards.editor.fields.kind')} value={kind} options={WIDGET_KINDS.map((k) => [k, kindText(k, t)] as const)} onChange={(v) => setKind(v as WidgetKind)} />
          <SelectField id={`${id}-dataset`} label={t('dashboards.editor.fields.dataset')} value={dataset} options={datasets.map((d, i) => [String(i), datasetName(d, language)] as const)} onChange={setDataset} />
          <button type="button" className="atk-button atk-primary" onClick={add} data-testid="dashboards.editor.addConfirm">
            {t('dashboards.editor.add.confirm')}
          </button>
        </>
      ) : null}
      <button type="button" className="atk-button" onClick={onClose}>
        {t('dashboards.editor.add.close')}
      </button>
    </div>
  );
}
