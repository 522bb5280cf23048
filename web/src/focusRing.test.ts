// The login page's stylesheet is read as text (Vitest hands other stylesheets to tests empty).
// eslint-disable-next-line no-restricted-imports
import { readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports
import path from 'node:path';
import type { ThemeModule } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import visionCss from '@atrium/client-ui/theme/vision.css?raw';
import nocturne from '@atrium/theme-nocturne';
import vision from '@atrium/theme-vision';

/**
 * The focus indicator's contrast (docs/ACCESSIBILITY.md, WCAG 1.4.11 and
 * 2.4.7), computed from the theme tokens: the ring has 3:1 or more against
 * every colour it is drawn on, in both themes, and its two colours 9:1 or
 * more against each other, so that one of them stands out on any background.
 */

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
/** An rgba(...) colour laid over an opaque #rrggbb one, as #rrggbb. */
function over(color: string, background: string): string {
  if (color.startsWith('#')) return color;
  const [r, g, b, a] = /rgba\(([^)]+)\)/.exec(color)![1]!.split(',').map(Number) as [number, number, number, number];
  const under = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16));
  return `#${[r, g, b].map((c, i) => Math.round(c * a + under[i]! * (1 - a)).toString(16).padStart(2, '0')).join('')}`;
}

const loginCss = readFileSync(path.resolve(import.meta.dirname, '../../packages/client-ui/src/login/LoginPage.css'), 'utf8');

const themes: Array<[string, ThemeModule]> = [
  ['Vision', vision],
  ['Nocturne', nocturne],
];
const v = (theme: ThemeModule, name: string) => {
  const value = theme.variables[name];
  if (!value) throw new Error(`${name} is not a variable of the theme`);
  return value;
};

describe('focus ring contrast', () => {
  it.each(themes)('%s: the ring stands out 3:1 or more on every surface it is drawn on', (_, theme) => {
    for (const surface of ['--atr-surface', '--atr-surface-muted', '--atr-window-header', '--atr-primary-soft']) {
      expect(contrast(v(theme, '--atr-focus'), v(theme, surface)), `${surface}`).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(themes)('%s: the ring over dark chrome and the wallpaper stands out 3:1 or more', (_, theme) => {
    const navy = v(theme, '--atr-navy');
    for (const dark of [navy, v(theme, '--atr-navy-deep'), v(theme, '--atr-window-header-focused'), over(v(theme, '--atr-glass-dark'), navy)]) {
      expect(contrast(v(theme, '--atr-focus-on-dark'), dark), dark).toBeGreaterThanOrEqual(3);
    }
    // The window frame's ring lies between bands of --atr-navy-deep: visible on light wallpapers too.
    expect(contrast(v(theme, '--atr-focus-on-dark'), v(theme, '--atr-navy-deep'))).toBeGreaterThanOrEqual(9);
  });

  it.each(themes)('%s: the ring and its inner band differ 9:1 or more, and the ring is drawn with both, opaque', (_, theme) => {
    expect(contrast(v(theme, '--atr-focus'), v(theme, '--atr-focus-contrast'))).toBeGreaterThanOrEqual(9);
    expect(v(theme, '--atr-focus-ring')).toBe('0 0 0 2px var(--atr-focus-contrast), 0 0 0 4px var(--atr-focus)');
  });

  it('Vision: the ring stands out on the login page backdrop, and no rule draws focus in a see-through colour', () => {
    const backdrop = /\.atr-login__backdrop\s*\{[^}]*background-color:\s*(#[0-9a-f]{6})/i.exec(loginCss)?.[1];
    expect(backdrop).toBeDefined();
    expect(contrast(v(vision, '--atr-focus'), backdrop!)).toBeGreaterThanOrEqual(3);
    const focusRules = [...visionCss.matchAll(/([^{}]*):focus[^{}]*\{([^}]*)\}/g)].map((m) => m[2]!);
    expect(focusRules.length).toBeGreaterThan(0);
    for (const body of focusRules) expect(body).not.toMatch(/rgba\(/);
  });
});
