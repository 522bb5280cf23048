import { DialogBase, type DialogCallback, type DialogContext, type DialogOptions } from './DialogModel.js';

/** A colour value (docs/behaviour/dialogs.md#color): channels 0-255 and the same colour as '#rrggbb' (lowercase). */
export interface ColorValue {
  r: number;
  g: number;
  b: number;
  hex: string;
}

export interface ColorState {
  value: ColorValue;
}

type Channel = 'r' | 'g' | 'b';

const clampChannel = (n: number) => Math.min(255, Math.max(0, Math.round(n)));

/** '#rrggbb' of the channels. */
export function channelsToHex(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The colour of '#rrggbb', 'rrggbb' or '#rgb' (any case); null for anything else. */
export function parseHexColor(text: string): ColorValue | null {
  const match = /^(?:#?([0-9a-f]{6})|#([0-9a-f]{3}))$/i.exec(text.trim());
  if (!match) return null;
  const six = match[1] ?? [...(match[2] as string)].map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(six.slice(at, at + 2), 16)) as [number, number, number];
  return { r, g, b, hex: channelsToHex(r, g, b) };
}

/** The initial colour: a hex string, or channels (clamped), else black. */
function initialColor(value: unknown): ColorValue {
  if (typeof value === 'string') return parseHexColor(value) ?? parseHexColor('#000000')!;
  const channels = (value ?? {}) as Partial<Record<Channel, unknown>>;
  const [r, g, b] = (['r', 'g', 'b'] as const).map((c) => (typeof channels[c] === 'number' && Number.isFinite(channels[c]) ? clampChannel(channels[c]) : 0)) as [number, number, number];
  return { r, g, b, hex: channelsToHex(r, g, b) };
}

/**
 * A colour picker: channels 0-255 and a hex value kept in sync both
 * ways. options.value may be a hex string or {r, g, b}. Calls back with the
 * ColorValue.
 */
export class ColorDialog extends DialogBase<ColorState> {
  constructor(context: DialogContext, options: DialogOptions, callback: DialogCallback) {
    super(context, options, callback, {
      kind: 'color',
      title: () => context.translate('dialog.color.title'),
      buttons: ['ok', 'cancel'],
      initial: { value: initialColor(options.value) },
    });
  }

  /** Sets one channel, rounded and clamped to 0..255 (a non-number is ignored); the hex follows. */
  setChannel(channel: Channel, value: number): void {
    if (typeof value !== 'number' || !Number.isFinite(value)) return;
    const next = { ...this.getState().value };
    next[channel] = clampChannel(value);
    this.#set({ ...next, hex: channelsToHex(next.r, next.g, next.b) });
  }

  /** Sets the colour from '#rrggbb', 'rrggbb' or '#rgb'; anything else is ignored. The channels follow. */
  setHex(hex: string): void {
    const color = parseHexColor(String(hex));
    if (color) this.#set(color);
  }

  /** Sets all channels at once (a palette click); each is clamped. */
  setColor(r: number, g: number, b: number): void {
    const [cr, cg, cb] = [r, g, b].map((c) => (Number.isFinite(c) ? clampChannel(c) : 0)) as [number, number, number];
    this.#set({ r: cr, g: cg, b: cb, hex: channelsToHex(cr, cg, cb) });
  }

  protected callbackValue(): unknown {
    return { ...this.getState().value };
  }

  #set(value: ColorValue): void {
    const current = this.getState().value;
    if (current.hex === value.hex) return;
    this.setState({ value });
  }
}
