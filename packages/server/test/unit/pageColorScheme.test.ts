import { describe, expect, it } from 'vitest';
import { askedColorScheme, withColorScheme } from '../../src/resources/pageColorScheme.js';

describe("an organisation page in the desktop's colour scheme", () => {
  it('reads light or dark from the query, nothing else', () => {
    expect(askedColorScheme({ 'color-scheme': 'dark' })).toBe('dark');
    expect(askedColorScheme({ 'color-scheme': 'light' })).toBe('light');
    for (const query of [{}, { 'color-scheme': 'Dark' }, { 'color-scheme': ['dark'] }, { 'color-scheme': 'dark"' }, null, 'color-scheme=dark']) expect(askedColorScheme(query)).toBeNull();
  });

  it("puts the scheme on the page's first html tag, whatever its case and attributes, ahead of one the page has", () => {
    expect(withColorScheme('<!doctype html>\n<html lang="en"><body>x</body></html>', 'dark')).toBe('<!doctype html>\n<html data-color-scheme="dark" lang="en"><body>x</body></html>');
    expect(withColorScheme('<!DOCTYPE html><HTML>x', 'light')).toBe('<!DOCTYPE html><HTML data-color-scheme="light">x');
    expect(withColorScheme('<html data-color-scheme="light">', 'dark')).toBe('<html data-color-scheme="dark" data-color-scheme="light">');
    // An <htmlx> tag or a header is not the root.
    expect(withColorScheme('<!doctype html><header>x</header>', 'dark')).toBe('<!doctype html><html data-color-scheme="dark"><header>x</header>');
  });

  it('adds an html tag after the doctype, or at the start, to a page without one', () => {
    expect(withColorScheme('\uFEFF<!doctype html><p>x', 'dark')).toBe('\uFEFF<!doctype html><html data-color-scheme="dark"><p>x');
    expect(withColorScheme('<p>x', 'dark')).toBe('<html data-color-scheme="dark"><p>x');
  });
});
