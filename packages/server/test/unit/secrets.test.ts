import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets } from '../../src/secrets.js';

describe('secrets', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-secrets-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('generates a strong secret on first use, in a file only the owner can read', () => {
    const dataDir = path.join(dir, 'data');
    const secrets = loadOrCreateSecrets(dataDir);
    expect(secrets.jwtSecret.length).toBeGreaterThanOrEqual(43);
    const file = path.join(dataDir, 'secrets.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(secrets);
  });

  it('reuses the stored secret on later calls', () => {
    const first = loadOrCreateSecrets(dir);
    const modified = fs.statSync(path.join(dir, 'secrets.json')).mtimeMs;
    expect(loadOrCreateSecrets(dir)).toEqual(first);
    expect(fs.statSync(path.join(dir, 'secrets.json')).mtimeMs).toBe(modified);
  });

  it('generates a different secret for another data folder', () => {
    const other = path.join(dir, 'other');
    expect(loadOrCreateSecrets(dir).jwtSecret).not.toBe(loadOrCreateSecrets(other).jwtSecret);
  });

  it('refuses a damaged file rather than silently replacing it', () => {
    fs.writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify({ jwtSecret: 'short' }));
    expect(() => loadOrCreateSecrets(dir)).toThrow(/damaged/);
  });
});
