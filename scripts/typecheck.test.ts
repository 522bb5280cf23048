import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * `npm run typecheck` (scripts/typecheck.sh) checks one program per
 * environment, the tsconfig.<environment>.json files at the top, instead of
 * each workspace's tsconfig.json. These tests keep the two in step: every
 * file a workspace's tsconfig.json holds is in one program, and that
 * program checks it with the workspace's own options.
 */
const repo = path.resolve(import.meta.dirname, '..');

function parse(configFile: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(configFile, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`cannot read ${configFile}`);
  return parsed;
}

/** The folders of the workspaces named in the top package.json (one level of `*`). */
function workspaces(): string[] {
  const { workspaces: patterns } = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { workspaces: string[] };
  return patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return fs
      .readdirSync(path.join(repo, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`);
  });
}

/** The options that decide what a check accepts; where the config file lives is not one of them. */
function checkOptions(options: ts.CompilerOptions, hasTsx: boolean): ts.CompilerOptions {
  const { configFilePath: _configFilePath, jsx, ...rest } = options;
  // jsx only matters to .tsx files: a workspace without any may be checked in a program that allows them.
  return hasTsx ? { ...rest, jsx } : rest;
}

const programs = fs
  .readdirSync(repo)
  .filter((name) => /^tsconfig\.[a-z-]+\.json$/.test(name) && name !== 'tsconfig.base.json')
  .map((name) => ({ name, parsed: parse(path.join(repo, name)) }));

const checked = workspaces().filter((folder) => fs.existsSync(path.join(repo, folder, 'tsconfig.json')));

describe('the type check programs', () => {
  it('are found', () => {
    expect(programs.map((program) => program.name)).toContain('tsconfig.browser.json');
    expect(checked).toContain('packages/server');
  });

  it.each(checked)('hold every file of %s, in one program, with its own options', (folder) => {
    const own = parse(path.join(repo, folder, 'tsconfig.json'));
    expect(own.fileNames.length).toBeGreaterThan(0);
    const holders = programs.filter((program) => own.fileNames.every((file) => program.parsed.fileNames.includes(file)));
    const partly = programs.filter((program) => own.fileNames.some((file) => program.parsed.fileNames.includes(file)));
    expect(
      holders.map((program) => program.name),
      `the program holding every file of ${folder} (some are in ${partly.map((program) => program.name).join(', ') || 'none'})`,
    ).toHaveLength(1);
    const [holder] = holders;
    const hasTsx = own.fileNames.some((file) => file.endsWith('.tsx'));
    expect(checkOptions(holder!.parsed.options, hasTsx)).toEqual(checkOptions(own.options, hasTsx));
  });
});
