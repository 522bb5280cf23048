/**
 * The database schema, one set for the embedded database and PostgreSQL.
 * Only SQL that PostgreSQL 15 understands (Debian's server) is used.
 * Changing it: edit here, then `npm run db:generate` writes a migration.
 */
import type { CatalogueTitles, ExternalRoles, TaskKind } from '@atrium/shared';
import type { HistoryDetail } from '@atrium/shared/apps';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  date,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The full-text indexes of global search keep at most 64 kB of new entries
 * aside before merging them (PostgreSQL's default is 4 MB). Every search
 * reads all of them, and the embedded database has no autovacuum to merge
 * them in the background: left at 4 MB they cost every search several
 * milliseconds (docs/PERFORMANCE.md, "Work items and search").
 */
const SEARCH_INDEX_OPTIONS = { gin_pending_list_limit: 64 };

/**
 * The words of a user that global search matches (docs/behaviour/search.md#ranking),
 * in the language-agnostic 'simple' configuration: the name and the username
 * weigh most, then the designation, then the e-mail address (whose parts
 * count as words). Indexed as written here (users_search_idx): a query must
 * use this same expression for the index to serve it.
 */
export function userSearchDocument(u: { firstname: SQLWrapper; lastname: SQLWrapper; username: SQLWrapper; designation: SQLWrapper; email: SQLWrapper }): SQL {
  return sql`(setweight(to_tsvector('simple'::regconfig, ${u.firstname} || ' ' || ${u.lastname} || ' ' || translate(${u.username}, '._-', '   ')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(${u.designation}, '')), 'B') || setweight(to_tsvector('simple'::regconfig, translate(coalesce(${u.email}, ''), '@._-+', '     ')), 'C'))`;
}

/**
 * The words of a file's name for global search: dots, dashes and
 * underscores separate words ('budget_2026.csv' is budget, 2026, csv).
 * Indexed as written here (vfs_nodes_name_search_idx).
 */
export function fileNameDocument(name: SQLWrapper): SQL {
  return sql`to_tsvector('simple'::regconfig, translate(${name}, '._-', '   '))`;
}

/**
 * A file's name without its extension, lower-case ('Budget 2026.csv' is
 * 'budget 2026'): global search ranks first the files whose name, with or
 * without extension, is the text searched. Indexed as written here
 * (vfs_nodes_name_stem_idx).
 */
export function fileNameStem(name: SQLWrapper): SQL {
  return sql`lower(regexp_replace(${name}, '\\.[^.]*$', ''))`;
}

/** Files kept by the server (announcement media, logos, user icons). Bytes live in the blob store. */
export const resources = pgTable('resources', {
  id: uuid('id').primaryKey(),
  filename: text('filename').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: created(),
});

/** Organisations ("accounts" in the profile). */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  /** Host names whose login page shows this account's announcements. */
  hosts: text('hosts').array().notNull().default(sql`'{}'::text[]`),
  /** The account whose announcements a host without its own account shows. */
  isDefault: boolean('is_default').notNull().default(false),
  logoResourceId: uuid('logo_resource_id').references(() => resources.id, { onDelete: 'set null' }),
  theme: text('theme'),
  favicon: text('favicon'),
  privacyPolicy: text('privacy_policy'),
  loginUrl: text('login_url'),
  footerText: text('footer_text'),
  /** Working days and hours in a time zone, for due times (workflows/businessTime.ts); null: Monday to Friday, 09:00 to 17:00 UTC. */
  businessCalendar: jsonb('business_calendar'),
  createdAt: created(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** Stored lower-case; sign-in compares lower-case. */
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    disabled: boolean('disabled').notNull().default(false),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    designation: text('designation'),
    iconResourceId: uuid('icon_resource_id').references(() => resources.id, { onDelete: 'set null' }),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    email: text('email'),
    managerId: uuid('manager_id'),
    country: text('country'),
    preferences: jsonb('preferences').$type<Record<string, string>>().notNull().default({ Greetingmessage: 'true' }),
    searchHistory: text('search_history').notNull().default(''),
    clearedBrowserCache: smallint('cleared_browser_cache').notNull().default(0),
    hasLoggedIn: smallint('has_logged_in').notNull().default(0),
    verificationPending: text('verification_pending'),
    /**
     * The identity provider (keycloak, okta) whose sign-in created this user
     * (docs/behaviour/external-sign-in.md#provisioning): such a user has no
     * password and password recovery does not give them one.
     */
    externalProvider: text('external_provider'),
    activeAccountId: uuid('active_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    index('users_search_idx').using('gin', userSearchDocument(t)).with(SEARCH_INDEX_OPTIONS),
    // External sign-in links an identity by its verified e-mail address, and provisioning looks addresses up (docs/behaviour/external-sign-in.md#links).
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The caller's direct reports are read with every new session's caller (access/).
    index('users_manager_idx').on(t.managerId),
  ],
);

/** Which organisations a user belongs to. */
export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId] }), index('memberships_account_idx').on(t.accountId)],
);

