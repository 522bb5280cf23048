import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressFolder } from './precompress.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function folder(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-precompress-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

describe('precompressFolder', () => {
  it('writes a .br and a .gz beside each text file, decoding to the same bytes', async () => {
    const script = 'export const greeting = "hello";\n'.repeat(100);
    const dir = folder({ 'index.html': `<!doctype html>${'<p>Atrium</p>'.repeat(40)}`, 'assets/index-AbCd1234.js': script, 'assets/index-AbCd1234.css': '.a { color: red }\n'.repeat(40), 'logo.svg': `<svg>${'<path d="M0 0"/>'.repeat(30)}</svg>` });
    expect(await precompressFolder(dir)).toBe(4);
    const js = path.join(dir, 'assets/index-AbCd1234.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
    for (const file of ['index.html', 'assets/index-AbCd1234.css', 'logo.svg']) {
      expect(fs.existsSync(path.join(dir, `${file}.br`)), file).toBe(true);
      expect(fs.existsSync(path.join(dir, `${file}.gz`)), file).toBe(true);
    }
  });

  it('leaves compressed formats, tiny files, source maps and the build manifest alone', async () => {
    const dir = folder({
      'assets/lato-latin-400-normal-AbCd1234.woff2': Buffer.alloc(4096, 7),
      'assets/photo-AbCd1234.png': Buffer.alloc(4096, 7),
      'assets/index-AbCd1234.js.map': '{"mappings":""}'.repeat(100),
      'assets/tiny-AbCd1234.js': 'x'.repeat(MIN_BYTES - 1),
      '.vite/manifest.json': '{}'.repeat(1000),
    });
    expect(await precompressFolder(dir)).toBe(0);
    const written = fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => /\.(br|gz)$/.test(f));
    expect(written).toEqual([]);
  });
});
