import { describe, expect, it } from 'vitest';
import { flushPromises } from '../testing/FakeClock.js';
import { FakeEnvironment, hang, jsonResponse } from '../testing/FakeEnvironment.js';
import { RequestClient, type TokenSource } from './RequestClient.js';
import { RequestError } from './RequestError.js';

/** A token source that never refreshes; records expiries. */
function tokens(token: string | null = 'tok-1'): TokenSource & { expired: string[] } {
  const expired: string[] = [];
  return {
    expired,
    accessToken: () => token,
    refresh: async () => false,
    expire: async (reason) => {
      expired.push(reason);
    },
  };
}

function setup(options: { base?: string; token?: string | null } = {}) {
  const env = new FakeEnvironment();
  const client = new RequestClient({ env, base: options.base ?? '/api/v1', session: tokens(options.token === undefined ? 'tok-1' : options.token) });
  return { env, client };
}

const ok = () => jsonResponse(200, { status: 'success', data: 1 });

describe('RequestClient addresses', () => {
  it('strips a leading slash and joins the path to the base', async () => {
    const { env, client } = setup();
    env.route('GET', '/api/v1/user/me', ok);
    await client.get('/user/me');
    await client.get('user/me');
    expect(env.requests.map((r) => r.url)).toEqual(['/api/v1/user/me', '/api/v1/user/me']);
  });

  it('joins to the root when the base is empty (core calls)', async () => {
    const { env, client } = setup({ base: '' });
    env.route('POST', '/logout', ok);
    await client.post('/logout', {});
    expect(env.requests[0]?.url).toBe('/logout');
  });

  it('uses absolute https addresses as they are', async () => {
    const { env, client } = setup();
    env.route('GET', '/manifest.json', ok);
    await client.get('https://cdn.example/manifest.json');
    expect(env.requests[0]?.url).toBe('https://cdn.example/manifest.json');
  });

  it('sends the bearer token to its own origin only, never to a third party', async () => {
    const { env, client } = setup();
    env.route('GET', '/x', ok);
    await client.get('https://cdn.example/x');
    await client.get('https://atrium.example/x');
    expect(env.requests[0]?.headers.Authorization).toBeUndefined();
    expect(env.requests[1]?.headers.Authorization).toBe('Bearer tok-1');
  });

  it('turns GET parameters into a query string', async () => {
    const { env, client } = setup();
    env.route('GET', '/api/v1/user/getusernotifications', ok);
    await client.get('/user/getusernotifications', { type: 'assignments', take: 5, skip: 0, tags: ['a', 'b'], missing: undefined, filter: { ryg: 'RED' } });
    expect(env.requests[0]?.url).toBe('/api/v1/user/getusernotifications?type=assignments&take=5&skip=0&tags=a&tags=b&filter=%7B%22ryg%22%3A%22RED%22%7D');
  });

  it('adds parameters to a path that already has a query', async () => {
    const { env, client } = setup();
    env.route('GET', '/api/v1/vfs/readfile', ok);
    await client.get('vfs/readfile?path=home%3A%2Fa.txt', { download: true });
    expect(env.requests[0]?.url).toBe('/api/v1/vfs/readfile?path=home%3A%2Fa.txt&download=true');
  });
});

