import type { Profile } from '@atrium/shared';
import { useMemo, type JSX } from 'react';
import { Desktop } from '../desktop/Desktop.js';
import './SignedInPage.css';

export interface SignedInPageProps {
  username: string;
  profile: Profile | null;
  /** How the user got here: the sign-in form or a restored session (a reload). */
  via: 'login' | 'boot';
  /** True while the sign-out is under way. */
  signingOut: boolean;
}

/**
 * What a signed-in user sees: the desktop, with its panels (the profile
 * menu, Sign Out, the application menu...). While the sign-out is under way
 * the page is marked busy.
 */
export function SignedInPage({ username, profile, via, signingOut }: SignedInPageProps): JSX.Element {
  const name = profile?.name || username;
  const preferences = profile?.preferences;
  const user = useMemo(() => ({ name, preferences: preferences ?? {} }), [name, preferences]);
  return (
    <div className="atr-signed-in" data-testid="signedIn.page" aria-busy={signingOut || undefined}>
      <Desktop user={user} via={via} />
    </div>
  );
}
