import type { TFunction } from '@atrium/app-kit';
import type { Labels } from '@atrium/shared/apps';
import type { DatasetFilterOp, DatasetInfo, DrillTarget, WidgetKind } from '@atrium/shared/dashboards';
import type { EditorProblem, GridAnnouncement } from '../../model/EditorModel.js';

/** The words of the editor's views for the model's codes (texts under dashboards.editor, docs/behaviour/dashboards.md#editing-a-dashboard). */

/** A declared label in the user's language, English when it has none. */
export function labelText(labels: Labels, language: string): string {
  return (labels as Record<string, string | undefined>)[language] ?? labels.en_EN;
}

/** A dataset as the selects name it: its application, then its own label. */
export function datasetName(dataset: DatasetInfo, language: string): string {
  return `${labelText(dataset.appLabel, language)} – ${labelText(dataset.label, language)}`;
}

export const kindText = (kind: WidgetKind, t: TFunction) => t(`dashboards.editor.kind.${kind}`);
export const targetText = (target: DrillTarget, t: TFunction) => t(`dashboards.editor.drill.target.${target}`);
export const opText = (op: DatasetFilterOp, t: TFunction) => t(`dashboards.editor.drill.op.${op}`);

/** What is wrong, in the user's language. */
export function problemText(problem: EditorProblem, t: TFunction): string {
  return t(`dashboards.editor.problem.${problem.code}`, problem.params ?? {});
}

/** What the live region says after a move or a resize. */
export function announcementText(a: GridAnnouncement, t: TFunction): string {
  return a.action === 'moved' ? t('dashboards.editor.grid.moved', { column: a.column, row: a.row }) : t('dashboards.editor.grid.resized', { width: a.width, height: a.height });
}

/** The id of a field's element in the side panel, for labels and for the problems that point at it. */
export const fieldId = (widgetId: string | null, field: string) => `dbe-${widgetId ?? 'dashboard'}-${field.replace(/\./g, '-')}`;
