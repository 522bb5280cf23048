import { LOADING_OVERLAY_DELAY } from '@atrium/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@atrium/client-core';
import { FakeEnvironment } from '@atrium/client-core/testing';
import { I18nProvider } from './i18n/useTranslation.js';
import { LoadingOverlay, type LoadingOverlayProps } from './LoadingOverlay.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function show(props: LoadingOverlayProps = {}) {
  vi.useRealTimers();
  const { i18n } = await createI18n(new FakeEnvironment(), ['en-GB']);
  vi.useFakeTimers();
  const result = render(
    <I18nProvider i18n={i18n}>
      <LoadingOverlay {...props} />
    </I18nProvider>,
  );
  return { ...result, overlay: screen.getByTestId('loading.overlay') };
}

describe('LoadingOverlay', () => {
  it('waits 100 ms, the loading splash delay, before it shows the spinner and says Loading…', async () => {
    expect(LOADING_OVERLAY_DELAY).toBe(100);
    const { overlay } = await show();
    expect(overlay.getAttribute('role')).toBe('status');
    expect(overlay.getAttribute('data-shown')).toBe('false');
    expect(screen.queryByTestId('loading.spinner')).toBeNull();
    expect(overlay.textContent).toBe('');
    act(() => vi.advanceTimersByTime(99));
    expect(screen.queryByTestId('loading.spinner')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(overlay.getAttribute('data-shown')).toBe('true');
    expect(screen.getByTestId('loading.spinner')).toBeDefined();
    expect(overlay.textContent).toBe('Loading…');
  });

  it('shows nothing at all when the wait ends before the delay', async () => {
    const { unmount } = await show();
    act(() => vi.advanceTimersByTime(60));
    unmount();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('loading.overlay')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('covers the whole screen, or only its positioned parent (a grid area), at once', async () => {
    const full = await show();
    expect(full.overlay.className).toBe('atr-loading atr-loading--full');
    full.unmount();
    const area = await show({ fullScreen: false, label: 'Loading the report' });
    expect(area.overlay.className).toBe('atr-loading');
    act(() => vi.advanceTimersByTime(100));
    expect(area.overlay.textContent).toBe('Loading the report');
  });

  it('shows at once when asked to wait no time', async () => {
    const { overlay } = await show({ delay: 0 });
    expect(overlay.getAttribute('data-shown')).toBe('true');
  });
});
