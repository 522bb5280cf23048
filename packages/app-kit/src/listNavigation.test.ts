// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { focusByKey, listIndexByKey } from './listNavigation.js';

describe('listIndexByKey', () => {
  it('moves with Up and Down in a vertical list, wrapping at both ends; Home and End go to the first and last', () => {
    expect(listIndexByKey('ArrowDown', 0, 3)).toBe(1);
    expect(listIndexByKey('ArrowDown', 2, 3)).toBe(0);
    expect(listIndexByKey('ArrowUp', 0, 3)).toBe(2);
    expect(listIndexByKey('Home', 2, 3)).toBe(0);
    expect(listIndexByKey('End', 0, 3)).toBe(2);
    expect(listIndexByKey('ArrowRight', 0, 3)).toBeNull();
  });

  it('moves with Left and Right in a horizontal list, and with both pairs when asked', () => {
    expect(listIndexByKey('ArrowRight', 0, 3, { orientation: 'horizontal' })).toBe(1);
    expect(listIndexByKey('ArrowLeft', 0, 3, { orientation: 'horizontal' })).toBe(2);
    expect(listIndexByKey('ArrowDown', 0, 3, { orientation: 'horizontal' })).toBeNull();
    expect(listIndexByKey('ArrowDown', 0, 3, { orientation: 'both' })).toBe(1);
    expect(listIndexByKey('ArrowLeft', 1, 3, { orientation: 'both' })).toBe(0);
  });

  it('stops at the ends without wrapping, enters the list at the first (Down) or last (Up) item, and ignores other keys and empty lists', () => {
    expect(listIndexByKey('ArrowDown', 2, 3, { wrap: false })).toBe(2);
    expect(listIndexByKey('ArrowUp', 0, 3, { wrap: false })).toBe(0);
    expect(listIndexByKey('ArrowDown', -1, 3)).toBe(0);
    expect(listIndexByKey('ArrowUp', -1, 3)).toBe(2);
    expect(listIndexByKey('a', 0, 3)).toBeNull();
    expect(listIndexByKey('ArrowDown', -1, 0)).toBeNull();
  });
});

describe('focusByKey', () => {
  it('focuses the item the key leads to and says which, or nothing for another key', () => {
    document.body.innerHTML = '<button>a</button><button>b</button><button>c</button>';
    const items = [...document.querySelectorAll('button')];
    items[0]!.focus();
    expect(focusByKey(items, 'ArrowDown')).toBe(items[1]);
    expect(document.activeElement).toBe(items[1]);
    expect(focusByKey(items, 'End')).toBe(items[2]);
    expect(focusByKey(items, 'Enter')).toBeNull();
    expect(document.activeElement).toBe(items[2]);
  });
});
