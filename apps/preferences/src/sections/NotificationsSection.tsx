import { useTranslation } from '@atrium/app-kit';
import type { Application } from '@atrium/sdk';
import { useId, useMemo, type JSX } from 'react';
import { SettingGroup } from '../SettingGroup.js';
import { useSetting } from '../useSetting.js';

/** The hours of a day, 0 to 23. */
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** An hour as the list shows it: 09:00. */
export function hourText(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** The browser's time zone (IANA name), UTC when it gives none. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The daily digest by e-mail (docs/behaviour/workflows.md#digests): off,
 * or the hour it is sent at, on the clock of the browser it was chosen in
 * (kept beside the hour, so that the server counts it in that time zone).
 */
export function NotificationsSection({ app }: { app: Application }): JSX.Element {
  const { t } = useTranslation();
  const digest = useSetting<number | null>(app.desktop.settings, 'digest.hour');
  const zone = useSetting<string | null>(app.desktop.settings, 'digest.timeZone');
  const here = useMemo(() => browserTimeZone(), []);
  const selectId = useId();
  const hour = digest.value;
  // An hour chosen counts in the zone it was chosen in (UTC for one chosen before zones were kept); a new choice takes this browser's.
  const shownZone = hour === null ? here : (zone.value ?? 'UTC');
  const choose = (value: string) => {
    if (value === 'off') return digest.set(null);
    if (zone.value !== here) zone.set(here);
    digest.set(Number(value));
  };
  return (
    <SettingGroup legend={t('preferences.notifications.digestLegend')} hint={t('preferences.notifications.digestHint', { zone: shownZone })} locked={digest.locked} error={digest.error ?? zone.error} testId="preferences.digest">
      <div className="prf-row">
        <label className="prf-row__label" htmlFor={selectId}>
          {t('preferences.notifications.digestHour')}
        </label>
        <select id={selectId} className="prf-select" value={hour === null ? 'off' : String(hour)} onChange={(event) => choose(event.target.value)} data-testid="preferences.digest.hour">
          <option value="off">{t('preferences.notifications.digestOff')}</option>
          {HOURS.map((h) => (
            <option key={h} value={String(h)}>
              {t('preferences.notifications.digestAt', { time: hourText(h) })}
            </option>
          ))}
        </select>
      </div>
      <p className="prf-group__hint" data-testid="preferences.digest.summary" aria-live="polite">
        {hour === null ? t('preferences.notifications.digestNone') : t('preferences.notifications.digestDaily', { time: hourText(hour), zone: shownZone })}
      </p>
    </SettingGroup>
  );
}
