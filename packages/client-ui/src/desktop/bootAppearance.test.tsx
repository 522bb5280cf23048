import { readBootAppearance } from '@atrium/client-core';
import { builtinEntry } from '@atrium/client-core/testing';
import type { ThemeModule } from '@atrium/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { desktopPerTest } from '../testing/renderDesktop.js';
import { applyBootAppearance, clearBootAppearance } from './bootAppearance.js';
import { useDesktop } from './DesktopContext.js';
import { useAppearance } from './useAppearance.js';

const midnight: ThemeModule = { type: 'theme', colorScheme: 'dark', variables: { '--atr-surface-muted': '#141922', '--atr-text': '#e3e8f1' } };

function AppearanceProbe(): null {
  useAppearance(useDesktop().appearance);
  return null;
}

const desktop = desktopPerTest({
  manifest: [builtinEntry({ name: 'Midnight', type: 'theme', title: { en_EN: 'Midnight' } })],
  builtins: { Midnight: async () => ({ default: midnight }) },
  children: <AppearanceProbe />,
});

afterEach(() => clearBootAppearance());

const root = () => document.documentElement;

describe('boot appearance on the page', () => {
  it("paints the page's root and body in the remembered colours before anything renders, and takes them off again", () => {
    applyBootAppearance({ colorScheme: 'dark', background: '#141922' });
    expect(root().style.colorScheme).toBe('dark');
    expect(root().style.backgroundColor).toBe('rgb(20, 25, 34)');
    expect(document.body.style.backgroundColor).toBe('rgb(20, 25, 34)');
    clearBootAppearance();
    expect(root().style.colorScheme).toBe('');
    expect(root().style.backgroundColor).toBe('');
    expect(document.body.style.backgroundColor).toBe('');
  });

  it('leaves alone a colour scheme it did not set', () => {
    root().style.colorScheme = 'dark';
    clearBootAppearance();
    expect(root().style.colorScheme).toBe('dark');
    root().style.removeProperty('color-scheme');
  });

  it("remembers the desktop theme's colour scheme and page background once it is on, and hands the page over to it", async () => {
    applyBootAppearance({ colorScheme: 'light', background: '#f5f7fb' });
    const t = await desktop();
    t.server.settings = { ...t.server.settings, 'desktop.theme': 'Midnight' };
    expect(readBootAppearance(t.env)).toBeNull();
    await t.start();
    expect(readBootAppearance(t.env)).toEqual({ colorScheme: 'dark', background: '#141922' });
    expect(root().hasAttribute('data-boot-appearance')).toBe(false);
    expect(document.body.style.backgroundColor).toBe('');
    expect(root().style.colorScheme).toBe('dark');
    expect(root().style.getPropertyValue('--atr-surface-muted')).toBe('#141922');
  });
});
