import { FONT_DEFAULT_SIZE, FONT_MAX, FONT_MIN, FONT_NAMES, FONT_STYLES, type FontStyle } from '@atrium/shared';
import { DialogBase, type DialogCallback, type DialogContext, type DialogOptions } from './DialogModel.js';

/** A font value (docs/behaviour/dialogs.md#font). `size` is in px. */
export interface FontValue {
  name: string;
  size: number;
  style: FontStyle;
}

export interface FontState {
  value: FontValue;
  /** The fonts offered: Roboto, arial, sans-serif, monospace. */
  fonts: readonly string[];
  /** Every whole size from 6 to 48. */
  sizes: readonly number[];
  /** regular, bold, italic. */
  styles: readonly FontStyle[];
}

const SIZES = Array.from({ length: FONT_MAX - FONT_MIN + 1 }, (_, i) => FONT_MIN + i);

/** The offered font of that name (any case), or null. */
const knownFont = (name: unknown) => (typeof name === 'string' ? (FONT_NAMES.find((f) => f.toLowerCase() === name.toLowerCase()) ?? null) : null);
const knownStyle = (style: unknown) => (FONT_STYLES as readonly unknown[]).includes(style) ? (style as FontStyle) : null;
/** Whole size clamped to 6..48; null for a non-number. */
const clampSize = (size: unknown) => (typeof size === 'number' && Number.isFinite(size) ? Math.min(FONT_MAX, Math.max(FONT_MIN, Math.round(size))) : null);

/**
 * A font chooser (docs/behaviour/dialogs.md#font): sizes 6-48 px (default 10), fonts Roboto, arial,
 * sans-serif and monospace, styles regular, bold and italic. Starts from
 * options.value where it names offered choices, else Roboto 10 regular.
 * Calls back with the FontValue.
 */
export class FontDialog extends DialogBase<FontState> {
  constructor(context: DialogContext, options: DialogOptions, callback: DialogCallback) {
    const given = (options.value ?? {}) as Partial<Record<keyof FontValue, unknown>>;
    const value: FontValue = {
      name: knownFont(given.name) ?? FONT_NAMES[0],
      size: clampSize(given.size) ?? FONT_DEFAULT_SIZE,
      style: knownStyle(given.style) ?? 'regular',
    };
    super(context, options, callback, {
      kind: 'font',
      title: () => context.translate('dialog.font.title'),
      buttons: ['ok', 'cancel'],
      initial: { value, fonts: FONT_NAMES, sizes: SIZES, styles: FONT_STYLES },
    });
  }

  /** Picks an offered font (any case); others are ignored. */
  setName(name: string): void {
    const known = knownFont(name);
    if (known) this.#set({ name: known });
  }

  /** Sets the size, rounded and clamped to 6..48; a non-number is ignored. */
  setSize(size: number): void {
    const clamped = clampSize(size);
    if (clamped !== null) this.#set({ size: clamped });
  }

  /** Picks regular, bold or italic; others are ignored. */
  setStyle(style: string): void {
    const known = knownStyle(style);
    if (known) this.#set({ style: known });
  }

  protected callbackValue(): unknown {
    return { ...this.getState().value };
  }

  #set(change: Partial<FontValue>): void {
    const state = this.getState();
    const value = { ...state.value, ...change };
    if (value.name === state.value.name && value.size === state.value.size && value.style === state.value.style) return;
    this.setState({ ...state, value });
  }
}
