/**
 * The rights of declared applications (docs/behaviour/records.md#rights):
 * what a caller may do with an entity's records, on which rows, and which
 * fields they may see and change. The one home of these rules: the records
 * service and the query builder ask here, routes never decide.
 *
 * A caller has the rights of every role they hold in the application
 * (`caller.roles.apps[app.name]`) plus those of `everyone`, joined: an
 * action is allowed when any grant allows it, on the rows any of those
 * grants covers; a field is hidden (or read-only) only when every grant
 * that would show (or let change) it hides it (or makes it read-only).
 * A caller without an organisation has no rights at all; whether their
 * organisation runs the application is the service's check.
 */
import { ACTIONS, conditionFields, EVERYONE_ROLE, evaluateCondition, type Action, type AppDeclaration, type Condition, type Entity, type EntityRights, type Grant, type Labels } from '@atrium/shared/apps';
import type { Caller } from './Caller.js';

/** Which records of an entity a caller may act on for one action: none, all of the organisation's, or those owned by one of `owners` or matching one of `where`. */
export type RowScope = { kind: 'none' } | { kind: 'all' } | { kind: 'some'; owners: string[]; where: Condition[] };

/** A record as the rights read it: who owns it and its values (by field key). */
export interface RecordFacts {
  ownerId: string | null;
  values: Readonly<Record<string, unknown>>;
}

/** What a caller may do with one record. */
export interface RecordAccess {
  /** The actions of the grants covering the record, in ACTIONS order. */
  actions: Action[];
  /** Fields the caller may not see on this record (nor change). */
  hiddenFields: string[];
  /** Fields the caller may not change on this record: those read-only or hidden in every covering grant that allows updates, and every hidden field. */
  readOnlyFields: string[];
}

const NONE: RowScope = Object.freeze({ kind: 'none' });
const ALL: RowScope = Object.freeze({ kind: 'all' });

function entityOf(app: AppDeclaration, entity: string): Entity | undefined {
  return Object.hasOwn(app.entities, entity) ? app.entities[entity] : undefined;
}

/** The roles whose grants a caller has in an application: theirs, then `everyone`, each once. */
export function rolesOf(caller: Caller, app: Pick<AppDeclaration, 'name'>): string[] {
  if (caller.organisation === null) return [];
  const held = Object.hasOwn(caller.roles.apps, app.name) ? (caller.roles.apps[app.name] ?? []) : [];
  return [...new Set([...held, EVERYONE_ROLE])];
}

/** The grants of the roles the caller holds in the application, plus `everyone`'s, on one entity (none for an unknown entity or a caller without an organisation). */
export function grantsOf(caller: Caller, app: AppDeclaration, entity: string): Grant[] {
  const declared = entityOf(app, entity);
  if (declared === undefined) return [];
  return rolesOf(caller, app)
    .filter((role) => Object.hasOwn(declared.rights, role))
    .map((role) => declared.rights[role]!);
}

/** Whether any of the caller's grants on the entity allows the action (on some records at least). */
export function mayDo(caller: Caller, app: AppDeclaration, entity: string, action: Action): boolean {
  return grantsOf(caller, app, entity).some((g) => g.actions.includes(action));
}

/** A grant's scope; a grant written without one covers the whole organisation (as the schema's default). */
function scopeOf(grant: Grant): Grant['scope'] {
  return (grant.scope as Grant['scope'] | undefined) ?? 'organisation';
}

/** The union of the scopes of some grants. */
function unionScope(caller: Caller, grants: readonly Grant[]): RowScope {
  const owners = new Set<string>();
  const where: Condition[] = [];
  for (const grant of grants) {
    const scope = scopeOf(grant);
    if (scope === 'organisation') return ALL;
    if (scope === 'own') owners.add(caller.userId);
    else if (scope === 'reports') for (const p of caller.reports) owners.add(p.id);
    else where.push(scope.where);
  }
  if (owners.size === 0 && where.length === 0) return NONE;
  return { kind: 'some', owners: [...owners], where };
}

