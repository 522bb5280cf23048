import type { AppDeclaration } from '@atrium/shared/apps';
import { hasUnstorableText } from '@atrium/shared';
import {
  HOME_HTML_MAX_BYTES,
  type AlertRecipients,
  type DashboardDefinition,
  type DashboardDto,
  type DashboardProblem,
  type DashboardSharing,
  type DashboardSummary,
  type HomeProfile,
} from '@atrium/shared/dashboards';
import type { Caller } from '../access/Caller.js';
import { hasAppRole, isOrgAdmin } from '../access/rules.js';
import type { Stores } from '../stores.js';
import { DashboardError } from './DashboardError.js';
import type { DashboardStore, StoredDashboard } from './DashboardStore.js';
import { checkNotify, recipientChoices, type RecipientFacts } from './alertRecipients.js';
import { definitionProblems } from './definitionChecks.js';

/**
 * The home block shown when neither the user nor the organisation set one:
 * no words of any language, only the profile's fields, which the desktop
 * fills (docs/behaviour/dashboards.md#home).
 */
export const WELCOME_HTML = '<h1>{name}</h1><p>{designation} · {organisation}</p>';

export interface DashboardServiceDeps {
  stores: Pick<Stores, 'declarations' | 'apps' | 'access' | 'users'> & { dashboards: DashboardStore };
  /** The catalogue grant (docs/behaviour/applications.md#visibility) for a user and an application name. */
  canSeeApp(userId: string, appName: string): Promise<boolean>;
  /** Told of every dashboard created or changed (its KPI alerts are judged again: docs/behaviour/dashboards.md#kpi-alerts). */
  onSaved?: (dashboard: StoredDashboard) => void;
}

/** A dashboard to write: its definition as given (checked here) and who sees it. */
export interface DashboardInput {
  definition: DashboardDefinition;
  sharing: DashboardSharing;
}

/**
 * Dashboards and the home widget's answer (docs/behaviour/dashboards.md):
 * which dashboards a caller sees and may change, the checks of a definition
 * on save against the declarations the organisation runs, versions, and
 * what a user's home shows. A dashboard the caller may not see answers
 * `notFound`, exactly as one that does not exist.
 */
export class DashboardService {
  constructor(private readonly deps: DashboardServiceDeps) {}

  /** GET dashboards: those the caller sees in their active organisation, by title. */
  async list(caller: Caller): Promise<DashboardSummary[]> {
    if (!caller.organisation) return [];
    const visible = await this.visible(caller);
    return visible.map((d) => {
      const definition = d.definition as unknown as DashboardDefinition;
      return {
        uuid: d.id,
        title: definition.title,
        ...(definition.description === undefined ? {} : { description: definition.description }),
        sharing: d.sharing,
        owner: ownerOf(d),
        widgets: definition.widgets.length,
        mayEdit: mayEdit(caller, d),
        updatedAt: d.updatedAt.toISOString(),
      };
    });
  }

  /** GET dashboards/:uuid. */
  async get(caller: Caller, id: string): Promise<DashboardDto> {
    return present(caller, await this.seen(caller, id));
  }

  /** POST dashboards: a new dashboard the caller owns. */
  async create(caller: Caller, input: DashboardInput): Promise<DashboardDto> {
    const accountId = orgOf(caller);
    await this.check(caller, input);
    await checkNotify(this.recipientFacts(), { accountId, ownerId: caller.userId, sharing: input.sharing }, input.definition);
    const created = await this.deps.stores.dashboards.create({ accountId, ownerId: caller.userId, sharing: input.sharing, definition: input.definition as unknown as Record<string, unknown> });
    this.deps.onSaved?.(created);
    return present(caller, created);
  }

  /** PUT dashboards/:uuid: its owner or an organisation administrator, on the version they read. */
  async update(caller: Caller, id: string, input: { definition: DashboardDefinition; sharing?: DashboardSharing; version: number }): Promise<DashboardDto> {
    const current = await this.seen(caller, id);
    if (!mayEdit(caller, current)) throw new DashboardError('forbidden');
    const sharing = input.sharing ?? current.sharing;
    await this.check(caller, { definition: input.definition, sharing });
    await checkNotify(this.recipientFacts(), { accountId: current.accountId, ownerId: current.ownerId, sharing }, input.definition);
    const updated = await this.deps.stores.dashboards.update(current.accountId, id, input.version, { definition: input.definition as unknown as Record<string, unknown>, sharing });
    if (updated) {
      this.deps.onSaved?.(updated);
      return present(caller, updated);
    }
    const now = await this.deps.stores.dashboards.find(current.accountId, id);
    if (!now) throw new DashboardError('notFound');
    throw new DashboardError('conflict', { version: String(now.version) });
  }

  /** DELETE dashboards/:uuid: its owner or an organisation administrator. */
  async remove(caller: Caller, id: string): Promise<void> {
    const current = await this.seen(caller, id);
    if (!mayEdit(caller, current)) throw new DashboardError('forbidden');
    if (!(await this.deps.stores.dashboards.remove(current.accountId, id))) throw new DashboardError('notFound');
  }

