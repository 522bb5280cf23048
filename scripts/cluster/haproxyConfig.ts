/**
 * The reverse proxy in front of several Atrium servers (docs/DEPLOYMENT.md,
 * "The reverse proxy"): HAProxy, from Debian's package. Requests and
 * websockets go round the servers, none sticky; each server is asked
 * GET /readyz every second and taken out after two failed answers (in
 * again after two good ones), so that a server that stops or cannot reach
 * the database gets no traffic; a websocket may stay open for an hour of
 * silence (the desktop pings well within it).
 */
export interface ProxyOptions {
  /** Where the proxy listens. */
  bind: { host: string; port: number };
  servers: ReadonlyArray<{ name: string; host: string; port: number }>;
}

const NAME = /^[A-Za-z0-9_-]{1,40}$/;
const HOST = /^[A-Za-z0-9.:[\]-]{1,253}$/;

export function haproxyConfig(options: ProxyOptions): string {
  if (options.servers.length === 0) throw new Error('The proxy needs at least one server');
  const port = (value: number) => {
    if (!Number.isInteger(value) || value < 1 || value > 65_535) throw new Error(`Not a port: ${value}`);
    return value;
  };
  const host = (value: string) => {
    if (!HOST.test(value)) throw new Error(`Not a host: ${value}`);
    return value;
  };
  const servers = options.servers.map((server) => {
    if (!NAME.test(server.name)) throw new Error(`Not a server name: ${server.name}`);
    return `  server ${server.name} ${host(server.host)}:${port(server.port)} check inter 1s fall 2 rise 2`;
  });
  return [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  option httplog',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    // A websocket, once upgraded, is a tunnel: idle up to an hour.
    '  timeout tunnel 1h',
    // A request that reached a server taken out meanwhile is sent to another.
    '  option redispatch',
    '  retries 2',
    '',
    'frontend atrium',
    `  bind ${host(options.bind.host)}:${port(options.bind.port)}`,
    // The servers read the client's address from it (TRUST_PROXY=true).
    '  option forwardfor',
    '  default_backend servers',
    '',
    'backend servers',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    ...servers,
    '',
  ].join('\n');
}
