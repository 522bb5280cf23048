import { describe, expect, it } from 'vitest';
import { FakeEnvironment } from '../testing/FakeEnvironment.js';
import { blockBackNavigation, forgetLaunchRequest, parsePageAddress, takeLaunchRequest } from './PageAddress.js';

const at = (address: string) => {
  const url = new URL(address, 'https://atrium.example');
  return parsePageAddress({ pathname: url.pathname, search: url.search, hash: url.hash });
};

describe('parsePageAddress', () => {
  it('starts the sign-in flow for a plain address', () => {
    expect(at('/')).toEqual({ screen: 'login', resetCode: null, appIcon: null, launch: null, forceBuiltInLogin: false });
  });

  it('keeps launch options named like built-in members as plain own values', () => {
    const { launch } = at('/?app=Notes&__proto__=x&toString=y');
    expect(launch?.options).toEqual({ ['__proto__']: 'x', toString: 'y' });
    expect(Object.hasOwn(launch!.options, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(launch!.options)).toBe(Object.prototype);
  });

  it('shows the forgot-password page for #forgotpassword', () => {
    expect(at('/#forgotpassword').screen).toBe('forgotpassword');
  });

  it('shows the reset-password page for ?resetpassword=CODE and keeps the code', () => {
    expect(at('/?resetpassword=abc123')).toMatchObject({ screen: 'resetpassword', resetCode: 'abc123' });
  });

  it('ignores an empty reset code', () => {
    expect(at('/?resetpassword=')).toMatchObject({ screen: 'login', resetCode: null });
  });

  it('shows the privacy policy for the /privacy-policy path', () => {
    expect(at('/privacy-policy').screen).toBe('privacy-policy');
    expect(at('/privacy-policy/').screen).toBe('privacy-policy');
  });

  it('forces the built-in form for #login', () => {
    expect(at('/#login')).toMatchObject({ screen: 'login', forceBuiltInLogin: true });
  });

  it('asks to launch the app named by ?app with the other parameters as options', () => {
    expect(at('/?app=Priorities&page=tasks&id=7').launch).toEqual({ app: 'Priorities', options: { page: 'tasks', id: '7' } });
  });

  it.each([
    ['https://cdn.example/logo.png', 'https://cdn.example/logo.png'],
    ['http://cdn.example/logo.png', 'http://cdn.example/logo.png'],
    ['/api/v1/account/logo/acc-1', '/api/v1/account/logo/acc-1'],
    ['javascript:alert(1)', null],
    ['data:image/svg+xml,<svg onload=alert(1)>', null],
    ['//evil.example/logo.png', null],
    ['/\\evil.example/logo.png', null],
    ['logo.png', null],
  ])('accepts appicon %j as %j', (icon, expected) => {
    expect(at(`/?resetpassword=c&appicon=${encodeURIComponent(icon)}`).appIcon).toBe(expected);
  });
});

describe('takeLaunchRequest', () => {
  it('resets the address to the root when an app was named, and returns the launch', () => {
    const env = new FakeEnvironment({ address: 'https://atrium.example/?app=Notes&file=42' });
    const address = takeLaunchRequest(env);
    expect(address.launch).toEqual({ app: 'Notes', options: { file: '42' } });
    expect(env.historyCalls).toEqual([{ kind: 'replace', url: '/' }]);
    expect(env.location.href).toBe('https://atrium.example/');
  });

  it('leaves the address alone when no app is named', () => {
    const env = new FakeEnvironment({ address: 'https://atrium.example/?resetpassword=c' });
    expect(takeLaunchRequest(env).screen).toBe('resetpassword');
    expect(env.historyCalls).toEqual([]);
  });

  it('remembers the launch across a reload, once', () => {
    const env = new FakeEnvironment({ address: 'https://atrium.example/?app=Notes' });
    takeLaunchRequest(env);
    expect(takeLaunchRequest(env).launch).toEqual({ app: 'Notes', options: {} }); // after the reload, address is '/'
    expect(takeLaunchRequest(env).launch).toBeNull();
  });

  it('forgets the launch once the app has been launched', () => {
    const env = new FakeEnvironment({ address: 'https://atrium.example/?app=Notes' });
    takeLaunchRequest(env);
    forgetLaunchRequest(env);
    expect(takeLaunchRequest(env).launch).toBeNull();
  });

  it('works without session storage', () => {
    const env = new FakeEnvironment({ address: 'https://atrium.example/?app=Notes' });
    env.sessionStorage = null;
    expect(takeLaunchRequest(env).launch).toEqual({ app: 'Notes', options: {} });
    expect(takeLaunchRequest(env).launch).toBeNull();
  });
});

describe('blockBackNavigation', () => {
  it('pushes the current address once, and again on every back navigation', () => {
    const env = new FakeEnvironment({ address: 'https://atrium.example/#forgotpassword' });
    const dispose = blockBackNavigation(env);
    expect(env.historyCalls).toEqual([{ kind: 'push', url: 'https://atrium.example/#forgotpassword' }]);
    env.firePopState();
    env.firePopState();
    expect(env.historyCalls).toHaveLength(3);
    dispose();
    env.firePopState();
    expect(env.historyCalls).toHaveLength(3);
  });
});
