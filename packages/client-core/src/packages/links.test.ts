import { describe, expect, it } from 'vitest';
import { routeLink } from './links.js';

const here = { host: 'atrium.example' };
const link = (href: string | null, attributes: Record<string, string | null> = {}) => routeLink({ href, attributes }, here);

describe('routeLink: links inside applications', () => {
  it('drills down for a drilldown or data-drilldown attribute, with the link attributes', () => {
    expect(link('#', { drilldown: 'w1', 'data-filter': 'x', title: null })).toEqual({ kind: 'drilldown', attributes: { drilldown: 'w1', 'data-filter': 'x' } });
    expect(link('https://atrium.example/?app=Notes', { 'data-drilldown': '' })).toEqual({ kind: 'drilldown', attributes: { 'data-drilldown': '' } });
  });

  it('opens the application of an empty, # or missing href, with its page', () => {
    expect(link('', { application: 'Notes' })).toEqual({ kind: 'app', app: 'Notes', page: null });
    expect(link('#', { 'data-application': 'Notes', 'data-page': 'edit' })).toEqual({ kind: 'app', app: 'Notes', page: 'edit' });
    expect(link(null, { application: 'Notes', page: 'list' })).toEqual({ kind: 'app', app: 'Notes', page: 'list' });
    expect(link('#', {})).toEqual({ kind: 'none' });
  });

  it('launches the app of a same-host link with the other query parameters as args', () => {
    expect(link('https://atrium.example/?app=Notes&file=a.txt&mode=edit')).toEqual({ kind: 'launch', app: 'Notes', args: { file: 'a.txt', mode: 'edit' } });
    expect(link('/?app=Notes')).toEqual({ kind: 'launch', app: 'Notes', args: {} });
    expect(link('?app=Viewer&id=3')).toEqual({ kind: 'launch', app: 'Viewer', args: { id: '3' } });
  });

  it('leaves other links to the browser', () => {
    expect(link('https://elsewhere.example/?app=Notes')).toEqual({ kind: 'none' });
    expect(link('https://atrium.example/help')).toEqual({ kind: 'none' });
    expect(link('mailto:ada@example.com?app=Notes')).toEqual({ kind: 'none' });
    expect(link('javascript:alert(1)', { application: 'Notes' })).toEqual({ kind: 'none' });
    expect(link('https://atrium.example/?app=')).toEqual({ kind: 'none' });
  });

  it('keeps parameters and attributes named like built-in members as plain own values', () => {
    const launch = link('https://atrium.example/?app=Notes&__proto__=x&constructor=y&toString=z');
    expect(launch).toEqual({ kind: 'launch', app: 'Notes', args: { ['__proto__']: 'x', constructor: 'y', toString: 'z' } });
    const args = (launch as { args: Record<string, string> }).args;
    expect(Object.hasOwn(args, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    const drill = link('#', { drilldown: 'w', ['__proto__']: 'p' }) as { attributes: Record<string, string> };
    expect(Object.hasOwn(drill.attributes, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(drill.attributes)).toBe(Object.prototype);
  });
});
