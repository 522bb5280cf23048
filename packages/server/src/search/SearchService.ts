import {
  DEFAULT_LOCALE,
  isPackageVisible,
  type CatalogueTitles,
  normaliseSearchHistory,
  SEARCH_FILTERS,
  type AppResult,
  type AttachmentResult,
  type CommentResult,
  type PackageMetadata,
  type RecordCommentResult,
  type RecordResult,
  type SearchFilter,
  type SearchGroup,
  type SearchQuery,
  type SearchResponse,
  toStorableText,
  type UserResult,
} from '@atrium/shared';
import type { Caller } from '../access/Caller.js';
import type { AppStore } from '../apps/AppStore.js';
import { offeredApps } from '../apps/offeredApps.js';
import type { DeclarationStore } from '../declarations/DeclarationStore.js';
import { hasMatch, highlightWords, searchWords, trimSnippet } from '../db/fullText.js';
import type { RecordSearchTarget, RecordService } from '../records/RecordService.js';
import { displayName } from '../users/ProfileService.js';
import type { UserStore } from '../users/UserStore.js';
import { RECORDS_MOUNT, type MountDefinition } from '../vfs/mounts.js';
import type { VfsStore } from '../vfs/VfsStore.js';
import type { AppCandidate, FileHit, SearchInstance, SearchStore, SearchTerms } from './SearchStore.js';

/** Who searches: the user and the organisation they act in (null when they belong to none). */
export interface SearchCaller {
  userId: string;
  accountId: string | null;
  /** The whole caller (roles, reports): the rights of the declared applications' records are theirs. */
  access: Caller;
}

/** The search of task comments (the work items' service), within what the caller sees. */
export interface CommentSearch {
  searchComments(caller: SearchCaller, query: string, take: number, skip: number): Promise<SearchGroup<CommentResult>>;
}

export interface SearchServiceDeps {
  store: SearchStore;
  apps: AppStore;
  /** The declared applications each organisation of a user runs: one is offered only where it runs (apps/offeredApps.ts). */
  declarations: Pick<DeclarationStore, 'runningInOrganisationsOf'>;
  /** Paths of the files found. */
  vfs: Pick<VfsStore, 'pathsOf'>;
  /** The declared mountpoints (docs/behaviour/files.md#mountpoints). */
  mounts: readonly MountDefinition[];
  /** The packages a user may see: the built-in ones and the enabled registered ones, and the user's profile apps. */
  packages: {
    builtins: readonly PackageMetadata[];
    enabledRegistered(): Promise<PackageMetadata[]>;
    profileAppNames(userId: string): Promise<Set<string>>;
  };
  comments: CommentSearch;
  /** The entities of declared applications the caller may read, as search reads them (the records' rights). */
  records: Pick<RecordService, 'searchTargets'>;
  /** Where each user's search history is kept (users.search_history). */
  users: Pick<UserStore, 'findById' | 'update'>;
}

const EMPTY = { count: 0, items: [] };

/**
 * Global search (docs/behaviour/search.md): applications the caller may
 * see, people of the caller's organisations, files the caller can read in
 * their searchable mountpoints (names, and the text of text-like files)
 * and in the file fields of the records they may read, comments of the
 * tasks and records the caller sees, and the records of the
 * declared applications they have (the records' read rights: RecordService's
 * searchTargets); each kind ranked and paged on its
 * own, matches marked in the snippets. Nothing outside the caller's rights
 * is ever looked at: the rights are part of each query.
 */
export class SearchService {
  constructor(private readonly deps: SearchServiceDeps) {}

