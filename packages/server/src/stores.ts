/**
 * The stores of every domain, built over one database. Services receive
 * this bundle (or the part they need) and never see SQL.
 */
import path from 'node:path';
import type { AbsenceStore } from './absences/AbsenceStore.js';
import { PgAbsenceStore } from './absences/PgAbsenceStore.js';
import type { AccessStore } from './access/AccessStore.js';
import { PgAccessStore } from './access/PgAccessStore.js';
import type { AccountStore } from './accounts/AccountStore.js';
import { PgAccountStore } from './accounts/PgAccountStore.js';
import type { AnnouncementStore } from './announcements/AnnouncementStore.js';
import { PgAnnouncementStore } from './announcements/PgAnnouncementStore.js';
import type { AppStore } from './apps/AppStore.js';
import { PgAppStore } from './apps/PgAppStore.js';
import type { ExternalIdentityStore } from './auth/external/ExternalIdentityStore.js';
import { PgExternalIdentityStore } from './auth/external/PgExternalIdentityStore.js';
import type { LoginAttemptStore } from './auth/LoginAttemptStore.js';
import type { PasswordResetStore } from './auth/PasswordResetStore.js';
import { PgLoginAttemptStore } from './auth/PgLoginAttemptStore.js';
import { PgPasswordResetStore } from './auth/PgPasswordResetStore.js';
import { PgSessionStore } from './auth/PgSessionStore.js';
import type { SessionStore } from './auth/SessionStore.js';
import type { ObjectStorageConfig } from './config.js';
import type { DashboardStore } from './dashboards/DashboardStore.js';
import { PgDashboardStore } from './dashboards/PgDashboardStore.js';

import type { DatasetStore } from './datasets/DatasetStore.js';
import type { DigestStore } from './digests/DigestStore.js';
import { PgDigestStore } from './digests/PgDigestStore.js';
import type { FollowerStore } from './following/FollowerStore.js';
import { PgFollowerStore } from './following/PgFollowerStore.js';
import { PgDatasetStore } from './datasets/PgDatasetStore.js';
import type { Db } from './db/database.js';
import type { DeclarationStore } from './declarations/DeclarationStore.js';
import { PgDeclarationStore } from './declarations/PgDeclarationStore.js';
import type { DesktopSessionStore } from './desktopSessions/DesktopSessionStore.js';
import { PgDesktopSessionStore } from './desktopSessions/PgDesktopSessionStore.js';
import type { PackageStore } from './packages/PackageStore.js';
import { PgPackageStore } from './packages/PgPackageStore.js';
import { PgRecordStore } from './records/PgRecordStore.js';
import type { RecordStore } from './records/RecordStore.js';
import { PgResourceStore } from './resources/PgResourceStore.js';
import type { ResourceStore } from './resources/ResourceStore.js';
import { PgSettingsStore } from './settings/PgSettingsStore.js';
import type { SettingsStore } from './settings/SettingsStore.js';
import { PgSearchStore } from './search/PgSearchStore.js';
import type { SearchStore } from './search/SearchStore.js';
import { PgSocketRelayStore } from './sockets/PgSocketRelayStore.js';
import type { SocketRelayStore } from './sockets/SocketRelayStore.js';
import { PgTaskStore } from './tasks/PgTaskStore.js';
import type { TaskStore } from './tasks/TaskStore.js';
import { PgUserStore } from './users/PgUserStore.js';
import type { UserStore } from './users/UserStore.js';
import { DiskBlobStore } from './vfs/DiskBlobStore.js';
import { PgVfsStore } from './vfs/PgVfsStore.js';
import { S3BlobStore, S3Connection } from './vfs/S3BlobStore.js';
import type { EscalationStore } from './workflows/EscalationStore.js';
import { PgEscalationStore } from './workflows/PgEscalationStore.js';
import type { VfsBlobStore } from './vfs/VfsBlobStore.js';
import type { VfsStore } from './vfs/VfsStore.js';
import { PgWorkflowStore } from './workflows/PgWorkflowStore.js';
import type { WorkflowStore } from './workflows/WorkflowStore.js';

