import { describe, expect, it } from 'vitest';
import { loadClientConfig } from './clientConfig.js';

const respond = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, statusText: status === 200 ? 'OK' : 'Bad Gateway' });

describe('loadClientConfig', () => {
  it('returns the base addresses and version the server sends', async () => {
    const config = await loadClientConfig(respond(200, { apiBase: '/api/v1', wrapperBase: '/api/wrapper', version: '0.1.0' }));
    expect(config).toEqual({ apiBase: '/api/v1', wrapperBase: '/api/wrapper', version: '0.1.0' });
  });
  it('fails with the status when the server does not answer 2xx', async () => {
    await expect(loadClientConfig(respond(502, {}))).rejects.toThrow('502 (Bad Gateway)');
  });
  it('refuses an incomplete configuration', async () => {
    await expect(loadClientConfig(respond(200, { apiBase: '/api/v1' }))).rejects.toThrow('incomplete');
  });
});
