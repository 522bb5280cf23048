/**
 * The Vision theme (the default: docs/behaviour/settings.md#appearance): clean and light. Its variables equal
 * the defaults of client-ui's theme/vision.css, so the desktop looks the
 * same before and after the theme package is applied.
 */
import type { ThemeModule } from '@atrium/shared';

const vision: ThemeModule = {
  type: 'theme',
  colorScheme: 'light',
  variables: {
    '--atr-primary': '#2f6fde',
    '--atr-primary-hover': '#2459b8',
    '--atr-primary-active': '#1d4a9a',
    '--atr-primary-soft': '#e8f0fd',
    '--atr-navy': '#0f2a5c',
    '--atr-navy-deep': '#0a1d40',
    '--atr-surface': '#ffffff',
    '--atr-surface-muted': '#f5f7fb',
    '--atr-text': '#1f2a3d',
    '--atr-text-muted': '#55627a',
    '--atr-border': '#cfd7e4',
    '--atr-border-strong': '#7b879c',
    '--atr-success': '#1e8e3e',
    '--atr-success-text': '#146c2e',
    '--atr-success-soft': '#e6f4ea',
    '--atr-error': '#d93025',
    '--atr-error-text': '#b3261e',
    '--atr-error-soft': '#fce8e6',
    '--atr-radius': '12px',
    '--atr-radius-sm': '8px',
    '--atr-shadow': '0 18px 48px rgba(15, 42, 92, 0.16), 0 2px 8px rgba(15, 42, 92, 0.08)',
    '--atr-shadow-sm': '0 2px 6px rgba(15, 42, 92, 0.1)',
    '--atr-focus': '#174091',
    '--atr-focus-contrast': '#ffffff',
    '--atr-focus-on-dark': '#ffffff',
    '--atr-focus-ring': '0 0 0 2px var(--atr-focus-contrast), 0 0 0 4px var(--atr-focus)',
    '--atr-on-primary': '#ffffff',
    '--atr-heading': '#0f2a5c',
    '--atr-hover': 'rgba(15, 42, 92, 0.1)',
    '--atr-veil': 'rgba(255, 255, 255, 0.72)',
    '--atr-overlay': 'rgba(10, 29, 64, 0.38)',
    '--atr-glass': 'rgba(255, 255, 255, 0.94)',
    '--atr-glass-dark': 'rgba(10, 29, 64, 0.55)',
    '--atr-status': 'rgba(10, 29, 64, 0.9)',
    '--atr-on-dark': '#ffffff',
    '--atr-window-border': 'rgba(15, 42, 92, 0.14)',
    '--atr-window-border-focused': 'rgba(15, 42, 92, 0.28)',
    '--atr-window-shadow': '0 10px 30px rgba(15, 42, 92, 0.14), 0 1px 3px rgba(15, 42, 92, 0.1)',
    '--atr-window-shadow-focused': '0 22px 56px rgba(15, 42, 92, 0.28), 0 2px 8px rgba(15, 42, 92, 0.14)',
    '--atr-window-header': '#e8edf5',
    '--atr-window-header-text': '#55627a',
    '--atr-window-header-focused': '#0f2a5c',
    '--atr-window-header-focused-text': '#ffffff',
    '--atr-folder': '#d99a1e',
  },
};

export default vision;
