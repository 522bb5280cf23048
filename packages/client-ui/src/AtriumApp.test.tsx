import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initialsOf } from './profile/initials.js';
import { demoProfile, renderAtrium } from './testing/renderAtrium.js';

afterEach(cleanup);

describe('AtriumApp', () => {
  it('shows the full-screen spinner while the session boots', async () => {
    await renderAtrium({ boot: false });
    expect(screen.getByTestId('loading.overlay').getAttribute('role')).toBe('status');
    expect(screen.queryByLabelText('Username')).toBeNull();
  });

  it('shows the about page at /about with the product name and version', async () => {
    await renderAtrium({ address: '/about' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About Atrium');
    expect(screen.getByTestId('about.version').textContent).toBe('Version 1.2.3');
  });

  it('names each screen in the document title, after the site, in the interface language', async () => {
    const test = await renderAtrium({ site: { title: 'Acme Desk' } });
    expect(document.title).toBe('Sign in – Acme Desk');
    await test.setLocale('de_DE');
    expect(document.title).toBe('Anmelden – Acme Desk');
    cleanup();
    await renderAtrium({ address: '/#forgotpassword' });
    expect(document.title).toBe('Recover Password – Atrium');
    cleanup();
    await renderAtrium({ address: '/about' });
    expect(document.title).toBe('About Us – Atrium');
    cleanup();
    await renderAtrium({ boot: false });
    expect(document.title).toBe('Atrium');
  });

  it('sets a valid language tag and the writing direction on the page', async () => {
    const test = await renderAtrium();
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    await test.setLocale('zh_CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    await test.setLocale('nb_NO');
    expect(document.documentElement.lang).toBe('nb-NO');
  });
});

describe('initialsOf', () => {
  it('takes the first and last name, else the username', () => {
    expect(initialsOf(demoProfile(), 'demo')).toBe('DD');
    expect(initialsOf({ ...demoProfile(), firstname: '', lastname: '', name: 'Ana Maria Lopez' }, 'x')).toBe('AL');
    expect(initialsOf(null, 'olivia')).toBe('O');
    expect(initialsOf(null, 'liam.chen')).toBe('LC');
  });
});
