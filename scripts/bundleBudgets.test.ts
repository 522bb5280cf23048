import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBudgets, measureBudgets, readBudgetConfig, type BudgetConfig } from './bundleBudgets.js';

const repo = path.resolve(import.meta.dirname, '..');

/** Text that gzip cannot shrink much: `kib` KiB of it stays about that size. */
function incompressible(kib: number, seed: number): string {
  let x = seed;
  let text = '';
  while (text.length < kib * 1024 * 1.4) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    text += x.toString(36);
  }
  return text;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A build as Vite writes it: the entry (index.html) importing a shared chunk,
 * the desktop loaded on demand with its own chunk and CSS, and an
 * application chunk loaded on demand from the desktop.
 */
function fakeBuild(sizes: { entry: number; shared: number; desktop: number; app: number }): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-budgets-'));
  dirs.push(dist);
  const files: Record<string, string> = {
    'assets/index-AAAAAAAA.js': incompressible(sizes.entry, 1),
    'assets/shared-BBBBBBBB.js': incompressible(sizes.shared, 2),
    'assets/SignedInPage-CCCCCCCC.js': incompressible(sizes.desktop, 3),
    'assets/app-notes-DDDDDDDD.js': incompressible(sizes.app, 4),
    'assets/index-EEEEEEEE.css': incompressible(1, 5),
    'assets/SignedInPage-FFFFFFFF.css': incompressible(1, 6),
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), text);
  }
  const manifest = {
    'index.html': { file: 'assets/index-AAAAAAAA.js', isEntry: true, imports: ['_shared-BBBBBBBB.js'], dynamicImports: ['../packages/client-ui/src/signedin/SignedInPage.tsx'], css: ['assets/index-EEEEEEEE.css'] },
    '_shared-BBBBBBBB.js': { file: 'assets/shared-BBBBBBBB.js' },
    '../packages/client-ui/src/signedin/SignedInPage.tsx': {
      file: 'assets/SignedInPage-CCCCCCCC.js',
      isDynamicEntry: true,
      imports: ['index.html', '_shared-BBBBBBBB.js'],
      dynamicImports: ['../apps/notes/src/index.ts'],
      css: ['assets/SignedInPage-FFFFFFFF.css'],
    },
    '../apps/notes/src/index.ts': { file: 'assets/app-notes-DDDDDDDD.js', isDynamicEntry: true, imports: ['_shared-BBBBBBBB.js'] },
  };
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return dist;
}

const config = (loginJs: number, shellJs: number): BudgetConfig => ({
  desktopModules: ['packages/client-ui/src/signedin/SignedInPage.tsx'],
  budgets: { loginPage: { js: loginJs, css: 4 }, signedInShell: { js: shellJs, css: 4 } },
});

