import { useTranslation } from '@atrium/app-kit';
import type { DashboardDefinition } from '@atrium/shared/dashboards';
import type { JSX } from 'react';
import { textOf } from '../model/DashboardModel.js';
import type { DrillView } from '../model/drill.js';

export interface BreadcrumbProps {
  /** The placed widget's title (the first level). */
  rootTitle: string;
  view: DrillView;
  definition: DashboardDefinition;
  onRollUp(depth: number): void;
}

/**
 * Where a drilled widget is (docs/behaviour/dashboards.md#drill-down): the
 * placed widget, then each drill's title; every earlier level is a button
 * that rolls up to it, the last is where the widget is now.
 */
export function Breadcrumb({ rootTitle, view, definition, onRollUp }: BreadcrumbProps): JSX.Element {
  const { t, language } = useTranslation();
  const levels = [
    rootTitle,
    ...view.entries.map((entry) => {
      const next = definition.widgets.find((w) => w.id === (entry.nextWidgetId ?? entry.widgetId));
      return entry.widgetTitle ?? textOf(next?.title, language);
    }),
  ];
  return (
    <nav className="dsh-crumbs" aria-label={t('dashboards.widget.breadcrumb', { title: rootTitle })} data-testid="widget.breadcrumb">
      <ol>
        {levels.map((label, depth) => (
          <li key={depth}>
            {depth < view.depth ? (
              <button type="button" className="dsh-crumb" onClick={() => onRollUp(depth)}>
                {label}
              </button>
            ) : (
              <span aria-current="location">{label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
