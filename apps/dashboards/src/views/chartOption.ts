import type { DatasetResult, WidgetKind } from '@atrium/shared/dashboards';
import { choiceColour, columnLabel, measureText, valueText, type FormatContext } from '../model/format.js';

/**
 * The ECharts option of a chart widget (docs/behaviour/dashboards.md#charts):
 * the first dimension gives the categories (or the slices of a pie), a
 * second one the series (stacked for stackedBar), else each measure is a
 * series. Every data item keeps the index of its row, so that a click
 * names the row it came from; a category a series has no row for is '-'
 * (ECharts' empty value). A choice keeps its colour as a slice or a
 * series, in the theme's shade of it. Colours and text follow the
 * desktop's theme; every category is named on its axis where the width
 * allows it (docs/behaviour/dashboards.md#how-charts-look).
 */
export interface ChartTheme {
  text: string;
  muted: string;
  border: string;
  surface: string;
  /** The font of the desktop. */
  font: string;
  /** The series' colours in turn. */
  palette: readonly string[];
  /** The theme's shade of each colour a choice may name ('blue' → '#3b7ddd'). */
  choices: Readonly<Record<string, string>>;
}

/** The drawing's width in pixels; unknown (0) before the chart is laid out. */
export interface ChartSize {
  width: number;
}

/** A data item of a series: its figure and the row it came from. */
interface Item {
  value: number | null;
  name?: string;
  rowIndex: number;
  itemStyle?: { color: string };
}

export type ChartKind = Exclude<WidgetKind, 'kpi' | 'table'>;

/** The widest a category's or a slice's name is drawn before it ends in '…' (its whole name is in the tooltip and the data table). */
export const LABEL_WIDTH = 110;
/** About how wide a character of the axes' 12 px text is, to tell whether the names fit side by side. */
const CHAR_PX = 7;
/** The height of a line of the axes' text: below this per category, even turned names would overlap. */
const LINE_PX = 14;
/** What the value axis and the margins take from the width, about. */
const VALUE_AXIS_PX = 64;

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

/** The values of a choice column in the order of its choices (a legend reads Low, Medium, High whatever the rows' order); other values after them as they came. */
function inChoiceOrder(result: DatasetResult, column: number, values: Array<string | number | null>, fmt: FormatContext): Array<string | number | null> {
  const key = result.columns[column]!.key;
  const choices = fmt.info?.dimensions.find((d) => d.key === key)?.choices?.map((c) => c.value) ?? [];
  const rank = (v: string | number | null) => {
    const i = v === null ? -1 : choices.indexOf(String(v));
    return i < 0 ? choices.length : i;
  };
  return values.map((v, i) => ({ v, i })).sort((a, b) => rank(a.v) - rank(b.v) || a.i - b.i).map(({ v }) => v);
}

const num = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/** The theme's shade of the colour a choice's value is given, if any; no value of a choice is grey (never a colour one of the choices may have). */
function themedChoice(result: DatasetResult, column: number, value: string | number | null, fmt: FormatContext, theme: ChartTheme): string | undefined {
  const dimension = result.columns[column]!;
  if (dimension.type === 'choice' && (value === null || value === '')) return theme.choices.grey;
  const name = choiceColour(dimension, value, fmt.info);
  return name === undefined ? undefined : theme.choices[name];
}

/** Below this width a pie's names are left to its legend and tooltip: beside the slices they would be cut to a few letters. */
export const PIE_LABELS_MIN_WIDTH = 420;

function pieOption(kind: ChartKind, result: DatasetResult, fmt: FormatContext, theme: ChartTheme, size: ChartSize | undefined): Record<string, unknown> {
  const { dims, measures } = indexes(result);
  const d = dims[0];
  const m = measures[0];
  const data: Item[] = result.rows.map((row, rowIndex) => {
    const colour = d === undefined ? undefined : themedChoice(result, d, row[d] ?? null, fmt, theme);
    return { name: d === undefined ? '' : valueText(result.columns[d]!, row[d] ?? null, fmt), value: m === undefined ? null : num(row[m]), rowIndex, ...(colour ? { itemStyle: { color: colour } } : {}) };
  });
  const measureKey = m === undefined ? '' : result.columns[m]!.key;
  const labels = !size || size.width === 0 || size.width >= PIE_LABELS_MIN_WIDTH;
  const outer = labels ? 66 : 78;
  return {
    series: [
      {
        type: 'pie',
        radius: kind === 'donut' ? [`${Math.round(outer * 0.64)}%`, `${outer}%`] : [0, `${outer}%`],
        center: ['50%', '46%'],
        data,
        avoidLabelOverlap: true,
        label: { show: labels, color: theme.text, width: LABEL_WIDTH, overflow: 'truncate' },
        labelLine: { show: labels, lineStyle: { color: theme.border } },
        itemStyle: { borderColor: theme.surface, borderWidth: 1 },
      },
    ],
    tooltip: { trigger: 'item', renderMode: 'richText', valueFormatter: (v: number | null) => measureText(measureKey, v, fmt) },
  };
}

