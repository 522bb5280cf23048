import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { expectAccessible } from '../helpers/axe.js';
import { externalPort, grantType, holdProviderAnswer, recordRequests, startExternalSite, type ExternalSite } from '../helpers/externalSignIn.js';
import { ExternalLoginCard } from '../pages/ExternalLoginCard.js';
import { LoginPage } from '../pages/LoginPage.js';
import { ProviderSignInPage } from '../pages/ProviderSignInPage.js';
import { SignedInPage } from '../pages/SignedInPage.js';

/**
 * Sign-in through an identity provider (docs/behaviour/external-sign-in.md),
 * for Keycloak and for Okta, against the local OpenID Connect provider
 * (idp/) and an Atrium server of each describe's own configured for that
 * type (e2e/helpers/externalSignIn.ts). The browser runs the real
 * keycloak-js and okta-auth-js; nothing is mocked: the provider's sign-in
 * page is filled in as a user does.
 */

const PASSWORD = 'Demo@1234';
/**
 * Provider users who are not Atrium's: one whose username is Olivia's
 * address (a realm whose users choose their username lets anyone do so),
 * one who has Sofia's address, verified, after Sofia's own identity was
 * linked to her (docs/behaviour/external-sign-in.md#links).
 */
const IMPOSTOR = 'olivia.hart@northwind.example';
const SOFIA_TWIN = 'sofia.twin';
const IDP_USERS = [
  { username: IMPOSTOR, firstName: 'Liam', lastName: 'Chen', email: 'mallory@evil.example' },
  { username: SOFIA_TWIN, firstName: 'Sofia', lastName: 'Twin', email: 'sofia.novak@contoso.example' },
];
/** The demo users' names, as their profile menu shows them. */
const NAMES: Record<string, string> = { demo: 'Dana Demo', olivia: 'Olivia Hart', liam: 'Liam Chen', sofia: 'Sofia Novak' };

interface TypeJourneys {
  type: 'keycloak' | 'okta';
  port: number;
  /**
   * The provider's token lifetime: short enough for a renewal within a
   * journey. okta-auth-js takes a token for expired 30 s before it is, so
   * Okta's must be longer than that.
   */
  accessTokenTtl: number;
}

/** Opens the site's login card and signs in at the provider's page, landing on the started desktop. */
async function signInThroughProvider(page: Page, site: ExternalSite, username: string): Promise<SignedInPage> {
  const card = new ExternalLoginCard(page, site.name);
  await card.open(`${site.server.url}/`);
  await card.signInButton.click();
  await new ProviderSignInPage(page, site.idp.url).signIn(username, PASSWORD);
  const signedIn = new SignedInPage(page);
  await signedIn.ready();
  await expect(signedIn.profileButton(NAMES[username]!)).toBeVisible();
  return signedIn;
}

/** The provider's sign-out: Keycloak's logout call, or Okta's session closed. */
function isProviderSignOut(site: ExternalSite, request: { url(): string; method(): string }): boolean {
  return site.type === 'keycloak'
    ? request.method() === 'POST' && request.url() === `${site.idp.keycloakIssuer}/protocol/openid-connect/logout`
    : request.method() === 'DELETE' && request.url() === `${site.idp.url}/api/v1/sessions/me`;
}

/** Calls to Atrium's external sign-in (POST {wrapper}/auth/external/{type}). */
const isAtriumExternalLogin = (site: ExternalSite) => (request: { url(): string; method(): string }) =>
  request.method() === 'POST' && request.url() === `${site.server.url}/api/wrapper/auth/external/${site.type}`;

