import type { ClientEnvironment } from '../env.js';

/** Deletes every Cache Storage cache of the page (when the browser has the API). */
export async function clearCaches(env: ClientEnvironment): Promise<void> {
  if (!env.caches) return;
  try {
    for (const name of await env.caches.keys()) await env.caches.delete(name);
  } catch (error) {
    console.warn('The browser caches could not be cleared.', error);
  }
}