/**
 * Which identity of an identity provider signs in to which user
 * (docs/behaviour/external-sign-in.md#links): the provider's issuer and the
 * immutable user id it gives (Keycloak's `sub`, Okta's `uid`). An identity
 * signs in to one user, and a user has at most one identity per issuer.
 */
export const externalIdentities = pgTable(
  'external_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** How the link was made: 'provisioning', 'operator' or 'email'. */
    linkedBy: text('linked_by').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), uniqueIndex('external_identities_issuer_user_key').on(t.issuer, t.userId), index('external_identities_user_idx').on(t.userId)],
);

/** The application catalogue. */
export const apps = pgTable(
  'apps',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    /** The title's translations by locale (docs/behaviour/applications.md#catalogue-translations); `title` is the fallback. */
    titles: jsonb('titles').$type<CatalogueTitles>().notNull().default({}),
    category: text('category').notNull(),
    isBaseApp: boolean('is_base_app').notNull().default(false),
    type: text('type').notNull().default('application'),
    appType: integer('app_type').notNull().default(1),
    /** For viewer apps (app_type 2): the page the generic viewer shows. */
    url: text('url'),
    defaultAppForOrgs: smallint('default_app_for_orgs').notNull().default(0),
    createdAt: created(),
  },
  (t) => [uniqueIndex('apps_name_key').on(t.name)],
);

/** Applications granted to a user. */
export const appGrants = pgTable(
  'app_grants',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    appId: uuid('app_id').notNull().references(() => apps.id, { onDelete: 'cascade' }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appId] })],
);

/**
 * Roles granted to a user in an organisation (docs/behaviour/roles.md): an
 * organisation-wide role when `app_id` is null, else a role in that
 * application of the catalogue. Granted by operators on the command line.
 */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    appId: uuid('app_id').references(() => apps.id, { onDelete: 'cascade' }),
    /** A small slug (access/roleName.ts). */
    role: text('role').notNull(),
    createdAt: created(),
  },
  // A user's roles in one organisation are read together (the caller of every request): the key leads with both.
  (t) => [unique('roles_grant_key').on(t.userId, t.accountId, t.appId, t.role).nullsNotDistinct(), index('roles_account_idx').on(t.accountId)],
);

/** Applications hidden from a user's restored session (docs/behaviour/desktop.md#session-save-and-restore). */
export const blacklistedApps = pgTable(
  'blacklisted_apps',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    appName: text('app_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appName] })],
);

export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    link: text('link'),
    mediaResourceId: uuid('media_resource_id').references(() => resources.id, { onDelete: 'set null' }),
    mediaType: text('media_type').$type<'image' | 'video'>().notNull().default('image'),
    fallback: boolean('fallback').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: created(),
  },
  (t) => [index('announcements_account_idx').on(t.accountId, t.position)],
);

/** Single-use password-reset codes, kept as SHA-256 hashes. */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('password_reset_codes_user_idx').on(t.userId, t.createdAt)],
);

