/**
 * Bundle budgets: what a browser must download, gzipped, before the login
 * page can be used and before the signed-in desktop can show, computed from
 * the build (web/dist/.vite/manifest.json) and compared with web/budgets.json.
 *
 *   login page     = the entry chunk and its static imports (with their CSS)
 *   signed-in shell = the login page plus the desktop chunk(s) and their static
 *                     imports; applications, themes and locales load on demand
 *                     and are not counted
 *   chunks          = an application's part fetched on demand (the Dashboards
 *                     application, the ECharts it draws with): the chunks of
 *                     the named modules and their static imports, less what
 *                     the signed-in shell has already fetched
 *
 * Sizes are deterministic, so `npm test` runs this after the build and fails
 * when a budget is exceeded: `node --import tsx scripts/bundleBudgets.ts [dist]`.
 * See docs/PERFORMANCE.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { GZIP_LEVEL } from '../web/build/precompress.js';

/** One chunk of Vite's build manifest. */
interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A part fetched on demand: its label, its entry modules (by source path) and its limit in KiB gzipped. */
export interface ChunkBudget {
  label: string;
  modules: string[];
  js: number;
}

/** web/budgets.json: limits in KiB gzipped; the desktop's chunks named by their source module. */
export interface BudgetConfig {
  desktopModules: string[];
  budgets: Record<'loginPage' | 'signedInShell', { js: number; css: number }>;
  /** Parts fetched on demand, each measured beyond the signed-in shell. */
  chunks?: Record<string, ChunkBudget>;
}

/** A measured figure against its budget. */
export interface BudgetFigure {
  name: string;
  /** Gzipped bytes. */
  bytes: number;
  /** The limit in bytes. */
  budget: number;
  files: string[];
}

const KiB = 1024;
const LABELS = { loginPage: 'login page', signedInShell: 'signed-in shell' } as const;

/** The keys of the chunks a set of chunks loads before running: themselves and their static imports, transitively. */
function closureKeys(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...keys];
  while (queue.length) {
    const key = queue.shift()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk '${key}'`);
    seen.add(key);
    queue.push(...(chunk.imports ?? []));
  }
  return seen;
}

/** The chunks a set of chunks loads before running: themselves and their static imports, transitively. */
function staticClosure(manifest: Manifest, keys: string[]): ManifestChunk[] {
  return [...closureKeys(manifest, keys)].map((key) => manifest[key]!);
}

/** The manifest key of a module named by its source path, or (a chunk the manifest keys by its file) by its chunk name. */
function keyOfModule(manifest: Manifest, module: string, role: string): string {
  const key = Object.keys(manifest).find((k) => k.replace(/^(\.\.\/)+/, '') === module) ?? Object.keys(manifest).find((k) => manifest[k]!.name === module && !manifest[k]!.isEntry);
  if (!key) throw new Error(`The build manifest has no chunk for the ${role} module '${module}'`);
  return key;
}

/** An on-demand part's JavaScript: its modules' chunks and their static imports that the shell has not already fetched. */
function chunkFigure(dist: string, manifest: Manifest, shell: Set<string>, budget: ChunkBudget): BudgetFigure {
  const keys = closureKeys(manifest, budget.modules.map((module) => keyOfModule(manifest, module, budget.label)));
  const files = [...keys].filter((key) => !shell.has(key)).map((key) => manifest[key]!.file);
  return { name: `${budget.label} JavaScript`, bytes: files.reduce((sum, file) => sum + gzippedSize(dist, file), 0), budget: budget.js * KiB, files };
}

/** Gzipped size of a file of the build, at the level of the build's own .gz files. */
export function gzippedSize(dist: string, file: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: GZIP_LEVEL }).length;
}

/** Measures the login page and the signed-in shell of a build folder against the budgets. */
export function measureBudgets(dist: string, config: BudgetConfig): BudgetFigure[] {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run \`npm run build\` first (build.manifest must be on)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('The build manifest has no index.html entry');
  // By source module, or by chunk name for a chunk the manifest keys by its file (a module imported by a dynamic import() of shared code).
  const desktop = config.desktopModules.map((module) => keyOfModule(manifest, module, 'desktop'));
  const sets = { loginPage: staticClosure(manifest, [entry]), signedInShell: staticClosure(manifest, [entry, ...desktop]) };
  const shell = closureKeys(manifest, [entry, ...desktop]);
  const chunks = Object.values(config.chunks ?? {}).map((budget) => chunkFigure(dist, manifest, shell, budget));
  const pages = (Object.keys(sets) as (keyof typeof sets)[]).flatMap((set) => {
    const chunks = sets[set];
    const js = chunks.map((c) => c.file);
    const css = [...new Set(chunks.flatMap((c) => c.css ?? []))];
    const figure = (kind: 'js' | 'css', files: string[]): BudgetFigure => ({
      name: `${LABELS[set]} ${kind === 'js' ? 'JavaScript' : 'CSS'}`,
      bytes: files.reduce((sum, file) => sum + gzippedSize(dist, file), 0),
      budget: config.budgets[set][kind] * KiB,
      files,
    });
    return [figure('js', js), figure('css', css)];
  });
  return [...pages, ...chunks];
}

/** The figures over their budget. */
export function overBudget(figures: BudgetFigure[]): BudgetFigure[] {
  return figures.filter((f) => f.bytes > f.budget);
}

/** One line per figure: its size against its budget, and whether it holds. */
export function formatFigures(figures: BudgetFigure[]): string {
  const kib = (n: number) => `${(n / KiB).toFixed(1)} KiB`;
  return figures
    .map((f) => `  ${f.bytes > f.budget ? 'OVER' : 'ok  '}  ${f.name.padEnd(34)} ${kib(f.bytes).padStart(10)} of ${kib(f.budget).padStart(10)}  (${f.files.length} files)`)
    .join('\n');
}

/** Reads web/budgets.json (or another file). */
export function readBudgetConfig(file: string): BudgetConfig {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as BudgetConfig;
}

/** Prints the figures and returns the exit code: 1 when a budget is exceeded. */
export function checkBudgets(dist: string, config: BudgetConfig, log: (line: string) => void = console.log): number {
  const figures = measureBudgets(dist, config);
  log(`bundle budgets (${dist}, gzip level ${GZIP_LEVEL}):\n${formatFigures(figures)}`);
  const over = overBudget(figures);
  for (const f of over) log(`error: ${f.name} is ${((f.bytes - f.budget) / KiB).toFixed(1)} KiB over its budget (web/budgets.json): ${f.files.join(', ')}`);
  return over.length ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const repo = path.resolve(import.meta.dirname, '..');
  const dist = path.resolve(process.argv[2] ?? path.join(repo, 'web/dist'));
  process.exitCode = checkBudgets(dist, readBudgetConfig(path.join(repo, 'web/budgets.json')));
}
