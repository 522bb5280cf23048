import { AbsenceMessages, type AbsenceMessageKey } from '@atrium/shared';
import { DomainError } from '../DomainError.js';

/** A refused absence call: AbsenceMessages' English text and the code 'absences.<key>' (statuses: http/domainErrors.ts). */
export class AbsenceError extends DomainError {
  constructor(readonly absenceCode: AbsenceMessageKey) {
    super(AbsenceMessages[absenceCode], `absences.${absenceCode}`);
    this.name = 'AbsenceError';
  }
}
