import type { JSX } from 'react';
import type { DashboardModel } from '../model/DashboardModel.js';
import { DashboardView } from './DashboardView.js';

export interface HomeDashboardProps {
  model: DashboardModel;
  today(): string;
}

/**
 * The home widget's dashboard (docs/behaviour/dashboards.md#the-home-widget):
 * the dashboard read-only, without Back or Edit, filling the element the
 * desktop gives it (its grid follows that element's width, not the window's).
 * Whoever mounts it disposes the model when it goes.
 */
export function HomeDashboard({ model, today }: HomeDashboardProps): JSX.Element {
  return (
    <div className="atk-app dsh dsh--home" data-testid="dashboards.home">
      <DashboardView model={model} today={today()} />
    </div>
  );
}
