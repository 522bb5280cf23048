import { useTranslation } from '@atrium/app-kit';
import { languageTag } from '@atrium/shared';
import type { DatasetResult, Threshold } from '@atrium/shared/dashboards';
import type { JSX } from 'react';
import { measureText, type FormatContext } from '../model/format.js';
import { changeIsGood, kpiBand, kpiChange, kpiFigure as figureOf } from '../model/kpi.js';

export interface KpiFigureProps {
  result: DatasetResult;
  previous: DatasetResult | null;
  threshold: Threshold | undefined;
  fmt: FormatContext;
}

/**
 * A KPI (docs/behaviour/dashboards.md#kpi): its figure in the colour of its
 * threshold's band (named too, not by colour alone), and when the
 * dashboard has a time range, its change against the previous period of
 * the same length as an arrow and a percentage, green when it is good news.
 */
export function KpiFigure({ result, previous, threshold, fmt }: KpiFigureProps): JSX.Element {
  const { t, language } = useTranslation();
  const figure = figureOf(result);
  const value = figure?.value ?? null;
  const band = kpiBand(value, threshold);
  const before = figureOf(previous)?.value ?? null;
  const change = previous ? kpiChange(value, before) : null;
  const good = changeIsGood(change, threshold);
  const percent = change === null ? '' : new Intl.NumberFormat(languageTag(language), { style: 'percent', maximumFractionDigits: 1 }).format(Math.abs(change));
  const changeText = change === null ? null : change > 0 ? t('dashboards.kpi.up', { percent }) : change < 0 ? t('dashboards.kpi.down', { percent }) : t('dashboards.kpi.same');
  return (
    <div className={`dsh-kpi${band ? ` dsh-kpi--${band}` : ''}`} data-testid="widget.kpi" data-band={band ?? undefined}>
      <span className="dsh-kpi__value">{measureText(figure?.key ?? '', value, fmt)}</span>
      {changeText && (
        <span className={`dsh-kpi__change${good === null ? '' : good ? ' dsh-kpi__change--good' : ' dsh-kpi__change--bad'}`} data-testid="widget.kpi.change">
          <span aria-hidden="true">{change! > 0 ? '▲' : change! < 0 ? '▼' : '■'} </span>
          {changeText}
        </span>
      )}
      {band && <span className="dsh-kpi__band">{t(`dashboards.kpi.band.${band}`)}</span>}
    </div>
  );
}
