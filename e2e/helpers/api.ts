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

/** The token user's id. */
export async function userId(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.get('/api/v1/user/me', { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`reading the user failed: ${response.status()}`);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** The token user's settings as the server answers them (their values or the defaults). */
export async function readSettings(request: APIRequestContext, token: string): Promise<Record<string, unknown>> {
  const response = await request.get('/api/v1/settings', { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`reading the settings failed: ${response.status()}`);
  return ((await response.json()) as { data: { values: Record<string, unknown> } }).data.values;
}

/** The token user's planned absences (docs/API.md, Absences). */
export async function absences(request: APIRequestContext, token: string): Promise<Array<{ id: string; startsOn: string; endsOn: string; delegate: { id: string; name: string } }>> {
  const response = await request.get('/api/v1/users/me/absences', { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`reading the absences failed: ${response.status()}`);
  return ((await response.json()) as { data: Array<{ id: string; startsOn: string; endsOn: string; delegate: { id: string; name: string } }> }).data;
}

/** Removes one of the token user's absences. */
export async function removeAbsence(request: APIRequestContext, token: string, id: string): Promise<void> {
  const response = await request.delete(`/api/v1/users/me/absences/${id}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`removing the absence failed: ${response.status()}`);
}
