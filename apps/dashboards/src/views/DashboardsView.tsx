import { useModel } from '@atrium/app-kit';
import type { JSX } from 'react';
import type { DashboardsAppModel } from '../model/DashboardsAppModel.js';
import { DashboardView } from './DashboardView.js';
import { ListView } from './ListView.js';

export interface DashboardsViewProps {
  model: DashboardsAppModel;
  today(): string;
  /** Edit a dashboard (the editor's entry; may do nothing). */
  onEdit(dashboardUuid: string): void;
}

/** The Dashboards window: the list, or the dashboard opened from it or by the launch. */
export function DashboardsView({ model, today, onEdit }: DashboardsViewProps): JSX.Element {
  const { open, opened } = useModel(model);
  return (
    <div className="atk-app dsh" data-testid="dashboards">
      {open ? <DashboardView key={opened} model={open} today={today()} onBack={() => model.showList()} onEdit={onEdit} /> : <ListView model={model.list} onOpen={(uuid) => model.openDashboard(uuid)} />}
    </div>
  );
}
