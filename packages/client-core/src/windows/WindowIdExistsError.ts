/** Translates an i18n key with interpolation values (the Translator's t). */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/**
 * Thrown by WindowManager.open when the application already has a window
 * with that id (ERR_WINDOW_ID_EXISTS, docs/behaviour/windows.md). The message comes from
 * translate('window.error.idExists', {id}); without a translate it is the
 * English "Window with ID '<id>' already exists".
 */
export class WindowIdExistsError extends Error {
  /** The error code of the rule. */
  readonly code = 'ERR_WINDOW_ID_EXISTS';

  constructor(
    /** The window id that is already taken. */
    readonly id: string,
    translate: Translate | null = null,
  ) {
    super(translate ? translate('window.error.idExists', { id }) : `Window with ID '${id}' already exists`);
    this.name = 'WindowIdExistsError';
  }
}
