import { hasUnstorableText } from '../api/text.js';
import type { ChildField, Entity, Field } from './declaration.js';
import { sanitiseRichText } from './richText.js';
import { computeValue, dayOf, isEmptyValue, isHidden, type EvaluationContext } from './evaluate.js';

/**
 * A record's values checked against its entity's declaration, the same in
 * the form and on the server (docs/APPLICATIONS.md, "Field types"): each
 * value normalised (blank text is no value, text trimmed, dates as days),
 * computed fields filled in, hidden fields cleared, and every problem named
 * by field with a code the client translates. The server adds what only it
 * can know (a user of the organisation, a linked record, a unique value).
 */

/** Longest text of each text type when its field declares no maxLength. */
export const TEXT_MAX_LENGTH = { text: 200, longText: 10_000, richText: 100_000, email: 254, url: 2_000, phone: 30 } as const;
/** Most attachments in one file field. */
export const FILES_PER_FIELD_MAX = 50;

export const VALUE_PROBLEMS = [
  'required',
  'type',
  'min',
  'max',
  'minLength',
  'maxLength',
  'pattern',
  'choice',
  'email',
  'url',
  'phone',
  'date',
  'datetime',
  'integer',
  'minRows',
  'maxRows',
  'unknownField',
  'readOnly',
  'unique',
  'user',
  'link',
  'file',
  /** A row of an import the caller may not create (outside their create scope): the problem of the row as a whole, under `*`. */
  'scope',
  /** A workflow's state field given a value: only its transitions change it (docs/behaviour/workflows.md). */
  'workflow',
] as const;
export type ValueProblemCode = (typeof VALUE_PROBLEMS)[number];

/** What is wrong with one field's value; `params` fill the translated text's placeholders. */
export interface ValueProblem {
  code: ValueProblemCode;
  params?: Record<string, string>;
}

/** An attachment as a file field holds it. */
export interface FileRef {
  id: string;
  name: string;
}

export interface CheckedValues {
  /** The normalised values of every field of the entity (null where none). */
  values: Record<string, unknown>;
  /** By field key (a child table's problem as `table.3.field`, its row counted from 0). */
  problems: Record<string, ValueProblem>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()\-.]{3,30}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(ms) && dayOf(ms) === text && text >= '1900-01-01' && text <= '9999-12-31';
}

/** An http(s) address with a host (the shared package runs where URL may not be typed, so by pattern). */
const URL_PATTERN = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i;
function isUrl(text: string): boolean {
  return URL_PATTERN.test(text);
}

/** A pattern compiled once per text (declarations are checked at install, so it compiles). */
const patterns = new Map<string, RegExp | null>();
function patternOf(source: string): RegExp | null {
  if (!patterns.has(source)) {
    let re: RegExp | null;
    try {
      re = new RegExp(`^(?:${source})$`, 'u');
    } catch {
      re = null;
    }
    if (patterns.size > 500) patterns.clear();
    patterns.set(source, re);
  }
  return patterns.get(source) ?? null;
}

type Normalised = { value: unknown; problem?: ValueProblem };

function textValue(field: Field | ChildField, raw: unknown): Normalised {
  if (typeof raw !== 'string') return { value: null, problem: { code: 'type' } };
  if (hasUnstorableText(raw)) return { value: null, problem: { code: 'type' } };
  // Rich text keeps only safe markup (richText.ts), whoever sent it.
  const value = field.type === 'richText' ? sanitiseRichText(raw).trim() : field.type === 'longText' ? raw.replace(/\s+$/u, '') : raw.trim();
  if (value === '') return { value: null };
  const declaredMax = 'maxLength' in field ? field.maxLength : undefined;
  const max = declaredMax ?? TEXT_MAX_LENGTH[field.type as keyof typeof TEXT_MAX_LENGTH] ?? 200;
  if (value.length > max) return { value, problem: { code: 'maxLength', params: { max: String(max) } } };
  if ('minLength' in field && field.minLength !== undefined && value.length < field.minLength) return { value, problem: { code: 'minLength', params: { min: String(field.minLength) } } };
  if (field.type === 'email' && !EMAIL.test(value)) return { value, problem: { code: 'email' } };
  if (field.type === 'url' && !isUrl(value)) return { value, problem: { code: 'url' } };
  if (field.type === 'phone' && !PHONE.test(value)) return { value, problem: { code: 'phone' } };
  if ('pattern' in field && field.pattern !== undefined) {
    const re = patternOf(field.pattern);
    if (re !== null && !re.test(value)) return { value, problem: { code: 'pattern' } };
  }
  return { value };
}

