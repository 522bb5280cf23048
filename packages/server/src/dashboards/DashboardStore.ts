import type { DashboardSharing } from '@atrium/shared/dashboards';

/** A dashboard as stored: its definition is the checked one, read back without checking again. */
export interface StoredDashboard {
  id: string;
  accountId: string;
  ownerId: string | null;
  /** The owner's display name, when there is an owner. */
  ownerName: string | null;
  sharing: DashboardSharing;
  definition: Record<string, unknown>;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Who may see a dashboard besides its owner, by the caller's facts (dashboards/README.md). */
export interface DashboardAudience {
  accountId: string;
  userId: string;
  /** The caller's roles in applications they are given, as `app` + `role` pairs. */
  roles: ReadonlyArray<{ app: string; role: string }>;
}

export interface NewDashboard {
  accountId: string;
  ownerId: string | null;
  sharing: DashboardSharing;
  definition: Record<string, unknown>;
}

/** What the home widget of a user shows, as stored: the organisation's row has no user. */
export interface HomeBlock {
  accountId: string;
  userId: string | null;
  type: 'html' | 'dashboard';
  html: string | null;
  dashboardId: string | null;
  updatedAt: Date;
}

/** A KPI widget's alert state (docs/behaviour/dashboards.md#kpi-alerts): its last colour and the task its last entry into red gave. */
export interface KpiAlertRow {
  dashboardId: string;
  widgetId: string;
  colour: string;
  changedAt: Date;
  taskId: string | null;
}

/** A member of an organisation a task may be given to. */
export interface MemberRow {
  id: string;
  name: string;
}

/**
 * Persistence of dashboards and home blocks (docs/behaviour/dashboards.md).
 * Which dashboards a caller sees is decided by DashboardService; the store
 * answers the rows of that rule in one statement (`visible`).
 */
export interface DashboardStore {
  create(input: NewDashboard): Promise<StoredDashboard>;
  /** A dashboard of an organisation, whoever may see it. */
  find(accountId: string, id: string): Promise<StoredDashboard | null>;
  /** The dashboards of the organisation the audience sees: its own, those shared with the organisation, those shared with one of its roles; by title. */
  visible(audience: DashboardAudience): Promise<StoredDashboard[]>;
  /** Every dashboard of an organisation (the command line), by title. */
  listForAccount(accountId: string): Promise<StoredDashboard[]>;
  /** Writes a new definition (and sharing) on `version`; null when the stored version is another (nothing written). */
  update(accountId: string, id: string, version: number, change: { definition: Record<string, unknown>; sharing: DashboardSharing }): Promise<StoredDashboard | null>;
  /** Removes a dashboard; false when there was none. */
  remove(accountId: string, id: string): Promise<boolean>;
  /** The user's own home block and the organisation's, either null when not set. */
  homeBlocks(accountId: string, userId: string): Promise<{ user: HomeBlock | null; organisation: HomeBlock | null }>;
  /** Sets the home block of an organisation (`userId` null) or of one of its users. */
  setHome(block: Omit<HomeBlock, 'updatedAt'>): Promise<void>;
  /** Clears it; false when none was set. */
  clearHome(accountId: string, userId: string | null): Promise<boolean>;
  /**
   * Records a KPI widget's colour; true only for the one caller that
   * changed it (or wrote its first row): a colour already recorded, or
   * recorded meanwhile by another evaluation, answers false.
   */
  recordAlertColour(dashboardId: string, widgetId: string, colour: string, at: Date): Promise<boolean>;
  /** Notes the task an entry into red gave. */
  setAlertTask(dashboardId: string, widgetId: string, taskId: string): Promise<void>;
  /** The alert rows of a dashboard, by widget. */
  alerts(dashboardId: string): Promise<KpiAlertRow[]>;
  /** The enabled members of an organisation, by name. */
  members(accountId: string): Promise<MemberRow[]>;
  /** The enabled members of an organisation holding a role of an application (by its name), by name. */
  roleHolders(accountId: string, app: string, role: string): Promise<MemberRow[]>;
}