describe('bundle budgets', () => {
  it('counts the entry and its static imports for the login page, adds the desktop for the signed-in shell, and never counts what loads on demand', () => {
    const dist = fakeBuild({ entry: 20, shared: 10, desktop: 30, app: 50 });
    const figures = Object.fromEntries(measureBudgets(dist, config(100, 100)).map((f) => [f.name, f]));
    expect(figures['login page JavaScript']!.files).toEqual(['assets/index-AAAAAAAA.js', 'assets/shared-BBBBBBBB.js']);
    expect(figures['login page CSS']!.files).toEqual(['assets/index-EEEEEEEE.css']);
    expect(figures['signed-in shell JavaScript']!.files.sort()).toEqual(['assets/SignedInPage-CCCCCCCC.js', 'assets/index-AAAAAAAA.js', 'assets/shared-BBBBBBBB.js']);
    expect(figures['signed-in shell CSS']!.files.sort()).toEqual(['assets/SignedInPage-FFFFFFFF.css', 'assets/index-EEEEEEEE.css']);
    // Gzipped, so a little under the raw sizes: 30 KiB for the page, 60 KiB with the desktop.
    expect(figures['login page JavaScript']!.bytes / 1024).toBeGreaterThan(25);
    expect(figures['login page JavaScript']!.bytes / 1024).toBeLessThan(31);
    expect(figures['signed-in shell JavaScript']!.bytes / 1024).toBeGreaterThan(50);
    expect(figures['signed-in shell JavaScript']!.bytes / 1024).toBeLessThan(61);
  });

  it('passes a build within its budgets, printing each figure against its budget', () => {
    const lines: string[] = [];
    expect(checkBudgets(fakeBuild({ entry: 20, shared: 10, desktop: 30, app: 50 }), config(40, 80), (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toMatch(/ok {4}login page JavaScript +\d+\.\d KiB of +40\.0 KiB/);
    expect(lines.join('\n')).not.toMatch(/OVER|error/);
  });

  it('fails a build whose login page exceeds its budget, naming the figure and the files', () => {
    const lines: string[] = [];
    expect(checkBudgets(fakeBuild({ entry: 40, shared: 10, desktop: 5, app: 1 }), config(40, 80), (l) => lines.push(l))).toBe(1);
    const output = lines.join('\n');
    expect(output).toMatch(/OVER {2}login page JavaScript/);
    expect(output).toMatch(/error: login page JavaScript is \d+\.\d KiB over its budget .*index-AAAAAAAA\.js/);
  });

  it('fails a build whose desktop makes the signed-in shell exceed its budget', () => {
    const lines: string[] = [];
    expect(checkBudgets(fakeBuild({ entry: 20, shared: 10, desktop: 60, app: 1 }), config(40, 80), (l) => lines.push(l))).toBe(1);
    expect(lines.join('\n')).toMatch(/OVER {2}signed-in shell JavaScript/);
  });

  it('measures a part fetched on demand beyond the shell: its chunks, not what the shell has already fetched, and fails it over its budget', () => {
    const dist = fakeBuild({ entry: 20, shared: 10, desktop: 30, app: 12 });
    const withNotes = (js: number): BudgetConfig => ({ ...config(100, 100), chunks: { notes: { label: 'Notes application', modules: ['apps/notes/src/index.ts'], js } } });
    const notes = measureBudgets(dist, withNotes(14)).find((f) => f.name === 'Notes application JavaScript')!;
    // The shared chunk it imports came with the login page.
    expect(notes.files).toEqual(['assets/app-notes-DDDDDDDD.js']);
    expect(notes.bytes / 1024).toBeGreaterThan(10);
    expect(notes.bytes / 1024).toBeLessThan(13);
    const lines: string[] = [];
    expect(checkBudgets(dist, withNotes(14), (l) => lines.push(l))).toBe(0);
    expect(checkBudgets(dist, withNotes(8), (l) => lines.push(l))).toBe(1);
    expect(lines.join('\n')).toMatch(/error: Notes application JavaScript is \d+\.\d KiB over its budget .*app-notes-DDDDDDDD\.js/);
    expect(() => measureBudgets(dist, { ...config(100, 100), chunks: { gone: { label: 'Gone', modules: ['apps/gone/src/index.ts'], js: 1 } } })).toThrow(/no chunk for the Gone module 'apps\/gone\/src\/index\.ts'/);
  });

  it('refuses to measure a build without a manifest', () => {
    const dist = fakeBuild({ entry: 1, shared: 1, desktop: 1, app: 1 });
    fs.rmSync(path.join(dist, '.vite'), { recursive: true });
    expect(() => measureBudgets(dist, config(1, 1))).toThrow(/manifest\.json is missing/);
  });

  it("names the repository's desktop module in web/budgets.json", () => {
    const budgets = readBudgetConfig(path.join(repo, 'web/budgets.json'));
    // A module is named by its source path, or (a chunk the manifest keys by its file) by its chunk name: a catalogue file's name (the desktop's texts) or a library's (the translation engine).
    const named = (module: string) =>
      fs.existsSync(path.join(repo, module)) || fs.existsSync(path.join(repo, 'packages/shared/src/i18n/locales', `${module}.ts`)) || fs.existsSync(path.join(repo, 'node_modules', module, 'package.json'));
    for (const module of budgets.desktopModules) expect(named(module), module).toBe(true);
    // The Dashboards application and its ECharts are measured on their own (docs/PERFORMANCE.md, "Dashboards").
    expect(Object.keys(budgets.chunks ?? {})).toEqual(['dashboards', 'echarts']);
    for (const chunk of Object.values(budgets.chunks ?? {})) for (const module of chunk.modules) expect(fs.existsSync(path.join(repo, module)), module).toBe(true);
    // The login page carries React DOM but not the translation engine, fetched when idle (docs/PERFORMANCE.md, "The login page's JavaScript");
    // the shell's budget was raised six times, from 160 to 162 KiB with the files work, to 164 KiB with the socket contract and the
    // app kit, which took 22 KiB off the applications, to 165 KiB when the engine left the login page for a chunk of its own,
    // to 166 KiB with the launch of declared applications in the records runtime and their live updates, to 167 KiB when the
    // shell's functions over 80 lines were split into named parts and applications' commands joined the registry, and to 168 KiB
    // with the home widget, shown on every desktop by default (its model, its place and the dashboard seam; its view, frame and
    // sanitiser are fetched when it shows), and to 171 KiB with the drill-down engine every application's desktop offers
    // (its stacks, placeholders, targets and error texts; drill-down links fetch their part when first followed); lowered to
    // 170.5 KiB when the engine became a chunk fetched when an application first drills, leaving its contract (the errors,
    // the undrilled stack) and its texts (docs/PERFORMANCE.md): raising it again is a decision, not an edit.
    expect(budgets.budgets.loginPage.js).toBeLessThanOrEqual(92);
    expect(budgets.budgets.signedInShell.js).toBeLessThanOrEqual(170.5);
  });
});
