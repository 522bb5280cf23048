/**
 * The parts of ECharts the dashboards draw with (bar, line and pie charts,
 * their grid, tooltip, legend and the description screen readers get).
 * Imported dynamically by Chart, so that ECharts is fetched with the first
 * chart, never with the desktop or another app. The parts are registered
 * by a call, not by importing this module: the package declares its
 * modules free of side effects, and a bundler may drop a bare statement.
 * Charts are drawn on a canvas, and tooltips as rich text in it: the SVG
 * renderer and HTML tooltips write style attributes, which the page's
 * Content-Security-Policy refuses (docs/SECURITY.md).
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/** ECharts with the parts used registered (again harmlessly on later calls). */
export function loadCharts(): typeof echarts {
  echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, CanvasRenderer]);
  return echarts;
}