  /**
   * GET profile/user/:uuid: what the caller's home widget shows. Their own
   * block wins over the organisation's; a dashboard they no longer see
   * gives way to the next block, and with none the welcome block.
   */
  async home(caller: Caller, userId: string): Promise<HomeProfile> {
    if (userId !== caller.userId) throw new DashboardError('notYourHome');
    if (!caller.organisation) return welcome();
    const { dashboards } = this.deps.stores;
    const blocks = await dashboards.homeBlocks(caller.organisation.id, caller.userId);
    for (const block of [blocks.user, blocks.organisation]) {
      if (!block) continue;
      if (block.type === 'html') return { type: 'html', html: block.html ?? '', dashboard_uuid: null };
      const shown = block.dashboardId ? await dashboards.find(caller.organisation.id, block.dashboardId) : null;
      if (shown && (await this.sees(caller, shown))) return { type: 'dashboard', html: null, dashboard_uuid: shown.id };
    }
    return welcome();
  }

  /** Every problem of a definition and its sharing for this caller, or nothing (DashboardError 'invalid' when any). */
  async check(caller: Caller, input: DashboardInput): Promise<void> {
    const problems = await this.problems(caller, input);
    if (problems.length > 0) throw new DashboardError('invalid', { problems: problems.map((p) => `${p.path}: ${p.message}`).join('; ') }, problems);
  }

  private async problems(caller: Caller, { definition, sharing }: DashboardInput): Promise<DashboardProblem[]> {
    const accountId = orgOf(caller);
    const installed = await this.deps.stores.declarations.installedFor(accountId);
    const apps = new Map<string, AppDeclaration>(installed.map((a) => [a.name, a.declaration]));
    const dashboards = new Set((await this.visible(caller)).map((d) => d.id));
    const problems = definitionProblems(definition, { apps, dashboards });
    if (sharing.kind === 'role' && !(await this.deps.stores.apps.findByName(sharing.app))) problems.push({ path: 'sharing.app', message: `no application '${sharing.app}' in the catalogue` });
    return problems;
  }

  /** A dashboard of the caller's organisation they see, else `notFound`. */
  private async seen(caller: Caller, id: string): Promise<StoredDashboard> {
    const accountId = orgOf(caller);
    const found = await this.deps.stores.dashboards.find(accountId, id);
    if (!found || !(await this.sees(caller, found))) throw new DashboardError('notFound');
    return found;
  }

  /** GET dashboards/recipients: whom the caller's KPI alerts may name. */
  async recipients(caller: Caller): Promise<AlertRecipients> {
    orgOf(caller);
    return recipientChoices(this.recipientFacts(), caller);
  }

  /** What the checks of KPI alerts read, with the sharing rule. */
  recipientFacts(): RecipientFacts {
    return { stores: this.deps.stores, sees: (caller, d) => this.sees(caller, d), canSeeApp: this.deps.canSeeApp };
  }

  /** Whether a caller sees a dashboard (its owner; the organisation; the holders of its role who are given the application). */
  async sees(caller: Caller, d: Pick<StoredDashboard, 'accountId' | 'ownerId' | 'sharing'>): Promise<boolean> {
    if (d.accountId !== caller.organisation?.id) return false;
    if (d.ownerId === caller.userId || d.sharing.kind === 'organisation') return true;
    if (d.sharing.kind !== 'role') return false;
    const { app, role } = d.sharing;
    return hasAppRole(caller, app, role) && (await this.deps.canSeeApp(caller.userId, app));
  }

  /** The dashboards the caller sees: the store's rows for their roles in applications they are given. */
  private async visible(caller: Caller): Promise<StoredDashboard[]> {
    const accountId = orgOf(caller);
    const roles: Array<{ app: string; role: string }> = [];
    for (const [app, names] of Object.entries(caller.roles.apps)) {
      if (names.length > 0 && (await this.deps.canSeeApp(caller.userId, app))) roles.push(...names.map((role) => ({ app, role })));
    }
    return this.deps.stores.dashboards.visible({ accountId, userId: caller.userId, roles });
  }
}

/** The problem of a home block's HTML, if any (too long, or text the database cannot store). */
export function homeHtmlProblem(html: string): string | null {
  const bytes = Buffer.byteLength(html, 'utf8');
  if (bytes > HOME_HTML_MAX_BYTES) return `the HTML is ${bytes} bytes long; at most ${HOME_HTML_MAX_BYTES} are allowed`;
  if (hasUnstorableText(html)) return 'the HTML holds NUL characters or unpaired surrogates';
  return null;
}

function orgOf(caller: Caller): string {
  if (!caller.organisation) throw new DashboardError('noOrganisation');
  return caller.organisation.id;
}

/** Its owner, or an administrator of its organisation (docs/behaviour/dashboards.md#sharing-and-rights). */
function mayEdit(caller: Caller, d: StoredDashboard): boolean {
  return d.accountId === caller.organisation?.id && (d.ownerId === caller.userId || isOrgAdmin(caller));
}

function ownerOf(d: StoredDashboard): DashboardDto['owner'] {
  return d.ownerId ? { id: d.ownerId, name: d.ownerName ?? '' } : null;
}

function present(caller: Caller, d: StoredDashboard): DashboardDto {
  return {
    uuid: d.id,
    definition: d.definition as unknown as DashboardDefinition,
    sharing: d.sharing,
    owner: ownerOf(d),
    mayEdit: mayEdit(caller, d),
    version: d.version,
    updatedAt: d.updatedAt.toISOString(),
  };
}

function welcome(): HomeProfile {
  return { type: 'html', html: WELCOME_HTML, dashboard_uuid: null };
}
