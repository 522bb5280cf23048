import { useTranslation } from '@atrium/app-kit';
import type { Application } from '@atrium/sdk';
import { useId, type JSX } from 'react';
import { SettingGroup } from '../SettingGroup.js';
import { useSetting } from '../useSetting.js';

/** The hours of a day, 0 to 23. */
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** An hour as the list shows it: 09:00. */
export function hourText(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/**
 * The daily digest by e-mail (docs/behaviour/workflows.md#digests): off,
 * or the hour (UTC: users have no time zone of their own) it is sent at.
 */
export function NotificationsSection({ app }: { app: Application }): JSX.Element {
  const { t } = useTranslation();
  const digest = useSetting<number | null>(app.desktop.settings, 'digest.hour');
  const selectId = useId();
  const hour = digest.value;
  return (
    <SettingGroup legend={t('preferences.notifications.digestLegend')} hint={t('preferences.notifications.digestHint')} locked={digest.locked} error={digest.error} testId="preferences.digest">
      <div className="prf-row">
        <label className="prf-row__label" htmlFor={selectId}>
          {t('preferences.notifications.digestHour')}
        </label>
        <select
          id={selectId}
          className="prf-select"
          value={hour === null ? 'off' : String(hour)}
          onChange={(event) => digest.set(event.target.value === 'off' ? null : Number(event.target.value))}
          data-testid="preferences.digest.hour"
        >
          <option value="off">{t('preferences.notifications.digestOff')}</option>
          {HOURS.map((h) => (
            <option key={h} value={String(h)}>
              {t('preferences.notifications.digestAt', { time: hourText(h) })}
            </option>
          ))}
        </select>
      </div>
      <p className="prf-group__hint" data-testid="preferences.digest.summary" aria-live="polite">
        {hour === null ? t('preferences.notifications.digestNone') : t('preferences.notifications.digestDaily', { time: hourText(hour) })}
      </p>
    </SettingGroup>
  );
}
