import * as z from 'zod/mini';
import { APP_CATEGORIES } from '../constants.js';
import { ROLE_NAME_MAX, ROLE_NAME_PATTERN } from '../rules/roleName.js';
import { Condition } from './condition.js';
import { Dataset } from './dataset.js';
import { Labels } from './labels.js';
import { Workflow } from './workflow.js';

/**
 * The declaration of a business application (docs/APPLICATIONS.md,
 * "Declaring an application"): its entities and their typed fields, views,
 * roles and rights, and labels in the product's seven locales. One JSON
 * document, checked by this schema at install (`checkDeclaration` adds the
 * cross-references: a view naming a field that does not exist, a link to
 * an unknown entity); the server, the command line and the generic runtime
 * all read the same parsed value, so nothing restates a field.
 */

export { LABEL_MAX_LENGTH, Labels } from './labels.js';

/** Most entities in one application, fields in one entity, choices in one field. */
export const DECLARATION_LIMITS = { entities: 50, fields: 200, choices: 200, roles: 50, views: 20, childFields: 50 } as const;

/** A key of the declaration (application, entity, field, role, choice value): a letter, then letters, digits or `_`; at most 64. */
export const DECLARATION_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const key = () => z.string().check(z.regex(DECLARATION_KEY_PATTERN, 'must start with a letter and hold only letters, digits and _ (at most 64)'));
/**
 * A role's name: the product's role name rule (docs/behaviour/roles.md), so
 * that `atrium roles grant` can grant every declared role.
 */
const roleKey = () =>
  z.string().check(z.maxLength(ROLE_NAME_MAX, `must have at most ${ROLE_NAME_MAX} characters`), z.regex(ROLE_NAME_PATTERN, 'must be lower-case letters, digits and single hyphens, starting with a letter (e.g. lead-auditor)'));

