/**
 * Usernames that look alike (docs/behaviour/external-sign-in.md#provisioning):
 * a user created at their first external sign-in must not get a username
 * that reads like an existing one, e.g. `оlivia` with a Cyrillic о beside
 * `olivia`, or `ｏｌｉｖｉａ`, or `o1ivia`.
 */
import unhomoglyph from 'unhomoglyph';

/** Characters that show nothing (joiners, marks of direction, variation selectors). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The form two usernames share when they look alike: case, compatibility
 * forms and invisible characters removed, then each character replaced by
 * its prototype in Unicode's confusables table (the skeleton of Unicode
 * Technical Standard #39, lower-cased).
 */
export function usernameSkeleton(username: string): string {
  const plain = username.normalize('NFKC').toLowerCase().replace(INVISIBLE, '').normalize('NFD');
  return unhomoglyph(plain).normalize('NFD').toLowerCase();
}
