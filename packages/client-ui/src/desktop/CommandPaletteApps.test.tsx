import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPackage, missingApp, pageApp, panelDesktopPerTest, settle, windowApp } from '../panel/panelTesting.js';
import { preloadOverlayViews } from './DesktopOverlays.js';

beforeAll(() => preloadOverlayViews());

const notesLaunches: unknown[] = [];
const desktop = panelDesktopPerTest({
  manifest: [appPackage('Notes', 'Notes'), appPackage('Viewer', 'Viewer')],
  builtins: { Notes: windowApp('Notes', notesLaunches), Viewer: windowApp('Viewer') },
});
/** Organisation pages, and an application granted but not installed (the menu shows it; nothing can open it). */
const PROFILE = { apps: [pageApp('Reports', 'Operations Reports', 'operational intelligence'), missingApp('Incidents', 'Incident Tracker', 'quality management')] };

const input = () => screen.getByRole('combobox', { name: 'Command palette' });
const names = () => within(screen.getByRole('listbox', { name: 'Command palette' })).queryAllByRole('option').map((o) => o.querySelector('.atr-palette__name')?.textContent);
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe('the command palette and the applications', () => {
  it('lists every application the menu can open as Open <title>, and opens the chosen one', async () => {
    const t = await desktop(PROFILE);
    act(() => void t.services.commands.run('desktop.palette'));
    type('notes');
    expect(names()).toEqual(['Open Notes']);
    type('operations');
    expect(names()).toEqual(['Open Operations Reports']);
    // Granted but not installed: the menu shows it greyed; the palette does not offer what cannot open.
    type('incident');
    expect(names()).toEqual([]);
    type('open notes');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await settle(t);
    expect(notesLaunches).toHaveLength(1);
    expect(t.windows.windows().map((w) => w.title)).toContain('Notes');
  });

  it('leaves out a choice that is already the current one', async () => {
    const t = await desktop(PROFILE);
    act(() => void t.services.commands.run('desktop.palette'));
    type('move the panel');
    // The panel is at the top: only the other position is offered.
    expect(names()).toEqual(['Move the panel to the bottom']);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(t.services.panels.getState().panels[0]?.position).toBe('bottom');
    act(() => void t.services.commands.run('desktop.palette'));
    type('move the panel');
    expect(names()).toEqual(['Move the panel to the top']);
  });
});
