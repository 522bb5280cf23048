import { renderApplication, type ApplicationTest } from '@atrium/app-kit/testing';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import preferences from '../index.js';
import metadata from '../../metadata.json';

let current: ApplicationTest | null = null;
afterEach(() => {
  vi.restoreAllMocks();
  current?.closeAll();
  current?.unmount();
  current = null;
});

async function openNotifications(options: Parameters<typeof renderApplication>[2] = {}): Promise<ApplicationTest> {
  current = await renderApplication(preferences, metadata as Parameters<typeof renderApplication>[1], options);
  act(() => void fireEvent.click(screen.getByRole('tab', { name: 'Notifications' })));
  return current;
}

describe('Preferences, Notifications', () => {
  /** The browser's time zone, as Intl tells it. */
  function browserIn(timeZone: string): void {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...real.call(this), timeZone };
    });
  }

  it("chooses the hour of the daily digest on the browser's clock, or none, and says what will happen", async () => {
    browserIn('Europe/Oslo');
    const { app } = await openNotifications();
    const select = screen.getByLabelText('Send it at') as HTMLSelectElement;
    expect(select.value).toBe('off');
    expect(screen.getByTestId('preferences.digest.summary').textContent).toBe('No digest is sent.');
    expect(screen.getByTestId('preferences.digest').textContent).toContain('Hours are on your clock (Europe/Oslo).');
    expect([...select.options].map((o) => o.textContent)).toHaveLength(25);
    fireEvent.change(select, { target: { value: '9' } });
    // The hour is kept with the zone it was chosen in, which the server counts it in.
    expect(app.fakeSettings.values['digest.hour']).toBe(9);
    expect(app.fakeSettings.values['digest.timeZone']).toBe('Europe/Oslo');
    expect(select.selectedOptions[0]!.textContent).toBe('09:00');
    expect(screen.getByTestId('preferences.digest.summary').textContent).toBe('Your digest is sent every day at 09:00 (Europe/Oslo), when there is something to tell.');
    fireEvent.change(select, { target: { value: 'off' } });
    expect(app.fakeSettings.values['digest.hour']).toBeNull();
    expect(screen.getByTestId('preferences.digest.summary').textContent).toBe('No digest is sent.');
  });

  it('shows an hour chosen elsewhere in the zone it was chosen in, and a new choice takes this browser’s', async () => {
    browserIn('Asia/Ho_Chi_Minh');
    const { app } = await openNotifications({ settings: { 'digest.hour': 7, 'digest.timeZone': 'America/Chicago' } });
    expect(screen.getByTestId('preferences.digest.summary').textContent).toBe('Your digest is sent every day at 07:00 (America/Chicago), when there is something to tell.');
    fireEvent.change(screen.getByLabelText('Send it at'), { target: { value: '8' } });
    expect(app.fakeSettings.values).toMatchObject({ 'digest.hour': 8, 'digest.timeZone': 'Asia/Ho_Chi_Minh' });
    expect(screen.getByTestId('preferences.digest.summary').textContent).toBe('Your digest is sent every day at 08:00 (Asia/Ho_Chi_Minh), when there is something to tell.');
  });

  it('shows an hour kept without a zone in UTC, as the server counts it', async () => {
    browserIn('Europe/Oslo');
    await openNotifications({ settings: { 'digest.hour': 6 } });
    expect(screen.getByTestId('preferences.digest.summary').textContent).toBe('Your digest is sent every day at 06:00 (UTC), when there is something to tell.');
  });

  it('shows a locked digest hour disabled', async () => {
    await openNotifications({ locked: ['digest.hour'] });
    expect((screen.getByTestId('preferences.digest') as HTMLFieldSetElement).disabled).toBe(true);
    expect(screen.getByLabelText('Send it at').matches(':disabled')).toBe(true);
    expect(screen.getByTestId('preferences.digest.locked').textContent).toBe('Locked by your organisation');
  });
});
