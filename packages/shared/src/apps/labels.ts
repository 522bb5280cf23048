import * as z from 'zod/mini';
import { LOCALES } from '../constants.js';

/** Longest label, help text or choice label, in any locale. */
export const LABEL_MAX_LENGTH = 200;

/** A text in the seven locales: en_EN required, any other may be left out (it falls back to en_EN). */
export const Labels = z.strictObject({
  en_EN: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(LABEL_MAX_LENGTH)),
  ...Object.fromEntries(LOCALES.filter((l) => l !== 'en_EN').map((l) => [l, z.optional(z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(LABEL_MAX_LENGTH)))])),
} as { en_EN: z.ZodMiniString<string> } & Record<Exclude<(typeof LOCALES)[number], 'en_EN'>, z.ZodMiniOptional<z.ZodMiniString<string>>>);
export type Labels = z.infer<typeof Labels>;
