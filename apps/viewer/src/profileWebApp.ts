import type { ProfileApp } from '@atrium/sdk';
import { profileAppTitle } from '@atrium/shared';

/** What the viewer shows: a web application of the user's profile. */
export interface ProfileWebApp {
  name: string;
  title: string;
  url: string;
  /** Its icon from the start_options, its monogram (docs/behaviour/applications.md#icons-of-organisation-pages); null without one. */
  icon: string | null;
}

/**
 * The web app of the profile named `name`: its address and title (in the
 * locale given: the catalogue's translation, else its title) come from
 * the profile app's start_options (docs/behaviour/profile.md#profile), never from the launch arguments, so
 * a link or page address cannot make the viewer frame another site. Null
 * when the profile has no such app, its start_options is not JSON, or it
 * has no http(s) address or server path.
 */
export function profileWebApp(apps: readonly ProfileApp[], name: unknown, locale = 'en_EN'): ProfileWebApp | null {
  if (typeof name !== 'string' || name === '') return null;
  const app = apps.find((a) => a.name === name);
  if (!app) return null;
  let options: unknown;
  try {
    options = JSON.parse(app.start_options);
  } catch {
    return null;
  }
  if (!options || typeof options !== 'object') return null;
  const { url, icon } = options as { url?: unknown; icon?: unknown };
  if (typeof url !== 'string' || !isWebAddress(url)) return null;
  return { name: app.name, title: profileAppTitle(app, locale) ?? app.name, url, icon: typeof icon === 'string' && icon ? icon : null };
}

/** An http(s) address, or a path on this server ('/api/v1/resources/...'); never javascript:, data: and the like. */
function isWebAddress(url: string): boolean {
  if (url.trim() !== url || url === '') return false;
  try {
    const parsed = new URL(url, 'https://this-server.invalid/');
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The web app opened at a task (the notification centre's Edit,
 * docs/behaviour/work.md#notification-centre): the task's id goes to the
 * framed page as `#task=<id>` on its address (replacing any fragment), so
 * the page can show that task. Anything but a plain id is ignored.
 */
export function atTask(target: ProfileWebApp | null, taskId: unknown): ProfileWebApp | null {
  if (!target || typeof taskId !== 'string' || !/^[\w-]{1,100}$/.test(taskId)) return target;
  return { ...target, url: `${target.url.split('#')[0]}#task=${encodeURIComponent(taskId)}` };
}

/** Whether a page's address is a path on this server (a page the product serves), not another site's. */
export function isServedHere(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/**
 * The address the frame loads in the desktop's colour scheme
 * (docs/behaviour/applications.md#organisation-pages-in-the-dark): a page
 * this server serves is asked for it with `color-scheme=light|dark` in its
 * query (before any fragment, which stays the page's: `#task=`); another
 * site's address is loaded as it is, since the desktop cannot know what it
 * would make of a parameter.
 */
export function frameAddress(url: string, scheme: 'light' | 'dark'): string {
  if (!isServedHere(url)) return url;
  const hash = url.indexOf('#');
  const [head, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  return `${head}${head.includes('?') ? '&' : '?'}color-scheme=${scheme}${fragment}`;
}
