import { CHOICE_COLOURS, choiceColourValue, useColorScheme, useTranslation } from '@atrium/app-kit';
import type { DatasetResult } from '@atrium/shared/dashboards';
import type { EChartsType as ECharts } from 'echarts/core';
import { useEffect, useRef, useState, type JSX } from 'react';
import type { FormatContext } from '../model/format.js';
import { chartOption, type ChartKind, type ChartTheme } from './chartOption.js';

/** The series' colours in turn, after the theme's primary colour: the theme's shades of the choices' colours, then two that read on light and dark alike. */
const PALETTE = ['green', 'orange', 'purple', 'red', 'yellow', 'grey'] as const;
const MORE = ['#1aa3a3', '#d9667a'];

/** The desktop theme's colours and font, read from its CSS custom properties where the chart is. */
function themeOf(element: HTMLElement): ChartTheme {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const choices = Object.fromEntries(CHOICE_COLOURS.flatMap((c) => {
    const value = choiceColourValue(element, c);
    return value ? [[c, value]] : [];
  }));
  return {
    text: read('--atr-text', '#1f2937'),
    muted: read('--atr-text-muted', '#5b6472'),
    border: read('--atr-border', '#d5dae1'),
    surface: read('--atr-surface', '#ffffff'),
    font: read('--atr-font', 'sans-serif'),
    palette: [read('--atr-primary', '#3b7ddd'), ...PALETTE.flatMap((c) => choices[c] ?? []), ...MORE],
    choices,
  };
}

/** The chart's width, in steps of 40 px (the option is made again when it crosses one). */
const widthOf = (element: HTMLElement) => Math.round(element.clientWidth / 40) * 40;

export interface ChartProps {
  kind: ChartKind;
  result: DatasetResult;
  fmt: FormatContext;
  title: string;
  /** A click on an element: the index of its row in the result. */
  onElement?(rowIndex: number): void;
  /** Whether the chart shows its figures: false while it is drawn, true once ECharts has finished. */
  onPainted?(painted: boolean): void;
}

/**
 * A chart of a widget, drawn by ECharts (loaded with the first chart) in
 * the desktop theme's colours, again when the theme changes, at the size
 * of its card (its category names laid out again when its width
 * changes). Its data is also offered as a table (Show data), which is how
 * a keyboard or a screen reader reaches the elements. It says when it is
 * painted (`data-painted`, docs/behaviour/dashboards.md#painted): after
 * ECharts' `finished` event for the figures last given.
 */
export function Chart({ kind, result, fmt, title, onElement, onPainted }: ChartProps): JSX.Element {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const scheme = useColorScheme();
  const [chart, setChart] = useState<ECharts | null>(null);
  const [width, setWidth] = useState(0);
  const [painted, setPainted] = useState(false);
  const onElementRef = useRef(onElement);
  const onPaintedRef = useRef(onPainted);
  useEffect(() => {
    onElementRef.current = onElement;
    onPaintedRef.current = onPainted;
  });
  useEffect(() => onPaintedRef.current?.(painted), [painted]);

  useEffect(() => {
    let instance: ECharts | null = null;
    let disposed = false;
    const element = ref.current!;
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            instance?.resize();
            setWidth(widthOf(element));
          });
    void import('./echarts.js')
      .then(({ loadCharts }) => {
        if (disposed) return;
        instance = loadCharts().init(element, null, { renderer: 'canvas' });
        resize?.observe(element);
        setWidth(widthOf(element));
        setChart(instance);
      })
      // Without its chart the card still offers Show data.
      .catch(() => undefined);
    return () => {
      disposed = true;
      resize?.disconnect();
      instance?.dispose();
    };
  }, []);

  // Before the figures are set: ECharts tells `finished` once they are drawn (the next frame; no animation).
  useEffect(() => {
    if (!chart) return;
    const finished = () => setPainted(true);
    chart.on('finished', finished);
    return () => void chart.off('finished', finished);
  }, [chart]);

  useEffect(() => {
    if (!chart || !ref.current) return;
    setPainted(false);
    chart.setOption(chartOption(kind, result, fmt, themeOf(ref.current), { width }), true);
  }, [chart, kind, result, fmt, scheme, width]);

  useEffect(() => {
    if (!chart) return;
    const handle = (params: { data?: unknown }) => {
      const rowIndex = (params.data as { rowIndex?: unknown } | null | undefined)?.rowIndex;
      if (typeof rowIndex === 'number') onElementRef.current?.(rowIndex);
    };
    chart.on('click', handle);
    return () => void chart.off('click', handle);
  }, [chart]);

  return <div ref={ref} className={onElement ? 'dsh-chart dsh-chart--clickable' : 'dsh-chart'} role="img" aria-label={t('dashboards.widget.chart', { title })} data-testid="widget.chart" data-painted={painted} />;
}
