import type { Profile } from '@atrium/shared';
import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtrium } from '../AtriumContext.js';
import { Desktop } from '../desktop/Desktop.js';
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

/**
 * What a signed-in user sees: the desktop, with a small user card in its
 * top-right corner (greeting, avatar, active account and Sign Out) until the
 * panel with its profile menu arrives. The card lies below the windows.
 */
export function SignedInPage({ username, profile, signingOut }: SignedInPageProps): JSX.Element {
  const { t } = useTranslation();
  const { session, site } = useAtrium();
  const name = profile?.name || username;
  const account = profile?.active_account?.name ?? null;
  return (
    <div className="atr-signed-in" data-testid="signedIn.page" aria-busy={signingOut || undefined}>
      <Desktop>
        <section className="atr-user-card" aria-labelledby="atr-signed-in-heading">
          <div className="atr-user-card__who">
            <span className="atr-avatar" aria-hidden="true" data-testid="signedIn.avatar">
              {initialsOf(profile, username)}
            </span>
            <div className="atr-user-card__text">
              <h1 id="atr-signed-in-heading" className="atr-user-card__heading" data-testid="signedIn.welcome">
                {t('signedIn.welcome', { name })}
              </h1>
              {profile?.designation && <p className="atr-user-card__line">{profile.designation}</p>}
              {account && (
                <p className="atr-user-card__line">
                  <span className="atr-visually-hidden">{t('signedIn.account')}: </span>
                  <span data-testid="signedIn.account">{account}</span>
                </p>
              )}
            </div>
          </div>
          <div className="atr-user-card__actions">
            <img className="atr-user-card__logo" src={site.logo} alt="" height={24} />
            <button type="button" className="atr-button atr-button--secondary atr-user-card__signout" onClick={() => void session.logout()} disabled={signingOut} data-testid="signedIn.signOut">
              {signingOut && <span className="atr-spinner" aria-hidden="true" />}
              {signingOut ? t('signedIn.signingOut') : t('signedIn.signOut')}
            </button>
          </div>
        </section>
      </Desktop>
    </div>
  );
}
