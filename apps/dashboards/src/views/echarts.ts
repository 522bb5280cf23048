/**
 * The parts of ECharts the dashboards draw with (bar, line and pie charts,
 * their grid, tooltip, legend and the description screen readers get),
 * registered once. Imported dynamically by Chart, so that ECharts is
 * fetched with the first chart, never with the desktop or another app.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, SVGRenderer]);

export { echarts };
