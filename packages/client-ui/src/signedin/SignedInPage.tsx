import { PREFERENCES_APP, type Profile } from '@atrium/shared';
import { useMemo, type JSX, type MouseEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useAtrium } from '../AtriumContext.js';
import { Desktop } from '../desktop/Desktop.js';
import { useOptionalDesktop } from '../desktop/DesktopContext.js';
import { SlidersIcon } from '../icons.js';
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
 * top-right corner (greeting, avatar, active account, Edit Preferences and
 * Sign Out) until the panel with its profile menu arrives. The card lies
 * below the windows; its avatar opens the user's own profile card. The
 * avatar's name starts with the initials it shows (label in name) and it is
 * the desktop's home for focus when no window has it (DesktopFocus).
 */
export function SignedInPage({ username, profile, signingOut }: SignedInPageProps): JSX.Element {
  const name = profile?.name || username;
  const preferences = profile?.preferences;
  const user = useMemo(() => ({ name, preferences: preferences ?? {} }), [name, preferences]);
  return (
    <div className="atr-signed-in" data-testid="signedIn.page" aria-busy={signingOut || undefined}>
      <Desktop user={user}>
        <UserCard username={username} profile={profile} signingOut={signingOut} />
      </Desktop>
    </div>
  );
}

/** The user card (inside the desktop's context, whose models may not exist yet). */
function UserCard({ username, profile, signingOut }: SignedInPageProps): JSX.Element {
  const { t } = useTranslation();
  const { session, site } = useAtrium();
  const runtime = useOptionalDesktop()?.runtime ?? null;
  const name = profile?.name || username;
  const account = profile?.active_account?.name ?? null;
  const initials = initialsOf(profile, username);
  const openProfileCard = (event: MouseEvent<HTMLButtonElement>) => {
    if (!profile || !runtime) return;
    // The card gives focus back to what had it: make that the avatar, also where a click does not focus buttons.
    event.currentTarget.focus({ preventScroll: true });
    const box = event.currentTarget.getBoundingClientRect();
    // A keyboard press has no pointer position: the card opens below the avatar.
    const at = event.detail === 0 ? { x: box.left, y: box.bottom + 8 } : { x: event.clientX, y: event.clientY };
    void runtime.profileCard.open(profile.id, at);
  };
  return (
    <section className="atr-user-card" aria-labelledby="atr-signed-in-heading">
      <div className="atr-user-card__who">
        <button
          type="button"
          className="atr-avatar"
          aria-label={t('signedIn.avatar', { initials })}
          title={t('signedIn.openProfile')}
          disabled={!profile || !runtime}
          onClick={openProfileCard}
          data-testid="signedIn.avatar"
          data-desktop-home
        >
          {initials}
        </button>
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
        <div className="atr-user-card__buttons">
          <button
            type="button"
            className="atr-button atr-button--secondary atr-user-card__preferences"
            onClick={() => void runtime?.packages.launch(PREFERENCES_APP)}
            disabled={!runtime || signingOut}
            data-testid="signedIn.preferences"
          >
            <SlidersIcon width={16} height={16} />
            {t('signedIn.editPreferences')}
          </button>
          <button type="button" className="atr-button atr-button--secondary atr-user-card__signout" onClick={() => void session.logout()} disabled={signingOut} data-testid="signedIn.signOut">
            {signingOut && <span className="atr-spinner" aria-hidden="true" />}
            {signingOut ? t('signedIn.signingOut') : t('signedIn.signOut')}
          </button>
        </div>
      </div>
    </section>
  );
}
