import type { AbsenceMessageKey, TaskMessageKey, VfsErrorCode } from '@atrium/shared';
import type { RecordErrorCode } from '@atrium/shared/apps';
import type { DashboardErrorCode, DatasetErrorCode } from '@atrium/shared/dashboards';
import { AbsenceError } from '../absences/AbsenceError.js';
import { NotAuthenticatedError } from '../access/AccessError.js';
import { DashboardError } from '../dashboards/DashboardError.js';
import { DatasetError } from '../datasets/DatasetError.js';
import type { DomainError } from '../DomainError.js';
import { RecordError } from '../records/RecordError.js';
import { TaskError } from '../tasks/TaskError.js';
import { VfsError } from '../vfs/VfsError.js';

/** The HTTP status of each filesystem failure (docs/API.md, "Files"). */
const VFS_STATUS: Readonly<Record<VfsErrorCode, number>> = {
  filesystemNotFound: 404,
  filesystemNotFoundFor: 404,
  notMounted: 409,
  alreadyMounted: 409,
  pathMismatch: 400,
  notFound: 404,
  notADirectory: 409,
  isADirectory: 409,
  alreadyExists: 409,
  readOnly: 403,
  notSearchable: 403,
  invalidName: 400,
  outsideMount: 400,
  intoItself: 400,
  rootImmutable: 403,
  tooDeep: 400,
  quotaExceeded: 413,
  tooLarge: 413,
  diskFull: 507,
  uploadMissing: 400,
  uploadAborted: 400,
  rangeNotSatisfiable: 416,
};

/** The HTTP status of each refusal of the task calls (docs/behaviour/work.md#errors). */
const TASK_STATUS: Readonly<Record<TaskMessageKey, number>> = {
  taskNotFound: 404,
  snoozeNotAllowed: 409,
  snoozeDate: 400,
  notSnoozed: 409,
  alreadySnoozed: 409,
  extendDate: 400,
  taskNotEditable: 403,
  snoozeNotAssignee: 403,
  assigneeNotMember: 400,
  appNotAvailable: 403,
};

/** The HTTP status of each refusal of the record calls (docs/behaviour/records.md#errors). */
const RECORD_STATUS: Readonly<Record<RecordErrorCode, number>> = {
  notFound: 404,
  appNotFound: 404,
  entityNotFound: 404,
  forbidden: 403,
  readOnlyField: 403,
  outOfScope: 403,
  invalid: 400,
  badFilter: 400,
  badSort: 400,
  badCsv: 400,
  tooManyRows: 400,
  conflict: 409,
  notDeleted: 409,
  noWorkflow: 400,
  unknownTransition: 400,
  transitionNotAvailable: 409,
  selfApproval: 403,
  alreadyDecided: 409,
  conditionUnmet: 409,
  commentRequired: 400,
  stateLocked: 403,
  notAssignee: 400,
  reassignNotMember: 400,
};

/** The HTTP status of each refusal of the dashboards and home calls (docs/behaviour/dashboards.md#sharing-and-rights). */
const DASHBOARD_STATUS: Readonly<Record<DashboardErrorCode, number>> = {
  notFound: 404,
  noOrganisation: 403,
  forbidden: 403,
  conflict: 409,
  invalid: 400,
  notYourHome: 403,
  notifyNotMember: 400,
  notifyUnknownRole: 400,
  notifyCannotSee: 400,
};

/** The HTTP status of each refusal of the dataset calls (docs/behaviour/dashboards.md#queries); a query out of time is 503. */
const DATASET_STATUS: Readonly<Record<DatasetErrorCode, number>> = {
  unknownApp: 400,
  unknownDataset: 400,
  unknownDimension: 400,
  unknownMeasure: 400,
  unavailable: 400,
  forbidden: 403,
  hiddenField: 403,
  badFilter: 400,
  badSort: 400,
  badRange: 400,
  timeout: 503,
};

/** The HTTP status of each refusal of the absence calls (docs/behaviour/workflows.md#delegation). */
const ABSENCE_STATUS: Readonly<Record<AbsenceMessageKey, number>> = {
  invalidDate: 400,
  endBeforeStart: 400,
  tooLong: 400,
  overlaps: 409,
  delegateNotMember: 400,
  delegateSelf: 400,
  noOrganisation: 403,
  notFound: 404,
};

/**
 * The one mapping of the services' refusals to HTTP statuses. A domain
 * error of a kind not listed here is a programming mistake: a 500, logged.
 */
export function statusOfDomainError(error: DomainError): number | null {
  if (error instanceof VfsError) return VFS_STATUS[error.vfsCode];
  if (error instanceof TaskError) return TASK_STATUS[error.taskCode];
  if (error instanceof RecordError) return RECORD_STATUS[error.recordCode];
  if (error instanceof DashboardError) return DASHBOARD_STATUS[error.dashboardCode];
  if (error instanceof DatasetError) return DATASET_STATUS[error.datasetCode];
  if (error instanceof AbsenceError) return ABSENCE_STATUS[error.absenceCode];
  if (error instanceof NotAuthenticatedError) return 401;
  return null;
}
