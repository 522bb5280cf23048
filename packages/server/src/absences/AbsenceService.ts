import crypto from 'node:crypto';
import { ABSENCE_LISTED_DAYS, ABSENCE_MAX_DAYS, absenceDays, isAbsenceDay, type AbsenceBody, type AbsenceDto } from '@atrium/shared';
import type { AccountStore } from '../accounts/AccountStore.js';
import type { UserStore } from '../users/UserStore.js';
import type { Delegation } from '../workflows/ports.js';
import { AbsenceError } from './AbsenceError.js';
import type { AbsenceRow, AbsenceStore } from './AbsenceStore.js';

/** Who calls: a user and their active organisation (null without one). */
export interface AbsenceCaller {
  userId: string;
  accountId: string | null;
}

export interface AbsenceServiceDeps {
  store: AbsenceStore;
  users: Pick<UserStore, 'findById'>;
  accounts: Pick<AccountStore, 'isMember'>;
  now?: () => Date;
}

/** How many delegates a chain of absent users is followed through before the work stays where it was. */
export const DELEGATION_HOPS = 3;

const DAY_MS = 86_400_000;

/** The calendar day (UTC) of a moment, YYYY-MM-DD. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Absences and delegation (docs/behaviour/workflows.md#delegation): each
 * user plans their own absences in their active organisation, naming a
 * member who takes their work meanwhile; the workflows ask who does the work
 * of a user at a moment.
 */
export class AbsenceService implements Delegation {
  private readonly now: () => Date;

  constructor(private readonly deps: AbsenceServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** GET users/me/absences: the caller's absences, but those that ended more than ABSENCE_LISTED_DAYS ago. */
  async list(caller: AbsenceCaller): Promise<AbsenceDto[]> {
    if (!caller.accountId) return [];
    const from = dayOf(new Date(this.now().getTime() - ABSENCE_LISTED_DAYS * DAY_MS));
    return (await this.deps.store.list(caller.userId, caller.accountId, from)).map(dtoOf);
  }

  /** POST users/me/absences: refused with the first rule it breaks; nothing is written then. */
  async add(caller: AbsenceCaller, body: AbsenceBody): Promise<AbsenceDto> {
    const accountId = caller.accountId;
    if (!accountId) throw new AbsenceError('noOrganisation');
    if (!isAbsenceDay(body.startsOn) || !isAbsenceDay(body.endsOn)) throw new AbsenceError('invalidDate');
    const days = absenceDays(body.startsOn, body.endsOn);
    if (days < 1) throw new AbsenceError('endBeforeStart');
    if (days > ABSENCE_MAX_DAYS) throw new AbsenceError('tooLong');
    const delegate = body.delegate.toLowerCase();
    if (delegate === caller.userId) throw new AbsenceError('delegateSelf');
    if (!(await this.isPresentMember(delegate, accountId))) throw new AbsenceError('delegateNotMember');
    const row = await this.deps.store.insertUnlessOverlapping({ id: crypto.randomUUID(), userId: caller.userId, accountId, startsOn: body.startsOn, endsOn: body.endsOn, delegateId: delegate });
    if (!row) throw new AbsenceError('overlaps');
    return dtoOf(row);
  }

  /** DELETE users/me/absences/{id}: only the caller's own; another's answers 'Absence not found'. */
  async remove(caller: AbsenceCaller, id: string): Promise<void> {
    if (!(await this.deps.store.remove(caller.userId, id.toLowerCase()))) throw new AbsenceError('notFound');
  }

  /**
   * Who does each user's work at `at`: a user absent then is replaced by
   * their delegate, an absent delegate by theirs in turn, through at most
   * DELEGATION_HOPS delegates and never back to someone already passed; a
   * user whose chain reaches no present member keeps the work.
   */
  async substitute(accountId: string, userIds: string[], at: Date): Promise<Array<{ userId: string; delegatedFrom: string | null }>> {
    const day = dayOf(at);
    const chains = new Map<string, string[]>(userIds.map((id) => [id, [id]]));
    const settled = new Map<string, string>();
    let open = [...chains.keys()];
    for (let hop = 0; hop <= DELEGATION_HOPS && open.length > 0; hop++) {
      const ends = [...new Set(open.map((id) => chains.get(id)!.at(-1)!))];
      const delegates = await this.deps.store.delegatesOn(accountId, ends, day);
      const next: string[] = [];
      for (const id of open) {
        const chain = chains.get(id)!;
        const delegate = delegates.get(chain.at(-1)!);
        if (delegate === undefined) settled.set(id, chain.at(-1)!);
        else if (hop < DELEGATION_HOPS && !chain.includes(delegate) && (await this.isPresentMember(delegate, accountId))) {
          chain.push(delegate);
          next.push(id);
        }
      }
      open = next;
    }
    return userIds.map((id) => {
      const doer = settled.get(id);
      return doer === undefined || doer === id ? { userId: id, delegatedFrom: null } : { userId: doer, delegatedFrom: id };
    });
  }

  /** Who does `userId`'s work at `at` (an escalation's manager, docs/behaviour/workflows.md#escalation). */
  async delegateFor(accountId: string, userId: string, at: Date): Promise<{ userId: string; delegatedFrom: string | null }> {
    return (await this.substitute(accountId, [userId], at))[0]!;
  }

  /** An enabled user who belongs to the organisation. */
  private async isPresentMember(userId: string, accountId: string): Promise<boolean> {
    const user = await this.deps.users.findById(userId);
    return user !== null && !user.disabled && (await this.deps.accounts.isMember(userId, accountId));
  }
}

function dtoOf(row: AbsenceRow): AbsenceDto {
  return { id: row.id, startsOn: row.startsOn, endsOn: row.endsOn, delegate: { id: row.delegateId, name: row.delegateName } };
}