function numberValue(field: Field | ChildField, raw: unknown): Normalised {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return { value: null, problem: { code: 'type' } };
  let value = raw;
  if (field.type === 'decimal') value = Number(raw.toFixed(field.scale ?? 2));
  if ((field.type === 'number' && field.integer) || field.type === 'duration' || field.type === 'rating') {
    if (!Number.isInteger(value)) return { value, problem: { code: 'integer' } };
  }
  const min = field.type === 'rating' ? 0 : 'min' in field && typeof field.min === 'number' ? field.min : field.type === 'duration' ? 0 : undefined;
  const max = field.type === 'rating' ? (field.max ?? 5) : 'max' in field && typeof field.max === 'number' ? field.max : undefined;
  if (min !== undefined && value < min) return { value, problem: { code: 'min', params: { min: String(min) } } };
  if (max !== undefined && value > max) return { value, problem: { code: 'max', params: { max: String(max) } } };
  return { value };
}

function dateValue(field: Field | ChildField, raw: unknown): Normalised {
  if (typeof raw !== 'string') return { value: null, problem: { code: field.type === 'date' ? 'date' : 'datetime' } };
  if (raw.trim() === '') return { value: null };
  let value: string;
  if (field.type === 'date') {
    if (!isDay(raw)) return { value: null, problem: { code: 'date' } };
    value = raw;
  } else {
    const ms = Date.parse(raw);
    if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}T/.test(raw) || !isDay(raw.slice(0, 10))) return { value: null, problem: { code: 'datetime' } };
    value = new Date(ms).toISOString();
  }
  const limits = field as { min?: string; max?: string };
  const bound = (b: string | undefined) => (b === undefined || Number.isNaN(Date.parse(b)) ? undefined : field.type === 'date' ? b : new Date(Date.parse(b)).toISOString());
  const [min, max] = [bound(limits.min), bound(limits.max)];
  if (min !== undefined && value < min) return { value, problem: { code: 'min', params: { min: limits.min! } } };
  if (max !== undefined && value > max) return { value, problem: { code: 'max', params: { max: limits.max! } } };
  return { value };
}

function choiceValue(field: Extract<Field, { type: 'choice' | 'multiChoice' }>, raw: unknown): Normalised {
  const known = (v: unknown) => typeof v === 'string' && field.choices.some((c) => c.value === v);
  if (field.type === 'choice') {
    if (raw === '') return { value: null };
    return known(raw) ? { value: raw } : { value: null, problem: { code: 'choice' } };
  }
  if (!Array.isArray(raw)) return { value: null, problem: { code: 'type' } };
  if (!raw.every(known)) return { value: null, problem: { code: 'choice' } };
  // Kept in the declaration's order, each once.
  const value = field.choices.map((c) => c.value).filter((v) => raw.includes(v));
  return { value: value.length === 0 ? null : value };
}

function fileValue(field: Extract<Field, { type: 'file' }>, raw: unknown): Normalised {
  if (!Array.isArray(raw)) return { value: null, problem: { code: 'type' } };
  const ok = raw.every((f) => typeof f === 'object' && f !== null && typeof (f as FileRef).id === 'string' && typeof (f as FileRef).name === 'string' && (f as FileRef).id.length <= 100 && (f as FileRef).name.length <= 255);
  if (!ok) return { value: null, problem: { code: 'file' } };
  if (raw.length > (field.multiple ? FILES_PER_FIELD_MAX : 1)) return { value: null, problem: { code: 'maxRows', params: { max: String(field.multiple ? FILES_PER_FIELD_MAX : 1) } } };
  const value = (raw as FileRef[]).map((f) => ({ id: f.id, name: f.name }));
  return { value: value.length === 0 ? null : value };
}

