import type { Profile } from '@atrium/shared';
import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtrium } from '../AtriumContext.js';
import './SignedInPage.css';

/** Up to two initials from the profile's names, else from the username. */
export function initialsOf(profile: Profile | null, username: string): string {
  const words = profile ? [profile.firstname, profile.lastname].filter(Boolean) : [];
  const source = words.length > 0 ? words : (profile?.name || username).split(/[\s._-]+/).filter(Boolean);
  const letters = source.length > 1 ? [source[0], source[source.length - 1]] : [source[0]];
  const initials = letters.map((w) => [...(w ?? '')][0] ?? '').join('');
  return (initials || [...username][0] || '?').toLocaleUpperCase();
}

export interface SignedInPageProps {
  username: string;
  profile: Profile | null;
  /** True while the sign-out is under way. */
  signingOut: boolean;
}

/** The page a signed-in user sees until the desktop shell exists: greeting, avatar, active account and Sign Out. */
export function SignedInPage({ username, profile, signingOut }: SignedInPageProps): JSX.Element {
  const { t } = useTranslation();
  const { session, site } = useAtrium();
  const name = profile?.name || username;
  const account = profile?.active_account?.name ?? null;
  const signOut = (
    <button type="button" className="atr-button atr-button--secondary" onClick={() => void session.logout()} disabled={signingOut} data-testid="signedIn.signOut">
      {signingOut && <span className="atr-spinner" aria-hidden="true" />}
      {signingOut ? t('signedIn.signingOut') : t('signedIn.signOut')}
    </button>
  );
  return (
    <div className="atr-signed-in" data-testid="signedIn.page">
      <header className="atr-signed-in__bar">
        <div className="atr-signed-in__brand">
          <img src={site.logo} alt="" height={32} />
          <span>{site.title}</span>
        </div>
        <div className="atr-signed-in__user">
          <span className="atr-avatar atr-avatar--small" aria-hidden="true">
            {initialsOf(profile, username)}
          </span>
          <span className="atr-signed-in__user-name">{name}</span>
        </div>
      </header>
      <main className="atr-signed-in__main">
        <section className="atr-signed-in__card" aria-labelledby="atr-signed-in-heading">
          <span className="atr-avatar" aria-hidden="true" data-testid="signedIn.avatar">
            {initialsOf(profile, username)}
          </span>
          <h1 id="atr-signed-in-heading" className="atr-signed-in__heading" data-testid="signedIn.welcome">
            {t('signedIn.welcome', { name })}
          </h1>
          {profile?.designation && <p className="atr-signed-in__designation">{profile.designation}</p>}
          <dl className="atr-signed-in__facts">
            {account && (
              <div>
                <dt>{t('signedIn.account')}</dt>
                <dd data-testid="signedIn.account">{account}</dd>
              </div>
            )}
            <div>
              <dt>{t('signedIn.username')}</dt>
              <dd>{username}</dd>
            </div>
          </dl>
          <p className="atr-signed-in__text">{t('signedIn.text')}</p>
          {signOut}
        </section>
      </main>
    </div>
  );
}
