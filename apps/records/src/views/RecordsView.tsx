import { FailureState, useModel, useTranslation } from '@atrium/app-kit';
import { labelOf } from '@atrium/shared/apps';
import { useId, type JSX } from 'react';
import type { RecordsAppModel, ViewMode } from '../model/RecordsAppModel.js';
import { ListView, type ListActions } from './ListView.js';
import { RECORD_VIEWS, type EntityViewProps } from './slots.js';
import { failureDetails, failureText } from './texts.js';

/** What the board and calendar get besides the entity (the window's services). */
export type ViewServices = Omit<EntityViewProps, 'entityKey' | 'entity' | 'rights'>;

/** The entities as tabs (the arrows move between them), each naming the panel below (`${ids}-panel`). */
function EntityTabs({ model, entities, current, ids }: { model: RecordsAppModel; entities: ReturnType<RecordsAppModel['entities']>; current: string; ids: string }): JSX.Element {
  const { t, language } = useTranslation();
  return (
    <div className="rec-tabs" role="tablist" aria-label={t('records.nav.entities')}>
      {entities.map(([k, e], index) => (
        <button
          key={k}
          id={`${ids}-${k}`}
          type="button"
          role="tab"
          aria-selected={k === current}
          aria-controls={`${ids}-panel`}
          tabIndex={k === current ? 0 : -1}
          className="rec-tab"
          onClick={() => model.select(k)}
          onKeyDown={(event) => {
            const to = event.key === 'ArrowRight' ? index + 1 : event.key === 'ArrowLeft' ? index - 1 : null;
            if (to === null) return;
            event.preventDefault();
            const [target] = entities[(to + entities.length) % entities.length]!;
            model.select(target);
            document.getElementById(`${ids}-${target}`)?.focus();
          }}
          data-testid={`records.entity.${k}`}
        >
          {labelOf(e.pluralLabel, language)}
        </button>
      ))}
    </div>
  );
}

/**
 * A declared application's window: its entities as tabs (when there are
 * several), the views the chosen entity offers (List, and Board and
 * Calendar where declared and built), and that view.
 */
export function RecordsView({ model, actions, services }: { model: RecordsAppModel; actions: ListActions; services: ViewServices }): JSX.Element {
  const { t } = useTranslation();
  const state = useModel(model);
  const ids = useId();
  if (state.status === 'loading') {
    return (
      <div className="atk-app rec">
        <p className="rec-state" role="status">
          {t('records.app.loading')}
        </p>
      </div>
    );
  }
  if (state.status === 'failed' && state.failure) {
    return (
      <div className="atk-app rec">
        <FailureState
          className="rec-state"
          title={t('records.app.failed')}
          reason={failureText(t, state.failure)}
          retry={state.failure.code === 'records.appNotFound' ? undefined : { label: t('records.app.retry'), onRetry: () => void model.load() }}
          details={{ label: t('records.app.details'), text: failureDetails(state.failure) }}
          testIds={{ root: 'records.app.failed' }}
        />
      </div>
    );
  }
  const entities = model.entities();
  const key = state.entity;
  const entity = key === null ? undefined : model.entity(key);
  if (key === null || !entity) {
    return (
      <div className="atk-app rec">
        <p className="rec-state" role="status">
          {t('records.app.noEntities')}
        </p>
      </div>
    );
  }
  const modes = model.modes(key).filter((mode) => mode === 'list' || RECORD_VIEWS[mode] !== undefined);
  const rights = model.rights(key);
  const Other = state.mode === 'list' ? undefined : RECORD_VIEWS[state.mode];
  return (
    <div className="atk-app rec rec-app">
      {(entities.length > 1 || modes.length > 1) && (
        <div className="rec-nav">
          {entities.length > 1 && <EntityTabs model={model} entities={entities} current={key} ids={ids} />}
          {modes.length > 1 && (
            <div className="rec-modes" role="radiogroup" aria-label={t('records.nav.views')}>
              {modes.map((mode: ViewMode) => (
                <button key={mode} type="button" role="radio" aria-checked={mode === state.mode} className="rec-mode" onClick={() => model.setMode(mode)} data-testid={`records.mode.${mode}`}>
                  {t(`records.nav.${mode}`)}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
      <div id={`${ids}-panel`} className="rec-app__view" role={entities.length > 1 ? 'tabpanel' : undefined} aria-labelledby={entities.length > 1 ? `${ids}-${key}` : undefined}>
        {Other ? <Other {...services} entityKey={key} entity={entity} rights={rights} /> : <ListView key={key} model={model.list(key)} entity={entity} rights={rights} actions={actions} />}
      </div>
    </div>
  );
}
