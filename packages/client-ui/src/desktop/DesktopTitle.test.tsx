import { act, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AtriumContext, type AtriumServices } from '../AtriumContext.js';
import { renderDesktop, type DesktopTest } from '../testing/renderDesktop.js';
import { DesktopTitle } from './DesktopTitle.js';

let test: DesktopTest | null = null;
afterEach(() => {
  test?.dispose();
  test = null;
  cleanup();
});

const atrium = { site: { title: 'Acme Desk' } } as AtriumServices;

describe('DesktopTitle', () => {
  it("names the focused window in the document title, after the site, else 'Desktop'", async () => {
    test = await renderDesktop({
      children: (
        <AtriumContext.Provider value={atrium}>
          <DesktopTitle />
        </AtriumContext.Provider>
      ),
    });
    expect(document.title).toBe('Desktop – Acme Desk');
    const notes = test.open({ title: 'Notes' });
    expect(document.title).toBe('Notes – Acme Desk');
    act(() => test!.windows.setTitle(notes.wid, 'Notes: plan.txt'));
    expect(document.title).toBe('Notes: plan.txt – Acme Desk');
    act(() => void test!.windows.minimize(notes.wid));
    expect(document.title).toBe('Desktop – Acme Desk');
  });
});
