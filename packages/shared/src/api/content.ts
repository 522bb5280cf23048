import * as z from 'zod/mini';
import { CLIENT_LOG_LEVELS } from '../constants.js';
import { toStorableText } from './text.js';

/** Announcement (docs/behaviour/login-page.md#announcement-slider). media is a resource id the client turns into a URL. */
export interface Announcement {
  uuid: string;
  name: string;
  description: string;
  link: string | null;
  media: string | null;
  media_type: 'image' | 'video';
  fallback: boolean;
}

/**
 * POST logger. The message is cut on the server rather than refused when it
 * is long, and characters that cannot be stored are replaced rather than
 * refused, so that a client error is never lost for being verbose or for a
 * string cut in the middle of a surrogate pair.
 */
export const LogEntryBody = z.strictObject({
  level: z.enum(CLIENT_LOG_LEVELS),
  message: z.pipe(z.string(), z.transform(toStorableText)),
});
export type LogEntryBody = z.infer<typeof LogEntryBody>;

/** Host names are at most 253 characters of letters, digits, dots, hyphens and an optional port. */
export const AnnouncementParams = z.strictObject({
  host: z.string().check(z.minLength(1), z.maxLength(260), z.regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/)),
});

export const ResourceParams = z.strictObject({ id: z.uuid() });
export const AccountLogoParams = z.strictObject({ accountId: z.uuid() });
