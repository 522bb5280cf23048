import { lazy, Suspense, type JSX } from 'react';
import { useObservable } from '../hooks/useObservable.js';
import type { ProfileCardProps } from './ProfileCard.js';

// The card and its styles, with the first card opened: few sessions open one, so the signed-in shell does not carry it.
const ProfileCard = lazy(async () => ({ default: (await import('./ProfileCard.js')).ProfileCard }));

/** Where the desktop shows the user profile card (docs/behaviour/profile.md#profile-card) while it is open. */
export function ProfileCardHost(props: ProfileCardProps): JSX.Element | null {
  const { open } = useObservable(props.model);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ProfileCard {...props} />
    </Suspense>
  );
}
