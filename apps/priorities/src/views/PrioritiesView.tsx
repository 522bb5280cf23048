import { useModel } from '@atrium/app-kit';
import type { JSX } from 'react';
import type { PrioritiesModel } from '../model/PrioritiesModel.js';
import { Highlight } from './Highlight.js';
import { ListState } from './ListState.js';
import { Notice } from './Notice.js';
import { Pager } from './Pager.js';
import { TaskGrid } from './TaskGrid.js';
import { ColourFilters, PANEL_ID, SortControls, tabId, ViewTabs } from './Toolbar.js';
import { useFormats } from './useFormats.js';

export interface PrioritiesViewProps {
  model: PrioritiesModel;
  /** An application's title in the user's language, from its name. */
  appTitle(name: string): string;
}

/**
 * The Priorities window: the views as tabs, the colour counters and the
 * order, the task it was opened at, the page of tasks (or its state) and
 * the pages. It renders the model and hands every gesture to it.
 */
export function PrioritiesView({ model, appTitle }: PrioritiesViewProps): JSX.Element {
  const state = useModel(model);
  const formats = useFormats();
  const showGrid = state.status !== 'failed' && state.tasks.length > 0;
  return (
    <div className="atk-app prt" data-testid="priorities" data-view={state.view} data-status={state.status}>
      <header className="prt-header">
        <ViewTabs model={model} view={state.view} />
        <div className="prt-toolbar">
          <ColourFilters model={model} state={state} formats={formats} />
          <SortControls model={model} sort={state.sort} order={state.order} />
        </div>
      </header>
      <Highlight model={model} state={state} formats={formats} appTitle={appTitle} />
      <Notice model={model} state={state} />
      <div id={PANEL_ID} role="tabpanel" className="prt-panel" aria-labelledby={tabId(state.view)}>
        {showGrid ? <TaskGrid model={model} state={state} formats={formats} appTitle={appTitle} /> : <ListState model={model} state={state} />}
      </div>
      <Pager model={model} state={state} formats={formats} />
    </div>
  );
}