  async search(caller: SearchCaller, query: SearchQuery): Promise<SearchResponse> {
    const filter: SearchFilter | null = query.filter && (SEARCH_FILTERS as readonly string[]).includes(query.filter) ? (query.filter as SearchFilter) : null;
    const words = searchWords(query.q);
    const response: SearchResponse = { q: query.q, filter, apps: EMPTY, users: EMPTY, attachments: EMPTY, comments: EMPTY, records: EMPTY };
    if (words.length === 0) return response;
    const terms: SearchTerms = { words, phrase: phraseOf(query.q) };
    // Without a filter, every kind answers its first page; with one, that kind its page of take and skip.
    const take = query.take;
    const skip = filter ? query.skip : 0;
    const wanted = (kind: SearchFilter) => filter === null || filter === kind;
    // The records' rights, read once for the records, the comments on them and their files.
    const targets = wanted('records') || wanted('comments') || wanted('attachments') ? this.deps.records.searchTargets(caller.access, query.q) : Promise.resolve([]);
    const [apps, users, attachments, comments, records] = await Promise.all([
      wanted('apps') ? this.apps(caller, terms, take, skip) : EMPTY,
      wanted('users') ? this.users(caller, terms, take, skip) : EMPTY,
      wanted('attachments') ? this.attachments(caller, terms, targets, take, skip) : EMPTY,
      wanted('comments') ? this.comments(caller, query.q, terms, targets, take, skip) : EMPTY,
      wanted('records') ? targets.then((t) => this.records(t, terms, take, skip)) : EMPTY,
    ]);
    return { ...response, apps, users, attachments, comments, records };
  }

  /**
   * POST /user/updateusersearchitems (docs/behaviour/search.md#history): the
   * given text (or comma-separated texts, newest first) goes before the
   * stored history by the shared rule (de-duplicated, bounded, newest first);
   * answers the history kept.
   */
  async remember(userId: string, searched: string): Promise<string> {
    const user = await this.deps.users.findById(userId);
    if (!user) return '';
    const history = normaliseSearchHistory([...searched.split(','), ...user.searchHistory.split(',')]);
    if (history !== user.searchHistory) await this.deps.users.update(userId, { searchHistory: history });
    return history;
  }

  /**
   * The applications the caller may see (docs/behaviour/applications.md#visibility)
   * in their organisation (a declared one where it runs: apps/offeredApps.ts),
   * with the texts they are found by.
   */
  async visibleApps(userId: string, accountId: string | null): Promise<AppCandidate[]> {
    const [granted, listed, registered, running] = await Promise.all([
      this.deps.packages.profileAppNames(userId),
      this.deps.apps.list(),
      this.deps.packages.enabledRegistered(),
      this.deps.declarations.runningInOrganisationsOf(userId),
    ]);
    const catalogue = offeredApps(listed, (accountId !== null && running.get(accountId)) || new Set<string>());
    const packages = new Map<string, PackageMetadata>();
    for (const pkg of [...registered, ...this.deps.packages.builtins]) if (pkg.type === 'application') packages.set(pkg.name, pkg);
    const candidates = new Map<string, AppCandidate>();
    // The catalogue: the profile's apps and the organisations' defaults; a package of the same name decides by its own metadata.
    for (const row of catalogue) {
      const pkg = packages.get(row.name);
      const visible = pkg ? isPackageVisible(pkg, granted) : isPackageVisible({ name: row.name, type: row.type, defaultAppforOrgs: row.defaultAppForOrgs }, granted);
      if (visible && row.type === 'application') candidates.set(row.name, { name: row.name, title: row.title, category: row.category, titles: translationsOf(row.titles, pkg), otherTitles: otherTitles(row.titles, pkg) });
    }
    for (const pkg of packages.values()) {
      if (candidates.has(pkg.name) || !isPackageVisible(pkg, granted)) continue;
      candidates.set(pkg.name, { name: pkg.name, title: pkg.title.en_EN, category: '', titles: translationsOf({}, pkg), otherTitles: otherTitles({}, pkg) });
    }
    return [...candidates.values()];
  }

