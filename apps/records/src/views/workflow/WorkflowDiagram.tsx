import { useTranslation } from '@atrium/app-kit';
import { labelOf, type Workflow } from '@atrium/shared/apps';
import { useId, useMemo, type JSX } from 'react';
import { workflowDiagram, type DiagramState } from '../../model/workflow.js';

const BOX_WIDTH = 128;
const BOX_HEIGHT = 34;
const GAP = 36;
const LABEL_MAX = 17;

/** Where a state's box is drawn: the states in a row, in declaration order. */
const boxX = (index: number) => index * (BOX_WIDTH + GAP);

/** A label cut to fit its box (the whole label is the box's tooltip). */
const fitted = (text: string) => (text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1)}…` : text);

interface Arc {
  from: number;
  to: number;
}

/** The arcs between states (one per pair, whatever the number of steps between them); forward ones over the row, backward ones under it. */
function arcsOf(states: readonly DiagramState[], arrows: ReadonlyArray<{ from: string; to: string }>): Arc[] {
  const index = new Map(states.map((s, i) => [s.key, i]));
  const seen = new Set<string>();
  const arcs: Arc[] = [];
  for (const arrow of arrows) {
    const from = index.get(arrow.from);
    const to = index.get(arrow.to);
    if (from === undefined || to === undefined || seen.has(`${from}>${to}`)) continue;
    seen.add(`${from}>${to}`);
    arcs.push({ from, to });
  }
  return arcs;
}

/** The path of an arc: from the top (forward) or bottom (backward) of one box to the other's, higher the farther it goes; a loop for a step to the same state. */
function arcPath(arc: Arc, rowTop: number): string {
  const forward = arc.to > arc.from;
  if (arc.from === arc.to) {
    const x = boxX(arc.from) + BOX_WIDTH - 14;
    const y = rowTop + BOX_HEIGHT;
    return `M ${x - 10} ${y} C ${x - 14} ${y + 22}, ${x + 14} ${y + 22}, ${x + 6} ${y + 2}`;
  }
  const span = Math.abs(arc.to - arc.from);
  const lift = Math.min(14 + span * 12, 70);
  const shift = forward ? 10 : -10;
  const x1 = boxX(arc.from) + BOX_WIDTH / 2 + shift;
  const x2 = boxX(arc.to) + BOX_WIDTH / 2 + shift;
  const y = forward ? rowTop : rowTop + BOX_HEIGHT;
  const control = forward ? y - lift * 1.3 : y + lift * 1.3;
  return `M ${x1} ${y} C ${x1} ${control}, ${x2} ${control}, ${x2} ${y + (forward ? -2 : 2)}`;
}

/**
 * The diagram of a workflow (docs/behaviour/workflows.md#in-the-runtime):
 * every state as a box in declaration order, in its colour, the record's
 * current one marked; an arrow for each step between two states (forward
 * over the row, backward under it). Drawn with the theme's colours, so it
 * reads in both themes; a list of the states (the current one
 * `aria-current`) and of the steps ("Requested → Approved: Approve") says
 * the same to screen readers.
 */
export function WorkflowDiagram({ workflow, current }: { workflow: Workflow; current: string }): JSX.Element {
  const { t, language } = useTranslation();
  const marker = `rec-wf-arrow-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const { states, arrows } = useMemo(() => workflowDiagram(workflow, current), [workflow, current]);
  const arcs = useMemo(() => arcsOf(states, arrows), [states, arrows]);
  const label = (key: string) => {
    const state = workflow.states[key];
    return state ? labelOf(state.label, language) : key;
  };
  const longest = Math.max(1, ...arcs.map((a) => Math.abs(a.to - a.from)));
  const rowTop = Math.min(14 + longest * 12, 70) + 14;
  const height = rowTop * 2 + BOX_HEIGHT;
  const width = Math.max(BOX_WIDTH, boxX(states.length - 1) + BOX_WIDTH) + 2;
  return (
    <figure className="rec-wf-diagram" data-testid="records.workflow.diagram">
      <figcaption className="rec-wf-heading">{t('records.workflow.diagram')}</figcaption>
      <div className="rec-wf-diagram__scroll">
        <svg width={width} height={height} viewBox={`-1 0 ${width} ${height}`} aria-hidden="true" focusable="false">
          <defs>
            <marker id={marker} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" className="rec-wf-diagram__head" />
            </marker>
          </defs>
          {arcs.map((arc) => (
            <path key={`${arc.from}-${arc.to}`} d={arcPath(arc, rowTop)} className="rec-wf-diagram__arc" markerEnd={`url(#${marker})`} />
          ))}
          {states.map((state, i) => (
            <g key={state.key} className={`rec-wf-diagram__state${state.colour ? ` atk-choice--${state.colour}` : ''}${state.current ? ' rec-wf-diagram__state--current' : ''}`} data-state={state.key} data-current={state.current || undefined}>
              <title>{label(state.key)}</title>
              <rect x={boxX(i)} y={rowTop} width={BOX_WIDTH} height={BOX_HEIGHT} rx={BOX_HEIGHT / 2} />
              <text x={boxX(i) + BOX_WIDTH / 2} y={rowTop + BOX_HEIGHT / 2} dominantBaseline="central" textAnchor="middle">
                {fitted(label(state.key))}
              </text>
            </g>
          ))}
        </svg>
      </div>
      <ol className="atk-hidden" data-testid="records.workflow.states">
        {states.map((state) => (
          <li key={state.key} aria-current={state.current ? 'step' : undefined}>
            {label(state.key)}
            {state.current ? ` (${t('records.workflow.current')})` : ''}
          </li>
        ))}
      </ol>
      <ul className="atk-hidden" data-testid="records.workflow.steps">
        {arrows.map((arrow) => (
          <li key={`${arrow.key}-${arrow.from}`}>{t('records.workflow.arrow', { from: label(arrow.from), to: label(arrow.to), action: labelOf(arrow.action, language) })}</li>
        ))}
      </ul>
    </figure>
  );
}
