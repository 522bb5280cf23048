import { RecordFilter, type AppDeclaration, type DatePart } from '@atrium/shared/apps';

/**
 * The list a launch asks for (apps/records/README.md, "Launching"): an
 * entity, or a dataset (a dashboard's drill to the records behind a figure,
 * docs/behaviour/dashboards.md#drill-down), and filters. A dataset's
 * filters name its dimensions: each becomes a filter of the dimension's
 * field, and a date part's key (`2026-Q3`) the days it spans.
 */
export interface ListRequest {
  dataset: string | null;
  entity: string | null;
  filters: readonly unknown[];
}

/** The list the launch arguments ask for, or null when they ask for none. */
export function listRequestOf(args: Readonly<Record<string, unknown>>): ListRequest | null {
  const text = (key: string) => (typeof args[key] === 'string' && args[key] !== '' ? (args[key] as string) : null);
  const request = { dataset: text('dataset'), entity: text('entity'), filters: Array.isArray(args.filters) ? (args.filters as unknown[]) : [] };
  return request.dataset === null && request.entity === null ? null : request;
}

const pad = (n: number) => String(n).padStart(2, '0');
const day = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The first and last day (YYYY-MM-DD) of a date part's key, or null when the key is not one of that part. */
export function daysOfDateKey(part: DatePart, key: string): [string, string] | null {
  const match = /^(\d{4})(?:-(Q[1-4]|W\d{2}|\d{2})(?:-(\d{2}))?)?$/.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  const span = (from: Date, to: Date): [string, string] => [day(from), day(to)];
  const utc = (month: number, date: number) => new Date(Date.UTC(year, month, date));
  const middle = match[2];
  if (part === 'year' && middle === undefined) return span(utc(0, 1), utc(11, 31));
  if (part === 'quarter' && middle?.startsWith('Q')) {
    const first = (Number(middle.slice(1)) - 1) * 3;
    return span(utc(first, 1), utc(first + 3, 0));
  }
  if (part === 'month' && middle !== undefined && /^\d{2}$/.test(middle) && match[3] === undefined) return span(utc(Number(middle) - 1, 1), utc(Number(middle), 0));
  if (part === 'week' && middle?.startsWith('W')) {
    // ISO week 1 holds the year's first Thursday: its Monday is the Monday of the week of 4 January.
    const fourth = utc(0, 4);
    const monday = utc(0, 4 - ((fourth.getUTCDay() + 6) % 7) + (Number(middle.slice(1)) - 1) * 7);
    return span(monday, new Date(monday.getTime() + 6 * 86_400_000));
  }
  if (part === 'day' && match[3] !== undefined) return span(utc(Number(middle) - 1, Number(match[3])), utc(Number(middle) - 1, Number(match[3])));
  return null;
}

/** A dataset's filter as filters of the entity's fields (none when it cannot be said so). */
function fieldFilters(declaration: AppDeclaration, dataset: string, given: unknown): RecordFilter[] {
  const filter = (typeof given === 'object' && given !== null ? given : {}) as { dimension?: unknown; op?: unknown; value?: unknown };
  const dimension = typeof filter.dimension === 'string' ? declaration.datasets?.[dataset]?.dimensions[filter.dimension] : undefined;
  if (!dimension) return [];
  if (!dimension.part) {
    const checked = RecordFilter.safeParse({ field: dimension.field, op: filter.op, ...(filter.value === undefined ? {} : { value: filter.value }) });
    return checked.success ? [checked.data] : [];
  }
  const days = filter.op === 'eq' && typeof filter.value === 'string' ? daysOfDateKey(dimension.part, filter.value) : null;
  if (!days) return [];
  return [
    { field: dimension.field, op: 'gte', value: days[0] },
    { field: dimension.field, op: 'lte', value: days[1] },
  ];
}

/**
 * The entity and filters of a list request in a declaration: a dataset's
 * entity and its filters by field, else the entity with filters that name
 * its fields; filters of fields the entity lacks are left out. Null when
 * it names no entity of the declaration.
 */
export function listOf(declaration: AppDeclaration, request: ListRequest): { entity: string; filters: RecordFilter[] } | null {
  const dataset = request.dataset === null ? undefined : declaration.datasets?.[request.dataset];
  const entity = dataset?.entity ?? request.entity;
  const fields = entity === null ? undefined : declaration.entities[entity]?.fields;
  if (entity === null || !fields) return null;
  const filters = dataset
    ? request.filters.flatMap((f) => fieldFilters(declaration, request.dataset!, f))
    : request.filters.flatMap((f) => {
        const checked = RecordFilter.safeParse(f);
        return checked.success ? [checked.data] : [];
      });
  return { entity, filters: filters.filter((f) => Object.hasOwn(fields, f.field)) };
}
