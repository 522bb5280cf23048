import type { Application } from '@atrium/sdk';
import { PANEL_ITEMS, type PanelItemName, type PanelSettings } from '@atrium/shared';
import { useId, useState, type JSX } from 'react';
import { useTranslation } from '@atrium/app-kit';
import { SettingGroup } from '../SettingGroup.js';
import { useSetting } from '../useSetting.js';

/** The panel the section edits when the user has none yet (on top, top position, no items: docs/behaviour/settings.md#desktop-settings). */
const NEW_PANEL: PanelSettings = { position: 'top', ontop: true, items: [] };

/** The desktop's (first) panel: its position and which items it holds. */
export function PanelsSection({ app }: { app: Application }): JSX.Element {
  const { t } = useTranslation();
  const panels = useSetting<PanelSettings[]>(app.desktop.settings, 'desktop.panels');
  const positionName = useId();
  // A refused change is told below the group it came from.
  const [changedBy, setChangedBy] = useState<'position' | 'items'>('position');
  const panel = panels.value[0] ?? NEW_PANEL;
  const change = (next: PanelSettings, by: 'position' | 'items') => {
    setChangedBy(by);
    panels.set([next, ...panels.value.slice(1)]);
  };
  const has = (item: PanelItemName) => panel.items.some((i) => i.name === item);
  const toggle = (item: PanelItemName, on: boolean) =>
    change({ ...panel, items: on ? [...panel.items, { name: item }] : panel.items.filter((i) => i.name !== item) }, 'items');

  return (
    <>
      <SettingGroup legend={t('preferences.panels.position')} locked={panels.locked} error={changedBy === 'position' ? panels.error : null} testId="preferences.panelPosition">
        <div className="prf-options prf-options--inline">
          {(['top', 'bottom'] as const).map((position) => (
            <label key={position} className="prf-option prf-option--card">
              <input
                type="radio"
                name={positionName}
                value={position}
                checked={panel.position === position}
                onChange={() => change({ ...panel, position }, 'position')}
                data-testid={`preferences.panelPosition.${position}`}
              />
              <span>{t(`preferences.panels.${position}`)}</span>
            </label>
          ))}
        </div>
      </SettingGroup>
      <SettingGroup legend={t('preferences.panels.items')} locked={panels.locked} error={changedBy === 'items' ? panels.error : null} testId="preferences.panelItems">
        <div className="prf-options prf-options--columns">
          {PANEL_ITEMS.map((item) => (
            <label key={item} className="prf-option">
              <input type="checkbox" checked={has(item)} onChange={(event) => toggle(item, event.target.checked)} data-testid={`preferences.panelItems.${item}`} />
              <span>{t(`preferences.panels.item.${item}`)}</span>
            </label>
          ))}
        </div>
      </SettingGroup>
    </>
  );
}
