import type { JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useAtrium } from '../AtriumContext.js';

/** About Us and Privacy Policy links and the copyright line with the current year. */
export function LoginFooter({ year = new Date().getFullYear() }: { year?: number }): JSX.Element {
  const { t } = useTranslation();
  const { site } = useAtrium();
  return (
    <footer className="atr-login-footer">
      <nav className="atr-login-footer__links">
        <a href={site.aboutUrl} data-testid="footer.about">
          {t('footer.about')}
        </a>
        <span aria-hidden="true" className="atr-login-footer__dot">
          ·
        </span>
        <a href="./privacy-policy" data-testid="footer.privacy">
          {t('footer.privacy')}
        </a>
      </nav>
      <p className="atr-login-footer__copyright" data-testid="footer.copyright">
        {t('footer.copyright', { year, title: site.title })}
      </p>
    </footer>
  );
}
