/**
 * The local provider's HTML: its sign-in page, its sign-out step, its error
 * page and the small script pages Keycloak's and Okta's browser libraries
 * load in hidden frames. Plain, accessible HTML with no external resource.
 */

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A value made safe to place inside an inline script (JSON with the HTML-significant characters escaped). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const STYLE = `
:root{color-scheme:light dark;--accent:#2357b8;--error:#b3261e;--border:#8a8f98}
@media (prefers-color-scheme:dark){:root{--accent:#9cbcff;--error:#ffb4ab}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;background:Canvas;color:CanvasText;padding:16px}
main{width:100%;max-width:380px;border:1px solid var(--border);border-radius:8px;padding:24px}
h1{font-size:1.4rem;margin:0 0 4px}
.brand{margin:0 0 20px;opacity:.8}
label{display:block;font-weight:600;margin:14px 0 4px}
input{width:100%;font:inherit;padding:8px 10px;border:1px solid var(--border);border-radius:4px;background:Field;color:FieldText}
input:focus-visible,button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
button{margin-top:20px;width:100%;font:inherit;font-weight:600;padding:10px;border:0;border-radius:4px;background:var(--accent);color:Canvas;cursor:pointer}
.secondary{margin-top:8px;background:none;color:var(--accent);border:1px solid var(--accent)}
.error{color:var(--error);font-weight:600;margin:12px 0 0}
.hint{margin:20px 0 0;font-size:.875rem;opacity:.8}
`;

function page(title: string, body: string, script = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
${script ? `<script>${script}</script>` : ''}
</body>
</html>`;
}

export interface SignInPageOptions {
  /** Who is asking: 'Keycloak realm atrium', 'Okta (local)'. */
  brand: string;
  /** The application the user signs in to (the client's name). */
  client: string;
  action: string;
  username?: string;
  /** Shown above the form, announced to screen readers. */
  error?: string;
  /** The users one can try. */
  hint?: string;
}

/** The sign-in form: 'Username', 'Password', 'Sign in' (and 'Cancel'), and an error line after a refused attempt. */
export function signInPage(options: SignInPageOptions): string {
  const { brand, client, action, username = '', error, hint } = options;
  const invalid = error ? ' aria-invalid="true" aria-describedby="error"' : '';
  return page(
    `Sign in · ${brand}`,
    `<main>
<h1>Sign in to your account</h1>
<p class="brand">${escapeHtml(brand)} · ${escapeHtml(client)}</p>
${error ? `<p class="error" id="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(username)}"${invalid}${username ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${username ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
<button type="submit" name="cancel" value="1" class="secondary" formnovalidate>Cancel</button>
</form>
${hint ? `<p class="hint">${escapeHtml(hint)}</p>` : ''}
</main>`,
  );
}

/**
 * The sign-out step of the RP-initiated logout: oidc-provider hands the form
 * (with its anti-forgery field); it is sent at once, with a button for a
 * browser without scripts.
 */
export function signOutPage(brand: string, form: string): string {
  return page(
    `Signing out · ${brand}`,
    `<main>
<h1>Signing out</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
</main>`,
    `document.querySelector('button[name=logout]').click();`,
  );
}

/** A page for a request the provider refused (an unknown client, a wrong redirect address…). */
export function errorPage(brand: string, error: string, description: string | undefined): string {
  return page(
    `Error · ${brand}`,
    `<main>
<h1>We are sorry…</h1>
<p class="error" role="alert">${escapeHtml(description ?? error)}</p>
<p class="hint">${escapeHtml(error)}</p>
</main>`,
  );
}

/** A page only the signed-out step reaches when no application asked for a return address. */
export function signedOutPage(brand: string): string {
  return page(`Signed out · ${brand}`, `<main>\n<h1>You are signed out</h1>\n</main>`);
}

/**
 * Keycloak's session frame (login-status-iframe.html). keycloak-js posts
 * "{clientId} {sid}" every few seconds; the frame answers 'unchanged' while
 * the browser's session at the provider (its session cookie, sent with the
 * frame's own request) is the one that sid names (or, sid empty, while
 * there is none), 'changed' once it is ended or another, and 'error' when
 * the page's origin is not one the client may use (checked once through
 * …/init, as Keycloak does).
 */
export function loginStatusFrame(): string {
  return page(
    'Session status',
    '',
    `
var allowed = {};
function ask(url) {
  return fetch(url, { credentials: 'same-origin', cache: 'no-store' });
}
window.addEventListener('message', function (event) {
  if (typeof event.data !== 'string') return;
  var parts = event.data.split(' ');
  if (parts.length !== 2 || !parts[0]) return;
  var clientId = parts[0], sid = parts[1], origin = event.origin, source = event.source;
  var key = clientId + ' ' + origin;
  var base = location.pathname + '/';
  var init = allowed[key] ? Promise.resolve() : ask(base + 'init?client_id=' + encodeURIComponent(clientId) + '&origin=' + encodeURIComponent(origin)).then(function (r) {
    if (r.status !== 204) throw new Error('origin not allowed');
    allowed[key] = true;
  });
  init.then(function () {
    return ask(base + 'status?client_id=' + encodeURIComponent(clientId) + '&session_state=' + encodeURIComponent(sid)).then(function (r) {
      if (!r.ok) throw new Error('status ' + r.status);
      return r.text();
    });
  }).then(function (state) {
    source.postMessage(state === 'unchanged' ? 'unchanged' : 'changed', origin);
  }, function () {
    source.postMessage('error', origin);
  });
});
`,
  );
}

/** Keycloak's third-party cookie check, first step: sets a cookie of the provider's origin, then opens step 2. */
export function thirdPartyCookiesStep1(cookiePath: string): string {
  return page(
    'Cookie check',
    '',
    `document.cookie = 'KEYCLOAK_3P_COOKIE=supported; max-age=60; samesite=lax; path=' + ${scriptJson(cookiePath)};
location.replace('step2.html');`,
  );
}

/** Step 2: tells the embedding page whether the cookie came back ('supported') or not ('unsupported'). */
export function thirdPartyCookiesStep2(cookiePath: string): string {
  return page(
    'Cookie check',
    '',
    `var supported = document.cookie.split('; ').indexOf('KEYCLOAK_3P_COOKIE=supported') !== -1;
document.cookie = 'KEYCLOAK_3P_COOKIE=; max-age=0; samesite=lax; path=' + ${scriptJson(cookiePath)};
window.parent.postMessage(supported ? 'supported' : 'unsupported', '*');`,
  );
}

/**
 * Okta's okta_post_message answer: the authorization response posted to the
 * frame's parent at the client's origin (okta-auth-js renews tokens so,
 * with prompt=none, in a hidden frame).
 */
export function oktaPostMessagePage(targetOrigin: string, response: Record<string, string>): string {
  return page('Authorization response', '', `window.parent.postMessage(${scriptJson(response)}, ${scriptJson(targetOrigin)});`);
}