  private async apps(caller: SearchCaller, terms: SearchTerms, take: number, skip: number): Promise<SearchGroup<AppResult>> {
    // Only applications whose texts hold every word can match (most searches find none: then no statement runs).
    const candidates = (await this.visibleApps(caller.userId, caller.accountId)).filter((app) => mayMatch([app.title, app.name, app.category, app.otherTitles], terms.words));
    const page = candidates.length === 0 ? EMPTY : await this.deps.store.apps(candidates, terms, take, skip);
    const titles = new Map(candidates.map((c) => [c.name, c.titles]));
    return {
      count: page.count,
      items: page.items.map((a) => ({
        kind: 'apps',
        name: a.name,
        title: a.title,
        // The title in the other languages: the desktop shows the user's (docs/behaviour/applications.md#catalogue-translations).
        ...(Object.keys(titles.get(a.name) ?? {}).length > 0 ? { titles: titles.get(a.name) } : {}),
        category: a.category,
        snippet: snippetOf([a.title, a.name, a.category], terms.words) ?? a.title,
      })),
    };
  }

  private async users(caller: SearchCaller, terms: SearchTerms, take: number, skip: number): Promise<SearchGroup<UserResult>> {
    const page = await this.deps.store.users(caller.userId, terms, take, skip);
    return {
      count: page.count,
      items: page.items.map((u) => {
        const name = displayName(u);
        return {
          kind: 'users',
          id: u.id,
          name,
          username: u.username,
          designation: u.designation,
          snippet: snippetOf([name, u.username, u.designation ?? '', u.email ?? ''], terms.words) ?? name,
        };
      }),
    };
  }

  /**
   * Records of the declared applications the caller has, within their read
   * scope, matched by the title and the searchable fields where the caller
   * sees them (the records' list search), ranked.
   */
  private async records(targets: readonly RecordSearchTarget[], terms: SearchTerms, take: number, skip: number): Promise<SearchGroup<RecordResult>> {
    const page = await this.deps.store.records(targets, terms, take, skip);
    return {
      count: page.count,
      ...(page.capped ? { countCapped: true } : {}),
      items: page.items.map((hit) => {
        const target = targets[hit.target]!;
        const title = hit.titleSeen ? hit.title : hit.name;
        const marked = snippetOf([hit.titleSeen ? hit.title : '', hit.searchableSeen ? hit.searchText : ''], terms.words);
        return {
          kind: 'records',
          ...refOf(target, hit.name, title),
          colour: target.colourOf(hit.data, hit.ownerId),
          snippet: marked === null ? title : trimSnippet(marked),
        };
      }),
    };
  }

  /**
   * Comments of the tasks the caller sees, then comments on the records they
   * may read (each by ts_rank, then newest first): one list, paged across both.
   */
  private async comments(caller: SearchCaller, q: string, terms: SearchTerms, targets: Promise<RecordSearchTarget[]>, take: number, skip: number): Promise<SearchGroup<CommentResult>> {
    const [tasks, entities] = await Promise.all([this.deps.comments.searchComments(caller, q, take, skip), targets]);
    const onRecords = await this.deps.store.recordComments(entities, terms, take - tasks.items.length, Math.max(0, skip - tasks.count));
    const items = onRecords.items.map((hit): RecordCommentResult => {
      const target = entities[hit.target]!;
      return {
        kind: 'comments',
        id: hit.id,
        record: refOf(target, hit.recordName, hit.titleSeen ? hit.recordTitle : hit.recordName),
        author: hit.author,
        created_at: hit.createdAt.toISOString(),
        snippet: trimSnippet(highlightWords(hit.text, terms.words)),
      };
    });
    return { count: tasks.count + onRecords.count, items: [...tasks.items, ...items] };
  }

  /** The mount instances the caller can read and search: their home, their active organisation's, the global ones. */
  instances(caller: SearchCaller): SearchInstance[] {
    return this.deps.mounts
      .filter((m) => m.enabled && m.searchable && (m.scope !== 'organisation' || caller.accountId !== null))
      .map((m) => ({ mount: m.name, scope: m.scope === 'user' ? caller.userId : m.scope === 'organisation' ? caller.accountId! : 'global' }));
  }

