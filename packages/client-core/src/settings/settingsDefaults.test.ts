import { DEFAULT_SETTINGS } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { settingsDefaults } from './settingsDefaults.js';

describe('settingsDefaults', () => {
  it('keeps each valid configured default and replaces each invalid one by the built-in default', () => {
    const defaults = settingsDefaults({ 'desktop.theme': 'Nocturne', 'desktop.font': 'Comic Sans', locale: 'de_DE', 'desktop.panels': [{ position: 'top', ontop: true, items: [{ name: 'clock' }] }] });
    expect(defaults).toEqual({ ...DEFAULT_SETTINGS, 'desktop.theme': 'Nocturne', locale: 'de_DE' });
  });

  it('gives the built-in defaults for anything that is not an object', () => {
    expect(settingsDefaults(null)).toEqual(DEFAULT_SETTINGS);
    expect(settingsDefaults('Nocturne')).toEqual(DEFAULT_SETTINGS);
  });
});