/** A sign-in session: one refresh-token family. Revoking it ends every token of the family. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: created(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session, whatever the refreshes. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** The identity provider the session was opened through (keycloak, okta); null for the built-in form. */
    provider: text('provider'),
    /** The roles the provider's token carried (docs/behaviour/external-sign-in.md#roles); null for the built-in form. */
    roles: jsonb('roles').$type<ExternalRoles>(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, kept as SHA-256 hashes; rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: created(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Sign-in attempts, for throttling per account and per client address. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_username_idx').on(t.username, t.at), index('login_attempts_ip_idx').on(t.ip, t.at)],
);

/**
 * Requests counted against a rate limit (docs/DEPLOYMENT.md): one row per
 * route and client address, its count within the window that began at
 * `windowStart`. Kept in the database on PostgreSQL, so that every server
 * counts against one budget.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limit_hits_window_idx').on(t.windowStart)],
);

/**
 * Messages relayed between one user's sockets on different servers
 * (docs/DEPLOYMENT.md, "Sockets across servers"): the bus carries a row's id,
 * the servers of the user's other connections read the message here. Only
 * written when several servers share the database; each row is deleted a
 * minute after it was written.
 */
export const socketRelays = pgTable(
  'socket_relays',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The socket it was sent on and reaches: '/socket', or an application's socket. */
    path: text('path').notNull(),
    /** The application whose message it is: the application socket's, or the one named in a desktop's message. */
    app: text('app').notNull(),
    /** The sending connection, which never hears its own message back. */
    sender: text('sender').notNull(),
    /** The message as the receiving connections get it (JSON text). */
    body: text('body').notNull(),
    createdAt: created(),
  },
  (t) => [index('socket_relays_created_idx').on(t.createdAt)],
);

/**
 * Packages registered by the operator (files in PACKAGES_DIR/<name>/). The
 * built-in packages of the repository are not stored: they are read at start.
 */
