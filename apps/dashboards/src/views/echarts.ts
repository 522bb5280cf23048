/**
 * The parts of ECharts the dashboards draw with (bar, line and pie charts,
 * their grid, tooltip, legend and the description screen readers get).
 * Imported dynamically by Chart, so that ECharts is fetched with the first
 * chart, never with the desktop or another app. The parts are registered
 * by a call, not by importing this module: the package declares its
 * modules free of side effects, and a bundler may drop a bare statement.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

/** ECharts with the parts used registered (again harmlessly on later calls). */
export function loadCharts(): typeof echarts {
  echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, SVGRenderer]);
  return echarts;
}