function journeys({ type, port, accessTokenTtl }: TypeJourneys): void {
  test.describe(`sign-in through ${type}`, () => {
    let site: ExternalSite;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      site = await startExternalSite(type, { port, accessTokenTtl, idpUsers: IDP_USERS });
    });

    test.afterAll(async () => {
      await site?.stop();
    });

    test('the login card signs in at the provider and lands on the desktop; a reload stays signed in', async ({ page }) => {
      const card = new ExternalLoginCard(page, site.name);
      await card.open(`${site.server.url}/`);
      await expect(card.builtInLink).toBeVisible();
      const providerPages = recordRequests(page, (request) => request.resourceType() === 'document' && request.frame() === page.mainFrame() && request.url().startsWith(site.idp.url));
      const exchanges = recordRequests(page, (request) => request.url() === site.tokenEndpoint);
      const atriumLogins = recordRequests(page, isAtriumExternalLogin(site));
      await card.signInButton.click();
      const provider = new ProviderSignInPage(page, site.idp.url);
      await provider.signIn('demo', PASSWORD);
      const signedIn = new SignedInPage(page);
      await signedIn.ready();
      await expect(signedIn.profileButton('Dana Demo')).toBeVisible();
      // The request asked for PKCE S256; its code was redeemed with the verifier, and Atrium was handed the provider's token once.
      const authorization = new URL(providerPages[0]!.url());
      expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorization.searchParams.get('state')).toBeTruthy();
      expect(authorization.searchParams.get('nonce')).toBeTruthy();
      if (type === 'keycloak') expect(authorization.searchParams.get('state')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(grantType(exchanges[0]!)).toBe('authorization_code');
      const verifier = new URLSearchParams(exchanges[0]!.postData() ?? '').get('code_verifier') ?? '';
      expect(verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
      if (type === 'keycloak') expect(verifier).toHaveLength(96);
      expect(atriumLogins).toHaveLength(1);
      // The provider's answer does not stay in the address.
      expect(page.url()).not.toMatch(/[#?&](code|state)=/);

      providerPages.length = 0;
      await page.reload();
      await signedIn.desktop.waitUntilStarted();
      await expect(signedIn.profileButton('Dana Demo')).toBeVisible();
      await expect(card.card).toHaveCount(0);
      // Signed in by the stored session: neither the provider's page nor Atrium's external sign-in was asked again.
      expect(providerPages).toEqual([]);
      expect(atriumLogins).toHaveLength(1);
    });

    test('the provider’s token is renewed silently when it expires, and the user stays signed in', async ({ page }) => {
      test.setTimeout(120_000);
      const signedIn = await signInThroughProvider(page, site, 'olivia');
      const renewal = page.waitForResponse(
        (response) => response.url() === site.tokenEndpoint && response.request().method() === 'POST' && response.request().postData() !== null,
        { timeout: (accessTokenTtl + 30) * 1000 },
      );
      const renewed = await renewal;
      expect(renewed.status()).toBe(200);
      // Keycloak refreshes with its refresh token; okta-auth-js (no refresh token without offline_access) asks again in a hidden frame.
      expect(grantType(renewed.request())).toBe(type === 'keycloak' ? 'refresh_token' : 'authorization_code');
      // Still on the desktop, and Atrium answers: Preferences loads the user's settings.
      await expect(signedIn.profileButton('Olivia Hart')).toBeVisible();
      await signedIn.desktop.openPreferences();
      await expect(signedIn.desktop.appWindows('Preferences').getByTestId('preferences')).toBeVisible();
      // The renewed tokens were kept: after a reload the next renewal succeeds too.
      await page.reload();
      await signedIn.desktop.waitUntilStarted();
      const next = await page.waitForResponse((response) => response.url() === site.tokenEndpoint && response.request().method() === 'POST', { timeout: (accessTokenTtl + 30) * 1000 });
      expect(next.status()).toBe(200);
      await expect(signedIn.profileButton('Olivia Hart')).toBeVisible();
    });

    test('an answer whose state was changed is refused: its code is never redeemed and nobody is signed in', async ({ page }) => {
      const card = new ExternalLoginCard(page, site.name);
      await card.open(`${site.server.url}/`);
      const held = await holdProviderAnswer(page, site.server.url, site.idp.url);
      await card.signInButton.click();
      await new ProviderSignInPage(page, site.idp.url).signIn('liam', PASSWORD);
      const answer = await held.answer;
      const params = new URLSearchParams(answer.hash.slice(1));
      expect(params.get('code')).toBeTruthy();
      params.set('state', crypto.randomUUID());
      const exchanges = recordRequests(page, (request) => request.url() === site.tokenEndpoint);
      const atriumLogins = recordRequests(page, isAtriumExternalLogin(site));
      await held.deliver(`${site.server.url}/#${params.toString()}`);
      await expect(card.error).toHaveText(`The answer from ${site.name} does not belong to this sign-in and was refused.`);
      await expect(card.retryButton).toBeVisible();
      await expect(card.builtInLink).toBeVisible();
      expect(exchanges).toEqual([]);
      expect(atriumLogins).toEqual([]);
      await expect(page.getByTestId('desktop')).toHaveCount(0);
    });

    test('an answer whose stored nonce does not match is refused and nobody is signed in', async ({ page }) => {
      const card = new ExternalLoginCard(page, site.name);
      await card.open(`${site.server.url}/`);
      const held = await holdProviderAnswer(page, site.server.url, site.idp.url);
      await card.signInButton.click();
      await new ProviderSignInPage(page, site.idp.url).signIn('liam', PASSWORD);
      const answer = await held.answer;
      const state = new URLSearchParams(answer.hash.slice(1)).get('state');
      expect(state).toBeTruthy();
      // The request's nonce, kept by the library in this browser with the answer's state, is changed.
      const changed = await page.evaluate((answerState) => {
        const keys: string[] = [];
        const nonce = crypto.randomUUID();
        for (const storage of [localStorage, sessionStorage]) {
          for (let i = 0; i < storage.length; i++) {
            const key = storage.key(i)!;
            const raw = storage.getItem(key) ?? '';
            if (!raw.includes(answerState)) continue;
            const replaced = raw.replace(/"nonce":"[^"]*"/g, `"nonce":"${nonce}"`);
            if (replaced === raw) continue;
            storage.setItem(key, replaced);
            keys.push(key);
          }
        }
        return keys;
      }, state!);
      expect(changed, 'the stored request of the answer’s state').not.toEqual([]);
      const exchanges = recordRequests(page, (request) => request.url() === site.tokenEndpoint);
      const atriumLogins = recordRequests(page, isAtriumExternalLogin(site));
      await held.deliver(answer.href);
      await expect(card.error).toHaveText(`The answer from ${site.name} does not belong to this sign-in and was refused.`);
      expect(await card.detailText()).toMatch(/nonce/i);
      // The code was redeemed (the nonce is in the id token it brings), then the tokens were dropped instead of used.
      expect(exchanges.map(grantType)).toEqual(['authorization_code']);
      expect(atriumLogins).toEqual([]);
      await expect(page.getByTestId('desktop')).toHaveCount(0);
    });

    test('the provider’s error answer is shown with its details, and Try again signs in', async ({ page }) => {
      const card = new ExternalLoginCard(page, site.name);
      await card.open(`${site.server.url}/`);
      await card.signInButton.click();
      const provider = new ProviderSignInPage(page, site.idp.url);
      await provider.cancel();
      await expect(card.error).toHaveText(`${site.name} could not sign you in.`);
      expect(await card.detailText()).toContain('access_denied');
      await expect(card.builtInLink).toBeVisible();
      await expectAccessible(page, `the ${site.name} card with an error answer`);
      await card.retryButton.click();
      await provider.signIn('sofia', PASSWORD);
      const signedIn = new SignedInPage(page);
      await signedIn.ready();
      await expect(signedIn.profileButton('Sofia Novak')).toBeVisible();
    });

    test('signing out ends the provider session: signing in again asks for the password', async ({ page }) => {
      const signedIn = await signInThroughProvider(page, site, 'liam');
      const providerSignOut = page.waitForRequest((request) => isProviderSignOut(site, request));
      await signedIn.signOut('Liam Chen');
      const signOut = await providerSignOut;
      expect((await signOut.response())?.status()).toBeLessThan(300);
      if (type === 'keycloak') {
        const form = new URLSearchParams(signOut.postData() ?? '');
        expect(form.get('client_id')).toBe(site.idp.clientId);
        expect(form.get('refresh_token')).toBeTruthy();
        expect(form.get('redirect_uri')).toBe(`${site.server.url}/`);
      }
      // After the leave the login card is back, and the provider no longer signs the browser in by itself.
      const card = new ExternalLoginCard(page, site.name);
      await expect(card.signInButton).toBeVisible({ timeout: 15_000 });
      await card.signInButton.click();
      const provider = new ProviderSignInPage(page, site.idp.url);
      await provider.waitFor();
      await expect(provider.password).toBeVisible();
    });

    test('#login shows the built-in form, which signs in with a password, without asking the provider', async ({ page }) => {
      const providerRequests = recordRequests(page, (request) => request.url().startsWith(site.idp.url));
      const login = new LoginPage(page);
      await login.open(`${site.server.url}/#login`);
      await expect(new ExternalLoginCard(page, site.name).card).toHaveCount(0);
      await expect(page.getByRole('link', { name: `Sign in with ${site.name}` })).toBeVisible();
      await login.signIn('demo', PASSWORD);
      const signedIn = new SignedInPage(page);
      await signedIn.ready();
      await expect(signedIn.profileButton('Dana Demo')).toBeVisible();
      expect(providerRequests.map((request) => request.url())).toEqual([]);
    });

    test('a provider user whose username is another user’s address is not signed in as that user: the card says the identity has no account here', async ({ page }) => {
      const card = new ExternalLoginCard(page, site.name);
      await card.open(`${site.server.url}/`);
      const atriumLogins = recordRequests(page, isAtriumExternalLogin(site));
      await card.signInButton.click();
      await new ProviderSignInPage(page, site.idp.url).signIn(IMPOSTOR, PASSWORD);
      await expect(card.error).toHaveText('This identity has no account here');
      expect(await card.detailText()).toContain('(login.error.external-no-access)');
      expect(atriumLogins).toHaveLength(1);
      await expect(page.getByTestId('desktop')).toHaveCount(0);
      await expect(card.retryButton).toBeVisible();
    });

    test('a second provider user with the verified address of a user linked already does not take the account: the card asks for an administrator', async ({ page }) => {
      // Sofia's own identity signs in first (without a browser), which links it to her account by her address.
      const sofia = await fetch(`${site.server.url}/api/wrapper/auth/external/${type}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ access_token: await site.idp.issueAccessToken({ provider: type, username: 'sofia' }) }),
      });
      expect(sofia.status).toBe(200);
      const card = new ExternalLoginCard(page, site.name);
      await card.open(`${site.server.url}/`);
      await card.signInButton.click();
      await new ProviderSignInPage(page, site.idp.url).signIn(SOFIA_TWIN, PASSWORD);
      await expect(card.error).toHaveText('This identity must be linked to its account here by an administrator');
      expect(await card.detailText()).toContain('(login.error.external-link-required)');
      await expect(page.getByTestId('desktop')).toHaveCount(0);
    });

    test('the login card passes the accessibility scan', async ({ page }) => {
      const card = new ExternalLoginCard(page, site.name);
      await card.open(`${site.server.url}/`);
      await expectAccessible(page, `the ${site.name} login card`);
    });
  });
}

journeys({ type: 'keycloak', port: externalPort(0), accessTokenTtl: 10 });
journeys({ type: 'okta', port: externalPort(1), accessTokenTtl: 40 });

/** With AUTH_ON_LOAD=login-required the page goes straight to the provider; #login still reaches the built-in form. */
function loginRequiredJourneys(type: 'keycloak' | 'okta', port: number): void {
  test.describe(`sign-in through ${type} with login-required`, () => {
    let site: ExternalSite;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      site = await startExternalSite(type, { port, accessTokenTtl: 300, env: { AUTH_ON_LOAD: 'login-required' } });
    });

    test.afterAll(async () => {
      await site?.stop();
    });

    test('opening the site goes straight to the provider, whose sign-in lands on the desktop', async ({ page }) => {
      await page.goto(`${site.server.url}/`);
      const provider = new ProviderSignInPage(page, site.idp.url);
      await provider.signIn('olivia', PASSWORD);
      const signedIn = new SignedInPage(page);
      await signedIn.ready();
      await expect(signedIn.profileButton('Olivia Hart')).toBeVisible();
      await page.reload();
      await signedIn.desktop.waitUntilStarted();
      await expect(signedIn.profileButton('Olivia Hart')).toBeVisible();
    });

    test('an error answer is shown instead of sending the browser back to the provider, and Try again goes there', async ({ page }) => {
      await page.goto(`${site.server.url}/`);
      const provider = new ProviderSignInPage(page, site.idp.url);
      await provider.cancel();
      const card = new ExternalLoginCard(page, site.name);
      await expect(card.error).toHaveText(`${site.name} could not sign you in.`);
      expect(provider.isHere()).toBe(false);
      await card.retryButton.click();
      await provider.signIn('liam', PASSWORD);
      await new SignedInPage(page).ready();
    });

    test('#login shows the built-in form without going to the provider', async ({ page }) => {
      const providerRequests = recordRequests(page, (request) => request.url().startsWith(site.idp.url));
      const login = new LoginPage(page);
      await login.open(`${site.server.url}/#login`);
      await login.signIn('sofia', PASSWORD);
      const signedIn = new SignedInPage(page);
      await signedIn.ready();
      await expect(signedIn.profileButton('Sofia Novak')).toBeVisible();
      expect(providerRequests.map((request) => request.url())).toEqual([]);
    });
  });
}

loginRequiredJourneys('keycloak', externalPort(2));
loginRequiredJourneys('okta', externalPort(3));

test.describe('sign-in through keycloak on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  let site: ExternalSite;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    site = await startExternalSite('keycloak', { port: externalPort(4), accessTokenTtl: 300 });
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  test('the card and the provider’s page fit a 390 px wide screen, and the sign-in lands on the desktop', async ({ page }) => {
    const card = new ExternalLoginCard(page, site.name);
    await card.open(`${site.server.url}/`);
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
    const box = await card.card.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await card.signInButton.click();
    const provider = new ProviderSignInPage(page, site.idp.url);
    await provider.waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
    await provider.signIn('demo', PASSWORD);
    const signedIn = new SignedInPage(page);
    await signedIn.ready();
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
  });
});
