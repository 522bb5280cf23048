import { TASK_REFRESH_DEBOUNCE } from '@atrium/client-core';
import { snoozePresetTime } from '@atrium/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { desktopPerTest, type DesktopTest } from '../testing/renderDesktop.js';
import { NotificationsItem } from './NotificationsItem.js';
import { toPickerValue } from './SnoozeDialog.js';

const render = desktopPerTest({
  children: (
    <div role="toolbar" aria-label="Panel" className="atr-panel atr-panel--top">
      <NotificationsItem panel={0} item={0} position="top" options={{}} />
    </div>
  ),
});

async function settle(t: DesktopTest, ms = 0): Promise<void> {
  await act(async () => {
    await t.clock.settle(ms);
  });
}

/** The snooze dialog of the only task, opened from the notification centre. */
async function snoozeDialog(dueInHours: number): Promise<{ t: DesktopTest; dialog: HTMLElement }> {
  const t = await render();
  t.server.tasks.add({ name: 'Quarterly review', dueInHours });
  await t.start();
  fireEvent.click(screen.getByRole('button', { name: /^Notification centre/ }));
  const panel = await screen.findByRole('dialog', { name: 'Notification centre' });
  await settle(t);
  fireEvent.click(within(panel).getByRole('button', { name: 'Snooze' }));
  const dialog = await screen.findByRole('dialog', { name: 'Snooze' });
  await within(dialog).findByLabelText('Snooze until');
  return { t, dialog };
}

describe('the snooze presets', () => {
  it('offers in one hour, tomorrow morning and next week beside the date; a choice sets the date and is saved', async () => {
    const { t, dialog } = await snoozeDialog(200);
    const presets = within(within(dialog).getByRole('group', { name: 'Quick choices' })).getAllByRole('button');
    expect(presets.map((b) => b.firstChild?.textContent)).toEqual(['In one hour', 'Tomorrow morning', 'Next week']);
    expect(presets.every((b) => !(b as HTMLButtonElement).disabled)).toBe(true);
    const tomorrow = snoozePresetTime('tomorrow', t.clock.now());
    fireEvent.click(within(dialog).getByRole('button', { name: /^Tomorrow morning/ }));
    expect((within(dialog).getByLabelText('Snooze until') as HTMLInputElement).value).toBe(toPickerValue(tomorrow));
    expect(within(dialog).getByRole('button', { name: /^Tomorrow morning/ }).getAttribute('aria-pressed')).toBe('true');
    expect(within(dialog).getByRole('button', { name: /^Next week/ }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await settle(t, TASK_REFRESH_DEBOUNCE);
    expect(screen.queryByTestId('work.snoozeDialog')).toBeNull();
    expect(Date.parse(t.server.tasks.tasks[0]!.snoozed_till!)).toBe(tomorrow);
  });

  it('disables a preset past the end date and says why', async () => {
    const { dialog } = await snoozeDialog(72);
    const nextWeek = within(dialog).getByRole('button', { name: /^Next week/ }) as HTMLButtonElement;
    expect(nextWeek.disabled).toBe(true);
    expect(nextWeek.textContent).toBe('Next weekAfter the end date');
    expect((within(dialog).getByRole('button', { name: /^In one hour/ }) as HTMLButtonElement).disabled).toBe(false);
  });
});
