import type { CatalogueTitles } from '@atrium/shared';
import type { RecordSearchSql } from '../records/queryBuilder.js';

/**
 * The queries of global search (docs/behaviour/search.md): each kind ranked
 * and paged in the database with PostgreSQL's full-text search ('simple'
 * configuration, prefix matching), inside the rights the service passes.
 */

/** What a user typed, prepared for the queries. */
export interface SearchTerms {
  /** Its words (db/fullText.ts searchWords); never empty. */
  words: string[];
  /** The whole text, lower-case with white space collapsed: a field equal to it ranks first. */
  phrase: string;
}

/** One page of a kind and how many match in all. */
export interface SearchPage<T> {
  count: number;
  /** Set when more than SEARCH_COUNT_CAP match (count is then the cap). */
  capped?: boolean;
  items: T[];
}

/** An application the caller may see, with the texts it is found by. */
export interface AppCandidate {
  name: string;
  title: string;
  category: string;
  /** Its title by language, other than the default. */
  titles: CatalogueTitles;
  /** Its title in the other languages, found too. */
  otherTitles: string;
}

export interface AppHit {
  name: string;
  title: string;
  category: string;
}

export interface UserHit {
  id: string;
  firstname: string;
  lastname: string;
  username: string;
  designation: string | null;
  email: string | null;
}

/** A mount instance searched: a mountpoint and whose files (user id, organisation id or 'global'). */
export interface SearchInstance {
  mount: string;
  scope: string;
}

export interface FileHit {
  id: string;
  mount: string;
  name: string;
  mime: string;
  size: number;
  /** Whether the name matched (else only the text did). */
  inName: boolean;
}

/** A record found: which of the entities searched it is of (its index), and what a result shows of it. */
export interface RecordHit {
  target: number;
  id: string;
  name: string;
  title: string;
  /** Whether the caller sees its title field (else its name stands in). */
  titleSeen: boolean;
  /** The words of its searchable fields, and whether the caller sees them all on it. */
  searchText: string;
  searchableSeen: boolean;
  data: Record<string, unknown>;
  /** Who owns it (the rights of a record depend on it). */
  ownerId: string | null;
}

/** A comment found on a record the caller may read. */
export interface RecordCommentHit {
  target: number;
  id: string;
  recordName: string;
  recordTitle: string;
  titleSeen: boolean;
  author: { id: string; name: string };
  text: string;
  createdAt: Date;
}

/** A file of a record's file field found, on a record the caller may read, in a field they see on it. */
export interface RecordFileHit extends FileHit {
  target: number;
  recordName: string;
  recordTitle: string;
  titleSeen: boolean;
}

export interface SearchStore {
  /** The candidates that match, ranked. */
  apps(candidates: readonly AppCandidate[], terms: SearchTerms, take: number, skip: number): Promise<SearchPage<AppHit>>;
  /** Enabled users who share an organisation with the caller (any of the caller's memberships), ranked. */
  users(callerId: string, terms: SearchTerms, take: number, skip: number): Promise<SearchPage<UserHit>>;
  /** Files of the instances whose name or indexed text matches, name matches first; capped at SEARCH_COUNT_CAP. */
  files(instances: readonly SearchInstance[], terms: SearchTerms, take: number, skip: number): Promise<SearchPage<FileHit>>;
  /**
   * Records of the entities given (each its caller's read scope, search and
   * what they see: records/queryBuilder recordSearchSql) that match, ranked:
   * the title equal to the text, whole words, ts_rank of the parts seen;
   * capped at SEARCH_COUNT_CAP (whole words read first).
   */
  records(targets: readonly RecordSearchSql[], terms: SearchTerms, take: number, skip: number): Promise<SearchPage<RecordHit>>;
  /** Comments that match on the records the caller may read of the entities given, by ts_rank then newest first. */
  recordComments(targets: readonly RecordSearchSql[], terms: SearchTerms, take: number, skip: number): Promise<SearchPage<RecordCommentHit>>;
  /**
   * Files of the records' mountpoint of the organisation whose name or
   * indexed text matches and that a file field holds on a record the caller
   * may read (of the entities given), where they see that field: the name
   * equal to the text, whole words of names, beginnings, then texts; then by
   * name. At most SEARCH_COUNT_CAP are counted.
   */
  recordFiles(accountId: string, targets: readonly RecordSearchSql[], terms: SearchTerms, take: number, skip: number): Promise<SearchPage<RecordFileHit>>;
  /** Snippets of the indexed text of files, matches marked, by file id. */
  contentSnippets(ids: readonly string[], terms: SearchTerms): Promise<Map<string, string>>;
}
