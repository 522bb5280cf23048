import type { InferSelectModel } from 'drizzle-orm';
import type { accounts } from '../db/schema.js';

/** An organisation. */
export type AccountRecord = InferSelectModel<typeof accounts>;

export interface NewAccount {
  name: string;
  hosts?: string[];
  isDefault?: boolean;
  logoResourceId?: string | null;
  theme?: string | null;
  favicon?: string | null;
  privacyPolicy?: string | null;
  loginUrl?: string | null;
  footerText?: string | null;
  /** Working days and hours (workflows/businessTime.ts, BusinessCalendar); null for the default. */
  businessCalendar?: unknown;
}

/** Persistence of organisations and of who belongs to them. */
export interface AccountStore {
  create(input: NewAccount): Promise<AccountRecord>;
  findById(id: string): Promise<AccountRecord | null>;
  findByName(name: string): Promise<AccountRecord | null>;
  /** The account serving a login host, else the default account, else the oldest. */
  findForHost(host: string): Promise<AccountRecord | null>;
  list(): Promise<AccountRecord[]>;
  update(id: string, patch: Partial<NewAccount>): Promise<AccountRecord | null>;
  addMember(accountId: string, userId: string): Promise<void>;
  removeMember(accountId: string, userId: string): Promise<void>;
  /** Accounts of a user, oldest membership first. */
  listForUser(userId: string): Promise<AccountRecord[]>;
  isMember(userId: string, accountId: string): Promise<boolean>;
  /** True when two users belong to at least one common account. */
  shareAnAccount(userId: string, otherUserId: string): Promise<boolean>;
}
