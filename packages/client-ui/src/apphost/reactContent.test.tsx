import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTranslation } from '../i18n/useTranslation.js';
import { renderWithI18n } from '../testing/renderAtrium.js';
import { AppPortals, reactContent } from '@atrium/app-kit';

function Greeting(): string {
  const { t } = useTranslation();
  return t('dialog.button.cancel');
}

/** Cleanups of the contents a test added (the registry is module-level: leave it empty). */
const cleanups: Array<() => void> = [];
function mount(content: Parameters<typeof reactContent>[0], body: HTMLElement, wid = 1): () => void {
  let remove: () => void = () => undefined;
  act(() => {
    remove = reactContent(content)(body, fakeWindow(wid)) ?? remove;
  });
  cleanups.push(remove);
  return remove;
}

afterEach(() => {
  act(() => {
    for (const remove of cleanups.splice(0)) remove();
  });
  cleanup();
  document.body.innerHTML = '';
});

describe('reactContent', () => {
  it('portals the node into the window body inside the desktop tree (with its i18n)', async () => {
    await renderWithI18n(<AppPortals />);
    const body = document.createElement('div');
    document.body.appendChild(body);
    mount(
      <p data-testid="app-text">
        <Greeting />
      </p>,
      body,
    );
    expect(body.querySelector('[data-testid="app-text"]')?.textContent).toBe('Cancel');
  });

  it('removes the content when the cleanup runs, and a second cleanup does nothing', async () => {
    await renderWithI18n(<AppPortals />);
    const body = document.createElement('div');
    document.body.appendChild(body);
    const remove = mount(<span data-testid="gone">x</span>, body);
    expect(screen.getByTestId('gone')).toBeTruthy();
    act(() => remove());
    expect(screen.queryByTestId('gone')).toBeNull();
    expect(() => act(() => remove())).not.toThrow();
  });

  it('gives a content function the window handle', async () => {
    render(<AppPortals />);
    const body = document.createElement('div');
    document.body.appendChild(body);
    mount((w) => <span data-testid="wid">{w.wid}</span>, body, 7);
    expect(screen.getByTestId('wid').textContent).toBe('7');
  });

  it('keeps several windows apart', async () => {
    render(<AppPortals />);
    const [a, b] = [document.createElement('div'), document.createElement('div')];
    document.body.append(a, b);
    mount(<i>first</i>, a, 1);
    mount(<i>second</i>, b, 2);
    expect(a.textContent).toBe('first');
    expect(b.textContent).toBe('second');
  });
});

function fakeWindow(wid = 1) {
  return { wid, id: `w${wid}`, setTitle: () => undefined, setLoading: () => undefined, focus: () => undefined, attention: () => undefined, close: () => undefined, onBeforeClose: () => () => undefined };
}