/**
 * The records a caller may act on for one action: the union of the scopes
 * of the grants having it ('own': the caller's; 'reports': their direct
 * reports'; 'organisation': all; a condition: those matching it).
 */
export function rowScope(caller: Caller, app: AppDeclaration, entity: string, action: Action): RowScope {
  return unionScope(
    caller,
    grantsOf(caller, app, entity).filter((g) => g.actions.includes(action)),
  );
}

/** Whether a grant's scope covers a record. */
function covers(caller: Caller, entity: Entity, grant: Grant, record: RecordFacts, now: number): boolean {
  const scope = scopeOf(grant);
  if (scope === 'organisation') return true;
  if (scope === 'own') return record.ownerId !== null && record.ownerId === caller.userId;
  if (scope === 'reports') return record.ownerId !== null && caller.reports.some((p) => p.id === record.ownerId);
  try {
    return evaluateCondition(scope.where, record.values, entity.fields, { userId: caller.userId, now });
  } catch {
    // A relative day beyond the calendar (millions of days): the condition covers nothing, as its SQL refuses to run.
    return false;
  }
}

/** The fields listed by every one of some grants (by `listed`); every field when there is no grant. */
function listedByEvery(entity: Entity, grants: readonly Grant[], listed: (g: Grant) => readonly string[]): string[] {
  return Object.keys(entity.fields).filter((field) => grants.every((g) => listed(g).includes(field)));
}

const hiddenOf = (g: Grant): readonly string[] => g.hiddenFields ?? [];
const lockedOf = (g: Grant): readonly string[] => [...(g.readOnlyFields ?? []), ...(g.hiddenFields ?? [])];

/**
 * What a caller may do with one record, from the grants whose scope covers
 * it: the union of their actions; a field hidden only when every covering
 * grant having 'read' hides it (so every field, when none has 'read');
 * read-only when every covering grant having 'update' makes it read-only or
 * hides it (every field, when none has 'update'), and every hidden field.
 */
export function recordAccess(caller: Caller, app: AppDeclaration, entity: string, record: RecordFacts, now: number): RecordAccess {
  const declared = entityOf(app, entity);
  if (declared === undefined) return { actions: [], hiddenFields: [], readOnlyFields: [] };
  const covering = grantsOf(caller, app, entity).filter((g) => covers(caller, declared, g, record, now));
  const actions = ACTIONS.filter((a) => covering.some((g) => g.actions.includes(a)));
  const hiddenFields = listedByEvery(
    declared,
    covering.filter((g) => g.actions.includes('read')),
    hiddenOf,
  );
  const locked = new Set([
    ...hiddenFields,
    ...listedByEvery(
      declared,
      covering.filter((g) => g.actions.includes('update')),
      lockedOf,
    ),
  ]);
  return { actions, hiddenFields, readOnlyFields: Object.keys(declared.fields).filter((f) => locked.has(f)) };
}

/**
 * What a caller who holds open work on a record outside their read scope
 * may do with it (docs/behaviour/workflows.md#the-engine): read it, and
 * comment when a grant of theirs allows comments, with the fields their
 * grants having 'read' show, whatever those grants' scopes. Someone given
 * the work by delegation or reassignment can then open it and take its
 * steps. Null when no grant of theirs reads the entity.
 */
export function workHolderAccess(caller: Caller, app: AppDeclaration, entity: string): RecordAccess | null {
  const declared = entityOf(app, entity);
  const reading = declared === undefined ? [] : grantsOf(caller, app, entity).filter((g) => g.actions.includes('read'));
  if (declared === undefined || reading.length === 0) return null;
  const hiddenFields = listedByEvery(declared, reading, hiddenOf);
  const actions: Action[] = reading.some((g) => g.actions.includes('comment')) ? ['read', 'comment'] : ['read'];
  return { actions, hiddenFields, readOnlyFields: Object.keys(declared.fields) };
}

