import { NotificationService } from '@atrium/client-core';
import { FakeClock } from '@atrium/client-core/testing';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '../testing/renderAtrium.js';
import { NotificationToasts } from './NotificationToasts.js';

afterEach(cleanup);

async function setup() {
  const clock = new FakeClock();
  const notifications = new NotificationService({ clock });
  await renderWithI18n(<NotificationToasts notifications={notifications} />);
  return { clock, notifications };
}

describe('NotificationToasts', () => {
  it('shows title and message in a polite live region, newest first', async () => {
    const { notifications } = await setup();
    act(() => void notifications.create({ title: 'Report ready', message: 'Q1 figures are in.' }));
    act(() => void notifications.create({ title: 'Second' }));
    const region = screen.getByTestId('notifications');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.getAttribute('aria-label')).toBe('Notifications');
    const titles = screen.getAllByTestId('notification.title').map((t) => t.textContent);
    expect(titles).toEqual(['Second', 'Report ready']);
    expect(screen.getByTestId('notification.message').textContent).toBe('Q1 figures are in.');
  });

  it('closes a toast with its close button', async () => {
    const { notifications } = await setup();
    act(() => void notifications.create({ title: 'Hello', timeout: 0 }));
    const close = screen.getByRole('button', { name: 'Close notification' });
    fireEvent.click(close);
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('goes after its timeout (5 s by default)', async () => {
    const { clock, notifications } = await setup();
    act(() => void notifications.create({ title: 'Brief' }));
    act(() => clock.advance(4999));
    expect(screen.getByTestId('notification')).toBeTruthy();
    act(() => clock.advance(1));
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('stays while the pointer is over the toasts or the focus is in them', async () => {
    const { clock, notifications } = await setup();
    act(() => void notifications.create({ title: 'Read me' }));
    const region = screen.getByTestId('notifications');
    fireEvent.mouseEnter(region);
    act(() => clock.advance(60_000));
    act(() => screen.getByRole('button', { name: 'Close notification' }).focus());
    fireEvent.mouseLeave(region);
    act(() => clock.advance(60_000));
    expect(screen.getByTestId('notification')).toBeTruthy();
    // Released, it has the 5 s it had left when first held.
    act(() => screen.getByRole('button', { name: 'Close notification' }).blur());
    act(() => clock.advance(4999));
    expect(screen.getByTestId('notification')).toBeTruthy();
    act(() => clock.advance(1));
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('hands the focus to the next toast when the focused one closes, then to the desktop', async () => {
    const clock = new FakeClock();
    const notifications = new NotificationService({ clock });
    await renderWithI18n(
      <main className="atr-desktop" tabIndex={-1} data-testid="surface">
        <NotificationToasts notifications={notifications} />
      </main>,
    );
    act(() => void notifications.create({ title: 'Older', timeout: 0 }));
    act(() => void notifications.create({ title: 'Newer', timeout: 0 }));
    const [newer] = screen.getAllByRole('button', { name: 'Close notification' });
    act(() => newer!.focus());
    fireEvent.click(newer!);
    expect(screen.getAllByTestId('notification.title').map((title) => title.textContent)).toEqual(['Older']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close notification' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(document.activeElement).toBe(screen.getByTestId('surface'));
  });

  it('shows an image icon given by address', async () => {
    const { notifications } = await setup();
    act(() => void notifications.create({ title: 'With icon', icon: '/icons/report.png' }));
    expect(screen.getByTestId('notification').querySelector('img')?.getAttribute('src')).toBe('/icons/report.png');
  });
});