export const packages = pgTable('packages', {
  name: text('name').primaryKey(),
  /** The package's metadata.json, validated when registered. */
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  /** Last registration (an upgrade replaces the metadata). */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's settings, one row per key; a missing key means the configured default. */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Each user's saved desktop session (the open applications and their
 * windows), one row per user whatever browser or device saved it.
 */
export const desktopSessions = pgTable('desktop_sessions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The session list, checked against the shared schema before it is written. */
  data: jsonb('data').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The virtual filesystem's entries (docs/behaviour/files.md). Each mount
 * instance (a mountpoint name and a scope: the user id of a home, the
 * organisation id of a shared folder, 'global') has one root row (no
 * parent, empty name); every other entry hangs below a directory of the
 * same instance. File bytes live in the blob store under `blob_key`.
 */
export const vfsNodes = pgTable(
  'vfs_nodes',
  {
    id: uuid('id').primaryKey(),
    mount: text('mount').notNull(),
    scope: text('scope').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => vfsNodes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDirectory: boolean('is_directory').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    blobKey: uuid('blob_key'),
    sha256: text('sha256'),
    /** Whose storage space the file counts against (null: written by an operator). */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The organisation the writer was acting for. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: created(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vfs_nodes_parent_name_key').on(t.parentId, t.name),
    uniqueIndex('vfs_nodes_root_key').on(t.mount, t.scope).where(sql`${t.parentId} is null`),
    // Entries of a mount instance; search's first results in name order without sorting every match (docs/behaviour/files.md#search).
    index('vfs_nodes_scope_name_idx').on(t.mount, t.scope, t.name, t.id),
    index('vfs_nodes_blob_idx').on(t.blobKey),
    index('vfs_nodes_owner_idx').on(t.ownerId),
    // Search: trigram index of the lower-case name (pg_trgm), for patterns with wildcards anywhere.
    index('vfs_nodes_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // Global search over names (docs/behaviour/search.md).
    index('vfs_nodes_name_search_idx').using('gin', fileNameDocument(t.name)).with(SEARCH_INDEX_OPTIONS),
    // Global search: the files whose name is the text searched, found first however many others match (docs/behaviour/search.md#ranking).
    index('vfs_nodes_name_stem_idx').on(fileNameStem(t.name)),
  ],
);

/** Bytes of file content each user owns, kept in step with vfs_nodes in the same transactions (the quota check). */
export const vfsUsage = pgTable('vfs_usage', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
});

/** PostgreSQL's full-text document type, for generated search columns. */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * Work items (docs/behaviour/work.md): a task of an application in an
 * organisation, assigned to one user. Its colour is derived from `end_date`
 * when read, never stored.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    appUuid: uuid('app_uuid')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** The application's name when the task was created, shown with the task. */
    appName: text('app_name').notNull(),
    name: text('name').notNull(),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id').references(() => users.id, { onDelete: 'set null' }),
    endDate: timestamp('end_date', { withTimezone: true }),
    status: text('status').$type<'open' | 'done'>().notNull().default('open'),
    snoozedTill: timestamp('snoozed_till', { withTimezone: true }),
    /** The record of a declared application the task is about (its name), which Edit opens; null for other tasks. */
    record: text('record'),
    /**
     * Work of a workflow (docs/behaviour/workflows.md): the record (its row)
     * and the state entry that gave the task; the task closes when the record
     * leaves that state. Null for other tasks.
     */
    recordId: uuid('record_id').references((): AnyPgColumn => records.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id').references((): AnyPgColumn => workflowEntries.id, { onDelete: 'cascade' }),
    /**
     * What kind of item: 'work' (a state's work), 'approval' (a decision asked
     * for), 'escalation' (an overdue task given to the assignee's manager),
     * 'follow' (changes of a followed record), 'mention', 'alert'; null for
     * tasks made by hand or by the command line.
     */
    kind: text('kind').$type<TaskKind>(),
    /** The absent user whose work this is, when it came to the assignee as their delegate. */
    delegatedFrom: uuid('delegated_from').references(() => users.id, { onDelete: 'set null' }),
    /** When the task, still open, is also given to the assignee's manager (a state's escalateAfterHours); null once escalated or never. */
    escalateAt: timestamp('escalate_at', { withTimezone: true }),
    /** The task an escalation task escalates. */
    escalates: uuid('escalates').references((): AnyPgColumn => tasks.id, { onDelete: 'cascade' }),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The assignee's views, their colour counts and pages in end-date order (docs/behaviour/work.md#views).
    index('tasks_assignee_idx').on(t.accountId, t.assigneeId, t.status, t.endDate),
    // My Snoozed Items: the few snoozed tasks of an assignee without reading all of theirs.
    index('tasks_snoozed_idx')
      .on(t.accountId, t.assigneeId, t.snoozedTill)
      .where(sql`${t.snoozedTill} is not null and ${t.status} = 'open'`),
    index('tasks_app_idx').on(t.appUuid),
    // A record's open work (closing the tasks of a state left; "waiting for me" in lists).
    index('tasks_record_idx').on(t.recordId, t.status).where(sql`${t.recordId} is not null`),
    // Open tasks due to escalate (the escalation job reads only these).
    index('tasks_escalate_idx').on(t.escalateAt).where(sql`${t.escalateAt} is not null and ${t.status} = 'open'`),
  ],
);

/** Who follows a task: its creator, and the followers named when it was created. */
export const taskFollowers = pgTable(
  'task_followers',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index('task_followers_user_idx').on(t.userId, t.taskId)],
);

/**
 * The word of a comment's readers document (task_comments.readers) for a
 * user in an organisation: '#<organisation id>:<user id>'. No word of a
 * query can match it (query words are letters and digits only).
 */
export function commentReader(accountId: string, userId: string): string {
  return `#${accountId}:${userId}`;
}

/** Comments on tasks, with a full-text column in the language-agnostic 'simple' configuration for search. */
export const taskComments = pgTable(
  'task_comments',
  {
    id: uuid('id').primaryKey(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, "text")`),
    /**
     * Who may find the comment in a search: a word '#<organisation id>:<user id>'
     * for the task's assignee and each follower (docs/behaviour/search.md#rights),
     * kept by the database's triggers (migration 0008) whenever a comment is
     * written, a task reassigned or a follower added or removed.
     */
    readers: tsvector('readers').notNull().default(sql`''::tsvector`),
    createdAt: created(),
  },
  // Search finds a caller's matching comments in the index alone: their words and their readers' together.
  (t) => [index('task_comments_task_idx').on(t.taskId, t.createdAt), index('task_comments_search_idx').using('gin', t.search, t.readers).with(SEARCH_INDEX_OPTIONS)],
);

/**
 * What global search knows of a text-like file's content (docs/behaviour/search.md#files):
 * its words as a full-text document without positions ('simple'
 * configuration), and the start of its text for the snippets. One row per
 * indexed file, gone with the file; written in the transaction that records
 * the file's content.
 */
export const vfsContents = pgTable(
  'vfs_contents',
  {
    nodeId: uuid('node_id')
      .primaryKey()
      .references(() => vfsNodes.id, { onDelete: 'cascade' }),
    document: tsvector('document').notNull(),
    /** The first characters of the text (VFS_CONTENT_SNIPPET_CHARS), where snippets are cut from. */
    text: text('text').notNull(),
  },
  (t) => [index('vfs_contents_document_idx').using('gin', t.document).with(SEARCH_INDEX_OPTIONS)],
);

/**
 * Declarations of declared business applications (docs/APPLICATIONS.md,
 * "Declaring an application"): every version installed is kept, as
 * installed, so that `atrium apps export` gives back what an organisation
 * runs and an upgrade can be compared with what came before.
 */
export const appDeclarations = pgTable(
  'app_declarations',
  {
    id: uuid('id').primaryKey(),
    /** The catalogue entry the application is (app_type 3). */
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    /**
     * The declaration as checked at install (its defaults filled in). JSON
     * text rather than jsonb: jsonb reorders an object's keys, and the order
     * of entities and fields is part of a declaration (a list or form that
     * names no fields shows them in declaration order; an export gives back
     * what was installed).
     */
    declaration: json('declaration').$type<Record<string, unknown>>().notNull(),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_declarations_app_idx').on(t.appId, t.installedAt)],
);

/** Which declaration of an application each organisation runs (installed or upgraded for it by name). */
export const appInstalls = pgTable(
  'app_installs',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    declarationId: uuid('declaration_id')
      .notNull()
      .references(() => appDeclarations.id),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.accountId] })],
);

/**
 * The records of declared applications, one row each, scoped by
 * organisation: the fields' values in `data` (by field key, as values.ts in
 * shared normalises them), the title and the words of the searchable
 * fields beside them for lists and search. `version` counts the writes; a
 * write made on an older version is refused. A deleted record keeps its row
 * (`deleted_at`) so that it can be restored from its history.
 */
export const records = pgTable(
  'records',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull(),
    /** The record's name by its entity's naming rule (LR-2026-00001), unique within the application and organisation. */
    name: text('name').notNull(),
    title: text('title').notNull(),
    /** Who owns it: the entity's owner field, else the creator ("own" and "reports" scopes). */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** The words of the searchable fields (their display text: a choice's label, a user's name). */
    searchText: text('search_text').notNull().default(''),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`(setweight(to_tsvector('simple'::regconfig, "title"), 'A') || setweight(to_tsvector('simple'::regconfig, "search_text"), 'B'))`),
  },
  (t) => [
    unique('records_name_key').on(t.accountId, t.appId, t.name),
    index('records_entity_idx').on(t.accountId, t.appId, t.entity, t.updatedAt),
    index('records_owner_idx').on(t.accountId, t.appId, t.entity, t.ownerId),
    index('records_search_idx').using('gin', t.search).with(SEARCH_INDEX_OPTIONS),
  ],
);

/**
 * Every change of a record (docs/behaviour/records.md#history): who, when,
 * which action, and each changed field's value before and after, written in
 * the transaction of the change itself.
 */
export const recordHistory = pgTable(
  'record_history',
  {
    id: uuid('id').primaryKey(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** create, update, delete, restore, import, transition or reassign. */
    action: text('action').notNull(),
    /** The record's version after the change. */
    version: integer('version').notNull(),
    changes: jsonb('changes').$type<Array<{ field: string; before: unknown; after: unknown }>>().notNull(),
    /** A workflow's step (docs/behaviour/workflows.md): the transition taken and its comment, or the work reassigned; null for other changes. */
    detail: jsonb('detail').$type<HistoryDetail>(),
  },
  (t) => [index('record_history_record_idx').on(t.recordId, t.at)],
);

/** Comments on records, with the users they mention. */
export const recordComments = pgTable(
  'record_comments',
  {
    id: uuid('id').primaryKey(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, "text")`),
    createdAt: created(),
  },
  (t) => [index('record_comments_record_idx').on(t.recordId, t.createdAt), index('record_comments_search_idx').using('gin', t.search).with(SEARCH_INDEX_OPTIONS)],
);

/** The next number of each naming series, per organisation, application, entity and prefix (the series with its date parts filled in). */
export const recordSeries = pgTable(
  'record_series',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull(),
    prefix: text('prefix').notNull(),
    next: integer('next').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.appId, t.entity, t.prefix] })],
);

