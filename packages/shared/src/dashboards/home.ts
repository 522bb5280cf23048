import * as z from 'zod/mini';

/**
 * The home widget's answer (GET profile/user/{uuid}; docs/behaviour/desktop.md#home-widget):
 * the user's own dashboard, or the organisation's (or the user's) block of
 * HTML, whose `{placeholders}` the desktop fills from the profile.
 */
export type HomeProfile = { type: 'html'; html: string; dashboard_uuid: null } | { type: 'dashboard'; html: null; dashboard_uuid: string };

/** Longest HTML block an operator may set. */
export const HOME_HTML_MAX_BYTES = 64 * 1024;

export const HomeProfileParams = z.strictObject({ uuid: z.uuid() });

/** The profile's fields a home block may name: `{name}`, `{designation}`… */
export const HOME_PLACEHOLDERS = ['name', 'firstname', 'lastname', 'username', 'designation', 'organisation', 'manager', 'email', 'country', 'date'] as const;
