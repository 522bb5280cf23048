import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { apiToken } from '../helpers/api.js';
import { UserFiles } from '../helpers/userFiles.js';
import { Desktop } from '../pages/Desktop.js';

/**
 * The Content-Security-Policy of the pages (docs/SECURITY.md): Chromium
 * enforces it, and what the product really does (sign-in, the desktop,
 * Preferences with its wallpapers, the Viewer's frame, the websocket) never
 * violates it.
 */

/** Collects every policy violation the page reports, from its first script on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

test.describe('content security policy', () => {
  test.describe('enforced', () => {
    // Chromium reports every violation as a console error, which fails any other journey.
    test.use({ expectedConsoleErrors: [/^Executing inline script violates the following Content Security Policy directive 'script-src [^']*'/] });

    test('the page comes with the policy, and Chromium refuses inline script under it', async ({ page }) => {
      const violations = await recordViolations(page);
      const response = await page.goto('/');
      // Scripts of the client build and the registered packages only: not 'self', which would admit every answer of this server.
      expect(response?.headers()['content-security-policy']).toMatch(/(^|; )script-src http:\/\/127\.0\.0\.1:\d+\/assets\/ http:\/\/127\.0\.0\.1:\d+\/packages\/(;|$)/);
      // As an injected script would: appended by script already running in the page.
      const ran = await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true';
        document.body.append(script);
        return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
      });
      expect(ran).toBe(false);
      await expect.poll(violations).toEqual([expect.stringMatching(/^script-src-elem inline$/)]);
    });
  });

  test.describe('respected', () => {
    // Playwright's own helper scripts, not the page's, are refused in the sandboxed frame while the journey reads it.
    test.use({ expectedConsoleErrors: [/^Blocked script execution in '[^']*\/resources\//] });

    test('signing in, the desktop, Preferences, the Viewer and the socket raise no violation', async ({ page }) => {
      const violations = await recordViolations(page);
      const desktop = new Desktop(page);
      await desktop.signIn();
      await page.goto('/?app=Handbook');
      const viewer = desktop.appWindows('Viewer');
      await expect(viewer.getByTestId('window.title')).toHaveText('Company Handbook');
      await expect(page.frameLocator('[data-testid="viewer.frame"]').getByRole('heading', { level: 1 })).toContainText('Handbook');
      await desktop.openPreferences();
      const preferences = desktop.appWindows('Preferences');
      await expect(preferences.getByTestId('preferences')).toBeVisible();
      await preferences.getByTestId('preferences.wallpaper.dunes').check();
      await expect.poll(() => page.getByTestId('desktop').evaluate((element) => getComputedStyle(element).backgroundImage)).toContain('dunes');
      expect(await violations()).toEqual([]);
    });
  });
});

/**
 * Users' uploads never run or style a page of the product (docs/SECURITY.md,
 * "Files"): one user uploads script, module, style sheet, page and picture
 * files that would leave a mark if a browser ran or applied them (a global,
 * the title, the body's colour, a request to a marker address); the page of
 * another user who sees them links each at both of its addresses as a
 * script, a module and a style sheet; each is also opened in a tab of its
 * own. Nothing runs: the page's policy refuses them, and their answers
 * alone (plain text, nosniff, sandboxed attachments) refuse them too, as a
 * page of the origin without the policy shows. SVG still shows in <img>.
 */
