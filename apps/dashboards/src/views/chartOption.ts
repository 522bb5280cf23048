import type { DatasetResult, WidgetKind } from '@atrium/shared/dashboards';
import { choiceColour, columnLabel, measureText, valueText, type FormatContext } from '../model/format.js';

/**
 * The ECharts option of a chart widget (docs/behaviour/dashboards.md#charts):
 * the first dimension gives the categories (or the slices of a pie), a
 * second one the series (stacked for stackedBar), else each measure is a
 * series. Every data item keeps the index of its row, so that a click
 * names the row it came from; a category a series has no row for is '-'
 * (ECharts' empty value). A choice keeps its own colour as a slice or a
 * series. Colours and text follow the desktop's theme.
 */
export interface ChartTheme {
  text: string;
  muted: string;
  border: string;
  surface: string;
  palette: readonly string[];
}

/** A data item of a series: its figure and the row it came from. */
interface Item {
  value: number | null;
  name?: string;
  rowIndex: number;
  itemStyle?: { color: string };
}

export type ChartKind = Exclude<WidgetKind, 'kpi' | 'table'>;

function indexes(result: DatasetResult) {
  const dims = result.columns.flatMap((c, i) => (c.kind === 'dimension' ? [i] : []));
  const measures = result.columns.flatMap((c, i) => (c.kind === 'measure' ? [i] : []));
  return { dims, measures };
}

function distinct(result: DatasetResult, column: number): Array<string | number | null> {
  const seen = new Map<string, string | number | null>();
  for (const row of result.rows) seen.set(String(row[column] ?? ''), row[column] ?? null);
  return [...seen.values()];
}

const num = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

function pieOption(kind: ChartKind, result: DatasetResult, fmt: FormatContext, theme: ChartTheme): Record<string, unknown> {
  const { dims, measures } = indexes(result);
  const d = dims[0];
  const m = measures[0];
  const data: Item[] = result.rows.map((row, rowIndex) => {
    const colour = d === undefined ? undefined : choiceColour(result.columns[d]!, row[d] ?? null, fmt.info);
    return { name: d === undefined ? '' : valueText(result.columns[d]!, row[d] ?? null, fmt), value: m === undefined ? null : num(row[m]), rowIndex, ...(colour ? { itemStyle: { color: colour } } : {}) };
  });
  const measureKey = m === undefined ? '' : result.columns[m]!.key;
  return {
    series: [{ type: 'pie', radius: kind === 'donut' ? ['45%', '72%'] : [0, '72%'], data, label: { color: theme.text }, itemStyle: { borderColor: theme.surface, borderWidth: 1 } }],
    tooltip: { trigger: 'item', renderMode: 'richText', valueFormatter: (v: number | null) => measureText(measureKey, v, fmt) },
  };
}

function cartesianSeries(kind: ChartKind, result: DatasetResult, fmt: FormatContext, categories: Array<string | number | null>) {
  const { dims, measures } = indexes(result);
  const [d0, d1] = dims;
  const base = { type: kind === 'line' || kind === 'area' ? 'line' : 'bar', ...(kind === 'stackedBar' ? { stack: 'total' } : {}), ...(kind === 'area' ? { areaStyle: {} } : {}), emphasis: { focus: 'series' } };
  const at = (value: string | number | null) => categories.findIndex((c) => c === value);
  if (d1 !== undefined && measures[0] !== undefined) {
    const m = measures[0];
    return distinct(result, d1).map((seriesValue) => {
      const data: Array<Item | '-'> = categories.map(() => '-');
      result.rows.forEach((row, rowIndex) => {
        if ((row[d1] ?? null) === seriesValue) data[at(d0 === undefined ? null : (row[d0] ?? null))] = { value: num(row[m]), rowIndex };
      });
      const colour = choiceColour(result.columns[d1]!, seriesValue, fmt.info);
      return { ...base, name: valueText(result.columns[d1]!, seriesValue, fmt), data, measureKey: result.columns[m]!.key, ...(colour ? { itemStyle: { color: colour } } : {}) };
    });
  }
  return measures.map((m) => {
    const data: Array<Item | '-'> = categories.map(() => '-');
    result.rows.forEach((row, rowIndex) => (data[d0 === undefined ? 0 : at(row[d0] ?? null)] = { value: num(row[m]), rowIndex }));
    return { ...base, name: columnLabel(result.columns[m]!.key, fmt), data, measureKey: result.columns[m]!.key };
  });
}

/** The option of a chart of `kind` over a result. */
export function chartOption(kind: ChartKind, result: DatasetResult, fmt: FormatContext, theme: ChartTheme): Record<string, unknown> {
  const common = { aria: { enabled: true }, color: [...theme.palette], backgroundColor: 'transparent', textStyle: { color: theme.text }, animation: false };
  if (kind === 'pie' || kind === 'donut') return { ...common, ...pieOption(kind, result, fmt, theme), legend: { bottom: 0, type: 'scroll', textStyle: { color: theme.text } } };
  const { dims } = indexes(result);
  const d0 = dims[0];
  const categories = d0 === undefined ? [null] : distinct(result, d0);
  const series = cartesianSeries(kind, result, fmt, categories);
  const axisLine = { lineStyle: { color: theme.border } };
  return {
    ...common,
    grid: { left: 8, right: 16, top: 16, bottom: series.length > 1 ? 36 : 8, containLabel: true },
    legend: series.length > 1 ? { bottom: 0, type: 'scroll', textStyle: { color: theme.text } } : undefined,
    tooltip: { trigger: 'axis', renderMode: 'richText', valueFormatter: (v: number | null) => (v === null ? fmt.t('dashboards.value.none') : measureText(series[0]?.measureKey ?? '', v, fmt)) },
    xAxis: { type: 'category', data: categories.map((c) => (d0 === undefined ? '' : valueText(result.columns[d0]!, c, fmt))), axisLine, axisLabel: { color: theme.muted, hideOverlap: true } },
    yAxis: { type: 'value', axisLine, splitLine: { lineStyle: { color: theme.border } }, axisLabel: { color: theme.muted, formatter: (v: number) => measureText(series[0]?.measureKey ?? '', v, fmt) } },
    series: series.map(({ measureKey: _measure, ...s }) => s),
  };
}
