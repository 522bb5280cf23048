/**
 * The Nocturne theme: a calm dark theme over the same variables as Vision.
 * Text keeps at least 4.5:1 against every surface it sits on
 * (web/src/themes.test.ts checks the pairs). The primary colour is light,
 * so text on it is dark (--atr-on-primary).
 */
import type { ThemeModule } from '@atrium/shared';

const nocturne: ThemeModule = {
  type: 'theme',
  colorScheme: 'dark',
  variables: {
    '--atr-primary': '#7aa7ff',
    '--atr-primary-hover': '#94b9ff',
    '--atr-primary-active': '#adc9ff',
    '--atr-primary-soft': '#233552',
    '--atr-navy': '#1c2c4a',
    '--atr-navy-deep': '#0e1627',
    '--atr-surface': '#1a202b',
    '--atr-surface-muted': '#141922',
    '--atr-text': '#e3e8f1',
    '--atr-text-muted': '#a3aec0',
    '--atr-border': '#323b4c',
    '--atr-border-strong': '#6b778c',
    '--atr-success': '#3fb56a',
    '--atr-success-text': '#7bd89c',
    '--atr-success-soft': '#15301f',
    '--atr-error': '#e5534b',
    '--atr-error-text': '#ff9a92',
    '--atr-error-soft': '#3b1c1c',
    '--atr-radius': '12px',
    '--atr-radius-sm': '8px',
    '--atr-shadow': '0 18px 48px rgba(0, 0, 0, 0.5), 0 2px 8px rgba(0, 0, 0, 0.35)',
    '--atr-shadow-sm': '0 2px 6px rgba(0, 0, 0, 0.4)',
    '--atr-focus': '#9ec0ff',
    '--atr-focus-contrast': '#0b1424',
    '--atr-focus-on-dark': '#9ec0ff',
    '--atr-focus-ring': '0 0 0 2px var(--atr-focus-contrast), 0 0 0 4px var(--atr-focus)',
    '--atr-on-primary': '#0b1424',
    '--atr-heading': '#f1f5fb',
    '--atr-hover': 'rgba(255, 255, 255, 0.08)',
    '--atr-veil': 'rgba(20, 25, 34, 0.72)',
    '--atr-overlay': 'rgba(0, 0, 0, 0.5)',
    '--atr-glass': 'rgba(26, 32, 43, 0.94)',
    '--atr-glass-dark': 'rgba(8, 12, 20, 0.6)',
    '--atr-status': 'rgba(8, 12, 20, 0.92)',
    '--atr-on-dark': '#ffffff',
    '--atr-window-border': 'rgba(255, 255, 255, 0.08)',
    '--atr-window-border-focused': 'rgba(255, 255, 255, 0.16)',
    '--atr-window-shadow': '0 10px 30px rgba(0, 0, 0, 0.45), 0 1px 3px rgba(0, 0, 0, 0.35)',
    '--atr-window-shadow-focused': '0 22px 56px rgba(0, 0, 0, 0.6), 0 2px 8px rgba(0, 0, 0, 0.4)',
    '--atr-window-header': '#212836',
    '--atr-window-header-text': '#a3aec0',
    '--atr-window-header-focused': '#27385a',
    '--atr-window-header-focused-text': '#f1f5fb',
    '--atr-folder': '#e8b64f',
  },
};

export default nocturne;
