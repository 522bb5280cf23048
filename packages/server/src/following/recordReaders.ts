import type { AppDeclaration } from '@atrium/shared/apps';
import { recordAccess } from '../access/recordRights.js';
import type { Caller } from '../access/Caller.js';
import type { Stores } from '../stores.js';

/** A record as its readers are judged: its entity, owner and values, and whether it is deleted. */
export interface JudgedRecord {
  entity: string;
  ownerId: string | null;
  data: Record<string, unknown>;
  deletedAt: Date | null;
}

/** What judging a user's reading needs. */
export interface ReaderDeps {
  stores: Pick<Stores, 'access' | 'users'>;
  /** The catalogue grant for a user and an application name. */
  canSeeApp(userId: string, appName: string): Promise<boolean>;
}

/**
 * A user as a caller of an organisation, remembered for one round of
 * judging (a change, a batch of digests): null for a disabled user, one
 * who left the organisation or who no longer has the application.
 */
export class ReaderCallers {
  private readonly known = new Map<string, Promise<Caller | null>>();

  /** `enabledOnly`: whether to look the users up for a disabled account (false when the caller has left them out already). */
  constructor(
    private readonly deps: ReaderDeps,
    private readonly enabledOnly = true,
  ) {}

  /** Builds the callers of many users at once, a few statements at a time (their answers are remembered). */
  async prefetch(keys: ReadonlyArray<{ userId: string; accountId: string; appName: string }>, atOnce = 16): Promise<void> {
    const unique = [...new Map(keys.map((k) => [`${k.userId}\u0000${k.accountId}\u0000${k.appName}`, k])).values()];
    for (let i = 0; i < unique.length; i += atOnce) await Promise.all(unique.slice(i, i + atOnce).map((k) => this.callerOf(k.userId, k.accountId, k.appName)));
  }

  callerOf(userId: string, accountId: string, appName: string): Promise<Caller | null> {
    const key = `${userId}\u0000${accountId}\u0000${appName}`;
    let found = this.known.get(key);
    if (!found) {
      found = this.build(userId, accountId, appName);
      this.known.set(key, found);
    }
    return found;
  }

  /**
   * Whether the user may read the record now, as the records calls judge
   * it (docs/behaviour/records.md): a deleted record only for who may
   * delete it. Answers the fields hidden to them too, or null.
   */
  async reading(userId: string, app: { accountId: string; name: string; declaration: AppDeclaration }, record: JudgedRecord, now: Date): Promise<{ hiddenFields: readonly string[] } | null> {
    const caller = await this.callerOf(userId, app.accountId, app.name);
    if (!caller) return null;
    const access = recordAccess(caller, app.declaration, record.entity, { ownerId: record.ownerId, values: record.data }, now.getTime());
    if (!access.actions.includes('read') || (record.deletedAt && !access.actions.includes('delete'))) return null;
    return { hiddenFields: access.hiddenFields };
  }

  private async build(userId: string, accountId: string, appName: string): Promise<Caller | null> {
    if (this.enabledOnly) {
      const user = await this.deps.stores.users.findById(userId);
      if (!user || user.disabled) return null;
    }
    const facts = await this.deps.stores.access.callerFacts(userId, accountId);
    if (!facts.organisation || !(await this.deps.canSeeApp(userId, appName))) return null;
    return { userId, name: '', sessionId: '', ...facts };
  }
}

/** The record's title as a reader may see it: a title made of a field hidden to them shows the name instead. */
export function titleFor(declaration: AppDeclaration, record: { entity: string; name: string; title: string }, hiddenFields: readonly string[]): string {
  const entity = declaration.entities[record.entity];
  return entity && hiddenFields.includes(entity.titleField) ? record.name : record.title;
}
