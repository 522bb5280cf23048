import type { Application } from '@atrium/sdk';
import type { SoundSettings } from '@atrium/shared';
import { useId, useState, type JSX } from 'react';
import { useTranslation } from '@atrium/app-kit';
import { SettingGroup } from '../SettingGroup.js';
import { useSetting } from '../useSetting.js';

/** The greeting after sign-in (a preference of the profile) and the desktop's sounds. */
export function GeneralSection({ app }: { app: Application }): JSX.Element {
  const { t } = useTranslation();
  const sounds = useSetting<SoundSettings>(app.desktop.settings, 'desktop.sounds');
  const volumeId = useId();
  const volume = Math.round(sounds.value.volume * 100);
  return (
    <>
      <Greeting app={app} />
      <SettingGroup legend={t('preferences.general.soundsLegend')} locked={sounds.locked} error={sounds.error} testId="preferences.sounds">
        <label className="prf-option prf-switch">
          <input type="checkbox" role="switch" checked={sounds.value.enabled} onChange={(event) => sounds.set({ ...sounds.value, enabled: event.target.checked })} data-testid="preferences.sounds.enabled" />
          <span>{t('preferences.general.sounds')}</span>
        </label>
        <div className="prf-row">
          <label className="prf-row__label" htmlFor={volumeId}>
            {t('preferences.general.volume')}
          </label>
          <input
            id={volumeId}
            type="range"
            className="prf-range"
            min={0}
            max={100}
            step={5}
            value={volume}
            disabled={!sounds.value.enabled}
            aria-valuetext={`${volume} %`}
            onChange={(event) => sounds.set({ ...sounds.value, volume: event.target.valueAsNumber / 100 })}
            data-testid="preferences.sounds.volume"
          />
          <output className="prf-row__value" htmlFor={volumeId}>
            {volume} %
          </output>
        </div>
      </SettingGroup>
    </>
  );
}

/** Greetingmessage of the profile ('true' unless 'false'): changed on the server at once, shown optimistically. */
function Greeting({ app }: { app: Application }): JSX.Element {
  const { t } = useTranslation();
  const [on, setOn] = useState(app.desktop.user.preferences.Greetingmessage !== 'false');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = (next: boolean) => {
    setOn(next);
    setPending(true);
    setError(null);
    app.desktop.setUserPreference('Greetingmessage', next ? 'true' : 'false').then(
      () => setPending(false),
      () => {
        setOn(!next);
        setPending(false);
        setError(t('preferences.general.greetingError'));
      },
    );
  };
  return (
    <SettingGroup legend={t('preferences.general.greetingLegend')} error={error} testId="preferences.greeting">
      <label className="prf-option prf-switch">
        <input type="checkbox" role="switch" checked={on} disabled={pending} aria-busy={pending || undefined} onChange={(event) => change(event.target.checked)} data-testid="preferences.greeting.enabled" />
        <span>{t('preferences.general.greeting')}</span>
      </label>
    </SettingGroup>
  );
}
