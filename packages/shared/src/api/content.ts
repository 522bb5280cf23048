import { z } from 'zod';
import { CLIENT_LOG_LEVELS } from '../constants.js';

/** Announcement (§3). media is a resource id the client turns into a URL. */
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
 * is long, so that a client error is never lost for being verbose.
 */
export const LogEntryBody = z.strictObject({
  level: z.enum(CLIENT_LOG_LEVELS),
  message: z.string(),
});
export type LogEntryBody = z.infer<typeof LogEntryBody>;

/** Host names are at most 253 characters of letters, digits, dots, hyphens and an optional port. */
export const AnnouncementParams = z.strictObject({
  host: z.string().min(1).max(260).regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/),
});

export const ResourceParams = z.strictObject({ id: z.uuid() });
export const AccountLogoParams = z.strictObject({ accountId: z.uuid() });
