/**
 * Who a KPI alert gives a task to (docs/behaviour/dashboards.md#kpi-alerts):
 * the checks of a threshold's `notify` when a dashboard is saved, the people
 * it names when the figure enters red, and what the editor offers to name.
 */
import type { AlertRecipients, DashboardDefinition, DashboardSharing, ThresholdNotify, Widget } from '@atrium/shared/dashboards';
import { dashboardTextIn } from '@atrium/shared/dashboards';
import type { Caller } from '../access/Caller.js';
import type { Stores } from '../stores.js';
import { callerAsMember } from './asMember.js';
import { DashboardError } from './DashboardError.js';
import type { DashboardStore, StoredDashboard } from './DashboardStore.js';

/** What the checks read, and the dashboards' sharing rule (DashboardService.sees). */
export interface RecipientFacts {
  stores: Pick<Stores, 'access' | 'users' | 'declarations'> & { dashboards: DashboardStore };
  sees(caller: Caller, dashboard: Pick<StoredDashboard, 'accountId' | 'ownerId' | 'sharing'>): Promise<boolean>;
  canSeeApp(userId: string, appName: string): Promise<boolean>;
}

/** A dashboard as the checks need it: its organisation, its owner and who it is shared with. */
export type AlertedDashboard = Pick<StoredDashboard, 'accountId' | 'ownerId' | 'sharing'>;

/** The KPI widgets of a definition that name someone to give a task to, with whom. */
export function alertingWidgets(definition: DashboardDefinition): Array<{ widget: Widget; notify: ThresholdNotify }> {
  const out: Array<{ widget: Widget; notify: ThresholdNotify }> = [];
  for (const widget of definition.widgets) {
    if (widget.kind === 'kpi' && widget.threshold?.notify) out.push({ widget, notify: widget.threshold.notify });
  }
  return out;
}

/** A member of the organisation as the caller of what is done for them; null when the user is not one (or disabled). */
async function memberCaller(facts: RecipientFacts, userId: string, accountId: string): Promise<Caller | null> {
  const user = await facts.stores.users.findById(userId);
  if (!user || user.disabled) return null;
  return callerAsMember(facts.stores, user, accountId);
}

/** Whether every holder of a role could open a dashboard shared that way: shared with the organisation, or with that very role. */
function sharedWithRole(sharing: DashboardSharing, notify: { app: string; role: string }): boolean {
  return sharing.kind === 'organisation' || (sharing.kind === 'role' && sharing.app === notify.app && sharing.role === notify.role);
}

/**
 * Refuses a definition whose alerts name someone they may not: a user who
 * is not a member of the organisation, a role no application it runs
 * declares, or people who could not open the dashboard the task leads to.
 */
export async function checkNotify(facts: RecipientFacts, dashboard: AlertedDashboard, definition: DashboardDefinition): Promise<void> {
  const alerting = alertingWidgets(definition);
  if (alerting.length === 0) return;
  const installed = await facts.stores.declarations.installedFor(dashboard.accountId);
  for (const { widget, notify } of alerting) {
    const title = dashboardTextIn(widget.title, 'en_EN');
    if ('user' in notify) {
      const member = await memberCaller(facts, notify.user, dashboard.accountId);
      if (!member) throw new DashboardError('notifyNotMember', { widget: title });
      if (!(await facts.sees(member, dashboard))) throw new DashboardError('notifyCannotSee', { widget: title });
      continue;
    }
    const app = installed.find((a) => a.name === notify.app);
    if (!app || !Object.hasOwn(app.declaration.roles, notify.role)) throw new DashboardError('notifyUnknownRole', { app: notify.app, role: notify.role });
    if (!sharedWithRole(dashboard.sharing, notify)) throw new DashboardError('notifyCannotSee', { widget: title });
  }
}

/**
 * The people a widget's alert gives a task to now, as callers of the
 * organisation: the user named, or each holder of the role; those who are
 * no longer members or could not open the dashboard are left out (`skipped`).
 */
export async function recipientsOf(facts: RecipientFacts, dashboard: AlertedDashboard, notify: ThresholdNotify): Promise<{ callers: Caller[]; skipped: string[] }> {
  const ids = 'user' in notify ? [notify.user] : (await facts.stores.dashboards.roleHolders(dashboard.accountId, notify.app, notify.role)).map((m) => m.id);
  const callers: Caller[] = [];
  const skipped: string[] = [];
  for (const id of ids) {
    const member = await memberCaller(facts, id, dashboard.accountId);
    if (member && (await facts.sees(member, dashboard))) callers.push(member);
    else skipped.push(id);
  }
  return { callers, skipped };
}

/** GET dashboards/recipients: the members of the caller's organisation and the roles of the applications it runs that the caller has. */
export async function recipientChoices(facts: RecipientFacts, caller: Caller): Promise<AlertRecipients> {
  if (!caller.organisation) return { people: [], roles: [] };
  const accountId = caller.organisation.id;
  const people = await facts.stores.dashboards.members(accountId);
  const roles: AlertRecipients['roles'] = [];
  for (const app of await facts.stores.declarations.installedFor(accountId)) {
    if (!(await facts.canSeeApp(caller.userId, app.name))) continue;
    for (const [role, declared] of Object.entries(app.declaration.roles)) roles.push({ app: app.name, appLabel: app.declaration.label, role, label: declared.label });
  }
  return { people, roles };
}
