/**
 * A Vite plugin writing a Brotli (`.br`, quality 11) and a gzip (`.gz`,
 * level 9) copy beside every compressible file of the build, which the
 * server sends to browsers that accept them (packages/server/src/http/webClient.ts)
 * instead of compressing on every request. See docs/PERFORMANCE.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; fonts (woff2) and images are compressed already. Source maps are left to the server. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/i;
/** Below this size a compressed copy saves nothing measurable. */
export const MIN_BYTES = 256;
/** The gzip level of the build's copies, also used by the bundle budgets (scripts/bundleBudgets.ts). */
export const GZIP_LEVEL = 9;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Every file under a folder, dotted folders (.vite) excluded. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Writes `<file>.br` and `<file>.gz` beside each compressible file of a folder; returns how many files it compressed. */
export async function precompressFolder(dir: string): Promise<number> {
  const files = filesUnder(dir).filter((file) => COMPRESSIBLE.test(file));
  let count = 0;
  await Promise.all(
    files.map(async (file) => {
      const bytes = await fs.promises.readFile(file);
      if (bytes.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gzip(bytes, { level: GZIP_LEVEL }),
      ]);
      // A copy no smaller than the file is not written: the server then sends the file itself.
      if (br.length < bytes.length) await fs.promises.writeFile(`${file}.br`, br);
      if (gz.length < bytes.length) await fs.promises.writeFile(`${file}.gz`, gz);
      count++;
    }),
  );
  return count;
}

/** Precompresses the build's output folder once Vite has written it. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'atrium:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const count = await precompressFolder(outDir);
      this.info(`${count} files precompressed (.br, .gz)`);
    },
  };
}
