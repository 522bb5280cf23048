/**
 * Business constants and limits of the specification (§9), in one place for
 * client and server. Times are in milliseconds unless the name says otherwise.
 */

/** The seven supported locales; the first is the default. */
export const LOCALES = ['en_EN', 'de_DE', 'fr_FR', 'nb_NO', 'sl_SI', 'vi_VN', 'zh_CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en_EN';

/** Name of the default theme. */
export const DEFAULT_THEME = 'Vision';

/** Minimum password length (§5, §9). */
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound on a password's length, so that hashing cannot be abused. */
export const PASSWORD_MAX_LENGTH = 256;
/** Characters that count as "special" for the password rules (§5). */
export const PASSWORD_SPECIAL_CHARACTERS = "$&+,:;=?@#|'<>.-^*()%!";

/** Redirect to origin after forgot or reset password. */
export const RECOVERY_REDIRECT_DELAY = 2000;
/** Delay between the logout request and the core shutting down. */
export const LOGOUT_DELAY = 2000;
/** Announcement slider auto-advance. */
export const SLIDER_INTERVAL = 10_000;
/** Maximum number of token-refresh retries before storage is cleared. */
export const MAX_REQUEST_RETRIES = 5;
/** Lifetime of the cookie fallback for encrypted local storage: 3 hours. */
export const COOKIE_FALLBACK_LIFETIME = 3 * 60 * 60 * 1000;

/** Access-token lifetime ceiling: 15 minutes, in seconds. */
export const ACCESS_TOKEN_MAX_LIFETIME_SECONDS = 15 * 60;
/** Lifetime of a password-reset code: 10 minutes. */
export const RESET_CODE_LIFETIME = 10 * 60 * 1000;

/** Greeting notification timeout and default notification timeout. */
export const GREETING_TIMEOUT = 10_000;
export const NOTIFICATION_TIMEOUT = 5000;

/** Log levels the client may send to POST logger. */
export const CLIENT_LOG_LEVELS = ['debug', 'info', 'log', 'warn', 'error'] as const;
export type ClientLogLevel = (typeof CLIENT_LOG_LEVELS)[number];
/** Longest client log message kept; longer ones are cut. */
export const CLIENT_LOG_MAX_MESSAGE = 4000;

/** The application categories of §1. */
export const APP_CATEGORIES = [
  'collaboration',
  'organization',
  'quality management',
  'information security management',
  'operational intelligence',
  'employee center',
  'sales and marketing',
] as const;
export type AppCategory = (typeof APP_CATEGORIES)[number];

/** app_type of applications that open in the generic viewer (§6). */
export const VIEWER_APP_TYPE = 2;
