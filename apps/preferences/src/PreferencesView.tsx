import { BellIcon, LanguageIcon, listIndexByKey, PaletteIcon, PanelIcon, SlidersIcon, useTranslation, WidgetIcon } from '@atrium/app-kit';
import type { Application } from '@atrium/sdk';
import { useId, useRef, useState, type ComponentType, type JSX, type KeyboardEvent, type SVGProps } from 'react';
import { AbsenceSection } from './absence/AbsenceSection.js';
import { AppearanceSection } from './sections/AppearanceSection.js';
import { GeneralSection } from './sections/GeneralSection.js';
import { LanguageSection } from './sections/LanguageSection.js';
import { NotificationsSection } from './sections/NotificationsSection.js';
import { PanelsSection } from './sections/PanelsSection.js';
import { WidgetsSection } from './sections/WidgetsSection.js';
import './Preferences.css';

/** The sections, in the order of the list. */
export const SECTIONS = ['appearance', 'panels', 'widgets', 'language', 'notifications', 'absence', 'general'] as const;
export type SectionId = (typeof SECTIONS)[number];

const ICONS: Record<SectionId, ComponentType<SVGProps<SVGSVGElement>>> = {
  appearance: PaletteIcon,
  panels: PanelIcon,
  widgets: WidgetIcon,
  language: LanguageIcon,
  notifications: BellIcon,
  general: SlidersIcon,
  absence: CalendarIcon,
};

const VIEWS: Record<SectionId, ComponentType<{ app: Application }>> = {
  appearance: AppearanceSection,
  panels: PanelsSection,
  widgets: WidgetsSection,
  language: LanguageSection,
  notifications: NotificationsSection,
  general: GeneralSection,
  absence: AbsenceSection,
};

/** A calendar page (the Absence section). */
function CalendarIcon(props: SVGProps<SVGSVGElement>): JSX.Element {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}

export interface PreferencesViewProps {
  app: Application;
}

/**
 * The Preferences window: the sections as a vertical tab list on the left
 * (a strip of tabs on top in narrow windows) and the chosen section's
 * settings beside it. Arrow keys, Home and End move between tabs.
 */
export function PreferencesView({ app }: PreferencesViewProps): JSX.Element {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<SectionId>('appearance');
  const tabs = useRef(new Map<SectionId, HTMLButtonElement>());
  const baseId = useId();
  const tabId = (s: SectionId) => `${baseId}-tab-${s}`;
  const panelId = `${baseId}-panel`;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The tabs stand in a column, or in a row in narrow windows: both arrow pairs move.
    const at = listIndexByKey(event.key, SECTIONS.indexOf(current), SECTIONS.length, { orientation: 'both' });
    const next = at === null ? undefined : SECTIONS[at];
    if (!next) return;
    event.preventDefault();
    setCurrent(next);
    tabs.current.get(next)?.focus();
  };

  const Section = VIEWS[current];
  return (
    <div className="prf" data-testid="preferences">
      <div className="prf__layout">
      <div className="prf__nav" role="tablist" aria-orientation="vertical" aria-label={t('preferences.sections')} onKeyDown={handleKeyDown}>
        {SECTIONS.map((section) => {
          const Icon = ICONS[section];
          const selected = section === current;
          return (
            <button
              key={section}
              ref={(element) => {
                if (element) tabs.current.set(section, element);
                else tabs.current.delete(section);
              }}
              type="button"
              role="tab"
              id={tabId(section)}
              className="prf__tab"
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              data-testid={`preferences.tab.${section}`}
              onClick={() => setCurrent(section)}
            >
              <Icon width={18} height={18} />
              <span>{t(`preferences.section.${section}`)}</span>
            </button>
          );
        })}
      </div>
      <section className="prf__panel" role="tabpanel" id={panelId} aria-labelledby={tabId(current)} data-testid={`preferences.section.${current}`}>
        <h2 className="prf__heading">{t(`preferences.section.${current}`)}</h2>
        <Section app={app} />
      </section>
      </div>
    </div>
  );
}
