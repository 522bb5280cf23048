import type { Profile } from '@atrium/shared';

/** Up to two initials from the profile's names, else from the username (the avatar without a photo). */
export function initialsOf(profile: Profile | null, username: string): string {
  const words = profile ? [profile.firstname, profile.lastname].filter(Boolean) : [];
  const source = words.length > 0 ? words : (profile?.name || username).split(/[\s._-]+/).filter(Boolean);
  const letters = source.length > 1 ? [source[0], source[source.length - 1]] : [source[0]];
  const initials = letters.map((w) => [...(w ?? '')][0] ?? '').join('');
  return (initials || [...username][0] || '?').toLocaleUpperCase();
}
