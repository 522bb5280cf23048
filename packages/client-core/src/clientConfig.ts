import type { ClientConfig } from '@atrium/shared';

/** The fetch the client uses; injected so that tests need no network. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * Loads what the client must know before any other call: the wrapper and
 * versioned API base addresses and the product version (GET /client-config).
 */
export async function loadClientConfig(fetchFn: FetchLike, base = ''): Promise<ClientConfig> {
  const response = await fetchFn(`${base}/client-config`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${response.status} (${response.statusText})`);
  const body = (await response.json()) as Partial<ClientConfig>;
  if (typeof body.apiBase !== 'string' || typeof body.wrapperBase !== 'string' || typeof body.version !== 'string') {
    throw new Error('The server sent an incomplete client configuration');
  }
  return { apiBase: body.apiBase, wrapperBase: body.wrapperBase, version: body.version };
}
