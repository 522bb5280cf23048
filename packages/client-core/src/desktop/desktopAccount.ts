import type { Envelope, PackageManifestEntry, Profile } from '@atrium/shared';
import type { Session } from '../auth/Session.js';
import type { RequestOptions, UploadOptions } from '@atrium/sdk';
import type { RequestMethod } from '../packages/DesktopHooks.js';

/** What the desktop reads and asks of the signed-in session. */
export interface DesktopAccount {
  /** The signed-in user's profile, or null once signed out. */
  profile(): Profile | null;
  /** A signed API request (the envelope as the server sent it); aborting `options.signal` rejects it with an AbortError. */
  request<T>(method: RequestMethod, path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** A signed multipart upload, with its progress and no time limit. */
  upload<T>(path: string, form: FormData, options?: UploadOptions): Promise<T>;
  /** Changes one of the user's own preferences, then reloads the profile. */
  setUserPreference(name: string, value: string): Promise<void>;
  /** Fetches the profile again (its applications may have changed); listeners of the session's profile hear of it. */
  reloadProfile(): Promise<void>;
  /** The package manifest (docs/API.md): fetched when an address is configured, else no packages. */
  fetchManifest(manifestUrl: string | null): Promise<PackageManifestEntry[]>;
  /** Sends what waits to be saved (`flush`), then signs out: after it the token is gone. */
  signOut(flush: () => Promise<unknown>): Promise<void>;
}

/** The session wiring of one desktop: its profile, signed requests, preferences, manifest and sign-out. */
export function desktopAccount(session: Session): DesktopAccount {
  const profile = () => {
    const state = session.getState();
    return state.status === 'signed-in' ? state.profile : null;
  };
  return {
    profile,
    request: (method, path, body, options) => request(session, method, path, body, options),
    upload: (path, form, options = {}) => {
      const { onProgress, signal } = options;
      return session.api.upload(path, form, { timeout: 0, signal, onUploadProgress: onProgress && ((loaded, total) => onProgress({ loaded, total })) });
    },
    async setUserPreference(name, value) {
      const user = profile();
      if (!user) throw new Error('Not signed in');
      await session.api.put(`user/${encodeURIComponent(user.id)}`, { preferences: { [name]: value } });
      await session.updateProfile();
    },
    reloadProfile: () => session.updateProfile(),
    fetchManifest: (manifestUrl) => fetchManifest(session, manifestUrl),
    async signOut(flush) {
      await flush().catch(() => undefined);
      await session.logout();
    },
  };
}

async function fetchManifest(session: Session, manifestUrl: string | null): Promise<PackageManifestEntry[]> {
  if (!manifestUrl) return [];
  // An absolute path or address: the root client joins it as it is.
  const answer = await session.core.get<Envelope<PackageManifestEntry[]> | PackageManifestEntry[]>(manifestUrl);
  if (Array.isArray(answer)) return answer;
  if (answer?.status === 'success' && Array.isArray(answer.data)) return answer.data;
  throw new Error('The server sent no package manifest');
}

/** One call of Desktop.request: the signal (when given) aborts the exchange, and the call rejects with its AbortError. */
function request<T>(session: Session, method: RequestMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const api = session.api;
  const call = options.signal ? { signal: options.signal } : undefined;
  switch (method) {
    case 'get':
      return api.get<T>(path, typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined, call);
    case 'post':
      return api.post<T>(path, body, call);
    case 'put':
      return api.put<T>(path, body, call);
    case 'delete':
      return api.delete<T>(path, body, call);
  }
}
