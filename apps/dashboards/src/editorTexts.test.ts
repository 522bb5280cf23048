import { describeTexts } from '@atrium/app-kit/testing';
import { describe, expect, it } from 'vitest';
import { EDITOR_TEXTS } from './editorTexts.js';
import type { EditorProblemCode } from './model/EditorModel.js';

// 'Drill-down' and 'Dimension' are German words too; 'Person' German and Norwegian.
describeTexts('dashboards', EDITOR_TEXTS, {
  sameWordIn: { 'dashboards.editor.drill.legend': ['de_DE'], 'dashboards.editor.drill.dimension': ['de_DE'], 'dashboards.editor.threshold.notifyPerson': ['de_DE', 'nb_NO'] },
});

describe('dashboard editor texts', () => {
  it('say every problem the editor finds', () => {
    const codes: Record<EditorProblemCode, true> = {
      titleMissing: true, tooLong: true, duplicateId: true, datasetUnknown: true, measureUnknown: true, dimensionUnknown: true, measureCount: true, dimensionCount: true, tableEmpty: true, sortUnknown: true, thresholdKind: true,
      thresholdNumber: true, thresholdOrder: true, drillWidgetMissing: true, drillWidgetUnknown: true, drillWidgetSelf: true, drillDashboardMissing: true, drillDashboardUnknown: true, drillFileMissing: true,
      drillFilterDimension: true, drillPlaceholder: true, roleMissing: true,
    };
    expect(Object.keys(EDITOR_TEXTS.english.dashboards.editor.problem).sort()).toEqual(Object.keys(codes).sort());
  });
});
