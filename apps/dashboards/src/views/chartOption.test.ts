import { describe, expect, it } from 'vitest';
import type { DatasetResult } from '@atrium/shared/dashboards';
import { INCIDENTS, byStatus } from '../model/testServer.js';
import { categoryLabels, chartOption, LABEL_WIDTH, PIE_LABELS_MIN_WIDTH } from './chartOption.js';

const t = (key: string) => ({ 'dashboards.value.none': '(none)' })[key] ?? key;
const theme = { text: '#111', muted: '#555', border: '#ddd', surface: '#fff', font: 'Lato', palette: ['#2f6fde', '#2f9e5b'], choices: { red: '#d93f36', yellow: '#c08400', blue: '#3b7ddd', grey: '#7a8494' } };
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
  });

  it("draws a choice's colour in the theme's shade of it, never the colour's raw name; no value grey, a colour the theme lacks takes the palette's turn; series follow the choices' order", () => {
    const result: DatasetResult = { ...byStatus([]), columns: [{ key: 'month', kind: 'dimension', type: 'datePart', part: 'month' }, ...byStatus([]).columns], rows: [['2026-08', 'open', 3], ['2026-08', 'closed', 5], ['2026-08', 'held', 1]] };
    const choices = [
      { value: 'open', label: { en_EN: 'Open' }, colour: 'yellow' },
      { value: 'closed', label: { en_EN: 'Closed' }, colour: 'blue' },
      { value: 'held', label: { en_EN: 'Held' }, colour: 'magenta' },
    ];
    const info = { ...INCIDENTS, dimensions: INCIDENTS.dimensions.map((d) => (d.key === 'status' ? { ...d, choices } : d)) };
    const bars = chartOption('stackedBar', result, { ...fmt(result), info }, theme) as { series: Array<{ itemStyle?: { color: string } }> };
    expect(bars.series.map((s) => s.itemStyle?.color)).toEqual(['#c08400', '#3b7ddd', undefined]);
    const reordered = { ...info, dimensions: info.dimensions.map((d) => (d.key === 'status' ? { ...d, choices: [choices[2]!, choices[1]!, choices[0]!] } : d)) };
    const inOrder = chartOption('stackedBar', result, { ...fmt(result), info: reordered }, theme) as { series: Array<{ name: string }> };
    expect(inOrder.series.map((s) => s.name)).toEqual(['Held', 'Closed', 'Open']);
    const slices = byStatus([['open', 4], ['closed', 9], [null, 2]]);
    const pie = chartOption('pie', slices, { ...fmt(slices), info }, theme) as { series: Array<{ data: Array<{ itemStyle?: { color: string } }> }> };
    expect(pie.series[0]!.data.map((d) => d.itemStyle?.color)).toEqual(['#c08400', '#3b7ddd', '#7a8494']);
  });

  it('makes a donut of slices named by their labels, in the theme around them', () => {
    const result = byStatus([['open', 4], [null, 1]]);
    const option = chartOption('donut', result, fmt(result), theme) as { series: Array<{ radius: unknown; data: Array<{ name: string; value: number }>; itemStyle: { borderColor: string } }> };
    expect(option.series[0]!.radius).toEqual(['42%', '66%']);
    expect(option.series[0]!.data.map((d) => [d.name, d.value])).toEqual([['Open', 4], ['(none)', 1]]);
    expect(option.series[0]!.itemStyle.borderColor).toBe('#fff');
  });

  it("names a pie's slices beside them where there is room, else in its legend only (as on a phone)", () => {
    const result = byStatus([['open', 4], ['closed', 1]]);
    const labelShown = (width: number) => (chartOption('pie', result, fmt(result), theme, { width }) as { series: Array<{ label: { show: boolean } }>; legend: { bottom: number } }).series[0]!.label.show;
    expect(labelShown(PIE_LABELS_MIN_WIDTH + 200)).toBe(true);
    expect(labelShown(PIE_LABELS_MIN_WIDTH - 60)).toBe(false);
  });

  it('names every category on its axis: side by side when they fit, turned when only a line fits each, some turned when even that does not fit', () => {
    const services = ['Web shop', 'Order management', 'Partner API', 'Mail and calendar', 'Network', 'Payments', 'Remote access', 'Warehouse system'];
    expect(categoryLabels(services, { width: 1400 })).toEqual({ interval: 0, rotate: 0 });
    expect(categoryLabels(services, { width: 640 })).toEqual({ interval: 0, rotate: 30 });
    expect(categoryLabels(services, { width: 200 })).toEqual({ interval: 0, rotate: 90 });
    const days = Array.from({ length: 60 }, (_, i) => `Day ${i + 1}`);
    expect(categoryLabels(days, { width: 300 })).toEqual({ interval: 'auto', rotate: 90 });
  });

  it('cuts a long category name on the axis, keeping the whole name as the category (its tooltip), and counts whole figures in whole steps', () => {
    const long = 'A very long name of a service that would not fit under its bar';
    const result = byStatus([[long, 1], ['closed', 2]]);
    const option = chartOption('bar', result, fmt(result), theme, { width: 400 }) as { xAxis: { data: string[]; axisLabel: { interval: number; width: number; overflow: string } }; yAxis: { minInterval?: number }; textStyle: { fontFamily: string } };
    expect(option.xAxis.data).toEqual([long, 'Closed']);
    expect(option.xAxis.axisLabel).toMatchObject({ interval: 0, width: LABEL_WIDTH, overflow: 'truncate' });
    expect(option.yAxis.minInterval).toBe(1);
    expect(option.textStyle.fontFamily).toBe('Lato');
    const fractions = byStatus([['open', 1.5]]);
    expect((chartOption('bar', fractions, fmt(fractions), theme) as { yAxis: { minInterval?: number } }).yAxis.minInterval).toBeUndefined();
  });
});
