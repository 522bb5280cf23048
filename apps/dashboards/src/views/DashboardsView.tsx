import { useModel } from '@atrium/app-kit';
import type { JSX } from 'react';
import type { DashboardsAppModel } from '../model/DashboardsAppModel.js';
import { DashboardView } from './DashboardView.js';
import { DashboardEditor } from './editor/DashboardEditor.js';
import { ListView } from './ListView.js';

export interface DashboardsViewProps {
  model: DashboardsAppModel;
  today(): string;
  /** Asks a yes/no question (the desktop's confirm dialog, modal to the window): true for yes. */
  confirm(question: { title: string; message: string }): Promise<boolean>;
}

/** The Dashboards window: the list, the dashboard opened from it or by the launch, or the editor in their place. */
export function DashboardsView({ model, today, confirm }: DashboardsViewProps): JSX.Element {
  const { open, opened, editing } = useModel(model);
  let content: JSX.Element;
  if (editing) content = <DashboardEditor model={editing} confirm={confirm} onClose={(saved) => model.closeEditor(saved)} />;
  else if (open) content = <DashboardView key={opened} model={open} today={today()} onBack={() => model.showList()} onEdit={() => model.edit()} />;
  else content = <ListView model={model.list} onOpen={(uuid) => model.openDashboard(uuid)} onCreate={() => model.create()} />;
  return (
    <div className="atk-app dsh" data-testid="dashboards">
      {content}
    </div>
  );
}