/**
 * Whether a change leaves a record among those the caller may change: some
 * grant of theirs having 'update' covers the record as the change would
 * leave it (`after`). A change that would take it out of their reach (an
 * `own` scope giving it to someone else, a condition that stops holding) is
 * refused; a broader grant (a manager's, the organisation's) may move it.
 */
export function staysChangeable(caller: Caller, app: AppDeclaration, entity: string, after: RecordFacts, now: number): boolean {
  return recordAccess(caller, app, entity, after, now).actions.includes('update');
}

/**
 * The fields a caller may not give a new record: those hidden to them on
 * every record, and those read-only or hidden in every grant having
 * 'create' whose scope covers the new record (every field, when none does).
 */
export function lockedOnCreate(caller: Caller, app: AppDeclaration, entity: string, record: RecordFacts, now: number): string[] {
  const declared = entityOf(app, entity);
  if (declared === undefined) return [];
  const creating = grantsOf(caller, app, entity).filter((g) => g.actions.includes('create') && covers(caller, declared, g, record, now));
  const locked = new Set([...entityRights(caller, app, entity).hiddenFields, ...listedByEvery(declared, creating, lockedOf)]);
  return Object.keys(declared.fields).filter((f) => locked.has(f));
}

/**
 * What a caller may do with an entity as a whole: the union of every
 * grant's actions; the fields hidden in every grant having 'read' (those
 * the caller sees on no record; every field without a 'read' grant); and
 * the fields they may give no new record: those hidden, and those read-only
 * or hidden in every grant having 'create' (every field without one). A
 * new record's form shows the latter read-only at their defaults; which
 * grants cover the record itself is judged when it is created
 * (lockedOnCreate).
 */
export function entityRights(caller: Caller, app: AppDeclaration, entity: string): EntityRights {
  const declared = entityOf(app, entity);
  if (declared === undefined) return { actions: [], hiddenFields: [], lockedOnCreate: [] };
  const grants = grantsOf(caller, app, entity);
  const hiddenFields = listedByEvery(
    declared,
    grants.filter((g) => g.actions.includes('read')),
    hiddenOf,
  );
  const locked = new Set([
    ...hiddenFields,
    ...listedByEvery(
      declared,
      grants.filter((g) => g.actions.includes('create')),
      lockedOf,
    ),
  ]);
  return {
    actions: ACTIONS.filter((a) => grants.some((g) => g.actions.includes(a))),
    hiddenFields,
    lockedOnCreate: Object.keys(declared.fields).filter((f) => locked.has(f)),
  };
}

/**
 * Fields the caller sees on some records only, each with the records where
 * they see it: the union of the scopes of the grants having 'read' that do
 * not hide it. Fields seen wherever the caller reads, and those seen
 * nowhere (entityRights' hiddenFields), are not listed. A list filters and
 * sorts by such a field only over the records where it is seen.
 */
export function partlyHiddenFields(caller: Caller, app: AppDeclaration, entity: string): Record<string, RowScope> {
  const declared = entityOf(app, entity);
  if (declared === undefined) return {};
  const readers = grantsOf(caller, app, entity).filter((g) => g.actions.includes('read'));
  const out: Record<string, RowScope> = {};
  for (const field of Object.keys(declared.fields)) {
    const showing = readers.filter((g) => !hiddenOf(g).includes(field));
    if (showing.length === 0 || showing.length === readers.length) continue;
    const scope = unionScope(caller, showing);
    // A grant covering the whole organisation shows the field on every record the caller reads.
    if (scope.kind !== 'all') out[field] = scope;
  }
  return out;
}

/** Keeps the listed keys that are not hidden; undefined when none is left. */
function visibleList(list: readonly string[] | undefined, hidden: ReadonlySet<string>): string[] | undefined {
  const kept = list?.filter((f) => !hidden.has(f));
  return kept === undefined || kept.length === 0 ? undefined : kept;
}

/** Sets only the keys whose value is defined (the declaration's optional keys stay absent rather than undefined). */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** A form's section: an optional title and its fields. */
type FormSection = { label?: Labels; fields: string[] };

