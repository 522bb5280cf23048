// @module-tag embedded-only
import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/args.js';
import type { CliContext, OpenedContext } from '../../src/cli/context.js';
import { COMMANDS, runCli } from '../../src/cli/runCli.js';
import { VERSION } from '../../src/version.js';
import { memoryIo } from './cliHarness.js';

/** Runs a command line with a context that must not be needed, or the given one. */
async function run(argv: string[], ctx?: Partial<CliContext>) {
  const io = memoryIo();
  let opened = 0;
  let closed = 0;
  const code = await runCli(argv, io, () => {
    opened++;
    if (!ctx) return Promise.reject(new Error('the context should not be opened'));
    return Promise.resolve({ ...ctx, close: async () => void closed++ } as unknown as OpenedContext);
  });
  return { code, stdout: io.out.join('\n'), stderr: io.err.join('\n'), opened, closed };
}

describe('atrium command dispatch', () => {
  it.each([['help'], ['--help'], ['-h']])('prints the overall usage for %s', async (arg) => {
    const r = await run([arg]);
    expect(r).toMatchObject({ code: 0, stderr: '', opened: 0 });
    expect(r.stdout).toMatch(/^Usage: atrium <command> \[arguments\] \[options\]/);
    for (const c of COMMANDS) expect(r.stdout).toContain(`  ${c.group} ${c.name} `);
    expect(r.stdout).toContain('Exit codes: 0 done, 1 failed');
  });

  it('prints the usage on standard error and exits 2 without a command', async () => {
    const r = await run([]);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toMatch(/^Usage: atrium <command>/);
  });

  it('prints the usage of a command for `help <command>` and `<command> --help`', async () => {
    for (const argv of [['help', 'user', 'create'], ['user', 'create', '--help'], ['user', 'create', 'alice', '-h', '--bogus']]) {
      const r = await run(argv);
      expect(r).toMatchObject({ code: 0, stderr: '', opened: 0 });
      expect(r.stdout).toMatch(/^Usage: atrium user create <username> --email <address> \[options\]/);
      expect(r.stdout).toContain('--password-stdin');
    }
  });

  it('prints the usage of a group', async () => {
    for (const argv of [['help', 'org'], ['org', '--help']]) {
      const r = await run(argv);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Usage: atrium org <command>/);
      expect(r.stdout).toContain('org remove-user');
      expect(r.stdout).not.toContain('user create');
    }
  });

  it('has a usage for every command that names its options', async () => {
    for (const c of COMMANDS) {
      const r = await run(['help', c.group, c.name]);
      expect(r.code).toBe(0);
      for (const name of Object.keys(c.options)) expect(r.stdout).toContain(`--${name}`);
    }
  });

  it('prints the version', async () => {
    expect(await run(['--version'])).toMatchObject({ code: 0, stdout: `atrium ${VERSION}` });
  });

  it.each([
    [['frobnicate'], "error: unknown command 'frobnicate'", 'Usage: atrium <command>'],
    [['toString'], "error: unknown command 'toString'", 'Usage: atrium <command>'],
    [['constructor', 'list'], "error: unknown command 'constructor'", 'Usage: atrium <command>'],
    [['help', '__proto__'], "error: unknown command '__proto__'", 'Usage: atrium <command>'],
    [['user'], 'error: missing the user command', 'Usage: atrium user <command>'],
    [['user', 'delete', 'alice'], "error: unknown command 'user delete'", 'Usage: atrium user <command>'],
    [['help', 'user', 'delete'], "error: unknown command 'user delete'", 'Usage: atrium <command>'],
    [['user', 'list', '--format', 'csv'], 'error: unknown option --format', 'Usage: atrium user list [options]'],
    [['user', 'list', 'extra'], "error: unexpected argument 'extra'", 'Usage: atrium user list [options]'],
    [['user', 'disable'], 'error: missing <username>', 'Usage: atrium user disable <username>'],
    [['app', 'grant', 'Chat'], 'error: missing <username>', 'Usage: atrium app grant <app> <username>'],
    [['user', 'create', 'alice', '--email', '--json'], "error: option --email needs a value (for a value starting with '-', write --email=VALUE)", 'Usage: atrium user create'],
  ])('rejects %j with a message and usage, exit code 2, without opening the database', async (argv, message, usage) => {
    const r = await run(argv);
    expect(r).toMatchObject({ code: 2, stdout: '', opened: 0 });
    expect(r.stderr.startsWith(message)).toBe(true);
    expect(r.stderr).toContain(usage);
  });

  it('reports an unexpected failure with exit code 1 and still closes the context', async () => {
    const ctx = { stores: { users: { list: () => Promise.reject(new Error('connection lost')) } } } as unknown as CliContext;
    const r = await run(['user', 'list'], ctx);
    expect(r).toMatchObject({ code: 1, stdout: '', opened: 1, closed: 1 });
    expect(r.stderr).toMatch(/^Unexpected error in 'atrium user list': Error: connection lost/);
  });

  it('reports a context that cannot be opened', async () => {
    const io = memoryIo();
    const code = await runCli(['user', 'list'], io, () => Promise.reject(new CliError('The data folder /x is in use by a running Atrium server.')));
    expect(code).toBe(1);
    expect(io.err).toEqual(['The data folder /x is in use by a running Atrium server.']);
  });
});
