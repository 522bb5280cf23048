import type { Browser, Page } from '@playwright/test';

/** What a sign-in answers (POST {wrapper}/auth), as the client keeps it. */
interface Tokens {
  jwt: string;
  refreshToken: string;
  username: string;
}

/**
 * Signs a user in the way a returning user arrives: the same call the login
 * form makes (POST /api/wrapper/auth), its tokens stored in the page's
 * origin exactly as the client keeps them (encrypted local storage under
 * the browser's key in IndexedDB: packages/client-core/src/storage), then
 * the address opened; the client restores the session at page load (a
 * 'boot', docs/behaviour/sign-in.md#boot). Each call opens a session of its
 * own on the server, so a journey that signs out or whose tokens are
 * refreshed never disturbs another one. The sign-in journeys themselves use
 * the form (LoginPage, Desktop.signInWithForm).
 */
export async function signInThroughApi(page: Page, username: string, password: string, address: string): Promise<void> {
  // A page of the address's origin without the application (the health check), where the tokens are stored.
  // A relative address is the worker's server (the context's base address).
  await page.goto(/^https?:\/\//.test(address) ? new URL('/healthz', address).href : '/healthz');
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`${origin}/api/wrapper/auth`, { form: { username, password } });
  const body = (await response.json().catch(() => null)) as { data?: { jwt?: string; refresh_token?: string; username?: string } } | null;
  if (!response.ok() || !body?.data?.jwt || !body.data.refresh_token) throw new Error(`sign-in of ${username} failed: ${response.status()}`);
  await page.evaluate(storeTokens, { jwt: body.data.jwt, refreshToken: body.data.refresh_token, username: body.data.username || username });
  await page.goto(address);
}

/**
 * Runs in the page: the client's storage of a signed-in session
 * (SecureStorage and loadStorageKey of client-core): the browser's AES-GCM
 * key, non-extractable in IndexedDB (database 'atrium', store 'keys',
 * record 'storage'), and each value as JSON {v, e: null} sealed with a fresh
 * 12-byte IV and its key name as associated data, base64url without padding.
 */
async function storeTokens(tokens: Tokens): Promise<void> {
  const settle = <T>(request: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  const opening = indexedDB.open('atrium', 1);
  opening.onupgradeneeded = () => {
    if (!opening.result.objectStoreNames.contains('keys')) opening.result.createObjectStore('keys');
  };
  const db = await settle(opening);
  let key = (await settle(db.transaction('keys', 'readonly').objectStore('keys').get('storage'))) as CryptoKey | undefined;
  if (!key) {
    key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await settle(db.transaction('keys', 'readwrite').objectStore('keys').add(key, 'storage'));
  }
  db.close();
  const seal = async (name: string, value: unknown) => {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(name) }, key, new TextEncoder().encode(JSON.stringify({ v: value, e: null }))));
    const bytes = new Uint8Array(iv.length + sealed.length);
    bytes.set(iv, 0);
    bytes.set(sealed, iv.length);
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    localStorage.setItem(name, btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
  };
  await seal('AUTH_token', tokens.jwt);
  await seal('REFRESH_token', { key: tokens.refreshToken });
  await seal('User', { jwt: tokens.jwt, username: tokens.username });
}

/** A second person's page, on the same server (its own context), whose console errors fail the journey as the first page's do. */
export async function secondPage(browser: Browser, baseURL: string, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return page;
}
