/**
 * Who gets a state's work (docs/behaviour/workflows.md#the-engine): the
 * user of a user field, the manager of the owner or of a user field's user,
 * or role holders picked in turn, by fewest open tasks, or all. What it
 * reads (role holders, managers, open counts, turns) is read once per
 * resolver, so that a bulk write of many records asks a few statements.
 */
import type { AssigneeRule, NotifyRule } from '@atrium/shared/apps';
import type { TurnKey, WorkflowStore } from './WorkflowStore.js';

/** The record a rule is resolved for. */
export interface AssigneeFacts {
  state: string;
  values: Readonly<Record<string, unknown>>;
  ownerId: string | null;
}

const userIn = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export class AssigneeResolver {
  private readonly holders = new Map<string, Promise<string[]>>();
  private readonly managerOf = new Map<string, string | null>();
  private readonly turns = new Map<string, { key: TurnKey; last: string | null; changed: boolean }>();
  private counts: Map<string, number> | null = null;

  constructor(
    private readonly store: WorkflowStore,
    private readonly target: { accountId: string; appId: string; entity: string },
  ) {}

  /** Reads at once the managers of these users (a bulk write's owners and user fields' users). */
  async preloadManagers(userIds: readonly string[]): Promise<void> {
    const wanted = [...new Set(userIds)].filter((id) => !this.managerOf.has(id));
    const found = await this.store.managers(this.target.accountId, wanted);
    for (const id of wanted) this.managerOf.set(id, found.get(id) ?? null);
  }

  /** The users a state's assignee rule gives its work to (each once; none when the rule finds nobody). */
  async assignees(rule: AssigneeRule, facts: AssigneeFacts): Promise<string[]> {
    if ('field' in rule) return userIn(facts.values[rule.field]) ? [userIn(facts.values[rule.field])!] : [];
    if ('managerOf' in rule) {
      const of = rule.managerOf === 'owner' ? facts.ownerId : userIn(facts.values[rule.managerOf]);
      const manager = of === null ? null : await this.manager(of);
      return manager === null ? [] : [manager];
    }
    const holders = await this.roleHolders(rule.role);
    if (holders.length === 0) return [];
    if (rule.pick === 'all') return holders;
    const chosen = rule.pick === 'leastOpen' ? await this.leastOpen(holders) : await this.nextTurn(facts.state, rule.role, holders);
    await this.counted(chosen);
    return [chosen];
  }

  /** Everyone a rule could give the work to (all holders of a role, whatever the pick): read before a transaction, for delegation and languages. */
  async candidates(rule: AssigneeRule, facts: AssigneeFacts): Promise<string[]> {
    return 'role' in rule ? this.roleHolders(rule.role) : this.assignees(rule, facts);
  }

  /** The users a notify rule tells. */
  async notified(rule: NotifyRule, facts: AssigneeFacts): Promise<string[]> {
    if (rule === 'owner') return facts.ownerId === null ? [] : [facts.ownerId];
    if ('field' in rule) return userIn(facts.values[rule.field]) ? [userIn(facts.values[rule.field])!] : [];
    return this.roleHolders(rule.role);
  }

  /** Counts new work given outside this resolver's picks (every assignee of `all` and field rules) for later leastOpen picks. */
  async counted(userId: string): Promise<void> {
    if (this.counts) this.counts.set(userId, (this.counts.get(userId) ?? 0) + 1);
  }

  /** Writes the turns taken (round robin); call it within the transaction, after the last pick. */
  async flush(): Promise<void> {
    for (const turn of this.turns.values()) if (turn.changed && turn.last !== null) await this.store.setTurn(turn.key, turn.last);
  }

  private roleHolders(role: string): Promise<string[]> {
    let holders = this.holders.get(role);
    if (!holders) {
      holders = this.store.roleHolders(this.target.accountId, this.target.appId, role);
      this.holders.set(role, holders);
    }
    return holders;
  }

  private async manager(userId: string): Promise<string | null> {
    if (!this.managerOf.has(userId)) await this.preloadManagers([userId]);
    return this.managerOf.get(userId) ?? null;
  }

  /** The holder after the last one given a turn (by id, wrapping round); the first when the last is gone. */
  private async nextTurn(state: string, role: string, holders: readonly string[]): Promise<string> {
    const id = `${state}\u0000${role}`;
    let turn = this.turns.get(id);
    if (!turn) {
      const key = { ...this.target, state, role };
      turn = { key, last: await this.store.lastTurn(key), changed: false };
      this.turns.set(id, turn);
    }
    const last = turn.last;
    const next = holders.find((h) => last !== null && h > last) ?? holders[0]!;
    turn.last = next;
    turn.changed = true;
    return next;
  }

  /** The holder with the fewest open tasks of workflows (ties: the first by id). */
  private async leastOpen(holders: readonly string[]): Promise<string> {
    const counts = (this.counts ??= new Map());
    const unknown = holders.filter((h) => !counts.has(h));
    if (unknown.length > 0) {
      const found = await this.store.openWorkCounts(this.target.accountId, unknown);
      for (const id of unknown) counts.set(id, found.get(id) ?? 0);
    }
    let best = holders[0]!;
    for (const h of holders) if (counts.get(h)! < counts.get(best)!) best = h;
    return best;
  }
}