export interface Stores {
  users: UserStore;
  accounts: AccountStore;
  apps: AppStore;
  announcements: AnnouncementStore;
  resources: ResourceStore;
  /** Contents of resources (logos, announcement media, viewer pages), in a folder or under a key prefix of their own. */
  blobs: VfsBlobStore;
  sessions: SessionStore;
  loginAttempts: LoginAttemptStore;
  passwordResets: PasswordResetStore;
  packages: PackageStore;
  settings: SettingsStore;
  desktopSessions: DesktopSessionStore;
  /** The virtual filesystem's entries and used space. */
  vfs: VfsStore;
  /** File contents of the virtual filesystem (docs/behaviour/files.md#storage). */
  vfsBlobs: VfsBlobStore;
  /** Work items: tasks, their followers and comments (docs/behaviour/work.md). */
  tasks: TaskStore;
  /** The queries of global search (docs/behaviour/search.md). */
  search: SearchStore;
  /** Which identity provider identity signs in to which user (docs/behaviour/external-sign-in.md#links). */
  identities: ExternalIdentityStore;
  /** Roles, and the one read of a caller's organisation, roles, manager and reports (access/). */
  access: AccessStore;
  /** Socket messages on their way to a user's connections on the other servers (docs/DEPLOYMENT.md, "Sockets across servers"). */
  socketRelays: SocketRelayStore;
  /** Declared applications: their declarations by version and which one each organisation runs (docs/APPLICATIONS.md). */
  declarations: DeclarationStore;
  /** Declared applications' records, their history, comments and naming series (docs/behaviour/records.md). */
  records: RecordStore;
  /** Dashboards and the home widget's blocks (docs/behaviour/dashboards.md). */
  dashboards: DashboardStore;
  /** Records' places in their workflows: state entries, decisions, turns (docs/behaviour/workflows.md). */
  workflows: WorkflowStore;

  /** Dataset definitions and the statements of dashboards' figures (datasets/README.md). */
  datasets: DatasetStore;
  /** Users' absences and their delegates (docs/behaviour/workflows.md#delegation). */
  absences: AbsenceStore;
  /** The escalation job's reads and writes of tasks (docs/behaviour/workflows.md#escalation). */
  escalations: EscalationStore;
  /** Who follows which record (docs/behaviour/workflows.md#following). */
  followers: FollowerStore;
  /** The daily digests' reads and the days they were considered (docs/behaviour/workflows.md#digests). */
  digests: DigestStore;
  /**
   * Runs `work` with stores over one database transaction: everything it
   * writes is committed together when it returns, or nothing when it throws.
   * (File bytes in the blob store are not part of it.)
   */
  transaction<T>(work: (stores: Stores) => Promise<T>): Promise<T>;
}

/** The two blob stores: files' and resources' contents. */
export interface BlobStores {
  files: VfsBlobStore;
  resources: VfsBlobStore;
}

/**
 * Where contents go: with object storage, the bucket under `<S3_PREFIX>files/`
 * and `<S3_PREFIX>resources/` (every server sees every content); without,
 * the data folder's `files/` and `resources/`.
 */
export function createBlobStores(dataDir: string, objectStorage: ObjectStorageConfig | null): BlobStores {
  if (!objectStorage) return { files: new DiskBlobStore(path.join(dataDir, 'files')), resources: new DiskBlobStore(path.join(dataDir, 'resources')) };
  const s3 = new S3Connection(objectStorage);
  return { files: new S3BlobStore(s3, 'files'), resources: new S3BlobStore(s3, 'resources') };
}

/**
 * Builds every store over the database, with contents in the bucket of
 * `objectStorage`, or else under `dataDir/resources` and `dataDir/files`.
 */
export function createStores(db: Db, dataDir: string, objectStorage: ObjectStorageConfig | null = null): Stores {
  return storesOver(db, createBlobStores(dataDir, objectStorage));
}

function storesOver(db: Db, blobs: BlobStores): Stores {
  return {
    users: new PgUserStore(db),
    accounts: new PgAccountStore(db),
    apps: new PgAppStore(db),
    announcements: new PgAnnouncementStore(db),
    resources: new PgResourceStore(db),
    blobs: blobs.resources,
    sessions: new PgSessionStore(db),
    loginAttempts: new PgLoginAttemptStore(db),
    passwordResets: new PgPasswordResetStore(db),
    packages: new PgPackageStore(db),
    settings: new PgSettingsStore(db),
    desktopSessions: new PgDesktopSessionStore(db),
    vfs: new PgVfsStore(db),
    vfsBlobs: blobs.files,
    tasks: new PgTaskStore(db),
    search: new PgSearchStore(db),
    identities: new PgExternalIdentityStore(db),
    access: new PgAccessStore(db),
    socketRelays: new PgSocketRelayStore(db),
    declarations: new PgDeclarationStore(db),
    records: new PgRecordStore(db),
    dashboards: new PgDashboardStore(db),
    workflows: new PgWorkflowStore(db),

    datasets: new PgDatasetStore(db),
    absences: new PgAbsenceStore(db),
    escalations: new PgEscalationStore(db),
    followers: new PgFollowerStore(db),
    digests: new PgDigestStore(db),
    transaction: (work) => db.transaction((tx) => work(storesOver(tx as unknown as Db, blobs))),
  };
}
