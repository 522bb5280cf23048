/**
 * Business constants and limits (docs/behaviour/limits.md), in one place for
 * client and server. Times are in milliseconds unless the name says otherwise.
 */

/** The seven supported locales; the first is the default. */
export const LOCALES = ['en_EN', 'de_DE', 'fr_FR', 'nb_NO', 'sl_SI', 'vi_VN', 'zh_CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en_EN';

/** Name of the default theme. */
export const DEFAULT_THEME = 'Vision';

/** Minimum password length (docs/behaviour/password-recovery.md#password-rules). */
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound on a password's length, so that hashing cannot be abused. */
export const PASSWORD_MAX_LENGTH = 256;
/** Characters that count as "special" for the password rules. */
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

/** The application categories (docs/behaviour/applications.md#categories). */
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

/** app_type of applications that open in the generic viewer (docs/behaviour/applications.md#viewer-apps). */
export const VIEWER_APP_TYPE = 2;
/** app_type of declared business applications, which open in the records runtime (docs/APPLICATIONS.md, "Declaring an application"). */
export const DECLARED_APP_TYPE = 3;
/** The package that renders every declared application. */
export const RECORDS_RUNTIME_APP = 'Records';

// ---- Dialogs, file sizes and sounds ----

/** A width and height in pixels (the same shape as a window's dimension). */
export interface DialogDimension {
  readonly width: number;
  readonly height: number;
}
/** Minimum size of every dialog window unless its kind says otherwise. */
export const DIALOG_MIN_DIMENSION: DialogDimension = { width: 300, height: 100 };
/** Minimum height of the confirm dialog (its width stays the default minimum). */
export const DIALOG_CONFIRM_MIN_HEIGHT = 140;
/** Sizes of the dialog kinds that have one of their own. */
export const DIALOG_DIMENSIONS = {
  alert: { width: 400, height: 220 },
  prompt: { width: 500, height: 200 },
  progress: { width: 500, height: 200 },
  color: { width: 500, height: 260 },
  choice: { width: 400, height: 200 },
  file: { width: 400, height: 400 },
} as const satisfies Record<string, DialogDimension>;
/** Button names of the dialogs; each is translated as 'dialog.button.<name>'. */
export const DIALOG_BUTTONS = ['ok', 'close', 'cancel', 'yes', 'no'] as const;
export type DialogButton = (typeof DIALOG_BUTTONS)[number];

/** Font chooser: smallest and largest size (in FONT_UNIT), default size, fonts and styles offered. */
export const FONT_MIN = 6;
export const FONT_MAX = 48;
export const FONT_UNIT = 'px';
export const FONT_DEFAULT_SIZE = 10;
export const FONT_NAMES = ['Roboto', 'arial', 'sans-serif', 'monospace'] as const;
export const FONT_STYLES = ['regular', 'bold', 'italic'] as const;
export type FontStyle = (typeof FONT_STYLES)[number];

/** File sizes are shown in units of this many bytes (KiB, MiB, ...) with one decimal. */
export const FILE_SIZE_UNIT = 1024;
/** Sound volume when the settings give none (0..1). */
export const SOUND_DEFAULT_VOLUME = 1;

// ---- Windows (docs/behaviour/windows.md) ----

/** Minimum window width in pixels; a window's minDimension is never below it. */
export const WINDOW_MIN_WIDTH = 100;
/** Minimum window height in pixels; a window's minDimension is never below it. */
export const WINDOW_MIN_HEIGHT = 100;
/** Turning a window's loading state on waits this long (turning it off is immediate). */
export const WINDOW_LOADING_DEBOUNCE = 250;
/** Two taps on a window header within this many milliseconds count as a double-tap. */
export const WINDOW_DOUBLE_TAP = 250;
/** The loading overlay shows only once a wait has lasted this long, so short waits show nothing (docs/behaviour/desktop.md#loading-overlay). */
export const LOADING_OVERLAY_DELAY = 100;
/** z-index offset of ontop windows above normal ones. */
export const ONTOP_Z_OFFSET = 8388635;
/** A window up to this wide is 'small' media; wider and below MEDIA_BIG_MIN it is 'medium'. */
export const MEDIA_SMALL_MAX = 640;
/** A window at least this wide is 'big' media. */
export const MEDIA_BIG_MIN = 1024;
/** Cascade step, in pixels, of the initial position of windows opened without one. */
export const WINDOW_STAGGER = 30;

// ---- Applications (docs/behaviour/applications.md#autostart) ----

/** Autostart begins this long after the desktop starts. */
export const AUTOSTART_DELAY = 1000;
/** Autostarted apps with a precedence launch this far apart, in precedence order. */
export const AUTOSTART_PRECEDENCE_INTERVAL = 750;

/** A package name: a letter, then letters, digits, '_' or '-' (it is a path segment and a settings key). */
export const PACKAGE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