/** Text slots (dimensions, distinct counts) and number slots (measured fields) of a dataset's facts. */
export const FACT_TEXT_SLOTS = 20;
export const FACT_NUMBER_SLOTS = 12;

/**
 * Which slot of `dataset_facts` holds what, for one dataset of the
 * declaration an organisation runs (datasets/README.md): the text slots'
 * fields (with a date part), the number slots' fields, the time field;
 * the record's own owner and creation time as `@owner`, `@createdAt`.
 * Rebuilt, with the facts, when the organisation installs or upgrades the
 * application.
 */
export interface FactsLayout {
  entity: string;
  texts: Array<{ field: string; part?: 'year' | 'quarter' | 'month' | 'week' | 'day' }>;
  numbers: string[];
  time?: string;
}

/** One dataset of an application as one organisation runs it: the layout of its facts. */
export const datasetDefs = pgTable(
  'dataset_defs',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    dataset: text('dataset').notNull(),
    entity: text('entity').notNull(),
    layout: jsonb('layout').$type<FactsLayout>().notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('dataset_defs_key').on(t.accountId, t.appId, t.dataset), index('dataset_defs_entity_idx').on(t.accountId, t.appId, t.entity)],
);

/**
 * The facts of a dataset: one narrow, typed row per live record of its
 * entity (a deleted record has none), with the values its dimensions group
 * by (a date already cut to its part: `2026-Q3`) and the numbers its
 * measures add up, so that a figure over a million records reads no JSON
 * (datasets/README.md). Kept in step with `records` in the same
 * transaction as every write.
 */
