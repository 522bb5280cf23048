import { fromBase64Url } from '../storage/base64url.js';

/** The username claim of an access token, read without verifying it (display only), or null. */
export function usernameFromToken(jwt: string): string | null {
  try {
    const payload = jwt.split('.')[1];
    if (!payload) return null;
    const claims = JSON.parse(new TextDecoder().decode(fromBase64Url(payload))) as { username?: unknown };
    return typeof claims.username === 'string' ? claims.username : null;
  } catch {
    return null;
  }
}
