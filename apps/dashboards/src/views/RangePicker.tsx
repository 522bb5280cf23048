import { useTranslation } from '@atrium/app-kit';
import { TIME_RANGES } from '@atrium/shared/dashboards';
import { useId, useState, type JSX } from 'react';
import { isDay, type TimeRangeChoice } from '../model/timeRange.js';

export interface RangePickerProps {
  value: TimeRangeChoice;
  today: string;
  onChange(value: TimeRangeChoice): void;
}

/**
 * The dashboard's time range (docs/behaviour/dashboards.md#time-range): one
 * of the offered ranges, or chosen days (From, To), applied once both are
 * days.
 */
export function RangePicker({ value, today, onChange }: RangePickerProps): JSX.Element {
  const { t } = useTranslation();
  const id = useId();
  const [days, setDays] = useState(value.key === 'custom' ? { from: value.from, to: value.to } : { from: today, to: today });
  const [custom, setCustom] = useState(value.key === 'custom');
  const choose = (key: string) => {
    if (key === 'custom') {
      setCustom(true);
      if (isDay(days.from) && isDay(days.to)) onChange({ key: 'custom', ...days });
      return;
    }
    setCustom(false);
    onChange({ key: key as (typeof TIME_RANGES)[number] });
  };
  const changeDay = (which: 'from' | 'to', day: string) => {
    const next = { ...days, [which]: day };
    setDays(next);
    if (isDay(next.from) && isDay(next.to)) onChange({ key: 'custom', ...next });
  };
  return (
    <div className="dsh-range" data-testid="dashboard.range">
      <label htmlFor={`${id}-range`}>{t('dashboards.range.label')}</label>
      <select id={`${id}-range`} value={custom ? 'custom' : value.key} onChange={(e) => choose(e.target.value)}>
        {[...TIME_RANGES, 'custom' as const].map((key) => (
          <option key={key} value={key}>
            {t(`dashboards.range.${key}`)}
          </option>
        ))}
      </select>
      {custom && (
        <>
          <label htmlFor={`${id}-from`}>{t('dashboards.range.from')}</label>
          <input id={`${id}-from`} type="date" value={days.from} max={days.to} onChange={(e) => changeDay('from', e.target.value)} />
          <label htmlFor={`${id}-to`}>{t('dashboards.range.to')}</label>
          <input id={`${id}-to`} type="date" value={days.to} min={days.from} onChange={(e) => changeDay('to', e.target.value)} />
        </>
      )}
    </div>
  );
}
