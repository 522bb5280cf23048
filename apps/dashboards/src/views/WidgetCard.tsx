import { useModel, useTranslation } from '@atrium/app-kit';
import type { DashboardDefinition, DatasetInfo } from '@atrium/shared/dashboards';
import { useEffect, useRef, useState, type JSX, type RefObject } from 'react';
import { textOf, type DashboardModel, type SlotState } from '../model/DashboardModel.js';
import { datasetOf, elementOf } from '../model/queries.js';
import { Breadcrumb } from './Breadcrumb.js';
import { Chart } from './Chart.js';
import { DataTable } from './DataTable.js';
import { KpiFigure } from './KpiFigure.js';
import { useFormat } from './useFormat.js';
import { WidgetStateView } from './WidgetStateView.js';

export interface WidgetCardProps {
  model: DashboardModel;
  slot: SlotState;
  definition: DashboardDefinition;
  datasets: readonly DatasetInfo[];
}

/**
 * When a drill or a roll-up changes what a slot shows (`level`), the row
 * or breadcrumb level that was clicked goes with the level it was on: a
 * focus that was in the card (or is lost with it) moves to the card's title,
 * which names the new level, so that a keyboard goes on from there
 * (docs/behaviour/dashboards.md#widgets). A focus elsewhere stays.
 */
function useFocusAfterDrill(level: string): { card: RefObject<HTMLElement | null>; heading: RefObject<HTMLHeadingElement | null> } {
  const card = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(level);
  useEffect(() => {
    if (shown.current === level) return;
    shown.current = level;
    const active = document.activeElement;
    if (!active || active === document.body || card.current?.contains(active)) heading.current?.focus();
  }, [level]);
  return { card, heading };
}

/**
 * A widget of a dashboard (docs/behaviour/dashboards.md#widgets): its title,
 * the drill path when drilled, its figures as a chart, a KPI or a table
 * (a chart's data also as a table, Show data) or the state of its query,
 * the truncation notice and its footer. A click (or Enter on a row) on an
 * element drills or filters the other widgets, as the widget says.
 */
export function WidgetCard({ model, slot, definition, datasets }: WidgetCardProps): JSX.Element {
  const { t, language } = useTranslation();
  const widgetModel = model.widget(slot.id)!;
  const state = useModel(widgetModel);
  const info = datasetOf(datasets, slot.widget.query);
  const fmt = useFormat(info, state.result);
  const [showData, setShowData] = useState(false);
  const [chartPainted, setChartPainted] = useState(false);
  const headingId = `dsh-widget-${slot.id}`;
  const isChart = slot.widget.kind !== 'kpi' && slot.widget.kind !== 'table';
  const hasFigures = (state.status === 'ready' || state.status === 'truncated') && state.result && fmt;
  const activate = slot.clickable && state.result ? (rowIndex: number) => void model.click(slot.id, elementOf(state.result!, rowIndex)) : undefined;
  const placed = definition.widgets.find((w) => w.id === slot.id);
  // Painted: what the card shows is final (docs/behaviour/dashboards.md#painted): a chart once ECharts has drawn it.
  const showsChart = !!hasFigures && isChart && !showData;
  const painted = state.status !== 'loading' && (!showsChart || chartPainted);
  const { card, heading } = useFocusAfterDrill(`${slot.widget.id}/${slot.view?.depth ?? 0}`);
  return (
    <section ref={card} className="dsh-card" aria-labelledby={headingId} data-testid={`widget.${slot.id}`} data-status={state.status} data-kind={slot.widget.kind} data-painted={painted}>
      <header className="dsh-card__header">
        <h3 ref={heading} id={headingId} className="dsh-card__title" title={slot.title} tabIndex={-1}>
          {slot.title}
        </h3>
        {isChart && hasFigures && (
          <button type="button" className="dsh-link" aria-pressed={showData} onClick={() => setShowData((s) => !s)} data-testid="widget.showData">
            {t(showData ? 'dashboards.widget.showChart' : 'dashboards.widget.showData')}
          </button>
        )}
      </header>
      {slot.view && slot.view.depth > 0 && <Breadcrumb rootTitle={textOf(placed?.title, language)} view={slot.view} definition={definition} onRollUp={(depth) => model.rollUp(slot.id, depth)} />}
      {slot.clickable && <p className="atk-hidden">{t(slot.widget.click === 'crossFilter' ? 'dashboards.widget.filterHint' : 'dashboards.widget.drillHint')}</p>}
      <div className="dsh-card__body">
        {hasFigures ? (
          slot.widget.kind === 'kpi' ? (
            <KpiFigure result={state.result!} previous={state.previous} threshold={slot.widget.threshold} fmt={fmt} />
          ) : slot.widget.kind === 'table' || showData ? (
            <DataTable result={state.result!} fmt={fmt} caption={slot.title} onActivate={activate} />
          ) : (
            <Chart kind={slot.widget.kind as 'bar'} result={state.result!} fmt={fmt} title={slot.title} onElement={activate} onPainted={setChartPainted} />
          )
        ) : (
          <WidgetStateView widget={widgetModel} state={state} />
        )}
      </div>
      {state.status === 'truncated' && state.result && (
        <p className="dsh-card__notice" role="note" data-testid="widget.truncated">
          {t('dashboards.widget.truncated', { count: state.result.rows.length })}
        </p>
      )}
      {slot.footer && <footer className="dsh-card__footer">{slot.footer}</footer>}
    </section>
  );
}