function cartesianSeries(kind: ChartKind, result: DatasetResult, fmt: FormatContext, theme: ChartTheme, categories: Array<string | number | null>) {
  const { dims, measures } = indexes(result);
  const [d0, d1] = dims;
  const base = {
    type: kind === 'line' || kind === 'area' ? 'line' : 'bar',
    ...(kind === 'stackedBar' ? { stack: 'total' } : {}),
    ...(kind === 'area' ? { areaStyle: { opacity: 0.35 } } : {}),
    ...(kind === 'bar' || kind === 'stackedBar' ? { barMaxWidth: 48 } : {}),
    emphasis: { focus: 'series' },
  };
  const at = (value: string | number | null) => categories.findIndex((c) => c === value);
  if (d1 !== undefined && measures[0] !== undefined) {
    const m = measures[0];
    return inChoiceOrder(result, d1, distinct(result, d1), fmt).map((seriesValue) => {
      const data: Array<Item | '-'> = categories.map(() => '-');
      result.rows.forEach((row, rowIndex) => {
        if ((row[d1] ?? null) === seriesValue) data[at(d0 === undefined ? null : (row[d0] ?? null))] = { value: num(row[m]), rowIndex };
      });
      const colour = themedChoice(result, d1, seriesValue, fmt, theme);
      return { ...base, name: valueText(result.columns[d1]!, seriesValue, fmt), data, measureKey: result.columns[m]!.key, ...(colour ? { itemStyle: { color: colour }, lineStyle: { color: colour } } : {}) };
    });
  }
  return measures.map((m) => {
    const data: Array<Item | '-'> = categories.map(() => '-');
    result.rows.forEach((row, rowIndex) => (data[d0 === undefined ? 0 : at(row[d0] ?? null)] = { value: num(row[m]), rowIndex }));
    return { ...base, name: columnLabel(result.columns[m]!.key, fmt), data, measureKey: result.columns[m]!.key };
  });
}

/**
 * How the names of `labels` are drawn under a width: side by side, every
 * one, when they fit; else every one turned (cut at LABEL_WIDTH) when a
 * line of text fits per category; else as many as fit, turned. Unknown
 * width: every one, turned if any is long.
 */
export function categoryLabels(labels: readonly string[], size: ChartSize | undefined): { interval: number | 'auto'; rotate: number } {
  const longest = Math.min(LABEL_WIDTH, Math.max(0, ...labels.map((l) => l.length * CHAR_PX)));
  const slot = size && size.width > 0 ? (size.width - VALUE_AXIS_PX) / Math.max(1, labels.length) : undefined;
  if (slot === undefined) return { interval: 0, rotate: longest >= LABEL_WIDTH / 2 && labels.length > 3 ? 30 : 0 };
  if (longest + 8 <= slot) return { interval: 0, rotate: 0 };
  if (slot >= LINE_PX) return { interval: 0, rotate: slot >= LINE_PX * 2 ? 30 : 90 };
  return { interval: 'auto', rotate: 90 };
}

/** Whether every figure of the series is whole: then the value axis counts in whole steps (no 0.5 incident). */
function wholeFigures(series: Array<{ data: Array<Item | '-'> }>): boolean {
  return series.every((s) => s.data.every((d) => d === '-' || d.value === null || Number.isInteger(d.value)));
}

/** The option of a chart of `kind` over a result, drawn `size` wide. */
export function chartOption(kind: ChartKind, result: DatasetResult, fmt: FormatContext, theme: ChartTheme, size?: ChartSize): Record<string, unknown> {
  const common = { aria: { enabled: true }, color: [...theme.palette], backgroundColor: 'transparent', textStyle: { color: theme.text, fontFamily: theme.font }, animation: false };
  const legend = { type: 'scroll', textStyle: { color: theme.text, width: LABEL_WIDTH * 1.5, overflow: 'truncate' }, tooltip: { show: true, renderMode: 'richText' }, pageTextStyle: { color: theme.muted }, pageIconColor: theme.text, pageIconInactiveColor: theme.border };
  if (kind === 'pie' || kind === 'donut') return { ...common, ...pieOption(kind, result, fmt, theme, size), legend: { ...legend, bottom: 0 } };
  const { dims } = indexes(result);
  const d0 = dims[0];
  const categories = d0 === undefined ? [null] : distinct(result, d0);
  const series = cartesianSeries(kind, result, fmt, theme, categories);
  const names = categories.map((c) => (d0 === undefined ? '' : valueText(result.columns[d0]!, c, fmt)));
  const axisLine = { lineStyle: { color: theme.border } };
  const measureKey = series[0]?.measureKey ?? '';
  return {
    ...common,
    // The legend above the grid: under it, turned category names would run into it.
    grid: { left: 8, right: 16, top: series.length > 1 ? 36 : 16, bottom: 8, containLabel: true },
    legend: series.length > 1 ? { ...legend, top: 0 } : undefined,
    tooltip: { trigger: 'axis', renderMode: 'richText', valueFormatter: (v: number | null) => (v === null ? fmt.t('dashboards.value.none') : measureText(measureKey, v, fmt)) },
    xAxis: {
      type: 'category',
      data: names,
      axisLine,
      axisTick: { alignWithLabel: true, lineStyle: { color: theme.border } },
      axisLabel: { color: theme.muted, ...categoryLabels(names, size), width: LABEL_WIDTH, overflow: 'truncate', hideOverlap: false },
    },
    yAxis: {
      type: 'value',
      axisLine,
      ...(wholeFigures(series) ? { minInterval: 1 } : {}),
      splitLine: { lineStyle: { color: theme.border } },
      axisLabel: { color: theme.muted, formatter: (v: number) => measureText(measureKey, v, fmt) },
    },
    series: series.map(({ measureKey: _measure, ...s }) => s),
  };
}
