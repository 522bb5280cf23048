import { describe, expect, it } from 'vitest';
import { fontStack } from '../desktop/useAppearance.js';
import visionCss from './vision.css?raw';

/** A custom property of vision.css's :root. */
function rootVariable(name: string): string {
  const value = new RegExp(`${name}:\\s*([^;]+);`).exec(visionCss)?.[1];
  if (!value) throw new Error(`${name} is not set`);
  return value.trim();
}

const families = (stack: string) => stack.split(',').map((f) => f.trim().replace(/^'(.*)'$/, '$1'));

describe('font stacks (docs/ACCESSIBILITY.md: Chinese never shows as empty boxes)', () => {
  it('fall back on the Chinese fonts systems ship, by name, before the generic family', () => {
    const fallback = families(rootVariable('--atr-font-fallback'));
    for (const cjk of ['PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei']) expect(fallback).toContain(cjk);
    expect(fallback.at(-1)).toBe('sans-serif');
    expect(fallback.indexOf('PingFang SC')).toBeGreaterThan(fallback.indexOf('Arial'));
  });

  it('is the fallback of the text font, the interface font and the font chosen in the settings', () => {
    expect(rootVariable('--atr-font')).toBe("'Lato', var(--atr-font-fallback)");
    expect(rootVariable('--atr-font-ui')).toBe("'Roboto', var(--atr-font-fallback)");
    expect(fontStack('Roboto')).toBe("'Roboto', var(--atr-font-fallback)");
  });

  it('downloads no font for it: no @font-face names a Chinese font', () => {
    expect(visionCss).not.toMatch(/@font-face[^}]*(PingFang|YaHei|CJK|Han Sans|WenQuanYi)/);
  });
});
