import { describe, expect, it } from 'vitest';
import type { DatasetResult } from '@atrium/shared/dashboards';
import { INCIDENTS, byStatus } from '../model/testServer.js';
import { chartOption } from './chartOption.js';

const t = (key: string) => ({ 'dashboards.value.none': '(none)' })[key] ?? key;
const theme = { text: '#111', muted: '#555', border: '#ddd', surface: '#fff', palette: ['#00f', '#0f0'] };
const fmt = (result: DatasetResult) => ({ locale: 'en_EN', t, info: INCIDENTS, result });

describe('chart options', () => {
  it('puts the first dimension on the axis by its labels, a series per measure, each item naming its row', () => {
    const result = byStatus([['open', 4], ['closed', 9]]);
    const option = chartOption('bar', result, fmt(result), theme) as { xAxis: { data: string[] }; series: Array<{ type: string; name: string; data: unknown[] }> };
    expect(option.xAxis.data).toEqual(['Open', 'Closed']);
    expect(option.series).toEqual([expect.objectContaining({ type: 'bar', name: 'Incidents', data: [{ value: 4, rowIndex: 0 }, { value: 9, rowIndex: 1 }] })]);
  });

  it('gives a series per value of a second dimension, stacked for a stacked bar, with gaps where a category has no row', () => {
    const result: DatasetResult = {
      ...byStatus([]),
      columns: [
        { key: 'month', kind: 'dimension', type: 'datePart', part: 'month' },
        { key: 'status', kind: 'dimension', type: 'choice' },
        { key: 'count', kind: 'measure', type: 'number' },
      ],
      rows: [['2026-07', 'open', 2], ['2026-08', 'open', 3], ['2026-08', 'closed', 5]],
    };
    const option = chartOption('stackedBar', result, fmt(result), theme) as { xAxis: { data: string[] }; series: Array<{ name: string; stack: string; data: unknown[] }> };
    expect(option.xAxis.data).toEqual(['Jul 2026', 'Aug 2026']);
    expect(option.series.map((s) => [s.name, s.stack, s.data])).toEqual([
      ['Open', 'total', [{ value: 2, rowIndex: 0 }, { value: 3, rowIndex: 1 }]],
      ['Closed', 'total', ['-', { value: 5, rowIndex: 2 }]],
    ]);
    const coloured = { ...INCIDENTS, dimensions: INCIDENTS.dimensions.map((d) => (d.key === 'status' ? { ...d, choices: [{ value: 'open', label: { en_EN: 'Open' }, colour: '#d93f36' }] } : d)) };
    const withColours = chartOption('stackedBar', result, { ...fmt(result), info: coloured }, theme) as { series: Array<{ itemStyle?: { color: string } }> };
    expect(withColours.series.map((s) => s.itemStyle?.color)).toEqual(['#d93f36', undefined]);
  });

  it('makes a donut of slices named by their labels, in the theme around them', () => {
    const result = byStatus([['open', 4], [null, 1]]);
    const option = chartOption('donut', result, fmt(result), theme) as { series: Array<{ radius: unknown; data: Array<{ name: string; value: number }>; itemStyle: { borderColor: string } }> };
    expect(option.series[0]!.radius).toEqual(['45%', '72%']);
    expect(option.series[0]!.data.map((d) => [d.name, d.value])).toEqual([['Open', 4], ['(none)', 1]]);
    expect(option.series[0]!.itemStyle.borderColor).toBe('#fff');
  });
});
