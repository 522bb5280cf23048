/** An absence as stored (table user_absences), its delegate's name beside it. */
export interface AbsenceRow {
  id: string;
  userId: string;
  accountId: string;
  /** YYYY-MM-DD, both ends included. */
  startsOn: string;
  endsOn: string;
  delegateId: string;
  delegateName: string;
}

export interface NewAbsence {
  id: string;
  userId: string;
  accountId: string;
  startsOn: string;
  endsOn: string;
  delegateId: string;
}

/** Persistence of users' absences (docs/behaviour/workflows.md#delegation); all SQL of the domain. */
export interface AbsenceStore {
  /** A user's absences in an organisation ending on or after `endingFrom` (a day), earliest first. */
  list(userId: string, accountId: string, endingFrom: string): Promise<AbsenceRow[]>;
  /**
   * Writes the absence unless another of the user's in the organisation
   * shares a day with it (checked and written under a lock of the user, so
   * two at once cannot both pass): false when one does.
   */
  insertUnlessOverlapping(absence: NewAbsence): Promise<AbsenceRow | null>;
  /** Deletes a user's own absence; false when they have none of that id. */
  remove(userId: string, id: string): Promise<boolean>;
  /** For each of the users absent on `day` in the organisation, the delegate they named. */
  delegatesOn(accountId: string, userIds: readonly string[], day: string): Promise<Map<string, string>>;
}
