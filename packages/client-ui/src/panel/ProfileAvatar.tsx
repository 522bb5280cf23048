import type { Profile } from '@atrium/shared';
import { useState, type JSX } from 'react';
import { initialsOf } from '../profile/initials.js';

/**
 * The user's avatar (decorative: the name is always written beside it or
 * in the control's name): the profile's photo when it has one that loads,
 * else the initials.
 */
export function ProfileAvatar({ profile, username, size }: { profile: Profile | null; username: string; size: number }): JSX.Element {
  const photo = profile?.icon || null;
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (photo && failed !== photo) {
    return <img className="atr-profile-avatar atr-profile-avatar--photo" src={photo} alt="" style={style} data-testid="profile.avatar.photo" onError={() => setFailed(photo)} />;
  }
  return (
    <span className="atr-profile-avatar" style={style} aria-hidden="true" data-testid="profile.avatar.initials">
      {initialsOf(profile, username)}
    </span>
  );
}
