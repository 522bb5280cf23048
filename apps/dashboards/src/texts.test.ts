import { describeTexts } from '@atrium/app-kit/testing';
import { describe, expect, it } from 'vitest';
import { DASHBOARDS_TEXTS } from './texts.js';

describeTexts('dashboards', DASHBOARDS_TEXTS, {
  sameWordIn: {
    'dashboards.list.heading': ['de_DE'],
    'dashboards.filters.chip': ['de_DE', 'fr_FR', 'nb_NO', 'sl_SI', 'vi_VN'],
    'dashboards.list.widgets': ['de_DE'],
    'dashboards.value.quarter': ['de_DE'],
    // The editor's texts, taken in under dashboards.editor: 'Drill-down' and 'Dimension' are German words too.
    'dashboards.editor.drill.legend': ['de_DE'],
    'dashboards.editor.drill.dimension': ['de_DE'],
    // 'Person' is German and Norwegian too.
    'dashboards.editor.threshold.notifyPerson': ['de_DE', 'nb_NO'],
  },
});

describe('dashboards texts', () => {
  it("say the states of a widget in the product's words", () => {
    const { widget } = DASHBOARDS_TEXTS.english.dashboards;
    expect(widget.empty).toBe('No data for these filters');
    expect(widget.truncated).toBe('Showing the first {{count}} rows');
    expect(widget.timedOut).toBe('The figures took too long to compute and were stopped. Narrow the filters or the time range, then try again.');
  });
});
