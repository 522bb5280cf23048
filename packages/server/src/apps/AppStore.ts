import type { CatalogueTitles } from '@atrium/shared';
import type { InferSelectModel } from 'drizzle-orm';
import type { apps } from '../db/schema.js';

/** An application of the catalogue. */
export type AppRecord = InferSelectModel<typeof apps>;

export interface NewApp {
  name: string;
  title: string;
  /** The title's translations by locale (docs/behaviour/applications.md#catalogue-translations). */
  titles?: CatalogueTitles;
  category: string;
  isBaseApp?: boolean;
  type?: string;
  appType?: number;
  url?: string | null;
  defaultAppForOrgs?: number;
}

/** Persistence of the application catalogue, grants and per-user blacklists. */
export interface AppStore {
  create(input: NewApp): Promise<AppRecord>;
  findByName(name: string): Promise<AppRecord | null>;
  /** Replaces an application's title translations; the record after, or null when there is no such application. */
  setTitles(appId: string, titles: CatalogueTitles): Promise<AppRecord | null>;
  /** Replaces an application's title, its translations and its category; the record after, or null when there is no such application. */
  setDescription(appId: string, description: { title: string; titles: CatalogueTitles; category: string }): Promise<AppRecord | null>;
  list(): Promise<AppRecord[]>;
  grant(userId: string, appId: string): Promise<void>;
  /** Returns false when the user did not have the grant. */
  revoke(userId: string, appId: string): Promise<boolean>;
  /** Applications granted to a user, by category then title. */
  listGranted(userId: string): Promise<AppRecord[]>;
  blacklist(userId: string, appName: string): Promise<void>;
  listBlacklisted(userId: string): Promise<string[]>;
}