const textSlots = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`d${i + 1}`, text(`d${i + 1}`)])) as Record<`d${number}`, ReturnType<typeof text>>;
const numberSlots = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`n${i + 1}`, doublePrecision(`n${i + 1}`)])) as Record<`n${number}`, ReturnType<typeof doublePrecision>>;
export const datasetFacts = pgTable(
  'dataset_facts',
  {
    defId: uuid('def_id')
      .notNull()
      .references(() => datasetDefs.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    /** The record's owner (the "own" and "reports" scopes). */
    ownerId: uuid('owner_id'),
    /** The day of the dataset's time field (the dashboard's time range). */
    at: date('at'),
    ...textSlots,
    ...numberSlots,
  },
  (t) => [
    primaryKey({ columns: [t.defId, t.recordId] }),
    index('dataset_facts_record_idx').on(t.recordId),
    // A dashboard's time range, and the "own" and "reports" scopes (made by migration 0020).
    index('dataset_facts_at_idx').on(t.defId, t.at),
    index('dataset_facts_owner_idx').on(t.defId, t.ownerId),
  ],
);

/**
 * The roll-up of a dataset's facts (datasets/README.md, "Roll-ups"): one row
 * per month of the time field, owner and combination of text slots, with how
 * many facts it stands for and, per number slot, the sum and how many had a
 * value. Counts, sums and averages over whole months read it instead of the
 * facts. `key` is the md5 of the month, owner and slots (the primary key
 * stays short whatever the slots hold). Kept in step with the facts by
 * triggers (migration 0021).
 */
export const datasetRollups = pgTable(
  'dataset_rollups',
  {
    defId: uuid('def_id')
      .notNull()
      .references(() => datasetDefs.id, { onDelete: 'cascade' }),
    key: uuid('key').notNull(),
    month: date('month'),
    ownerId: uuid('owner_id'),
    ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`d${i + 1}`, text(`d${i + 1}`)])),
    rows: bigint('rows', { mode: 'number' }).notNull(),
    ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`s${i + 1}`, numeric(`s${i + 1}`).notNull().default('0')])),
    ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`c${i + 1}`, bigint(`c${i + 1}`, { mode: 'number' }).notNull().default(0)])),
  },
  (t) => [primaryKey({ columns: [t.defId, t.key] })],
);

/**
 * Dashboards (docs/behaviour/dashboards.md): a definition (widgets, filters,
 * time range) of an organisation, owned by a user, shared with nobody else,
 * the organisation, or the holders of a role of an application.
 */
