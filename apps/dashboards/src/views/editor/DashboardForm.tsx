import { useModel, useTranslation } from '@atrium/app-kit';
import type { DashboardSharing, Widget } from '@atrium/shared/dashboards';
import type { JSX } from 'react';
import { dashboardTextOf, type EditorModel } from '../../model/EditorModel.js';
import { fieldId, labelText } from './editorText.js';
import { FieldProblems, SelectField, TextField } from './formParts.js';

/** Who sees the dashboard: only its owner, the organisation, or the holders of a role of an application. */
function SharingFields({ model }: { model: EditorModel }): JSX.Element {
  const { t, language } = useTranslation();
  const { sharing, datasets, problems } = useModel(model);
  const apps = [...new Map(datasets.map((d) => [d.app, labelText(d.appLabel, language)])).entries()];
  const role = sharing.kind === 'role' ? sharing : null;
  if (role && !apps.some(([app]) => app === role.app)) apps.unshift([role.app, role.app]);
  const choose = (kind: string) => model.setSharing(kind === 'role' ? { kind: 'role', app: apps[0]?.[0] ?? '', role: '' } : ({ kind } as DashboardSharing));
  return (
    <>
      <SelectField
        id={fieldId(null, 'sharing')}
        label={t('dashboards.editor.sharing.label')}
        value={sharing.kind}
        options={(['private', 'organisation', 'role'] as const).map((k) => [k, t(`dashboards.editor.sharing.${k}`)] as const)}
        onChange={choose}
      />
      {role ? (
        <>
          <SelectField id={fieldId(null, 'sharing-app')} label={t('dashboards.editor.sharing.app')} value={role.app} options={apps} onChange={(app) => model.setSharing({ ...role, app })} />
          <TextField id={fieldId(null, 'sharing-role')} label={t('dashboards.editor.sharing.roleName')} value={role.role} onChange={(name) => model.setSharing({ ...role, role: name })} />
          <FieldProblems id={`${fieldId(null, 'sharing')}-problems`} problems={problems.filter((p) => p.field === 'sharing')} />
        </>
      ) : null}
    </>
  );
}

/**
 * The side panel while no widget is selected (docs/behaviour/dashboards.md#editing-a-dashboard):
 * the dashboard's title, description and sharing, and the widgets shown
 * only by a drill, which have no place on the grid to select them by.
 */
export function DashboardForm({ model, onRemove }: { model: EditorModel; onRemove(widget: Widget): void }): JSX.Element {
  const { t, language } = useTranslation();
  const { definition, problems } = useModel(model);
  const of = (field: string) => problems.filter((p) => p.widgetId === null && p.field === field);
  const drillWidgets = definition.widgets.filter((w) => !w.position);
  return (
    <section className="dbe-form" aria-labelledby="dbe-dashboard-heading" data-testid="dashboards.editor.dashboardForm">
      <h3 id="dbe-dashboard-heading" tabIndex={-1}>
        {t('dashboards.editor.form.dashboard')}
      </h3>
      <p className="atk-field__help">{t('dashboards.editor.form.selectHint')}</p>
      <TextField id={fieldId(null, 'title')} label={t('dashboards.editor.fields.dashboardTitle')} value={dashboardTextOf(definition.title, language)} required problems={of('title')} onChange={(v) => model.setDashboardText('title', v)} />
      <TextField id={fieldId(null, 'description')} label={t('dashboards.editor.fields.description')} value={dashboardTextOf(definition.description, language)} problems={of('description')} onChange={(v) => model.setDashboardText('description', v)} />
      <SharingFields model={model} />
      {drillWidgets.length > 0 ? (
        <section aria-labelledby="dbe-drill-widgets">
          <h4 id="dbe-drill-widgets">{t('dashboards.editor.form.drillWidgets')}</h4>
          <ul className="dbe-list">
            {drillWidgets.map((w) => {
              const title = dashboardTextOf(w.title, language) || w.id;
              const count = problems.filter((p) => p.widgetId === w.id).length;
              return (
                <li key={w.id}>
                  <button type="button" className="atk-button" onClick={() => model.select(w.id)}>
                    {t('dashboards.editor.form.edit', { title })}
                  </button>
                  {count > 0 ? <span className="dbe-card__problems"> {t('dashboards.editor.grid.problems', { count })}</span> : null}
                  <button type="button" className="atk-button" onClick={() => onRemove(w)}>
                    {t('dashboards.editor.grid.remove', { title })}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