  /**
   * Files of the caller's searchable mount instances, then the files of the
   * records they may read, in the file fields they see there (the records'
   * rights: RecordService's searchTargets), each naming its record: one
   * list, paged across both.
   */
  private async attachments(caller: SearchCaller, terms: SearchTerms, targets: Promise<RecordSearchTarget[]>, take: number, skip: number): Promise<SearchGroup<AttachmentResult>> {
    const page = await this.deps.store.files(this.instances(caller), terms, take, skip);
    const entities = await targets;
    const onRecords =
      caller.accountId !== null && this.recordsMounted()
        ? await this.deps.store.recordFiles(caller.accountId, entities, terms, take - page.items.length, Math.max(0, skip - page.count))
        : { count: 0, items: [] };
    const found: FileHit[] = [...page.items, ...onRecords.items];
    const [paths, snippets] = await Promise.all([
      this.deps.vfs.pathsOf(page.items.map((f) => f.id)),
      this.deps.store.contentSnippets(
        found.filter((f) => !f.inName).map((f) => f.id),
        terms,
      ),
    ]);
    const result = (f: FileHit, path: string): AttachmentResult => ({
      kind: 'attachments',
      id: f.id,
      path,
      filename: f.name,
      mime: f.mime,
      size: f.size,
      matchedIn: f.inName ? 'name' : 'content',
      snippet: f.inName ? highlightWords(f.name, terms.words) : (snippets.get(f.id) ?? f.name),
    });
    const capped = page.capped === true || onRecords.capped === true;
    return {
      count: page.count + onRecords.count,
      ...(capped ? { countCapped: true } : {}),
      items: [
        ...page.items.map((f) => result(f, `${f.mount}:${paths.get(f.id) ?? '/'}`)),
        ...onRecords.items.map((hit) => {
          const target = entities[hit.target]!;
          return { ...result(hit, `${RECORDS_MOUNT}:/${target.app}/${hit.recordName}/${hit.name}`), record: refOf(target, hit.recordName, hit.titleSeen ? hit.recordTitle : hit.recordName) };
        }),
      ],
    };
  }

  /** Whether the records' files can be read at all (an operator may disable their mountpoint). */
  private recordsMounted(): boolean {
    return this.deps.mounts.some((m) => m.name === RECORDS_MOUNT && m.enabled);
  }
}

/**
 * Whether the texts may hold every word as the beginning of one of their
 * words: each word is somewhere in them (lower-case). A looser test than the
 * database's, never a stricter one, so it only spares the query of what
 * cannot match.
 */
export function mayMatch(texts: readonly string[], words: readonly string[]): boolean {
  const text = texts.join(' ').normalize('NFC').toLowerCase();
  return words.every((word) => text.includes(word));
}

/** Which record a result is, with its application's and entity's labels. */
function refOf(target: RecordSearchTarget, name: string, title: string) {
  return { app: target.app, appLabel: target.appLabel, entity: target.entity, entityLabel: target.entityLabel, name, title };
}

/** The first of the texts that has a match, marked; null when none has. */
function snippetOf(texts: readonly string[], words: readonly string[]): string | null {
  const text = texts.find((t) => t !== '' && hasMatch(t, words));
  return text === undefined ? null : highlightWords(text, words);
}

/** A package's title in every language but English, for finding it by its name in the user's language. */
/**
 * An application's title in the other languages: the catalogue entry's
 * translations, and those of its package's metadata where the entry has
 * none (docs/behaviour/applications.md#catalogue-translations).
 */
function translationsOf(titles: CatalogueTitles | null | undefined, pkg: PackageMetadata | undefined): CatalogueTitles {
  const fromPackage = Object.fromEntries(Object.entries(pkg?.title ?? {}).filter(([locale]) => locale !== DEFAULT_LOCALE));
  return { ...fromPackage, ...titles };
}

/** Every other-language title of an application, as one text to search. */
function otherTitles(titles: CatalogueTitles | null | undefined, pkg: PackageMetadata | undefined): string {
  return Object.values(translationsOf(titles, pkg)).join(' ');
}

/** The whole text as compared with a field for the first rank: lower-case, white space collapsed, nothing the database cannot take. */
function phraseOf(q: string): string {
  return toStorableText(q).normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}
