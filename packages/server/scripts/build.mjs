#!/usr/bin/env node
// Compiles the server for production: src/main.ts (the server) and
// src/cli/main.ts (the operator command line) into dist/main.js and
// dist/cli.js, with @atrium/shared bundled in and every npm dependency left
// to node_modules. `npm start` runs this, then `node dist/main.js`; the
// server starts without compiling TypeScript at run time (docs/ARCHITECTURE.md).
// Each entry is one self-contained file, overwritten in place: rebuilding
// beside a running server never removes a file it may still load.
//
// Files the server reads beside its sources (migrations, demo media, the
// default logo, the repository's package.json and built-in packages) are
// found from `import.meta.url` / `import.meta.dirname`. In the bundle these
// would name dist/, so each module's uses are rewritten to the address of its
// own source file, relative to the bundle: the paths resolve as they do when
// the sources run, and the build stays relocatable with the repository.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');
const outdir = path.join(serverRoot, 'dist');

/** Keeps `import.meta.url` and `import.meta.dirname` pointing at the source file they are written in. */
const sourceLocations = {
  name: 'source-locations',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let text = await fs.promises.readFile(args.path, 'utf8');
      if (text.includes('import.meta.')) {
        const fromBundle = (target) => JSON.stringify(path.relative(outdir, target).split(path.sep).join('/'));
        text = text
          .replaceAll('import.meta.url', `new URL(${fromBundle(args.path)}, import.meta.url).href`)
          .replaceAll('import.meta.dirname', `__atriumFileURLToPath(new URL(${fromBundle(path.dirname(args.path))} + '/', import.meta.url))`);
        if (text.includes('__atriumFileURLToPath')) text = `import { fileURLToPath as __atriumFileURLToPath } from 'node:url';\n${text}`;
      }
      return { contents: text, loader: 'ts' };
    });
  },
};

/** npm packages stay external (resolved from node_modules at run time); the product's own workspaces are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@atrium/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = performance.now();
await build({
  absWorkingDir: serverRoot,
  entryPoints: { main: 'src/main.ts', cli: 'src/cli/main.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [sourceLocations, externalPackages],
});
console.error(`server compiled into ${path.relative(process.cwd(), outdir) || '.'} in ${(performance.now() - started).toFixed(0)} ms`);
