import * as z from 'zod/mini';
import { text } from './text.js';

/**
 * The desktop session (docs/API.md, "Desktop session"): the applications a
 * user had open and their windows, saved on the server per user so that
 * signing in again, in any browser, brings them back. One definition for
 * the client that sends it and the server that checks and stores it.
 */

/** Most applications in a saved session. */
export const DESKTOP_SESSION_MAX_APPS = 50;
/** Most windows of one application in a saved session. */
export const DESKTOP_SESSION_MAX_WINDOWS = 50;
/** Largest absolute value of a window coordinate or size, in pixels. */
export const DESKTOP_SESSION_COORDINATE_LIMIT = 100_000;

const coordinate = z.number().check(z.gte(-DESKTOP_SESSION_COORDINATE_LIMIT), z.lte(DESKTOP_SESSION_COORDINATE_LIMIT));
const size = z.number().check(z.gte(0), z.lte(DESKTOP_SESSION_COORDINATE_LIMIT));

/** Window session record: where one window was and in which state. */
export const DesktopSessionWindow = z.strictObject({
  id: text({ min: 1, max: 200 }),
  maximized: z.boolean(),
  minimized: z.boolean(),
  position: z.strictObject({ left: coordinate, top: coordinate }),
  dimension: z.strictObject({ width: size, height: size }),
});
export type DesktopSessionWindow = z.infer<typeof DesktopSessionWindow>;

/**
 * Application session record. `name` is what the application is launched
 * by: a package name, or the name of a catalogue entry (which an operator
 * may choose freely, so no package-name pattern is imposed). `args` are
 * accepted as any object and always emptied: launch options are never kept.
 */
export const DesktopSessionApp = z.strictObject({
  name: text({ min: 1, max: 100 }),
  args: z.pipe(
    z.optional(z.record(z.string(), z.unknown())),
    z.transform((): Record<string, never> => ({})),
  ),
  windows: z.array(DesktopSessionWindow).check(z.maxLength(DESKTOP_SESSION_MAX_WINDOWS)),
});
export type DesktopSessionApp = z.output<typeof DesktopSessionApp>;

/** The session list: what GET user/me/getsession answers and POST user/me/updatesession stores. */
export const DesktopSessionList = z.array(DesktopSessionApp).check(z.maxLength(DESKTOP_SESSION_MAX_APPS));
export type DesktopSessionList = z.output<typeof DesktopSessionList>;
/** A session list as a client may send it (args of any content, or none). */
export type DesktopSessionListInput = z.input<typeof DesktopSessionList>;

/** What a `data` given as text is told when it is no JSON. */
export const DESKTOP_SESSION_JSON_MESSAGE = 'must be the session list or its JSON text';

/** The session list, or its JSON text (parsed here, so the list is what is stored). */
const sessionListOrJson = z.pipe(
  z.transform((value: unknown, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.issues.push({ code: 'custom', message: DESKTOP_SESSION_JSON_MESSAGE, input: value });
      return z.NEVER;
    }
  }),
  DesktopSessionList,
);

/** POST v1 /user/me/updatesession: replaces the caller's saved session. */
export const UpdateDesktopSessionBody = z.strictObject({ data: sessionListOrJson });
/** The body as sent: the list, or the list as JSON text. */
export interface UpdateDesktopSessionBody {
  data: DesktopSessionListInput | string;
}
