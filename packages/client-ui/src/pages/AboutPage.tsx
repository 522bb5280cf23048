import type { JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useAtrium } from '../AtriumContext.js';
import { InfoPage } from './InfoPage.js';

/** The About page (/about, the footer's default About Us target): product name, version and what it is. */
export function AboutPage(): JSX.Element {
  const { t } = useTranslation();
  const { site, config } = useAtrium();
  return (
    <InfoPage heading={t('about.title', { title: site.title })} testId="about.page">
      <p className="atr-info__version" data-testid="about.version">
        {t('about.version', { version: config.version })}
      </p>
      <p>{t('about.description', { title: site.title })}</p>
    </InfoPage>
  );
}
