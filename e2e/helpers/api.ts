import type { APIRequestContext } from '@playwright/test';

/**
 * Calls of the product's API made beside a journey (docs/API.md), for
 * set-up a user would otherwise do through the interface.
 */

/** Signs a user in through the API and returns the access token. */
export async function apiToken(request: APIRequestContext, username: string, password = 'Demo@1234'): Promise<string> {
  const response = await request.post('/api/wrapper/auth', { form: { username, password } });
  if (!response.ok()) throw new Error(`sign-in of ${username} failed: ${response.status()}`);
  const body = (await response.json()) as { data: { jwt: string } };
  return body.data.jwt;
}

/** Saves settings of the token's user (an open desktop of theirs follows at once: the server tells it). */
export async function saveSettings(request: APIRequestContext, token: string, values: Record<string, unknown>): Promise<void> {
  const response = await request.post('/api/v1/settings', { data: values, headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`saving ${Object.keys(values).join(', ')} failed: ${response.status()} ${await response.text()}`);
}

/** One application of a saved desktop session (docs/API.md, Desktop session). */
export interface SavedApp {
  name: string;
  args: Record<string, unknown>;
  windows: Array<{ id: string; maximized: boolean; minimized: boolean; position: { left: number; top: number }; dimension: { width: number; height: number } }>;
}

/** The token user's saved desktop session. */
export async function savedSession(request: APIRequestContext, token: string): Promise<SavedApp[]> {
  const response = await request.get('/api/v1/user/me/getsession', { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`reading the session failed: ${response.status()}`);
  return ((await response.json()) as { data: SavedApp[] }).data;
}

/** Replaces the token user's saved desktop session. */
export async function saveSession(request: APIRequestContext, token: string, data: SavedApp[]): Promise<void> {
  const response = await request.post('/api/v1/user/me/updatesession', { data: { data }, headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`saving the session failed: ${response.status()} ${await response.text()}`);
}
