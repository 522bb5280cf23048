/**
 * Long functions: every function (declaration, method, accessor, constructor,
 * arrow function or function expression) longer than a limit, counted in lines
 * from its first to its last line, in the repository's TypeScript sources.
 * Tests, type declarations and the locale catalogues are not counted.
 *
 * `node --import tsx scripts/longFunctions.ts [limit]` prints them, longest
 * first. scripts/longFunctions.test.ts fails when a function outside the
 * allow-list (scripts/longFunctions.allowed.json) grows over the limit, when
 * one on the list grows, and when the list names one no longer over it;
 * `node --import tsx scripts/longFunctions.ts --shrink` brings the list down
 * to what is found. See docs/ARCHITECTURE.md "Function length".
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** The longest a function may be, in lines, unless the allow-list names it. */
export const LINE_LIMIT = 80;

/** A function over the limit. */
export interface LongFunction {
  /** Path from the repository's root, with forward slashes. */
  file: string;
  /** The function's name as a reader finds it: `Class.method`, `outer > inner`, or `(anonymous)`. */
  name: string;
  /** First line, 1-based. */
  line: number;
  /** Lines from the first to the last, both counted. */
  lines: number;
}

/**
 * Files that are not counted: unit tests, journeys and the test suites' own folders (a
 * journey reads best as one `describe`), type declarations, locale catalogues and application texts.
 */
const EXCLUDED = [/\.(test|spec)\.tsx?$/, /(^|\/)test\//, /\.d\.ts$/, /\/i18n\/locales\//, /^apps\/[^/]+\/src\/texts\//];

/** Whether a repository path is a source file whose functions are counted. */
export function isCounted(file: string): boolean {
  return /\.tsx?$/.test(file) && !EXCLUDED.some((pattern) => pattern.test(file));
}

/** The TypeScript sources tracked by git (and new files not yet added), as repository paths. */
export function sourceFiles(repo: string): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.ts', '*.tsx'], { cwd: repo, encoding: 'utf8' });
  return [...new Set(out.split('\n').filter(Boolean))].filter((file) => isCounted(file) && fs.existsSync(path.join(repo, file))).sort();
}

/** The name of a function node by where it stands: its own name, the variable, property or class member it is assigned to. */
function ownName(node: ts.Node): string | undefined {
  const named = node as ts.Node & { name?: ts.Node };
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (named.name && (ts.isIdentifier(named.name) || ts.isStringLiteral(named.name) || ts.isPrivateIdentifier(named.name))) return named.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name) ? parent.name.text : undefined;
  }
  if (ts.isCallExpression(parent) && ts.isIdentifier(parent.expression)) return `${parent.expression.text}(…)`;
  if (ts.isCallExpression(parent) && ts.isPropertyAccessExpression(parent.expression)) return `${parent.expression.name.text}(…)`;
  return undefined;
}

/** `Class.member` for a class's members, the own name otherwise. */
function qualifiedName(node: ts.Node): string {
  const name = ownName(node) ?? '(anonymous)';
  const parent = node.parent;
  if ((ts.isClassDeclaration(parent) || ts.isClassExpression(parent)) && parent.name) return `${parent.name.text}.${name}`;
  return name;
}

/** The functions of one source text longer than `limit` lines, in the order they appear. */
export function longFunctionsIn(file: string, text: string, limit: number = LINE_LIMIT): LongFunction[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node, outer: string[]): void => {
    let inner = outer;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const name = [...outer, qualifiedName(node)].join(' > ');
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit) found.push({ file, name, line: first + 1, lines });
      inner = [...outer, qualifiedName(node)];
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(source, []);
  return found;
}

/** Every function over `limit` lines in the repository, longest first. */
export function findLongFunctions(repo: string, limit: number = LINE_LIMIT): LongFunction[] {
  return sourceFiles(repo)
    .flatMap((file) => longFunctionsIn(file, fs.readFileSync(path.join(repo, file), 'utf8'), limit))
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
}

/** The allow-list's key of a function: its file and name, which stay put when lines above it move. */
export function functionKey(fn: Pick<LongFunction, 'file' | 'name'>): string {
  return `${fn.file}#${fn.name}`;
}

/** Where the allow-list is, from the repository's root. */
const ALLOW_LIST = 'scripts/longFunctions.allowed.json';

/** The allow-list: functions still over the limit, each with the length it may not exceed. */
export function readAllowList(repo: string): Record<string, number> {
  return JSON.parse(fs.readFileSync(path.join(repo, ALLOW_LIST), 'utf8')) as Record<string, number>;
}

/** What breaks the rule: a function over the limit not on the list, or longer than the list allows. */
export function violations(found: LongFunction[], allowed: Record<string, number>): string[] {
  return found.flatMap((fn) => {
    const most = allowed[functionKey(fn)];
    if (most === undefined) return [`${fn.file}:${fn.line} ${fn.name} has ${fn.lines} lines (the limit is ${LINE_LIMIT})`];
    if (fn.lines > most) return [`${fn.file}:${fn.line} ${fn.name} grew to ${fn.lines} lines (allowed: ${most}, and it should shrink)`];
    return [];
  });
}

/**
 * The allow-list brought down to what is found: entries no longer over the limit leave it and the
 * others take their present length. It never adds a function nor raises a length.
 */
export function shrunkAllowList(found: LongFunction[], allowed: Record<string, number>): Record<string, number> {
  const shrunk: Record<string, number> = {};
  for (const fn of found) {
    const key = functionKey(fn);
    const most = allowed[key];
    if (most !== undefined) shrunk[key] = Math.min(most, Math.max(fn.lines, shrunk[key] ?? 0));
  }
  return Object.fromEntries(Object.entries(shrunk).sort(([a], [b]) => a.localeCompare(b)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const repo = path.resolve(import.meta.dirname, '..');
  const args = process.argv.slice(2);
  if (args.includes('--shrink')) {
    const shrunk = shrunkAllowList(findLongFunctions(repo), readAllowList(repo));
    fs.writeFileSync(path.join(repo, ALLOW_LIST), `${JSON.stringify(shrunk, null, 2)}\n`);
    console.log(`${ALLOW_LIST}: ${Object.keys(shrunk).length} functions`);
  } else {
    const limit = Number(args[0] ?? LINE_LIMIT);
    const found = findLongFunctions(repo, limit);
    for (const fn of found) console.log(`${String(fn.lines).padStart(4)}  ${fn.file}:${fn.line}  ${fn.name}`);
    console.log(`${found.length} functions over ${limit} lines`);
  }
}
