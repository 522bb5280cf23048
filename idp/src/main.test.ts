import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const idpDir = path.resolve(import.meta.dirname, '..');

/** Runs `npm run idp`'s command itself (node, not npm, so that its own process gets the signal). */
function runIdp(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: idpDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitFor(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
}

describe('npm run idp', () => {
  it('prints the settings that start Atrium against it, serves them, and stops on SIGTERM', async () => {
    const run = runIdp({ IDP_PORT: '0', IDP_REDIRECT_URIS: 'http://127.0.0.1:18080/', IDP_ACCESS_TOKEN_TTL: '60' });
    try {
      await waitFor(() => run.output().stdout.includes('npm start\n  AUTH_TYPE=okta'));
      const { stdout } = run.output();
      const url = /Local OpenID Connect provider at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
      expect(url).toBeTruthy();
      expect(stdout).toContain(`AUTH_TYPE=keycloak AUTH_KEYCLOAK_URL=${url} AUTH_REALM=atrium AUTH_CLIENT_ID=atrium AUTH_LINK_BY_EMAIL=all npm start`);
      expect(stdout).toContain(`AUTH_TYPE=okta AUTH_ISSUER=${url}/oauth2/default AUTH_CLIENT_ID=atrium AUTH_LINK_BY_EMAIL=all npm start`);
      const discovery = (await (await fetch(`${url}/realms/atrium/.well-known/openid-configuration`)).json()) as { issuer: string };
      expect(discovery.issuer).toBe(`${url}/realms/atrium`);
    } finally {
      run.child.kill('SIGTERM');
    }
    const [code] = await run.exited;
    expect(code).toBe(0);
  });

  it('refuses a bad setting with a message naming it', async () => {
    const run = runIdp({ IDP_PORT: '0', IDP_ACCESS_TOKEN_TTL: 'soon' });
    const [code] = await run.exited;
    expect(code).toBe(1);
    expect(run.output().stderr).toContain("IDP_ACCESS_TOKEN_TTL must be a whole number from 5 to 86400, not 'soon'");
  });

  it('refuses a listen address browsers cannot reach it at', async () => {
    const run = runIdp({ IDP_PORT: '0', IDP_HOST: '0.0.0.0' });
    const [code] = await run.exited;
    expect(code).toBe(1);
    expect(run.output().stderr).toContain("IDP_HOST must be the address browsers reach the provider at, not '0.0.0.0'");
  });

  it('refuses a redirect address that is not an http(s) address', async () => {
    const run = runIdp({ IDP_PORT: '0', IDP_REDIRECT_URIS: 'http://127.0.0.1:8080/,ftp://files.example/' });
    const [code] = await run.exited;
    expect(code).toBe(1);
    expect(run.output().stderr).toContain("IDP_REDIRECT_URIS must be http(s) addresses without a fragment, separated by commas; 'ftp://files.example/' is not");
  });
});
