import { describe, expect, it } from 'vitest';
import { focusableIn } from './focusable.js';

describe('focusableIn', () => {
  it('skips a control the page does not show (a toggle hidden by CSS on a wide screen), so that focus lands on one it can take', () => {
    const root = document.createElement('div');
    root.innerHTML = '<button id="places">Places</button><button id="open">Open</button><button hidden>Gone</button>';
    // What a browser answers for an element under display: none (the test DOM has no layout).
    (root.querySelector('#places') as HTMLElement & { checkVisibility(): boolean }).checkVisibility = () => false;
    expect(focusableIn(root).map((el) => el.id)).toEqual(['open']);
  });
});
