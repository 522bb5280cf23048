import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haproxyConfig } from './haproxyConfig.js';

const servers = [1, 2, 3].map((i) => ({ name: `atrium${i}`, host: '127.0.0.1', port: 8080 + i }));
const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((file) => fs.existsSync(file));

describe("the reverse proxy's configuration", () => {
  it('sends requests round every server, checks each on /readyz, and keeps websockets open', () => {
    const config = haproxyConfig({ bind: { host: '127.0.0.1', port: 8080 }, servers });
    expect(config).toContain('bind 127.0.0.1:8080');
    expect(config).toContain('option httpchk GET /readyz');
    expect(config).toContain('timeout tunnel 1h');
    for (const server of servers) expect(config).toContain(`server ${server.name} 127.0.0.1:${server.port} check`);
    expect(config).not.toContain('cookie');
  });

  it('refuses what would break the file: no servers, a bad port, a name with spaces', () => {
    expect(() => haproxyConfig({ bind: { host: '127.0.0.1', port: 8080 }, servers: [] })).toThrow(/at least one/);
    expect(() => haproxyConfig({ bind: { host: '127.0.0.1', port: 70_000 }, servers })).toThrow(/port/);
    expect(() => haproxyConfig({ bind: { host: '127.0.0.1', port: 8080 }, servers: [{ name: 'a b', host: '127.0.0.1', port: 1 }] })).toThrow(/name/);
    expect(() => haproxyConfig({ bind: { host: '127.0.0.1\nfrontend x', port: 8080 }, servers })).toThrow(/host/);
  });

  it.skipIf(!haproxy)('is a configuration HAProxy accepts (haproxy -c)', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-haproxy-')), 'haproxy.cfg');
    fs.writeFileSync(file, haproxyConfig({ bind: { host: '127.0.0.1', port: 8080 }, servers }));
    const check = spawnSync(haproxy!, ['-c', '-f', file], { encoding: 'utf8' });
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
  });
});
