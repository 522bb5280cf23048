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

  it('shows an image icon given by address', async () => {
    const { notifications } = await setup();
    act(() => void notifications.create({ title: 'With icon', icon: '/icons/report.png' }));
    expect(screen.getByTestId('notification').querySelector('img')?.getAttribute('src')).toBe('/icons/report.png');
  });
});