/** The field types (docs/APPLICATIONS.md, "Field types"). */
export const FIELD_TYPES = [
  'text',
  'longText',
  'richText',
  'number',
  'decimal',
  'percent',
  'date',
  'datetime',
  'duration',
  'boolean',
  'choice',
  'multiChoice',
  'email',
  'url',
  'phone',
  'user',
  'link',
  'table',
  'file',
  'rating',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types a child table's rows may hold: every type but child tables and files. */
export const CHILD_FIELD_TYPES = FIELD_TYPES.filter((t) => t !== 'table' && t !== 'file');

/** One choice of a choice or multiple-choice field; its colour tints badges and board columns. */
export const Choice = z.strictObject({
  value: key(),
  label: Labels,
  colour: z.optional(z.enum(['grey', 'blue', 'green', 'yellow', 'orange', 'red', 'purple'])),
});
export type Choice = z.infer<typeof Choice>;

/**
 * A value computed from other fields when a record is written (never typed
 * by a user): the days between two dates (inclusive; `workdays` leaves out
 * Saturdays and Sundays), the product or sum of number fields, or the sum
 * of a child table's column.
 */
export const Computed = z.union([
  z.strictObject({ daysBetween: z.tuple([key(), key()]), workdays: z.optional(z.boolean()) }),
  z.strictObject({ product: z.array(key()).check(z.minLength(2), z.maxLength(10)) }),
  z.strictObject({ sum: z.array(key()).check(z.minLength(2), z.maxLength(10)) }),
  z.strictObject({ sumOf: z.strictObject({ table: key(), field: key() }) }),
]);
export type Computed = z.infer<typeof Computed>;

/** What every field declares, whatever its type. */
const fieldBase = {
  label: Labels,
  help: z.optional(Labels),
  required: z.optional(z.boolean()),
  unique: z.optional(z.boolean()),
  readOnly: z.optional(z.boolean()),
  /** Hidden (and neither required nor kept) while this condition holds over the record's values. */
  hiddenWhen: z.optional(Condition),
};

const textBase = {
  ...fieldBase,
  default: z.optional(z.string()),
  minLength: z.optional(z.int().check(z.minimum(0))),
  maxLength: z.optional(z.int().check(z.minimum(1))),
  /** A regular expression (JavaScript syntax, unicode) the whole value must match. */
  pattern: z.optional(z.string().check(z.maxLength(500))),
  /** Shown under the field when the pattern does not match, else a generic text. */
  patternMessage: z.optional(Labels),
};

const numberBase = {
  ...fieldBase,
  default: z.optional(z.number()),
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  computed: z.optional(Computed),
};

const dateBase = {
  ...fieldBase,
  /** A date (YYYY-MM-DD) or `today`. */
  default: z.optional(z.string()),
  min: z.optional(z.string()),
  max: z.optional(z.string()),
};

const choiceBase = { ...fieldBase, choices: z.array(Choice).check(z.minLength(1), z.maxLength(DECLARATION_LIMITS.choices)) };

/** The scalar fields: every type a child table's rows may hold. */
const scalarFields = [
  z.strictObject({ type: z.literal('text'), ...textBase }),
  z.strictObject({ type: z.literal('longText'), ...textBase }),
  z.strictObject({ type: z.literal('richText'), ...fieldBase, default: z.optional(z.string()), maxLength: z.optional(z.int().check(z.minimum(1))) }),
  z.strictObject({ type: z.literal('number'), ...numberBase, integer: z.optional(z.boolean()) }),
  z.strictObject({ type: z.literal('decimal'), ...numberBase, scale: z.optional(z.int().check(z.minimum(0), z.maximum(6))), currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR'))) }),
  z.strictObject({ type: z.literal('percent'), ...numberBase }),
  z.strictObject({ type: z.literal('date'), ...dateBase, computed: z.optional(Computed) }),
  z.strictObject({ type: z.literal('datetime'), ...dateBase }),
  /** A duration in whole minutes. */
  z.strictObject({ type: z.literal('duration'), ...numberBase }),
  z.strictObject({ type: z.literal('boolean'), ...fieldBase, default: z.optional(z.boolean()) }),
  z.strictObject({ type: z.literal('choice'), ...choiceBase, default: z.optional(key()) }),
  z.strictObject({ type: z.literal('multiChoice'), ...choiceBase, default: z.optional(z.array(key())) }),
  z.strictObject({ type: z.literal('email'), ...fieldBase, default: z.optional(z.string()) }),
  z.strictObject({ type: z.literal('url'), ...fieldBase, default: z.optional(z.string()) }),
  z.strictObject({ type: z.literal('phone'), ...fieldBase, default: z.optional(z.string()) }),
  /** A person of the organisation (a user id); `me` as default is the one who creates the record. */
  z.strictObject({ type: z.literal('user'), ...fieldBase, default: z.optional(z.literal('me')) }),
  /** A record of another entity of the same application, by its name. */
  z.strictObject({ type: z.literal('link'), ...fieldBase, entity: key() }),
  z.strictObject({ type: z.literal('rating'), ...fieldBase, default: z.optional(z.int()), max: z.optional(z.int().check(z.minimum(3), z.maximum(10))) }),
] as const;

/** A field of a child table's row. */
export const ChildField = z.discriminatedUnion('type', [...scalarFields]);
export type ChildField = z.infer<typeof ChildField>;

/** Every field of an entity. */
export const Field = z.discriminatedUnion('type', [
  ...scalarFields,
  /** Rows inside the record, each with the child fields declared here. */
  z.strictObject({
    type: z.literal('table'),
    ...fieldBase,
    fields: z.record(key(), ChildField),
    minRows: z.optional(z.int().check(z.minimum(0))),
    maxRows: z.optional(z.int().check(z.minimum(1), z.maximum(500))),
  }),
  /** Attachments, kept in the record's folder of the application's organisation mountpoint. */
  z.strictObject({ type: z.literal('file'), ...fieldBase, multiple: z.optional(z.boolean()), accept: z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(20))) }),
]);
export type Field = z.infer<typeof Field>;

/**
 * How a record is named: a series (`LR-{YYYY}-{#####}`: `{YYYY}`, `{YY}`,
 * `{MM}`, `{DD}` of the day of creation, `{#…#}` the next number of the
 * series, padded to as many digits as `#`) or the value of a field.
 */
export const Naming = z.union([
  z.strictObject({ series: z.string().check(z.regex(/^[A-Za-z0-9\-_./{}#YMD]{1,60}$/, 'must hold letters, digits, - _ . / and the placeholders {YYYY} {YY} {MM} {DD} {#####}')) }),
  z.strictObject({ field: key() }),
]);
export type Naming = z.infer<typeof Naming>;

/** The red/yellow/green rule of an entity: the first condition that holds gives the colour; none gives blue (no colour). */
export const ColourRule = z.strictObject({
  red: z.optional(Condition),
  yellow: z.optional(Condition),
  green: z.optional(Condition),
});
export type ColourRule = z.infer<typeof ColourRule>;

export const SortSpec = z.strictObject({ field: key(), direction: z._default(z.enum(['asc', 'desc']), 'asc') });
export type SortSpec = z.infer<typeof SortSpec>;

/** A form's section: a titled group of fields in order. */
export const FormSection = z.strictObject({ label: z.optional(Labels), fields: z.array(key()).check(z.minLength(1)) });
export const FormTab = z.strictObject({ label: Labels, sections: z.array(FormSection).check(z.minLength(1)) });

/** The views of an entity. Every entity has a list and a form; when left out they show every field in declaration order. */
export const Views = z.strictObject({
  list: z.optional(
    z.strictObject({
      columns: z.optional(z.array(key()).check(z.minLength(1))),
      sort: z.optional(SortSpec),
      /** Fields offered as quick filters above the list. */
      filters: z.optional(z.array(key())),
      pageSize: z.optional(z.int().check(z.minimum(10), z.maximum(200))),
    }),
  ),
  form: z.optional(z.union([z.strictObject({ tabs: z.array(FormTab).check(z.minLength(1)) }), z.strictObject({ sections: z.array(FormSection).check(z.minLength(1)) })])),
  /** Cards in columns, one per choice of a choice field. */
  board: z.optional(z.strictObject({ groupBy: key(), cardFields: z.optional(z.array(key())) })),
  /** Records on a calendar by a date (or date and time) field, to an optional end. */
  calendar: z.optional(z.strictObject({ start: key(), end: z.optional(key()) })),
});
export type Views = z.infer<typeof Views>;

/** What a role may do with an entity's records. */
export const ACTIONS = ['read', 'create', 'update', 'delete', 'export', 'import', 'comment'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Which records a grant covers: the caller's own (the entity's owner field,
 * else its creator), those owned by the people the caller manages (their
 * direct reports), the whole organisation's, or those matching a condition.
 */
export const Scope = z.union([z.enum(['own', 'reports', 'organisation']), z.strictObject({ where: Condition })]);
export type Scope = z.infer<typeof Scope>;

/** The rights one role has on one entity. */
export const Grant = z.strictObject({
  actions: z.array(z.enum(ACTIONS)).check(z.minLength(1)),
  scope: z._default(Scope, 'organisation'),
  /** Fields this role never sees (nor changes). */
  hiddenFields: z.optional(z.array(key())),
  /** Fields this role sees but may not change. */
  readOnlyFields: z.optional(z.array(key())),
});
export type Grant = z.infer<typeof Grant>;

/**
 * The role every user given the application has, without a grant on the
 * command line (`atrium roles grant`): the rights of people who simply use it.
 */
export const EVERYONE_ROLE = 'everyone';

export const Entity = z.strictObject({
  label: Labels,
  pluralLabel: Labels,
  fields: z.record(key(), Field),
  naming: Naming,
  titleField: key(),
  /** The user field naming who owns a record ("own" and "reports" scopes); the creator when left out. */
  ownerField: z.optional(key()),
  /** Fields shown on cards and in search results below the title. */
  cardFields: z.optional(z.array(key())),
  /** Fields whose words find a record in the list's search and in global search; the title always does. */
  searchFields: z.optional(z.array(key())),
  colour: z.optional(ColourRule),
  views: z._default(Views, {}),
  /** Per role of the application (or `everyone`), what it may do. A role without a grant has no rights on this entity. */
  rights: z.record(roleKey(), Grant),
  /** The states its records move through and the work each gives (docs/behaviour/workflows.md). */
  workflow: z.optional(Workflow),
});
export type Entity = z.infer<typeof Entity>;

export const Role = z.strictObject({ label: Labels, description: z.optional(Labels) });

/** A declared application. `name` is its catalogue and package name. */
export const AppDeclaration = z.strictObject({
  $schema: z.optional(z.string()),
  name: z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'must start with a letter and hold only letters, digits, _ and - (at most 64)')),
  /** The declaration's own version (any text, e.g. 1.2.0), kept with every install. */
  version: z.string().check(z.minLength(1), z.maxLength(40)),
  label: Labels,
  description: z.optional(Labels),
  category: z.enum(APP_CATEGORIES),
  /** An icon name of the icon package; the category's icon when left out. */
  icon: z.optional(z.string().check(z.maxLength(64))),
  roles: z._default(z.record(roleKey(), Role), {}),
  entities: z.record(key(), Entity),
  /** Datasets over the entities, for dashboards (docs/behaviour/dashboards.md#datasets). */
  datasets: z.optional(z.record(key(), Dataset)),
});
export type AppDeclaration = z.infer<typeof AppDeclaration>;
/** A declaration as written, before defaults are filled in. */
export type AppDeclarationInput = z.input<typeof AppDeclaration>;
