// @vitest-environment jsdom
// The icons are parsed as SVG documents (DOMParser).
import { SOUND_PARTIALS } from '@atrium/client-core';
import { APP_CATEGORIES, PackageMetadataSchema, PACKAGE_TYPES, type IconsModule, type SoundsModule, type ThemeModule } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import visionCss from '@atrium/client-ui/theme/vision.css?raw';
import { builtinLoaders } from './builtinPackages.js';

const metadataFiles = import.meta.glob<unknown>(['../../apps/*/metadata.json', '../../themes/*/metadata.json'], { eager: true, import: 'default' });
const packageFiles = import.meta.glob<{ name: string }>(['../../apps/*/package.json', '../../themes/*/package.json'], { eager: true, import: 'default' });

async function load<T>(name: string): Promise<T> {
  const loader = builtinLoaders()[name];
  if (!loader) throw new Error(`no built-in package ${name}`);
  return (await loader()).default as T;
}

/** The :root custom properties of vision.css. */
function cssDefaults(): Record<string, string> {
  const root = /:root\s*\{([\s\S]*?)\n\}/.exec(visionCss)?.[1] ?? '';
  return Object.fromEntries([...root.matchAll(/(--atr-[a-z-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('built-in packages', () => {
  it('have a valid metadata.json each, named as the contract says', () => {
    const names = Object.values(metadataFiles).map((m) => PackageMetadataSchema.parse(m)).map((m) => `${m.type}:${m.name}`);
    expect(names.sort()).toEqual(['application:Dashboards', 'application:Files', 'application:GlobalSearch', 'application:Preferences', 'application:Preview', 'application:Priorities', 'application:Records', 'application:TextEditor', 'application:Viewer', 'icons:Lumen', 'sounds:Chime', 'theme:Nocturne', 'theme:Vision']);
    for (const metadata of Object.values(metadataFiles)) expect(PackageMetadataSchema.parse(metadata).files).toEqual(['main.js']);
  });

  it('have npm names after their kind', () => {
    expect(Object.values(packageFiles).map((p) => p.name).sort()).toEqual([
      '@atrium/app-dashboards',
      '@atrium/app-files',
      '@atrium/app-global-search',
      '@atrium/app-preferences',
      '@atrium/app-preview',
      '@atrium/app-priorities',
      '@atrium/app-records',
      '@atrium/app-text-editor',
      '@atrium/app-viewer',
      '@atrium/icons-lumen',
      '@atrium/sounds-chime',
      '@atrium/theme-nocturne',
      '@atrium/theme-vision',
    ]);
  });

  it('Preferences is a singleton default app that masks its input while offline, titled in all seven locales', () => {
    const preferences = PackageMetadataSchema.parse(Object.values(metadataFiles).find((m) => (m as { name: string }).name === 'Preferences'));
    expect(preferences).toMatchObject({ singleton: true, defaultAppforOrgs: 1, disableAppInput: true });
    expect(Object.keys(preferences.title).sort()).toEqual(['de_DE', 'en_EN', 'fr_FR', 'nb_NO', 'sl_SI', 'vi_VN', 'zh_CN']);
  });

  it('each load as a module of their type', async () => {
    const loaders = builtinLoaders();
    expect(Object.keys(loaders).sort()).toEqual(['Chime', 'Dashboards', 'Files', 'GlobalSearch', 'Lumen', 'Nocturne', 'Preferences', 'Preview', 'Priorities', 'Records', 'TextEditor', 'Viewer', 'Vision']);
    for (const [name, loader] of Object.entries(loaders)) {
      const module = (await loader()).default as { type: string };
      const metadata = PackageMetadataSchema.parse(Object.values(metadataFiles).find((m) => (m as { name: string }).name === name));
      expect(PACKAGE_TYPES).toContain(module.type);
      expect(module.type, name).toBe(metadata.type === 'application' ? 'application' : metadata.type);
    }
  });
});

describe('Vision', () => {
  it("sets exactly the colour, shadow and radius defaults of client-ui's vision.css", async () => {
    const vision = await load<ThemeModule>('Vision');
    const defaults = cssDefaults();
    const themed = Object.fromEntries(Object.entries(defaults).filter(([name]) => !/^--atr-(font|ease|duration)/.test(name)));
    expect(vision.colorScheme).toBe('light');
    expect(vision.variables).toEqual(themed);
  });
});

describe('Nocturne', () => {
  it('is dark and sets the same variables as Vision', async () => {
    const [vision, nocturne] = await Promise.all([load<ThemeModule>('Vision'), load<ThemeModule>('Nocturne')]);
    expect(nocturne.colorScheme).toBe('dark');
    expect(Object.keys(nocturne.variables).sort()).toEqual(Object.keys(vision.variables).sort());
  });

  it.each([
    ['--atr-text', '--atr-surface'],
    ['--atr-text', '--atr-surface-muted'],
    ['--atr-text-muted', '--atr-surface'],
    ['--atr-text-muted', '--atr-surface-muted'],
    ['--atr-heading', '--atr-surface'],
    ['--atr-heading', '--atr-primary-soft'],
    ['--atr-text-muted', '--atr-primary-soft'],
    ['--atr-on-primary', '--atr-primary'],
    ['--atr-on-primary', '--atr-primary-hover'],
    ['--atr-primary', '--atr-surface'],
    ['--atr-error-text', '--atr-error-soft'],
    ['--atr-error-text', '--atr-surface'],
    ['--atr-success-text', '--atr-success-soft'],
    ['--atr-window-header-text', '--atr-window-header'],
    ['--atr-window-header-focused-text', '--atr-window-header-focused'],
  ])('keeps %s on %s at 4.5:1 or more (Vision too)', async (text, surface) => {
    for (const theme of [await load<ThemeModule>('Nocturne'), await load<ThemeModule>('Vision')]) {
      const ratio = contrast(theme.variables[text]!, theme.variables[surface]!);
      expect(ratio, `${theme.colorScheme} ${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });
  it.each(['grey', 'blue', 'green', 'yellow', 'orange', 'red', 'purple'])('keeps the choice colour %s at 3:1 or more on the surface (Vision too)', async (colour) => {
    for (const theme of [await load<ThemeModule>('Nocturne'), await load<ThemeModule>('Vision')]) {
      const ratio = contrast(theme.variables[`--atr-choice-${colour}`]!, theme.variables['--atr-surface']!);
      expect(ratio, `${theme.colorScheme} ${colour}`).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('Lumen', () => {
  const required = ['preferences', 'viewer', 'application', 'notification', 'wallpaper', 'theme', 'font', 'language', 'panel', 'widget', 'sound', 'lock', 'user', 'chat', 'mail', 'close', 'external-link'];
  const categories = APP_CATEGORIES.map((c) => c.replace(/ /g, '-'));

  it('has the desktop icons and one per application category', async () => {
    const { icons } = await load<IconsModule>('Lumen');
    for (const name of [...required, ...categories]) expect(icons[name], name).toBeTruthy();
  });

  it('draws every icon as a 24px line icon in currentColor', async () => {
    const { icons } = await load<IconsModule>('Lumen');
    for (const [name, svg] of Object.entries(icons)) {
      const element = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
      expect(element.tagName, name).toBe('svg');
      expect(element.getAttribute('viewBox'), name).toBe('0 0 24 24');
      expect(element.getAttribute('stroke'), name).toBe('currentColor');
      expect(element.getAttribute('fill'), name).toBe('none');
      expect(element.querySelector('script, foreignObject, [onload]'), name).toBeNull();
    }
  });
});

describe('Chime', () => {
  it("has the bell of the desktop's synthesiser and a rising message tone", async () => {
    const { sounds } = await load<SoundsModule>('Chime');
    expect(sounds.bell.map((p) => ({ frequency: p.frequency, gain: p.gain, duration: p.duration }))).toEqual(
      SOUND_PARTIALS.bell.map((p) => ({ frequency: p.frequency, gain: p.peak, duration: p.decay })),
    );
    const [message] = SOUND_PARTIALS.message;
    expect(sounds.message.map((p) => p.frequency)).toEqual([message!.frequency, message!.glideTo]);
    expect(sounds.message.every((p) => p.gain === message!.peak)).toBe(true);
  });
});