describe('RequestClient answers', () => {
  it('resolves a 204 to {success: true}', async () => {
    const { env, client } = setup();
    env.route('DELETE', '/api/v1/thing', () => new Response(null, { status: 204 }));
    await expect(client.delete('thing')).resolves.toEqual({ success: true });
  });

  it('resolves a non-JSON answer to the raw text', async () => {
    const { env, client } = setup();
    env.route('GET', '/api/v1/file/1/data', () => new Response('<b>hello</b>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(client.get('file/1/data')).resolves.toBe('<b>hello</b>');
  });

  it('returns other bodies to the caller as parsed JSON, error envelopes of a 2xx included', async () => {
    const { env } = setup();
    env.route('POST', '/api/wrapper/validatetoken', () => jsonResponse(200, { status: 'error', message: 'Token Expired' }));
    const wrapper = new RequestClient({ env, base: '/api/wrapper', session: tokens() });
    await expect(wrapper.form('validatetoken', { jwt: 'x' })).resolves.toEqual({ status: 'error', message: 'Token Expired' });
  });

  it('resolves to the Response itself when raw is asked', async () => {
    const { env, client } = setup();
    env.route('GET', '/api/v1/resources/r1', () => new Response('bytes', { status: 200, headers: { 'content-type': 'image/png' } }));
    const response = await client.get<Response>('resources/r1', undefined, { raw: true });
    expect(response).toBeInstanceOf(Response);
    await expect(response.text()).resolves.toBe('bytes');
  });
});

describe('RequestClient headers and bodies', () => {
  it('sends the bearer token, credentials and JSON headers with a JSON body', async () => {
    const { env, client } = setup();
    env.route('PUT', '/api/v1/user/u1', ok);
    await client.put('user/u1', { cleared_browser_cache: 0 });
    const request = env.requests[0];
    expect(request?.method).toBe('PUT');
    expect(request?.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer tok-1' });
    expect(request?.credentials).toBe('include');
    expect(request?.json()).toEqual({ cleared_browser_cache: 0 });
  });

  it('sends no Authorization header when signed out and no Content-Type without a body', async () => {
    const { env, client } = setup({ token: null });
    env.route('GET', '/api/v1/homescreen/announcement/h', ok);
    await client.get('homescreen/announcement/h');
    expect(env.requests[0]?.headers).toEqual({ Accept: 'application/json' });
    expect(env.requests[0]?.body).toBeUndefined();
  });

  it('lets per-call headers win over the defaults', async () => {
    const { env, client } = setup();
    env.route('GET', '/api/v1/x', ok);
    await client.get('x', undefined, { headers: { Accept: 'text/plain' } });
    expect(env.requests[0]?.headers.Accept).toBe('text/plain');
  });

  it('posts url-encoded forms for the wrapper calls', async () => {
    const { env, client } = setup();
    env.route('POST', '/api/v1/auth', ok);
    await client.form('auth', { username: 'ada', password: 'p&ss=1' });
    expect(env.requests[0]?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(String(env.requests[0]?.body)).toBe('username=ada&password=p%26ss%3D1');
  });

  it('filepost sends the fields as multipart without setting the content type itself', async () => {
    const { env, client } = setup();
    env.route('POST', '/api/v1/vfs/writefile', ok);
    const upload = new File(['hello'], 'a.txt', { type: 'text/plain' });
    await client.filepost('vfs/writefile', { upload, path: 'home:/a.txt', options: '{}' });
    const form = env.requests[0]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['upload', 'path', 'options']);
    expect((form.get('upload') as File).name).toBe('a.txt');
    expect(form.get('path')).toBe('home:/a.txt');
    expect(env.requests[0]?.headers['Content-Type']).toBeUndefined();
    expect(env.requests[0]?.headers.Authorization).toBe('Bearer tok-1');
  });

  it("fileupload sends one file as 'file' and its data as 'data[]'", async () => {
    const { env, client } = setup();
    env.route('POST', '/api/v1/upload', ok);
    await client.fileupload('upload', new File(['1'], 'one.txt'), [{ folder: 'x' }]);
    const form = env.requests[0]?.body as FormData;
    expect([...form.keys()]).toEqual(['file', 'data[]']);
    expect(form.get('data[]')).toBe('{"folder":"x"}');
  });

  it("fileupload sends several files as 'files[]' with one 'data[]' each", async () => {
    const { env, client } = setup();
    env.route('POST', '/api/v1/upload', ok);
    await client.fileupload('upload', [new File(['1'], 'one.txt'), new File(['2'], 'two.txt')], [{ i: 1 }, { i: 2 }]);
    const form = env.requests[0]?.body as FormData;
    expect(form.getAll('files[]').map((f) => (f as File).name)).toEqual(['one.txt', 'two.txt']);
    expect(form.getAll('data[]')).toEqual(['{"i":1}', '{"i":2}']);
  });
});

describe('RequestClient failures', () => {
  it("raises the body's error field in the wrapper message", async () => {
    const { env, client } = setup();
    env.route('GET', '/api/v1/x', () => jsonResponse(500, { error: 'Boom' }, 'Internal Server Error'));
    const error = await client.get('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ message: 'An error occured while performing a request: Boom', code: 'request.failed', status: 500, reason: 'Boom', body: { error: 'Boom' } });
  });

  it("raises the body's message field when there is no error field", async () => {
    const { env, client } = setup();
    env.route('GET', '/api/v1/user/x/detail', () => jsonResponse(404, { status: 'error', message: 'User not found' }, 'Not Found'));
    await expect(client.get('user/x/detail')).rejects.toThrow('An error occured while performing a request: User not found');
  });

  it("raises 'status (statusText)' when the body says nothing", async () => {
    const { env, client } = setup();
    env.route('GET', '/api/v1/x', () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } }));
    await expect(client.get('x')).rejects.toThrow('An error occured while performing a request: 502 (Bad Gateway)');
  });

  it("fails with 'Network request failed' when fetch fails", async () => {
    const { env, client } = setup();
    env.route('GET', '/api/v1/x', () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('x')).rejects.toMatchObject({ message: 'Network request failed', code: 'request.network', status: null });
  });

  it("fails with 'Network request timed out' after 30 s and aborts the exchange", async () => {
    const { env, client } = setup();
    env.route('GET', '/api/v1/slow', hang);
    let outcome: unknown = 'pending';
    const call = client.get('slow').catch((e: unknown) => (outcome = e));
    env.clock.advance(29_999);
    await flushPromises();
    expect(outcome).toBe('pending');
    env.clock.advance(1);
    await call;
    expect(outcome).toMatchObject({ message: 'Network request timed out', code: 'request.timeout' });
    expect(env.requests[0]?.signal?.aborted).toBe(true);
  });

  it('honours a per-call timeout', async () => {
    const { env, client } = setup();
    env.route('GET', '/api/v1/slow', hang);
    const call = client.get('slow', undefined, { timeout: 5000 });
    env.clock.advance(5000);
    await expect(call).rejects.toThrow('Network request timed out');
  });

  it('leaves no timer behind once an answer arrives', async () => {
    const { env, client } = setup();
    env.route('GET', '/api/v1/x', ok);
    await client.get('x');
    expect(env.clock.pending).toBe(0);
  });
});
