import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settle } from '../testing/renderAtrium.js';
import { desktopPerTest, type DesktopTest } from '../testing/renderDesktop.js';

const desktop = desktopPerTest();

const POLICY = '<h3>Your data</h3><p onclick="alert(1)">We keep what you <a href="https://example.org/more">need</a>.</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">';

/** A desktop whose user has not accepted the policy of their organisation yet (or has: hasLoggedIn 1). */
async function signedInFirstTime(options: { policy?: string | null; hasLoggedIn?: 0 | 1; verificationPending?: string | null } = {}): Promise<DesktopTest> {
  const t = await desktop();
  const profile = t.auth.profile;
  t.auth.profile = { ...profile, active_account: { ...profile.active_account, name: 'Northwind Trading', preferences: { ...profile.active_account.preferences, privacyPolicy: options.policy === undefined ? POLICY : options.policy } } };
  t.server.hasLoggedIn = { has_logged_in: options.hasLoggedIn ?? 0, verification_pending: options.verificationPending ?? null };
  await act(() => t.session.updateProfile());
  await t.start();
  await settle();
  return t;
}

const dialog = () => screen.queryByRole('dialog', { name: 'Privacy policy of Northwind Trading' });
const checkbox = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'I have read and agree to the privacy policy' });
const accept = () => screen.getByRole('button', { name: 'Continue' });

describe('the privacy policy after sign-in', () => {
  it("shows the organisation's policy, sanitised, in a modal dialog with the box to tick", async () => {
    await signedInFirstTime();
    const shown = (await screen.findByRole('dialog', { name: 'Privacy policy of Northwind Trading' }))!;
    expect(shown.getAttribute('aria-modal')).toBe('true');
    const policy = within(shown).getByTestId('privacy.dialog.policy');
    expect(within(policy).getByRole('heading').textContent).toBe('Your data');
    expect(within(policy).getByRole('link', { name: 'need' }).getAttribute('href')).toBe('https://example.org/more');
    expect(policy.querySelector('script, [onclick], [onerror]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(checkbox().checked).toBe(false);
    expect(document.activeElement).toBe(checkbox());
  });

  it("says 'You need to agree with our T&C' when Continue is pressed unticked, as an alert the box is described by", async () => {
    const t = await signedInFirstTime();
    await screen.findByRole('dialog');
    fireEvent.click(accept());
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('You need to agree with our T&C');
    expect(checkbox().getAttribute('aria-invalid')).toBe('true');
    expect(checkbox().getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(checkbox());
    expect(t.env.calls('POST', '/api/v1/user/me/updateLoggedIn')).toEqual([]);
    fireEvent.click(checkbox());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(checkbox().hasAttribute('aria-invalid')).toBe(false);
  });

  it('accepts once ticked: the user is marked as having logged in and the dialog goes for good', async () => {
    const t = await signedInFirstTime();
    await screen.findByRole('dialog');
    fireEvent.click(checkbox());
    fireEvent.click(accept());
    await settle();
    expect(t.env.calls('POST', '/api/v1/user/me/updateLoggedIn')).toHaveLength(1);
    expect(t.server.hasLoggedIn.has_logged_in).toBe(1);
    expect(dialog()).toBeNull();
    expect(t.services.privacyPolicy.getState().status).toBe('hidden');
  });

  it('cannot be dismissed with Escape or beside it, and keeps the desktop shortcuts from opening over it', async () => {
    const t = await signedInFirstTime();
    const shown = await screen.findByRole('dialog');
    fireEvent.keyDown(checkbox(), { key: 'Escape' });
    fireEvent.pointerDown(shown.parentElement!);
    expect(dialog()).not.toBeNull();
    fireEvent.keyDown(checkbox(), { key: 'K', code: 'KeyK', altKey: true, shiftKey: true });
    act(() => void t.services.commands.run('desktop.palette'));
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
    expect(screen.getAllByRole('dialog')).toEqual([shown]);
    // Tab stays inside: the box, the policy, Sign Out and Continue.
    fireEvent.keyDown(accept(), { key: 'Tab' });
    expect(shown.contains(document.activeElement)).toBe(true);
  });

  it('keeps Sign Out within reach', async () => {
    const t = await signedInFirstTime();
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await settle();
    expect(t.env.calls('POST', '/logout')).toHaveLength(1);
    expect(t.session.getState().status).toMatch(/^sign(ing|ed)-out$/);
  });

  it('is not shown to a user who has accepted, whose e-mail is unverified, or whose organisation has no policy', async () => {
    for (const options of [{ hasLoggedIn: 1 as const }, { verificationPending: '2026-03-01' }, { policy: 'null' }, { policy: null }]) {
      const t = await signedInFirstTime(options);
      expect(dialog(), JSON.stringify(options)).toBeNull();
      expect(t.services.privacyPolicy.getState().status).toBe('hidden');
      t.dispose();
    }
  });
});
