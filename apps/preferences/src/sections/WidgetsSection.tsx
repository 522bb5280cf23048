import type { Application } from '@atrium/sdk';
import type { DesktopSettings } from '@atrium/shared';
import type { JSX } from 'react';
import { useTranslation } from '@atrium/app-kit';
import { SettingGroup } from '../SettingGroup.js';
import { useSetting } from '../useSetting.js';

type Widgets = DesktopSettings['desktop.widgets'];

/** Whether the desktop shows the home widget. */
export function WidgetsSection({ app }: { app: Application }): JSX.Element {
  const { t } = useTranslation();
  const widgets = useSetting<Widgets>(app.desktop.settings, 'desktop.widgets');
  const on = widgets.value.some((w) => w.name === 'home');
  return (
    <SettingGroup legend={t('preferences.widgets.legend')} locked={widgets.locked} error={widgets.error} testId="preferences.widgets">
      <label className="prf-option prf-switch">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          onChange={(event) => widgets.set(event.target.checked ? [...widgets.value, { name: 'home' }] : widgets.value.filter((w) => w.name !== 'home'))}
          data-testid="preferences.widgets.home"
        />
        <span>
          {t('preferences.widgets.home')}
          <small className="prf-option__hint">{t('preferences.widgets.homeHint')}</small>
        </span>
      </label>
    </SettingGroup>
  );
}
