import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.js';
import { renderBlockingEntry } from './build/renderBlockingEntry.js';

/** The built-in packages' entry modules: apps/<folder>/src/index.ts(x) and themes/<folder>/src/index.ts(x). */
const PACKAGE_ENTRY = /[\\/](apps|themes)[\\/]([^\\/]+)[\\/]src[\\/]index\.tsx?$/;

/** '@atrium/theme-nocturne' → 'theme-nocturne': the chunk name of a built-in package, read from its package.json. */
function packageChunkName(entry: string): string | null {
  const match = PACKAGE_ENTRY.exec(entry);
  if (!match) return null;
  const folder = path.resolve(path.dirname(entry), '..');
  try {
    const { name } = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { name?: string };
    if (name) return name.replace(/^@atrium\//, '');
  } catch {
    // No package.json: fall back to the folder's name.
  }
  return `${match[1] === 'apps' ? 'app' : 'package'}-${match[2]}`;
}

/**
 * The app kit in two chunks rather than one per module (the page's bundle
 * lists every chunk an app needs by name): what only the apps use, and what
 * the signed-in desktop shares with them (with the sdk's helpers and the
 * catalogue's title rules). Its icons and hooks stay with the login page,
 * which uses them.
 */
const APP_KIT = /[\\/]packages[\\/]app-kit[\\/]src[\\/](Model|dialogs|FailureState|texts|windowDocument)\.tsx?$/;
const KIT = /[\\/]packages[\\/](app-kit[\\/]src[\\/](reactContent|listNavigation|useDismiss|wallpapers[\\/]wallpapers)|sdk[\\/]src[\\/]index|shared[\\/]src[\\/]rules[\\/](vfsErrors|catalogueTitle))\.tsx?$/;

/** The chunk of an app kit module ('app-kit', 'kit'), or null: where the bundler puts it. */
function appKitChunk(id: string): string | null {
  return APP_KIT.test(id) ? 'app-kit' : KIT.test(id) ? 'kit' : null;
}

/**
 * The web entry. `npm run dev -w @atrium/web` proxies API calls to a server
 * on :8080. Each built-in package is a chunk of its own, named after the
 * package (`app-preferences-[hash].js`, `theme-nocturne-[hash].js`), and the
 * build writes a manifest (.vite/manifest.json) for sizing chunks
 * (scripts/bundleBudgets.ts) and a .br and .gz copy beside each text file
 * (build/precompress.ts), which the server sends as they are.
 */
export default defineConfig({
  plugins: [react(), renderBlockingEntry(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Every browser the client supports knows <link rel="modulepreload">: no polyfill in the page's bundle.
    modulePreload: { polyfill: false },
    // Wallpapers stay files: only the one on the desktop is fetched (and the thumbnails, when Preferences shows them).
    // Fonts too: inlined into the CSS, every subset would be downloaded, used or not (web/src/fonts/fonts.css).
    assetsInlineLimit: (file) => (/[\\/]wallpapers[\\/][^\\/]+\.svg$/.test(file) || /\.woff2?$/.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        // Only those modules: what they import stays where the bundler puts it.
        codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: appKitChunk }] },
        chunkFileNames(chunk) {
          const name = chunk.facadeModuleId ? packageChunkName(chunk.facadeModuleId) : null;
          if (name) return `assets/${name}-[hash].js`;
          // What the page shares with the desktop and the packages (React, the translator): named for what it is, not its first module.
          if (!chunk.facadeModuleId && chunk.moduleIds.some((id) => /node_modules[\\/]react[\\/]/.test(id))) return 'assets/shared-[hash].js';
          return 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(['/api', '/login', '/logout', '/ping', '/client-config', '/healthz', '/packages', '/socket', '/apps'].map((p) => [p, { target: 'http://127.0.0.1:8080', ws: p === '/socket' || p === '/apps' }])),
  },
});
