import { describe, expect, it } from 'vitest';
import { keyLabels } from './keyLabels.js';

const GERMAN: Record<string, string> = {
  'shortcuts.key.ctrl': 'Strg',
  'shortcuts.key.alt': 'Alt',
  'shortcuts.key.shift': 'Umschalt',
  'shortcuts.key.space': 'Leertaste',
  'shortcuts.key.delete': 'Entf',
  'shortcuts.key.home': 'Pos1',
  'shortcuts.key.enter': 'Eingabe',
};
const german = (key: string) => GERMAN[key] ?? key;

describe('keyLabels', () => {
  it('writes modifiers in the order they are held, letters in capitals, arrows as arrows, and named keys in the language of the page', () => {
    expect(keyLabels('shift+alt+k', german)).toEqual(['Alt', 'Umschalt', 'K']);
    expect(keyLabels('Alt+Space', german)).toEqual(['Alt', 'Leertaste']);
    expect(keyLabels('Alt+Shift+ArrowLeft', german)).toEqual(['Alt', 'Umschalt', '←']);
    expect(keyLabels('Ctrl++', german)).toEqual(['Strg', '+']);
    expect(keyLabels('Ctrl+X', german)).toEqual(['Strg', 'X']);
    expect(keyLabels('Alt+Shift+F7', german)).toEqual(['Alt', 'Umschalt', 'F7']);
    expect(keyLabels('Delete', german)).toEqual(['Entf']);
    expect(keyLabels('Alt+Enter', german)).toEqual(['Alt', 'Eingabe']);
    expect(keyLabels('Home', german)).toEqual(['Pos1']);
  });

  it('falls back to the English name of a key without a text, and gives back a binding it cannot read', () => {
    expect(keyLabels('PageDown', german)).toEqual(['PageDown']);
    expect(keyLabels('Esc', german)).toEqual(['Esc']);
    expect(keyLabels('Hyper+X', german)).toEqual(['Hyper+X']);
  });
});
