import { CloseIcon, useModel, useTranslation } from '@atrium/app-kit';
import type { Widget } from '@atrium/shared/dashboards';
import { useId, useRef, type JSX, type KeyboardEvent } from 'react';
import { dashboardTextOf, datasetOf, type EditorModel } from '../../model/EditorModel.js';
import { clampItem, type GridKey } from '../../model/gridLayout.js';
import { datasetName, kindText } from './editorText.js';
import { useGridDrag, type GridGesture } from './useGridDrag.js';

/** A grid row's height and the gap under it, in CSS pixels (DashboardEditor.css says the same). */
export const ROW_PX = 64;

const ARROWS: readonly string[] = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];

/** Where a widget is drawn: its place, or where the gesture under way would put it. */
function placeOf(widget: Widget, gesture: GridGesture | null) {
  const p = widget.position!;
  if (gesture?.id !== widget.id) return p;
  const moved = gesture.kind === 'move' ? { ...p, x: p.x + gesture.dx, y: p.y + gesture.dy } : { ...p, w: p.w + gesture.dx, h: p.h + gesture.dy };
  return clampItem({ id: widget.id, ...moved });
}

interface CardProps {
  model: EditorModel;
  widget: Widget;
  gesture: GridGesture | null;
  handleProps: ReturnType<typeof useGridDrag>['handleProps'];
  cancelGesture(): void;
  hints: { move: string; resize: string };
  onRemove(widget: Widget): void;
}

function GripGlyph(): JSX.Element {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="currentColor" aria-hidden="true" focusable="false">
      {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  );
}

/** One widget in edit mode: its move handle, its title (selects it), its remove button, what it shows, and its resize handle. */
function WidgetCard({ model, widget, gesture, handleProps, cancelGesture, hints, onRemove }: CardProps): JSX.Element {
  const { t, language } = useTranslation();
  const { selected, problems, datasets } = useModel(model);
  const place = placeOf(widget, gesture);
  const title = dashboardTextOf(widget.title, language) || t('dashboards.editor.untitled');
  const dataset = datasetOf(datasets, widget);
  const count = problems.filter((p) => p.widgetId === widget.id).length;
  const onKey = (resize: boolean) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && gesture?.id === widget.id) return void (event.preventDefault(), cancelGesture());
    if (!ARROWS.includes(event.key)) return;
    event.preventDefault();
    model.keyboardStep(widget.id, event.key as GridKey, resize || event.shiftKey);
  };
  const classes = ['dbe-card', selected === widget.id ? 'dbe-card--selected' : '', gesture?.id === widget.id ? 'dbe-card--dragging' : '', count > 0 ? 'dbe-card--invalid' : ''];
  return (
    <li
      className={classes.filter(Boolean).join(' ')}
      style={{ gridColumn: `${place.x + 1} / span ${place.w}`, gridRow: `${place.y + 1} / span ${place.h}` }}
      data-testid="dashboards.editor.widget"
      data-widget={widget.id}
    >
      <div className="dbe-card__bar">
        <button type="button" className="dbe-handle" aria-label={t('dashboards.editor.grid.move', { title })} aria-describedby={hints.move} onKeyDown={onKey(false)} {...handleProps(widget.id, 'move')} data-testid="dashboards.editor.move">
          <GripGlyph />
        </button>
        <button type="button" className="dbe-card__title" aria-pressed={selected === widget.id} onClick={() => model.select(widget.id)} data-testid="dashboards.editor.select">
          {title}
        </button>
        <button type="button" className="dbe-icon-button" aria-label={t('dashboards.editor.grid.remove', { title })} title={t('dashboards.editor.grid.remove', { title })} onClick={() => onRemove(widget)} data-testid="dashboards.editor.remove">
          <CloseIcon width={16} height={16} />
        </button>
      </div>
      <p className="dbe-card__summary">
        {kindText(widget.kind, t)}
        {dataset ? ` · ${datasetName(dataset, language)}` : ''}
      </p>
      {count > 0 ? <p className="dbe-card__problems">{t('dashboards.editor.grid.problems', { count })}</p> : null}
      <button type="button" className="dbe-resize" aria-label={t('dashboards.editor.grid.resize', { title })} aria-describedby={hints.resize} onKeyDown={onKey(true)} {...handleProps(widget.id, 'resize')} data-testid="dashboards.editor.resize" />
    </li>
  );
}

/**
 * The dashboard's grid in edit mode (docs/behaviour/dashboards.md#editing-a-dashboard):
 * twelve columns, each placed widget a card that a pointer moves by its
 * grip and resizes by its corner, and the keyboard moves (arrows) and
 * resizes (Shift+arrows, or arrows on the corner) from the focused handle.
 */
export function EditorGrid({ model, onRemove }: { model: EditorModel; onRemove(widget: Widget): void }): JSX.Element {
  const { t } = useTranslation();
  const { definition } = useModel(model);
  const grid = useRef<HTMLUListElement>(null);
  const moveHint = useId();
  const resizeHint = useId();
  const { gesture, handleProps, cancel } = useGridDrag(grid, ROW_PX, (done) => {
    const place = model.widget(done.id)?.position;
    if (!place) return;
    if (done.kind === 'move') model.moveWidget(done.id, { x: place.x + done.dx, y: place.y + done.dy });
    else model.resizeWidget(done.id, { w: place.w + done.dx, h: place.h + done.dy });
  });
  const placed = definition.widgets.filter((w) => w.position);
  return (
    <div className="dbe-grid-area">
      <p hidden id={moveHint}>
        {t('dashboards.editor.grid.moveHint')}
      </p>
      <p hidden id={resizeHint}>
        {t('dashboards.editor.grid.resizeHint')}
      </p>
      {placed.length === 0 ? <p className="dbe-empty">{t('dashboards.editor.grid.empty')}</p> : null}
      <ul ref={grid} className="dbe-grid" aria-label={t('dashboards.editor.grid.label')} data-testid="dashboards.editor.grid">
        {placed.map((widget) => (
          <WidgetCard key={widget.id} model={model} widget={widget} gesture={gesture} handleProps={handleProps} cancelGesture={cancel} hints={{ move: moveHint, resize: resizeHint }} onRemove={onRemove} />
        ))}
      </ul>
    </div>
  );
}
