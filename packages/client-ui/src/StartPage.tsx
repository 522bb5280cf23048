import type { JSX } from 'react';

export interface StartPageProps {
  /** Translate function from client-core. */
  t: (key: string, vars?: Record<string, string>) => string;
  /** Product version, or null while it loads. */
  version: string | null;
  logoSrc: string;
}

/** The page shown until the sign-in page exists: product name, status and version. */
export function StartPage({ t, version, logoSrc }: StartPageProps): JSX.Element {
  return (
    <main className="start" data-testid="start.page">
      <section className="start__card">
        <img className="start__logo" src={logoSrc} alt="" width={72} height={72} />
        <h1 className="start__title">{t('start.title')}</h1>
        <p className="start__status">{t('start.status')}</p>
        {version && (
          <p className="start__version" data-testid="start.version">
            {t('start.version', { version })}
          </p>
        )}
      </section>
    </main>
  );
}
