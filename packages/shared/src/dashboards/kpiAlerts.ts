import type { Locale } from '../constants.js';
import { languageTag } from '../i18n/languageTags.js';
import type { DashboardText } from './dashboard.js';

/**
 * The name of the task a KPI alert gives (docs/behaviour/dashboards.md#kpi-alerts),
 * in the recipient's language: the KPI, its dashboard, the figure and the
 * red limit. `above` for a KPI where lower is better (red above the
 * limit), `below` for one where higher is better.
 */
export const KPI_ALERT_TEXTS: Readonly<Record<Locale, { above: string; below: string }>> = {
  en_EN: { above: '{kpi} on “{dashboard}” is red: {value} (red above {red})', below: '{kpi} on “{dashboard}” is red: {value} (red below {red})' },
  de_DE: { above: '{kpi} auf „{dashboard}“ ist rot: {value} (rot über {red})', below: '{kpi} auf „{dashboard}“ ist rot: {value} (rot unter {red})' },
  fr_FR: { above: '{kpi} sur « {dashboard} » est au rouge : {value} (rouge au-dessus de {red})', below: '{kpi} sur « {dashboard} » est au rouge : {value} (rouge en dessous de {red})' },
  nb_NO: { above: '{kpi} på «{dashboard}» er rød: {value} (rød over {red})', below: '{kpi} på «{dashboard}» er rød: {value} (rød under {red})' },
  sl_SI: { above: '{kpi} na »{dashboard}« je rdeč: {value} (rdeče nad {red})', below: '{kpi} na »{dashboard}« je rdeč: {value} (rdeče pod {red})' },
  vi_VN: { above: '{kpi} trên “{dashboard}” đang ở mức đỏ: {value} (đỏ khi trên {red})', below: '{kpi} trên “{dashboard}” đang ở mức đỏ: {value} (đỏ khi dưới {red})' },
  zh_CN: { above: '“{dashboard}”上的{kpi}已变红：{value}（高于 {red} 为红色）', below: '“{dashboard}”上的{kpi}已变红：{value}（低于 {red} 为红色）' },
};

/** A dashboard's text in a locale: as written, or its translation (English when it has none). */
export function dashboardTextIn(text: DashboardText, locale: Locale): string {
  if (typeof text === 'string') return text;
  return (text as Record<string, string | undefined>)[locale] ?? text.en_EN;
}

/** The task's name for a recipient of `locale`; numbers written as their language writes them. */
export function kpiAlertTaskName(
  locale: Locale,
  alert: { kpi: DashboardText; dashboard: DashboardText; value: number; red: number; higherIsBetter: boolean },
): string {
  const number = new Intl.NumberFormat(languageTag(locale), { maximumFractionDigits: 2 });
  const values: Record<string, string> = {
    kpi: dashboardTextIn(alert.kpi, locale),
    dashboard: dashboardTextIn(alert.dashboard, locale),
    value: number.format(alert.value),
    red: number.format(alert.red),
  };
  const text = KPI_ALERT_TEXTS[locale][alert.higherIsBetter ? 'below' : 'above'];
  return text.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);
}
