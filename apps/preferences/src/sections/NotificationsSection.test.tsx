import { renderApplication, type ApplicationTest } from '@atrium/app-kit/testing';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import preferences from '../index.js';
import metadata from '../../metadata.json';

let current: ApplicationTest | null = null;
afterEach(() => {
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
  it('chooses the hour of the daily digest, in UTC, or none, and says what will happen', async () => {
    const { app } = await openNotifications();
    const select = screen.getByLabelText('Send it at') as HTMLSelectElement;
    expect(select.value).toBe('off');
    expect(screen.getByTestId('preferences.digest.summary').textContent).toBe('No digest is sent.');
    expect(screen.getByTestId('preferences.digest').textContent).toContain('Hours are in UTC');
    expect([...select.options].map((o) => o.textContent)).toHaveLength(25);
    fireEvent.change(select, { target: { value: '9' } });
    expect(app.fakeSettings.values['digest.hour']).toBe(9);
    expect(select.selectedOptions[0]!.textContent).toBe('09:00 UTC');
    expect(screen.getByTestId('preferences.digest.summary').textContent).toBe('Your digest is sent every day at 09:00 UTC, when there is something to tell.');
    fireEvent.change(select, { target: { value: 'off' } });
    expect(app.fakeSettings.values['digest.hour']).toBeNull();
    expect(screen.getByTestId('preferences.digest.summary').textContent).toBe('No digest is sent.');
  });

  it('shows a locked digest hour disabled', async () => {
    await openNotifications({ locked: ['digest.hour'] });
    expect((screen.getByTestId('preferences.digest') as HTMLFieldSetElement).disabled).toBe(true);
    expect(screen.getByLabelText('Send it at').matches(':disabled')).toBe(true);
    expect(screen.getByTestId('preferences.digest.locked').textContent).toBe('Locked by your organisation');
  });
});