test.describe('uploaded files', () => {
  /** Where a file that ran would send a request (a 404): a listener sees it whatever origin sent it. */
  const MARKER = '/api/v1/ran-marker';
  const mark = (what: string) => `(window.__ran = window.__ran || []).push('${what}'); document.title = 'ran'; fetch('${MARKER}?${what}');`;
  const UPLOADS: Record<string, string> = {
    'evil.js': mark('evil.js'),
    'evil.mjs': `${mark('evil.mjs')}\nexport {};`,
    'evil.css': `body { background-color: rgb(255, 0, 0) !important; }\nbody::after { content: url('${MARKER}?evil.css'); }`,
    'evil.html': `<!doctype html><title>ran</title><style>body { background: red }</style><script>${mark('evil.html')} try { parent.__ran = ['evil.html'] } catch {}</script><img src="${MARKER}?evil.html-img">`,
    'evil.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="fetch('${MARKER}?evil.svg-onload')"><script>fetch('${MARKER}?evil.svg')</script><rect width="10" height="10" fill="green"/></svg>`,
  };
  const NAMES = Object.keys(UPLOADS);

  /** What the page shows of anything having run or applied. */
  interface Marks {
    ran: string[];
    title: string;
    background: string;
  }

  /**
   * Links every address as a classic script, a module script and a style
   * sheet, waits until the browser has loaded or refused each, and reads
   * the page's marks.
   */
  async function linkEverything(page: Page, addresses: readonly string[]): Promise<Marks> {
    return page.evaluate(async (urls) => {
      const settled = (element: HTMLScriptElement | HTMLLinkElement) =>
        new Promise<void>((resolve) => {
          element.addEventListener('load', () => resolve());
          element.addEventListener('error', () => resolve());
        });
      const waits: Array<Promise<void>> = [];
      for (const url of urls) {
        const classic = document.createElement('script');
        classic.src = url;
        const module = document.createElement('script');
        module.type = 'module';
        module.src = url;
        const sheet = document.createElement('link');
        sheet.rel = 'stylesheet';
        sheet.href = url;
        for (const element of [classic, module, sheet]) {
          waits.push(settled(element));
          document.head.append(element);
        }
      }
      await Promise.all(waits);
      return { ran: (window as unknown as { __ran?: string[] }).__ran ?? [], title: document.title, background: getComputedStyle(document.body).backgroundColor };
    }, addresses);
  }

  /** Whether a picture at the address shows in an <img> (its natural width). */
  function pictureWidth(page: Page, url: string): Promise<number> {
    return page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode().catch(() => undefined);
      return image.naturalWidth;
    }, url);
  }

  /** Opens an address in a tab of its own: 'download' when the browser saves it, else what the tab shows and whether anything ran there. */
  async function openInTab(page: Page, url: string): Promise<'download' | { ran: unknown }> {
    const tab = await page.context().newPage();
    const downloaded = tab.waitForEvent('download').then(() => 'download' as const);
    const outcome = await tab.goto(url).then(
      async () => ({ ran: await tab.evaluate(() => (window as unknown as { __ran?: unknown }).__ran ?? null) }),
      () => downloaded,
    );
    await tab.close();
    return outcome;
  }

  test.use({
    // [value, options]: a list of several patterns alone would read as a value and its options.
    expectedConsoleErrors: [
      [
        // The page's policy refusing the links (script-src and style-src name the build's files and the packages' only).
        /^Loading the (script|stylesheet) '[^']*' violates the following Content Security Policy directive/,
        // The files' own answers refusing them where no policy does.
        /^Refused to execute script from '[^']*' because its MIME type \('(text\/plain|image\/svg\+xml)'\) is not executable/,
        /^Refused to apply style from '[^']*' because its MIME type \('(text\/plain|image\/svg\+xml)'\) is not a supported stylesheet MIME type/,
        /^Failed to load module script: Expected a JavaScript(-or-Wasm)? module script but the server responded with a MIME type of "(text\/plain|image\/svg\+xml)"/,
      ],
      { scope: 'test' },
    ],
  });

  test('never run or style the page of a user who sees them, nor run when opened directly, at either of their addresses', async ({ page, request }) => {
    const marked: string[] = [];
    page.context().on('request', (r) => {
      if (r.url().includes(MARKER)) marked.push(r.url());
    });
    // Dana uploads into Northwind's shared folder; Olivia, of the same organisation, sees the files there.
    // (Not Liam: the password-recovery journey changes his password on this server.)
    const folder = `shared:/e2e-uploads-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
    const uploader = new UserFiles(request, await apiToken(request, 'demo'));
    await uploader.mkdir(folder);
    try {
      for (const name of NAMES) await uploader.write(`${folder}/${name}`, UPLOADS[name]!);
      const olivia = await apiToken(request, 'olivia');
      const addresses: Record<string, string[]> = {};
      for (const name of NAMES) {
        const path = `${folder}/${name}`;
        const stat = await request.get('/vfs/stat', { params: { path }, headers: { authorization: `Bearer ${olivia}` } });
        const url = ((await stat.json()) as { data: { url: string } }).data.url;
        const token = new URL(url, 'http://x').searchParams.get('token')!;
        // The signed address of the entry, and readfile's address with the same token instead of a bearer.
        addresses[name] = [url, `/vfs/readfile?path=${encodeURIComponent(path)}&token=${token}`];
      }
      const every = Object.values(addresses).flat();

      const desktop = new Desktop(page);
      await desktop.signIn('olivia');
      const before: Marks = await page.evaluate(() => ({ ran: [], title: document.title, background: getComputedStyle(document.body).backgroundColor }));
      expect(await linkEverything(page, every)).toEqual(before);
      // Pictures still show: an SVG in <img> is a picture, in which nothing runs.
      for (const url of addresses['evil.svg']!) expect(await pictureWidth(page, url), url).toBe(10);
      await expect(page.getByTestId('desktop')).toBeVisible();

      // A page of this origin without the policy (a cached old page, a mistake to come): the answers alone keep the files inert.
      await page.route('**/e2e-no-policy', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>No policy</title><body></body>' }));
      await page.goto('/e2e-no-policy');
      expect(await linkEverything(page, every)).toEqual({ ran: [], title: 'No policy', background: 'rgba(0, 0, 0, 0)' });

      // Opened directly, each is saved as a download: nothing renders in the origin.
      for (const url of every) expect(await openInTab(page, url), url).toBe('download');
      expect(marked).toEqual([]);
    } finally {
      await uploader.remove(folder);
    }
  });

  test('served from a content origin of their own, never run or style the application page, nor run when opened directly', async ({ page, request, shortTokenServer }) => {
    // A server whose CONTENT_URL is localhost: its pages are at 127.0.0.1, its files at localhost (e2e/fixtures.ts).
    const base = shortTokenServer.url;
    const content = shortTokenServer.contentUrl;
    const marked: string[] = [];
    page.context().on('request', (r) => {
      if (r.url().includes(MARKER)) marked.push(r.url());
    });
    const addresses: string[] = [];
    let svg = '';
    for (const name of NAMES) {
      // Its access tokens live 3 s: a fresh one for each upload.
      const signIn = await request.post(`${base}/api/wrapper/auth`, { form: { username: 'liam', password: 'Demo@1234' } });
      const jwt = ((await signIn.json()) as { data: { jwt: string } }).data.jwt;
      const written = await request.post(`${base}/vfs/writefile`, {
        headers: { authorization: `Bearer ${jwt}` },
        multipart: { path: `home:/e2e-content-origin-${name}`, options: JSON.stringify({ overwrite: true }), upload: { name, mimeType: 'application/octet-stream', buffer: Buffer.from(UPLOADS[name]!) } },
      });
      expect(written.ok(), await written.text()).toBe(true);
      const url = ((await written.json()) as { data: { url: string } }).data.url;
      expect(url.startsWith(`${content}/api/v1/file/`), url).toBe(true);
      addresses.push(url);
      if (name === 'evil.svg') svg = url;
    }

    await page.goto(`${base}/`);
    await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
    const before: Marks = await page.evaluate(() => ({ ran: [], title: document.title, background: getComputedStyle(document.body).backgroundColor }));
    expect(await linkEverything(page, addresses)).toEqual(before);
    // The application's pages show the content origin's pictures.
    expect(await pictureWidth(page, svg)).toBe(10);

    for (const url of addresses) expect(await openInTab(page, url), url).toBe('download');
    // The content origin is not the application: no page, no API.
    const tab = await page.context().newPage();
    const root = await tab.goto(`${content}/`);
    expect(root?.status()).toBe(404);
    await expect(tab.getByLabel('Username', { exact: true })).toHaveCount(0);
    await tab.close();
    expect(marked).toEqual([]);
  });
});
