import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { CatalogueTitles } from './catalogue.js';
import { catalogueTitle, profileAppTitle } from '../rules/catalogueTitle.js';

const app = (options: unknown) => ({ start_options: typeof options === 'string' ? options : JSON.stringify(options) });

describe('catalogue translations', () => {
  it("gives an entry's text in a locale: its translation there, else its title", () => {
    const titles = { de_DE: 'Auditverwaltung', zh_CN: '审核管理' };
    expect(catalogueTitle('Audit Management', titles, 'zh_CN')).toBe('审核管理');
    expect(catalogueTitle('Audit Management', titles, 'fr_FR')).toBe('Audit Management');
    expect(catalogueTitle('Audit Management', titles, 'en_EN')).toBe('Audit Management');
    expect(catalogueTitle('Audit Management', null, 'de_DE')).toBe('Audit Management');
    expect(catalogueTitle('Audit Management', { de_DE: '  ' }, 'de_DE')).toBe('Audit Management');
  });

  it("reads a profile app's title from its start_options in the locale asked for", () => {
    const audits = app({ title: 'Audit Management', titles: { de_DE: 'Auditverwaltung' } });
    expect(profileAppTitle(audits, 'de_DE')).toBe('Auditverwaltung');
    expect(profileAppTitle(audits, 'nb_NO')).toBe('Audit Management');
    expect(profileAppTitle(app({ title: ' Chat ', titles: 'not a map' }), 'de_DE')).toBe('Chat');
    expect(profileAppTitle(app({ url: '/x' }), 'de_DE')).toBeNull();
    expect(profileAppTitle(app('not json'), 'de_DE')).toBeNull();
  });

  it('accepts a non-blank text of at most 200 characters per locale other than the default, and nothing else', () => {
    expect(z.safeParse(CatalogueTitles, { de_DE: 'Auditverwaltung', zh_CN: '审核管理' }).success).toBe(true);
    expect(z.safeParse(CatalogueTitles, {}).success).toBe(true);
    for (const bad of [{ en_EN: 'Audits' }, { xx_XX: 'Audits' }, { de_DE: ' ' }, { de_DE: 'x'.repeat(201) }, { de_DE: 'a\u0000' }, { de_DE: 3 }]) {
      expect(z.safeParse(CatalogueTitles, bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