export const dashboards = pgTable(
  'dashboards',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** private, organisation or role. */
    sharing: text('sharing').notNull().default('private'),
    /** For `role`: the application and the role. */
    sharingApp: text('sharing_app'),
    sharingRole: text('sharing_role'),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dashboards_account_idx').on(t.accountId, t.sharing), index('dashboards_owner_idx').on(t.ownerId)],
);

/**
 * What a user's home widget shows (GET profile/user/{uuid}): set per
 * organisation (user null) or per user of it, a block of HTML or a
 * dashboard; the user's own row wins over the organisation's.
 */
export const homeBlocks = pgTable(
  'home_blocks',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** html or dashboard. */
    type: text('type').notNull(),
    html: text('html'),
    dashboardId: uuid('dashboard_id').references(() => dashboards.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('home_blocks_key').on(t.accountId, t.userId).nullsNotDistinct()],
);

/**
 * The colour each KPI widget with a threshold was last seen in, so that a
 * task is given once per entry into red (docs/behaviour/dashboards.md#thresholds).
 */
export const dashboardAlerts = pgTable(
  'dashboard_alerts',
  {
    dashboardId: uuid('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    widgetId: text('widget_id').notNull(),
    colour: text('colour').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    taskId: uuid('task_id'),
  },
  (t) => [primaryKey({ columns: [t.dashboardId, t.widgetId] })],
);

/**
 * A record's stay in a state of its entity's workflow
 * (docs/behaviour/workflows.md): entered when the record was made or a
 * transition brought it there, left when a transition takes it on. A record
 * has exactly one open entry (`left_at` null; a unique index holds it, so
 * two transitions taken at once cannot both leave it). The approval rule's
 * count is fixed when the state is entered.
 */
export const workflowEntries = pgTable(
  'workflow_entries',
  {
    id: uuid('id').primaryKey(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    enteredBy: uuid('entered_by').references(() => users.id, { onDelete: 'set null' }),
    /** The transition that brought the record here (null: the initial state). */
    transition: text('transition'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** How many approvals complete the state's approving transition (null: no approval rule). */
    approvalsNeeded: integer('approvals_needed'),
    leftAt: timestamp('left_at', { withTimezone: true }),
    leftBy: uuid('left_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('workflow_entries_record_idx').on(t.recordId, t.enteredAt),
    uniqueIndex('workflow_entries_open_key').on(t.recordId).where(sql`${t.leftAt} is null`),
  ],
);

/** Each approver's decision in a state with an approval rule: one per user and entry. */
export const workflowDecisions = pgTable(
  'workflow_decisions',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => workflowEntries.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: text('decision').$type<'approve' | 'reject'>().notNull(),
    transition: text('transition').notNull(),
    comment: text('comment'),
    /** The absent approver this user decided for, as their delegate. */
    onBehalfOf: uuid('on_behalf_of').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.userId] })],
);

/** The last holder of a role given a state's work in turn (assignee rule `roundRobin`), per organisation, application, entity, state and role. */
export const workflowTurns = pgTable(
  'workflow_turns',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull(),
    state: text('state').notNull(),
    role: text('role').notNull(),
    lastUserId: uuid('last_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.appId, t.entity, t.state, t.role] })],
);

/**
 * A user's absence (docs/behaviour/workflows.md#delegation): from and to
 * (dates, both included) work assigned to them goes to the delegate, marked
 * as delegated. Per organisation, since the delegate must be a member.
 */
export const userAbsences = pgTable(
  'user_absences',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    delegateId: uuid('delegate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: created(),
  },
  (t) => [index('user_absences_user_idx').on(t.userId, t.accountId, t.endsOn)],
);

/**
 * Who follows a record (docs/behaviour/workflows.md#following): by hand, or
 * by making it, commenting on it, being assigned its work or mentioned.
 */
export const recordFollowers = pgTable(
  'record_followers',
  {
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<'manual' | 'created' | 'commented' | 'assigned' | 'mentioned'>().notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.userId] }), index('record_followers_user_idx').on(t.userId)],
);

/** When each user's digest was last sent (docs/behaviour/workflows.md#digests): the next lists what changed since. */
export const userDigests = pgTable('user_digests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  /** The last time the digest was considered (sent or found empty), so a server restart in the chosen hour does not send twice. */
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});
