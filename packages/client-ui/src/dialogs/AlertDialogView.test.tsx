import { defineApplication } from '@atrium/sdk';
import { builtinEntry } from '@atrium/client-core/testing';
import { act, fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '../testing/renderAtrium.js';
import { desktopPerTest, type DesktopTest } from '../testing/renderDesktop.js';

/** An application that always throws while starting, and a package whose files cannot be fetched. */
const render = desktopPerTest({
  manifest: [builtinEntry({ name: 'Faulty', type: 'application', title: { en_EN: 'Faulty' }, defaultAppforOrgs: 1 }), builtinEntry({ name: 'Unreachable', type: 'application', title: { en_EN: 'Unreachable' }, defaultAppforOrgs: 1 })],
  builtins: {
    Faulty: async () => ({
      default: defineApplication(() => {
        throw new Error('ReactDOM.render is no longer supported');
      }),
    }),
    Unreachable: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://atrium.example/packages/1795413600.c2lnbmVk/Unreachable/main.js')),
  },
});

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** Launches an app on a started desktop and returns the alert's window. */
async function launch(name: string): Promise<{ t: DesktopTest; frame: HTMLElement }> {
  const t = await render();
  await t.start();
  await act(async () => {
    await t.services.packages.launch(name);
  });
  await settle();
  const dialog = t.dialogs.dialogs().at(-1);
  if (!dialog) throw new Error('no alert');
  return { t, frame: t.frame(dialog.wid) };
}

describe('the launch-error alert', () => {
  it('shows the sentence and the hint first, with an error icon, and the technical details only once Details is expanded', async () => {
    const { frame } = await launch('Faulty');
    const view = within(frame);
    expect(view.getByTestId('window.title').textContent).toBe('Launch Error');
    expect(view.getByTestId('dialog.message').textContent).toBe("An exception occured in 'Faulty'\nPlease upgrade package and try again");
    expect(frame.querySelector('[data-testid="dialog.message"] svg')?.getAttribute('data-icon')).toBe('error');
    // Collapsed: no stack, no text area.
    expect(frame.textContent).not.toContain('at ');
    expect(view.queryByTestId('dialog.alert.details')).toBeNull();
    const toggle = view.getByRole('button', { name: 'Details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe(view.getByTestId('dialog.alert.region').id);
    const details = view.getByRole('textbox', { name: 'Error details' }) as HTMLTextAreaElement;
    expect(details.readOnly).toBe(true);
    expect(details.value).toMatch(/^An exception occured in 'Faulty'\n\nError: ReactDOM\.render is no longer supported\n\s+at /);
    const id = /^Error ID: ([2-9A-Z]{4}-[2-9A-Z]{4})$/.exec(view.getByTestId('dialog.alert.errorId').textContent ?? '')?.[1];
    expect(id).toBeDefined();
    // The same id and details are in the log, where support looks for them.
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^Launch error ${id}: An exception occured in 'Faulty'\\n\\nError: ReactDOM\\.render`)));

    fireEvent.click(toggle);
    expect(view.queryByTestId('dialog.alert.details')).toBeNull();
  });

  it('names no address in the sentence of a package whose files could not be fetched', async () => {
    const { frame } = await launch('Unreachable');
    const message = within(frame).getByTestId('dialog.message').textContent;
    expect(message).toBe("Package Loading 'Unreachable' failed: Failed to fetch dynamically imported module\nPlease use the package upgrade option and restart the app");
    fireEvent.click(within(frame).getByRole('button', { name: 'Details' }));
    expect((within(frame).getByTestId('dialog.alert.details') as HTMLTextAreaElement).value).toContain('https://atrium.example/packages/1795413600.c2lnbmVk/Unreachable/main.js');
  });

  it('copies the error id and the details to the clipboard, and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      const { frame } = await launch('Faulty');
      const view = within(frame);
      fireEvent.click(view.getByRole('button', { name: 'Details' }));
      const id = view.getByTestId('dialog.alert.errorId').textContent!;
      await act(async () => {
        fireEvent.click(view.getByRole('button', { name: 'Copy details' }));
        await Promise.resolve();
      });
      expect(writeText).toHaveBeenCalledTimes(1);
      const copied = String((writeText.mock.calls[0] as unknown[])[0]);
      expect(copied.startsWith(`${id}\nAn exception occured in 'Faulty'\n\nError: ReactDOM.render`)).toBe(true);
      expect(view.getByRole('status').textContent).toBe('Copied');
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('selects the details for the user to copy when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    try {
      const { frame } = await launch('Faulty');
      const view = within(frame);
      fireEvent.click(view.getByRole('button', { name: 'Details' }));
      await act(async () => {
        fireEvent.click(view.getByRole('button', { name: 'Copy details' }));
        await Promise.resolve();
      });
      const details = view.getByTestId('dialog.alert.details') as HTMLTextAreaElement;
      expect(document.activeElement).toBe(details);
      expect([details.selectionStart, details.selectionEnd]).toEqual([0, details.value.length]);
      expect(view.getByRole('status').textContent).toBe('Could not copy: the details are selected, copy them with Ctrl+C.');
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('has one control named Close, its button, which is focused and closes it', async () => {
    const { t, frame } = await launch('Faulty');
    const view = within(frame);
    const closes = view.getAllByRole('button', { name: 'Close' });
    expect(closes).toHaveLength(1);
    expect(view.queryByTestId('window.close')).toBeNull();
    expect(document.activeElement).toBe(closes[0]);
    fireEvent.click(closes[0]!);
    await settle();
    expect(t.dialogs.dialogs()).toEqual([]);
  });

  it('refuses access with a padlock, says whom to ask and where the usable applications are, with no details and one Close', async () => {
    const { frame } = await launch('Payroll');
    const view = within(frame);
    expect(view.getByTestId('dialog.message').textContent).toBe("You don't have access to Payroll App");
    expect(frame.querySelector('[data-testid="dialog.message"] svg')?.getAttribute('data-icon')).toBe('refused');
    expect(view.getByTestId('dialog.hint').textContent).toMatch(/^If you need it, ask an administrator of .+ for access\. The applications you can use are in the application menu \(Alt\+A\)\.$/);
    expect(view.queryByRole('button', { name: 'Details' })).toBeNull();
    expect(view.getAllByRole('button', { name: 'Close' })).toHaveLength(1);
    expect(logged).not.toHaveBeenCalled();
  });
});