/** One value normalised and checked by its field's type (not required-ness, which depends on the whole record). */
export function normaliseValue(field: Field | ChildField, raw: unknown): Normalised {
  if (raw === null || raw === undefined) return { value: null };
  switch (field.type) {
    case 'text':
    case 'longText':
    case 'richText':
    case 'email':
    case 'url':
    case 'phone':
      return textValue(field, raw);
    case 'number':
    case 'decimal':
    case 'percent':
    case 'duration':
    case 'rating':
      return numberValue(field, raw);
    case 'date':
    case 'datetime':
      return dateValue(field, raw);
    case 'boolean':
      return typeof raw === 'boolean' ? { value: raw } : { value: null, problem: { code: 'type' } };
    case 'choice':
    case 'multiChoice':
      return choiceValue(field, raw);
    case 'user':
    case 'link':
      if (typeof raw !== 'string' || raw.length > 140 || hasUnstorableText(raw)) return { value: null, problem: { code: 'type' } };
      return { value: raw.trim() === '' ? null : raw.trim() };
    case 'file':
      return fileValue(field, raw);
    case 'table':
      return { value: raw };
  }
}

function checkRows(field: Extract<Field, { type: 'table' }>, key: string, raw: unknown, problems: Record<string, ValueProblem>): unknown[] | null {
  if (!Array.isArray(raw)) {
    problems[key] = { code: 'type' };
    return null;
  }
  const max = field.maxRows ?? 500;
  if (raw.length > max) problems[key] = { code: 'maxRows', params: { max: String(max) } };
  if (field.minRows !== undefined && raw.length < field.minRows) problems[key] = { code: 'minRows', params: { min: String(field.minRows) } };
  return raw.slice(0, max).map((row, i) => {
    const out: Record<string, unknown> = {};
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      problems[`${key}.${i}`] = { code: 'type' };
      return out;
    }
    for (const name of Object.keys(row)) if (!Object.hasOwn(field.fields, name)) problems[`${key}.${i}.${name}`] = { code: 'unknownField' };
    for (const [name, child] of Object.entries(field.fields)) {
      const { value, problem } = normaliseValue(child, (row as Record<string, unknown>)[name]);
      out[name] = value;
      if (problem) problems[`${key}.${i}.${name}`] = problem;
      else if (child.required && isEmptyValue(value)) problems[`${key}.${i}.${name}`] = { code: 'required' };
    }
    return out;
  });
}

/**
 * Checks a whole record's values: every key must be a field of the entity;
 * each value is normalised by its type; computed fields are computed;
 * hidden fields (by their hidden-when) are cleared and not required; a
 * required field must have a value. Returns the values of every field.
 */
export function checkValues(entity: Pick<Entity, 'fields'>, input: Readonly<Record<string, unknown>>, ctx: EvaluationContext): CheckedValues {
  const problems: Record<string, ValueProblem> = {};
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(input)) if (!Object.hasOwn(entity.fields, key)) problems[key] = { code: 'unknownField' };
  for (const [key, field] of Object.entries(entity.fields)) {
    const raw = Object.hasOwn(input, key) ? input[key] : null;
    if (field.type === 'table') {
      values[key] = raw === null || raw === undefined ? [] : checkRows(field, key, raw, problems);
      continue;
    }
    const { value, problem } = normaliseValue(field, raw);
    values[key] = value;
    if (problem) problems[key] = problem;
  }
  for (const [key, field] of Object.entries(entity.fields)) {
    if ('computed' in field && field.computed !== undefined) values[key] = computeValue(field, values);
  }
  for (const [key, field] of Object.entries(entity.fields)) {
    if (isHidden(field, values, entity.fields, ctx)) {
      values[key] = field.type === 'table' ? [] : null;
      delete problems[key];
      continue;
    }
    if (field.required && problems[key] === undefined && isEmptyValue(values[key]) && !('computed' in field && field.computed !== undefined)) problems[key] = { code: 'required' };
  }
  return { values, problems };
}

/** The values a new record starts with: each field's default (`today`, `me`), else nothing. */
export function defaultValues(entity: Pick<Entity, 'fields'>, ctx: EvaluationContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(entity.fields)) {
    const d = 'default' in field ? field.default : undefined;
    if (d === undefined) out[key] = field.type === 'table' ? [] : null;
    else if (d === 'today' && field.type === 'date') out[key] = dayOf(ctx.now);
    else if (d === 'today' && field.type === 'datetime') out[key] = new Date(ctx.now).toISOString();
    else if (d === 'me' && field.type === 'user') out[key] = ctx.userId;
    else out[key] = d;
  }
  return out;
}
