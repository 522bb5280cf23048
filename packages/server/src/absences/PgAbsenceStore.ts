import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { userAbsences, users } from '../db/schema.js';
import type { AbsenceRow, AbsenceStore, NewAbsence } from './AbsenceStore.js';

/** The delegate's shown name, as displayName: first and last name, else the username. */
const delegateName = sql<string>`coalesce(nullif(concat_ws(' ', nullif(${users.firstname}, ''), nullif(${users.lastname}, '')), ''), ${users.username})`;

const columns = {
  id: userAbsences.id,
  userId: userAbsences.userId,
  accountId: userAbsences.accountId,
  startsOn: userAbsences.startsOn,
  endsOn: userAbsences.endsOn,
  delegateId: userAbsences.delegateId,
  delegateName,
};

export class PgAbsenceStore implements AbsenceStore {
  constructor(private readonly db: Db) {}

  async list(userId: string, accountId: string, endingFrom: string): Promise<AbsenceRow[]> {
    return this.db
      .select(columns)
      .from(userAbsences)
      .innerJoin(users, eq(users.id, userAbsences.delegateId))
      .where(and(eq(userAbsences.userId, userId), eq(userAbsences.accountId, accountId), gte(userAbsences.endsOn, endingFrom)))
      .orderBy(asc(userAbsences.startsOn), asc(userAbsences.id));
  }

  async insertUnlessOverlapping(absence: NewAbsence): Promise<AbsenceRow | null> {
    return this.db.transaction(async (tx) => {
      // One writer of a user's absences at a time: the check below then sees every other one.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, absence.userId)).for('update');
      const [clash] = await tx
        .select({ id: userAbsences.id })
        .from(userAbsences)
        .where(
          and(
            eq(userAbsences.userId, absence.userId),
            eq(userAbsences.accountId, absence.accountId),
            lte(userAbsences.startsOn, absence.endsOn),
            gte(userAbsences.endsOn, absence.startsOn),
          ),
        )
        .limit(1);
      if (clash) return null;
      await tx.insert(userAbsences).values(absence);
      const [row] = await tx.select(columns).from(userAbsences).innerJoin(users, eq(users.id, userAbsences.delegateId)).where(eq(userAbsences.id, absence.id));
      return row ?? null;
    });
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const gone = await this.db
      .delete(userAbsences)
      .where(and(eq(userAbsences.id, id), eq(userAbsences.userId, userId)))
      .returning({ id: userAbsences.id });
    return gone.length > 0;
  }

  async delegatesOn(accountId: string, userIds: readonly string[], day: string): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({ userId: userAbsences.userId, delegateId: userAbsences.delegateId })
      .from(userAbsences)
      .where(and(eq(userAbsences.accountId, accountId), inArray(userAbsences.userId, [...userIds]), lte(userAbsences.startsOn, day), gte(userAbsences.endsOn, day)));
    return new Map(rows.map((r) => [r.userId, r.delegateId]));
  }
}
