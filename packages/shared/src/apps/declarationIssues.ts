import type * as z from 'zod/mini';

/**
 * The schema's complaints about a declaration turned into problems an
 * author can act on: each at its dotted path (`entities.risk.fields.score.max`)
 * with a sentence naming what was expected, never zod's "Invalid input".
 */

/** One thing wrong with a declaration, where it is. `path` is '' for the declaration as a whole. */
export interface DeclarationProblem {
  path: string;
  message: string;
}

/** `path: message`, or the message alone for the declaration as a whole. */
export function formatProblem(problem: DeclarationProblem): string {
  return problem.path === '' ? problem.message : `${problem.path}: ${problem.message}`;
}

type Issue = z.core.$ZodIssue;
type Path = ReadonlyArray<PropertyKey>;

/** zod's own message when a check was given none. */
const DEFAULT_MESSAGE = 'Invalid input';

export const joinPath = (path: Path): string => path.map(String).join('.');

const quote = (v: unknown): string => (typeof v === 'string' ? `'${v}'` : String(v));

function valueAt(input: unknown, path: Path): unknown {
  let at = input;
  for (const part of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[part];
  }
  return at;
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  tuple: 'a list',
  record: 'an object',
  null: 'null',
};

function sizeMessage(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): string {
  const small = issue.code === 'too_small';
  const bound = Number(small ? (issue as { minimum: number | bigint }).minimum : (issue as { maximum: number | bigint }).maximum);
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      return `must have ${small ? 'at least' : 'at most'} ${bound} character${bound === 1 ? '' : 's'}`;
    case 'array':
    case 'set':
      return small ? `must hold at least ${bound} item${bound === 1 ? '' : 's'}` : `must hold at most ${bound} item${bound === 1 ? '' : 's'}`;
    default:
      if (inclusive) return `must be ${small ? 'at least' : 'at most'} ${bound}`;
      return `must be ${small ? 'greater' : 'less'} than ${bound}`;
  }
}

/**
 * A union's complaint: when one form's keys were recognised (an object union
 * such as a naming rule or a computed value), the problems of that form;
 * when none were, the keys each form starts with; else what each form wanted.
 */
function unionProblems(issue: Extract<Issue, { code: 'invalid_union' }>, input: unknown, base: Path): DeclarationProblem[] {
  const here = joinPath(base);
  if ('note' in issue && issue.note === 'No matching discriminator') {
    const discriminator = String((issue as { discriminator?: string }).discriminator ?? base.at(-1) ?? 'type');
    const options = ((issue as { options?: unknown[] }).options ?? []).map(String).join(', ');
    const value = valueAt(input, base);
    const what = discriminator === 'type' ? 'field type' : discriminator;
    if (value === undefined) return [{ path: here, message: `is required; use one of ${options}` }];
    return [{ path: here, message: `unknown ${what} ${quote(value)}; use one of ${options}` }];
  }
  const branches = issue.errors;
  // A form whose complaints are all inside it is the one meant (its keys were recognised).
  const matching = branches.filter((errors) => errors.every((e) => e.path.length > 0));
  if (matching.length === 1) return matching[0]!.flatMap((e) => issueProblems(e, input, [...base, ...e.path]));
  const objectForms = branches.every((errors) => errors.some((e) => e.code === 'unrecognized_keys' && e.path.length === 0));
  if (objectForms && branches.length > 0) {
    const keys = branches.map((errors) => errors.find((e) => e.path.length === 1)?.path[0]).filter((k) => k !== undefined);
    if (keys.length === branches.length) return [{ path: here, message: `must have exactly one of the keys ${keys.map(String).join(', ')}` }];
  }
  const wanted = [...new Set(branches.map((errors) => (errors[0] ? issueProblems(errors[0], input, [...base, ...errors[0].path])[0]?.message : undefined)).filter((m) => m !== undefined))];
  return [{ path: here, message: wanted.length === 0 ? 'does not match any allowed form' : wanted.map((m, i) => (i === 0 ? m : m.replace(/^must be /, ''))).join(' or ') }];
}

/** The problems of one issue (a union's or a key's may hold several). */
function issueProblems(issue: Issue, input: unknown, path: Path): DeclarationProblem[] {
  const here = joinPath(path);
  const own = issue.message !== DEFAULT_MESSAGE && issue.message !== '' ? issue.message : undefined;
  switch (issue.code) {
    case 'invalid_type': {
      if (valueAt(input, path) === undefined) return [{ path: here, message: 'is required' }];
      return [{ path: here, message: own ?? `must be ${TYPE_NAMES[issue.expected] ?? `a ${issue.expected}`}` }];
    }
    case 'too_small':
    case 'too_big':
      return [{ path: here, message: own ?? sizeMessage(issue) }];
    case 'invalid_format':
      return [{ path: here, message: own ?? `must match ${(issue as { pattern?: string }).pattern ?? issue.format}` }];
    case 'not_multiple_of':
      return [{ path: here, message: own ?? `must be a multiple of ${String(issue.divisor)}` }];
    case 'invalid_value':
      if (own) return [{ path: here, message: own }];
      return [{ path: here, message: issue.values.length === 1 ? `must be ${quote(issue.values[0])}` : `must be one of ${issue.values.map(quote).join(', ')}` }];
    case 'unrecognized_keys':
      return issue.keys.map((k) => ({ path: here, message: `unknown key '${k}'` }));
    case 'invalid_key':
      return issue.issues.map((inner) => ({ path: here, message: `is not an allowed key: ${issueProblems(inner as Issue, undefined, [])[0]?.message ?? 'invalid'}` }));
    case 'invalid_element':
      return issue.issues.flatMap((inner) => issueProblems(inner as Issue, input, [...path, ...inner.path]));
    case 'invalid_union':
      return unionProblems(issue, input, path);
    case 'custom':
      return [{ path: here, message: own ?? 'is not allowed here' }];
  }
}

/** Every issue of a failed parse of `input` as problems, in the schema's order. */
export function problemsOfIssues(issues: readonly Issue[], input: unknown): DeclarationProblem[] {
  return issues.flatMap((issue) => issueProblems(issue, input, issue.path));
}
