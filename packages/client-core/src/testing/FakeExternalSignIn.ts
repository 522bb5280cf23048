import type { ExternalLoginOptions, ExternalProvider } from '@atrium/shared';
import type { ExternalSession, ExternalSignIn, ExternalSignInEvent, ExternalStartResult } from '../auth/external/ExternalSignIn.js';

/**
 * An identity library's port for tests: start() answers what the test
 * scripted (`nextStart`, a result or an error), every call is recorded in
 * `calls`, and `emit()` plays the library's events (renewed tokens, the
 * provider session ended).
 */
export class FakeExternalSignIn implements ExternalSignIn {
  readonly calls: Array<{ method: 'start' | 'resume' | 'signIn' | 'endSession' | 'dispose'; kept?: ExternalSession }> = [];
  /** What the next start() answers: a result, or an error it rejects with. */
  nextStart: ExternalStartResult | Error = { status: 'anonymous' };
  /** What endSession() rejects with, if anything. */
  endSessionError: Error | null = null;
  readonly #listeners = new Set<(event: ExternalSignInEvent) => void>();

  constructor(readonly type: ExternalProvider = 'keycloak') {}

  async start(): Promise<ExternalStartResult> {
    this.calls.push({ method: 'start' });
    const next = this.nextStart;
    if (next instanceof Error) throw next;
    return next;
  }

  async resume(kept: ExternalSession): Promise<void> {
    this.calls.push({ method: 'resume', kept });
  }

  async signIn(): Promise<void> {
    this.calls.push({ method: 'signIn' });
  }

  async endSession(kept: ExternalSession): Promise<void> {
    this.calls.push({ method: 'endSession', kept });
    if (this.endSessionError) throw this.endSessionError;
  }

  onEvent(listener: (event: ExternalSignInEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  dispose(): void {
    this.calls.push({ method: 'dispose' });
    this.#listeners.clear();
  }

  /** Plays a library event. */
  emit(event: ExternalSignInEvent): void {
    for (const listener of [...this.#listeners]) listener(event);
  }

  /** The methods called, in order. */
  methods(): string[] {
    return this.calls.map((c) => c.method);
  }
}

/** A token-shaped string (the client reads, never verifies, provider tokens). */
export function fakeProviderToken(claims: Record<string, unknown>): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2ln`;
}

/** Checked options of a provider at https://sso.example for a site at https://atrium.example/. */
export function testExternalOptions(type: ExternalProvider = 'keycloak', overrides: Partial<ExternalLoginOptions> = {}): ExternalLoginOptions {
  return {
    type,
    name: type === 'keycloak' ? 'Keycloak' : 'Okta',
    clientId: 'atrium',
    url: type === 'keycloak' ? 'https://sso.example' : null,
    realm: type === 'keycloak' ? 'atrium' : null,
    issuer: type === 'okta' ? 'https://sso.example/oauth2/default' : null,
    redirectUri: 'https://atrium.example/',
    postLogoutRedirectUri: 'https://atrium.example/',
    scopes: ['openid', 'profile', 'email'],
    onLoad: 'check-sso',
    flow: 'standard',
    responseMode: 'fragment',
    pkceMethod: 'S256',
    checkLoginIframe: true,
    checkLoginIframeInterval: 5,
    ...overrides,
  };
}
