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
