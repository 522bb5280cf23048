import type { ClientEnvironment } from '../env.js';
import { safeAddress } from './safeAddress.js';

/** What the page address asks for (docs/behaviour/login-page.md#page-address). */
export interface PageAddress {
  screen: 'login' | 'forgotpassword' | 'resetpassword' | 'privacy-policy';
  /** ?resetpassword=CODE */
  resetCode: string | null;
  /** ?appicon=URL (reset screen logo): only http(s) URLs or same-origin paths, else null. */
  appIcon: string | null;
  /** ?app=NAME&other=params: the application to launch and its options. */
  launch: { app: string; options: Record<string, string> } | null;
  /** #login: the built-in form even when an external sign-in type is configured. */
  forceBuiltInLogin: boolean;
}

/** Session-storage item that keeps a launch request across a reload (sign-in, cache clearing). */
const LAUNCH_ITEM = 'launch';

/**
 * Reads the page address (docs/behaviour/login-page.md#page-address): path /privacy-policy → privacy-policy;
 * #forgotpassword → forgotpassword; ?resetpassword=CODE → resetpassword;
 * anything else → login. ?app=NAME asks for a launch with the other query
 * parameters as options; #login forces the built-in form.
 */
export function parsePageAddress(location: { pathname: string; search: string; hash: string }): PageAddress {
  const params = new URLSearchParams(location.search);
  const hash = location.hash.replace(/^#/, '').toLowerCase();
  const resetCode = params.get('resetpassword') || null;

  let screen: PageAddress['screen'] = 'login';
  if (/^\/privacy-policy\/?$/.test(location.pathname)) screen = 'privacy-policy';
  else if (hash === 'forgotpassword') screen = 'forgotpassword';
  else if (resetCode) screen = 'resetpassword';

  const app = params.get('app');
  let launch: PageAddress['launch'] = null;
  if (app) {
    // Own properties whatever the names (Object.fromEntries defines them): ?__proto__=x stays a plain option.
    const options: Record<string, string> = Object.fromEntries([...params].filter(([name]) => name !== 'app'));
    launch = { app, options };
  }

  return { screen, resetCode, appIcon: safeAddress(params.get('appicon')), launch, forceBuiltInLogin: hash === 'login' };
}

/**
 * Parses the current address. When it names an app, the launch request is
 * kept in session storage (plain: it holds no secret) and the address is
 * reset to the root with history.replaceState. When it names none, a launch
 * request kept before a reload (sign-in, cache clearing) is returned and
 * forgotten. Call forgetLaunchRequest once the app is launched, so that a
 * later reload does not launch it again.
 */
export function takeLaunchRequest(env: ClientEnvironment): PageAddress {
  const address = parsePageAddress(env.location);
  const storage = env.sessionStorage ?? null;
  if (address.launch) {
    try {
      storage?.setItem(LAUNCH_ITEM, JSON.stringify(address.launch));
    } catch {
      // unavailable: the request lives in the returned address only
    }
    env.history.replaceState(null, '', '/');
    return address;
  }
  return { ...address, launch: rememberedLaunch(storage) };
}

/** Forgets a kept launch request (the app has been launched). */
export function forgetLaunchRequest(env: ClientEnvironment): void {
  try {
    env.sessionStorage?.removeItem(LAUNCH_ITEM);
  } catch {
    // unavailable: nothing kept
  }
}

function rememberedLaunch(storage: Storage | null): PageAddress['launch'] {
  try {
    const text = storage?.getItem(LAUNCH_ITEM);
    if (!text) return null;
    storage?.removeItem(LAUNCH_ITEM);
    const value = JSON.parse(text) as { app?: unknown; options?: unknown };
    if (typeof value.app !== 'string' || !value.app || typeof value.options !== 'object' || value.options === null) return null;
    const options = Object.fromEntries(Object.entries(value.options).filter((e): e is [string, string] => typeof e[1] === 'string'));
    return { app: value.app, options };
  } catch {
    return null;
  }
}

/** Blocks browser back navigation by re-pushing the current address on popstate. Returns dispose. */
export function blockBackNavigation(env: ClientEnvironment): () => void {
  const pin = () => env.history.pushState(null, '', env.location.href);
  pin();
  return env.onPopState(pin);
}
