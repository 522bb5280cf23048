/**
 * Command specifications and their argument parsing (node:util parseArgs,
 * strict), plus the errors a command raises. A UsageError means the command
 * line itself is wrong (exit 2, usage shown); a CliError means the command
 * was understood but could not be carried out (exit 1 by default).
 */
import { parseArgs } from 'node:util';
import type { CliContext } from './context.js';
import type { CliIo } from './io.js';

/** An expected failure: its message is printed as is, without a stack trace. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** A malformed command line: printed with the command's usage, exit code 2. */
export class UsageError extends CliError {
  override name = 'UsageError';
  constructor(message: string) {
    super(message, 2);
  }
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** Placeholder shown in the usage, e.g. 'address' for `--email <address>`. */
  arg?: string;
  help: string;
  required?: boolean;
  /** May be given several times; collected in order. */
  multiple?: boolean;
}

/** One subcommand: `atrium <group> <name> <positionals...> [--options]`. */
export interface CommandSpec {
  group: string;
  name: string;
  summary: string;
  /** Longer explanation shown under the usage line. */
  description?: string;
  /** Names of the positional arguments, all required, in order. */
  positionals: readonly string[];
  options: Readonly<Record<string, OptionSpec>>;
  /** Example invocations (without the leading `atrium`). */
  examples?: readonly string[];
  /** Checks of the values that need no database; runs before the database is opened. */
  validate?(args: Args): void;
  run(ctx: CliContext, args: Args, io: CliIo): Promise<void>;
}

/** The parsed arguments of one command; option names are checked against its spec. */
export class Args {
  constructor(
    private readonly spec: CommandSpec,
    readonly positionals: readonly string[],
    private readonly values: Readonly<Record<string, string | boolean | Array<string | boolean> | undefined>>,
  ) {}

  private option(name: string, type: OptionSpec['type']) {
    const option = this.spec.options[name];
    if (option?.type !== type) throw new Error(`${this.spec.group} ${this.spec.name} has no ${type} option --${name}`);
    return { option, value: this.values[name] };
  }

  /** The positional argument at an index (present: parsing checked the count). */
  positional(index: number): string {
    const value = this.positionals[index];
    if (value === undefined) throw new Error(`no positional argument ${index}`);
    return value;
  }

  string(name: string): string | undefined {
    const { value } = this.option(name, 'string');
    return typeof value === 'string' ? value : undefined;
  }

  /** A required string option (parsing checked its presence). */
  required(name: string): string {
    const value = this.string(name);
    if (value === undefined) throw new Error(`--${name} is not required by its spec`);
    return value;
  }

  /** Every value of a repeatable option, in order. */
  strings(name: string): string[] {
    const { value } = this.option(name, 'string');
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
    return typeof value === 'string' ? [value] : [];
  }

  flag(name: string): boolean {
    return this.option(name, 'boolean').value === true;
  }
}

/** Turns Node's parseArgs messages into short ones. */
function describeParseError(e: NodeJS.ErrnoException): string {
  const option = /'(-{1,2}[^' ]+)/.exec(e.message)?.[1] ?? '';
  switch (e.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (e.message.includes('does not take an argument')) return `option ${option} takes no value`;
      if (e.message.includes('ambiguous')) return `option ${option} needs a value (for a value starting with '-', write ${option}=VALUE)`;
      return `option ${option} needs a value`;
    default:
      return e.message;
  }
}

/** True when the arguments ask for help (before any `--` terminator). */
export function wantsHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** Parses a command's arguments strictly; throws UsageError for anything off-spec. */
export function parseCommandArgs(spec: CommandSpec, argv: readonly string[]): Args {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: Object.fromEntries(Object.entries(spec.options).map(([name, o]) => [name, { type: o.type, multiple: o.multiple ?? false }])),
      strict: true,
      allowPositionals: true,
    });
  } catch (e) {
    throw new UsageError(describeParseError(e as NodeJS.ErrnoException));
  }
  const { positionals, values } = parsed;
  if (positionals.length < spec.positionals.length) {
    throw new UsageError(`missing <${spec.positionals.slice(positionals.length).join('> <')}>`);
  }
  if (positionals.length > spec.positionals.length) {
    throw new UsageError(`unexpected argument '${positionals[spec.positionals.length]}'`);
  }
  for (const [index, value] of positionals.entries()) {
    if (value.trim() === '') throw new UsageError(`<${spec.positionals[index]}> must not be empty`);
  }
  for (const [name, option] of Object.entries(spec.options)) {
    const value = values[name];
    if (option.required && value === undefined) throw new UsageError(`missing required option --${name}`);
    const given = Array.isArray(value) ? value : [value];
    if (option.type === 'string' && given.some((v) => typeof v === 'string' && v.trim() === '')) {
      throw new UsageError(`option --${name} needs a non-empty value`);
    }
  }
  return new Args(spec, positionals, values);
}

/** The usage text of one command, generated from its spec. */
export function commandUsage(spec: CommandSpec): string {
  const required = Object.entries(spec.options)
    .filter(([, o]) => o.required)
    .map(([name, o]) => `--${name} <${o.arg ?? 'value'}>`);
  const hasOptional = Object.values(spec.options).some((o) => !o.required);
  const line = ['atrium', spec.group, spec.name, ...spec.positionals.map((p) => `<${p}>`), ...required, ...(hasOptional ? ['[options]'] : [])];
  const lines = [`Usage: ${line.join(' ')}`, '', spec.description ?? spec.summary];
  const options = Object.entries(spec.options).map(([name, o]) => {
    const left = `--${name}${o.type === 'string' ? ` <${o.arg ?? 'value'}>` : ''}`;
    const notes = [o.required ? 'required' : '', o.multiple ? 'repeatable' : ''].filter(Boolean).join(', ');
    return `  ${left.padEnd(30)} ${o.help}${notes ? ` (${notes})` : ''}`;
  });
  options.push(`  ${'--help'.padEnd(30)} show this help`);
  lines.push('', 'Options:', ...options);
  if (spec.examples?.length) lines.push('', 'Examples:', ...spec.examples.map((e) => `  atrium ${e}`));
  return lines.join('\n');
}