function visibleViews(views: Entity['views'], hidden: ReadonlySet<string>): Entity['views'] {
  const { list, form, board, calendar } = views;
  const sections = (list: readonly FormSection[]): FormSection[] =>
    list.flatMap((section) => {
      const fields = visibleList(section.fields, hidden);
      return fields === undefined ? [] : [{ ...section, fields }];
    });
  let visibleForm: Entity['views']['form'];
  if (form !== undefined && 'tabs' in form) {
    const tabs = form.tabs.map((tab) => ({ ...tab, sections: sections(tab.sections) })).filter((tab) => tab.sections.length > 0);
    visibleForm = tabs.length > 0 ? { tabs } : undefined;
  } else if (form !== undefined) {
    const kept = sections(form.sections);
    visibleForm = kept.length > 0 ? { sections: kept } : undefined;
  }
  return defined({
    list:
      list === undefined
        ? undefined
        : defined({ ...list, columns: visibleList(list.columns, hidden), filters: visibleList(list.filters, hidden), sort: list.sort !== undefined && hidden.has(list.sort.field) ? undefined : list.sort }),
    form: visibleForm,
    board: board === undefined || hidden.has(board.groupBy) ? undefined : defined({ ...board, cardFields: visibleList(board.cardFields, hidden) }),
    calendar: calendar === undefined || hidden.has(calendar.start) ? undefined : defined({ ...calendar, end: calendar.end !== undefined && hidden.has(calendar.end) ? undefined : calendar.end }),
  });
}

/**
 * The colour rule as a caller sees it where `hidden` fields are hidden to
 * them: without the colours whose condition reads one of those fields (a
 * red for a salary over 5,000 would tell the salary). Undefined when no
 * colour is left.
 */
export function visibleColour(colour: Entity['colour'], hidden: ReadonlySet<string>): Entity['colour'] {
  if (colour === undefined) return undefined;
  const readsHidden = (c: Condition | undefined) => c !== undefined && conditionFields(c).some((f) => hidden.has(f));
  const kept = defined({ red: readsHidden(colour.red) ? undefined : colour.red, yellow: readsHidden(colour.yellow) ? undefined : colour.yellow, green: readsHidden(colour.green) ? undefined : colour.green });
  return Object.keys(kept).length === 0 ? undefined : kept;
}

/** An entity as a caller sees it: without the fields hidden to them everywhere, nor anything that names those fields, and with their own grants only. */
function visibleEntity(caller: Caller, app: AppDeclaration, key: string, entity: Entity): Entity {
  const hidden = new Set(entityRights(caller, app, key).hiddenFields);
  const colour = visibleColour(entity.colour, hidden);
  const rights: Record<string, Grant> = {};
  for (const role of rolesOf(caller, app)) {
    if (!Object.hasOwn(entity.rights, role)) continue;
    const grant = entity.rights[role]!;
    rights[role] = defined({ ...grant, hiddenFields: visibleList(grant.hiddenFields, hidden), readOnlyFields: visibleList(grant.readOnlyFields, hidden) });
  }
  return defined({
    ...entity,
    fields: Object.fromEntries(Object.entries(entity.fields).filter(([f]) => !hidden.has(f))),
    cardFields: visibleList(entity.cardFields, hidden),
    searchFields: visibleList(entity.searchFields, hidden),
    colour,
    views: visibleViews(entity.views, hidden),
    rights,
  });
}

/**
 * The declaration as a caller sees it (what GET records/apps answers):
 * without the entities they may not read, without the fields hidden to
 * them in every grant (nor the columns, filters, form sections, card and
 * search fields, sorts, boards, calendars and colours that name them), and
 * with the grants of their own roles only. The title, naming and owner
 * field keys stay as declared (records carry their title and owner apart).
 */
export function visibleDeclaration(caller: Caller, app: AppDeclaration): AppDeclaration {
  const entities: Record<string, Entity> = {};
  for (const [key, entity] of Object.entries(app.entities)) {
    if (mayDo(caller, app, key, 'read')) entities[key] = visibleEntity(caller, app, key, entity);
  }
  return { ...app, entities };
}
