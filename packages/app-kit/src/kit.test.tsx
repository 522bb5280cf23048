import type { Application, Desktop, TranslationLoader, TranslationTexts } from '@atrium/sdk';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, type JSX } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appDialogs } from './dialogs.js';
import { FailureState } from './FailureState.js';
import { Model } from './Model.js';
import { defineTexts } from './texts.js';
import { useDismiss } from './useDismiss.js';
import { useModel } from './useModel.js';

afterEach(cleanup);

class Counter extends Model<{ count: number }> {
  constructor() {
    super({ count: 0 });
  }
  add(): void {
    this.update({ count: this.getState().count + 1 });
  }
}

describe('Model and useModel', () => {
  it('re-renders a view with each new state of the model, which knows nothing of React', () => {
    const model = new Counter();
    const View = () => <p data-testid="count">{useModel(model).count}</p>;
    render(<View />);
    act(() => model.add());
    act(() => model.add());
    expect(screen.getByTestId('count').textContent).toBe('2');
  });
});

describe('defineTexts', () => {
  const english = { notes: { title: 'Notes' } } as const;
  const loaded: string[] = [];
  const module = (locale: string, title: string) => () => {
    loaded.push(locale);
    return Promise.resolve({ default: { notes: { title } } });
  };
  const texts = defineTexts(english, {
    de_DE: module('de_DE', 'Notizen'),
    fr_FR: module('fr_FR', 'Carnet'),
    nb_NO: module('nb_NO', 'Notater'),
    sl_SI: module('sl_SI', 'Zapiski'),
    vi_VN: module('vi_VN', 'Ghi chú'),
    zh_CN: module('zh_CN', '笔记'),
  });

  it('gives the desktop English as it is and every other locale as a loader, loading none of them itself', async () => {
    let given: Partial<Record<string, TranslationTexts | TranslationLoader>> = {};
    await texts.install({ addTranslations: async (t) => void (given = t) } as Pick<Desktop, 'addTranslations'>);
    expect(given.en_EN).toEqual(english);
    expect(Object.keys(given).sort()).toEqual(['de_DE', 'en_EN', 'fr_FR', 'nb_NO', 'sl_SI', 'vi_VN', 'zh_CN']);
    expect(loaded).toEqual([]);
    expect(await (given.fr_FR as TranslationLoader)()).toEqual({ notes: { title: 'Carnet' } });
    expect(loaded).toEqual(['fr_FR']);
  });
});

describe('appDialogs', () => {
  it('asks the desktop for a dialog modal to the window and resolves with the answer', async () => {
    const asked: Array<{ kind: string; options: Record<string, unknown> }> = [];
    const answers: Array<[string, unknown]> = [['yes', null], ['ok', 'Plans.txt'], ['cancel', null], ['ok', { path: 'home:/a.txt', filename: 'a.txt' }]];
    const app = {
      dialog: (kind: string, options: Record<string, unknown>, callback: (button: string, value: unknown) => void) => {
        asked.push({ kind, options });
        const [button, value] = answers.shift()!;
        callback(button, value);
      },
    } as unknown as Application;
    const dialogs = appDialogs(app, () => ({ wid: 7 }) as never);
    expect(await dialogs.confirm({ title: 'Delete', message: 'Delete a.txt?' })).toBe('yes');
    expect(await dialogs.prompt({ title: 'Rename', message: 'New name', value: 'a.txt' })).toBe('Plans.txt');
    expect(await dialogs.prompt({ title: 'Rename', message: 'New name' })).toBeNull();
    expect(await dialogs.chooseFile({ type: 'open' })).toEqual({ path: 'home:/a.txt', filename: 'a.txt' });
    expect(asked.map((a) => [a.kind, a.options.parent])).toEqual([
      ['confirm', 7],
      ['prompt', 7],
      ['prompt', 7],
      ['file', 7],
    ]);
  });
});

describe('useDismiss', () => {
  function Popup({ onDismiss }: { onDismiss(reason: string): void }): JSX.Element {
    const ref = useRef<HTMLDivElement>(null);
    const toggle = useRef<HTMLButtonElement>(null);
    const { onKeyDown } = useDismiss(ref, onDismiss, { inside: [toggle] });
    return (
      <>
        <button ref={toggle}>toggle</button>
        <div ref={ref} onKeyDown={onKeyDown}>
          <button>inside</button>
        </div>
        <button>elsewhere</button>
      </>
    );
  }

  it('dismisses on Escape inside and on a press outside, never on a press inside or on the toggle', () => {
    const onDismiss = vi.fn();
    render(<Popup onDismiss={onDismiss} />);
    fireEvent.pointerDown(screen.getByText('inside'));
    fireEvent.pointerDown(screen.getByText('toggle'));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByText('inside'), { key: 'Escape' });
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(onDismiss.mock.calls).toEqual([['escape'], ['outside']]);
  });
});

describe('FailureState', () => {
  it('says what failed and why, retries, and shows the technical details only when asked', () => {
    const onRetry = vi.fn();
    render(<FailureState title="Your notes could not be loaded" reason="The server did not answer." retry={{ label: 'Try again', onRetry }} details={{ label: 'Technical details', text: 'vfs.unavailable\nTimeout' }} />);
    expect(screen.getByRole('heading').textContent).toBe('Your notes could not be loaded');
    expect(screen.getByRole('alert').textContent).toBe('The server did not answer.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    const disclosure = screen.getByRole('button', { name: 'Technical details' });
    expect(disclosure.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(/Timeout/)).toBeNull();
    fireEvent.click(disclosure);
    expect(disclosure.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/Timeout/).textContent).toBe('vfs.unavailable\nTimeout');
  });
});
