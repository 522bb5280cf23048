import { DECLARED_APP_TYPE, LOCALES, type CatalogueTitles } from '@atrium/shared';
import { checkDeclaration, formatProblem, type AppDeclaration } from '@atrium/shared/apps';
import type { AccountRecord } from '../accounts/AccountStore.js';
import { findAccount } from '../accounts/findAccount.js';
import type { AppRecord } from '../apps/AppStore.js';
import { isUniqueViolation, violatedConstraint } from '../records/recordChecks.js';
import { uniqueFields, uniqueIndexName } from '../records/recordIndexes.js';
import type { Stores } from '../stores.js';
import type { DeclarationVersion } from './DeclarationStore.js';
import { countKey, countsNeeded, entitiesToRetitle, formatLoss, formatShared, isEmptyPlan, planUpgrade, uniqueFieldsToCheck, type CountQuery, type UpgradePlan } from './upgradePlan.js';

/**
 * How a declared application gets into organisations (docs/APPLICATIONS.md,
 * "Declaring an application"): the declaration is checked in full, its
 * catalogue entry made or updated, its version kept, and each named
 * organisation made to run it, upgrading what it ran. Everything in one
 * transaction: a refusal writes nothing.
 */

/** Why an install was refused; `details` are the lines that say what to fix (problems, losses). */
export class InstallRefused extends Error {
  override name = 'InstallRefused';
  constructor(
    message: string,
    readonly details: readonly string[] = [],
  ) {
    super(message);
  }
}

export interface InstallOptions {
  /** Apply an upgrade even though records lose values (they are removed, with history). */
  allowDataLoss?: boolean;
  /** Work out everything and write nothing. */
  dryRun?: boolean;
}

/** What happened to one organisation. */
export interface OrganisationOutcome {
  organisation: string;
  /** The version it ran before, or null for a new install. */
  from: string | null;
  status: 'installed' | 'upgraded' | 'unchanged';
  /** The upgrade's plan (null for a new install). */
  plan: UpgradePlan | null;
  /** Records changed or deleted for the losses. */
  recordsTouched: number;
  /** Records whose stored title or search words were computed again (another title field, other searchable fields). */
  recordsRetitled: number;
}

export interface InstallOutcome {
  name: string;
  version: string;
  catalogue: 'created' | 'updated' | 'unchanged';
  /** Whether the latest version kept was the same declaration (no new version row). */
  versionReused: boolean;
  organisations: OrganisationOutcome[];
  /** Texts missing in a locale, and similar (the install goes ahead). */
  warnings: string[];
  dryRun: boolean;
}

/** Thrown inside the transaction of a dry run, so that everything is rolled back. */
class DryRun extends Error {
  constructor(readonly outcome: InstallOutcome) {
    super('dry run');
  }
}

/** The catalogue entry's title and translations: the declaration's label. */
function catalogueDescription(declaration: AppDeclaration): { title: string; titles: CatalogueTitles; category: string } {
  const titles: Record<string, string> = {};
  for (const locale of LOCALES) {
    const text = (declaration.label as Record<string, string | undefined>)[locale];
    if (locale !== 'en_EN' && text !== undefined) titles[locale] = text;
  }
  return { title: declaration.label.en_EN, titles: titles as CatalogueTitles, category: declaration.category };
}

/** Whether two declarations are the same, key order included (the order of fields is part of one). */
export function sameDeclaration(a: AppDeclaration, b: AppDeclaration): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether a would-be loss's field (or table column) is gone from the new declaration, rather than changed. */
function removedIn(to: AppDeclaration): (q: CountQuery) => boolean {
  return (q) => {
    const entity = Object.hasOwn(to.entities, q.entity) ? to.entities[q.entity] : undefined;
    if (!entity) return true;
    if (q.kind === 'entity') return true;
    const field = Object.hasOwn(entity.fields, q.field) ? entity.fields[q.field] : undefined;
    if (!field) return true;
    if (q.kind === 'column') return field.type !== 'table' || !Object.hasOwn(field.fields, q.column);
    return false;
  };
}

export class InstallService {
  constructor(private readonly stores: Stores) {}

  /** The organisations named (by name or id), each once; refused when one does not exist. */
  private async organisations(names: readonly string[]): Promise<AccountRecord[]> {
    const found = new Map<string, AccountRecord>();
    const unknown: string[] = [];
    for (const name of names) {
      const account = await findAccount(this.stores.accounts, name);
      if (account) found.set(account.id, account);
      else unknown.push(name);
    }
    if (unknown.length > 0) throw new InstallRefused(`No organisation named ${unknown.map((n) => `'${n}'`).join(', ')}: nothing was installed.`);
    return [...found.values()];
  }

  /**
   * Installs a declaration (the parsed JSON) for the named organisations, or
   * upgrades what they run. Refused, with nothing written: a declaration with
   * problems, an unknown organisation, a catalogue entry of that name that is
   * not a declared application, an upgrade losing values without
   * `allowDataLoss`.
   */
  async install(input: unknown, orgNames: readonly string[], options: InstallOptions = {}): Promise<InstallOutcome> {
    const checked = checkDeclaration(input);
    if (!checked.ok) throw new InstallRefused(`The declaration has ${checked.problems.length} ${checked.problems.length === 1 ? 'problem' : 'problems'}; nothing was installed.`, checked.problems.map(formatProblem));
    const declaration = checked.declaration;
    const organisations = await this.organisations(orgNames);
    try {
      return await this.stores.transaction(async (tx) => {
        const { app, catalogue } = await this.catalogueEntry(tx, declaration);
        const latest = (await tx.declarations.versions(app.id)).at(-1);
        const versionReused = latest !== undefined && sameDeclaration(latest.declaration, declaration);
        const version: DeclarationVersion = latest !== undefined && versionReused ? latest : await tx.declarations.addVersion(app.id, declaration);
        const outcomes: OrganisationOutcome[] = [];
        const refusals: string[] = [];
        const shared: string[] = [];
        for (const org of organisations) {
          const outcome = await this.installFor(tx, org, app, version, options);
          outcomes.push(outcome);
          if (outcome.plan && outcome.plan.losses.length > 0 && !options.allowDataLoss) refusals.push(`${org.name}:`, ...outcome.plan.losses.map((l) => `  ${formatLoss(l)}`));
          if (outcome.plan && outcome.plan.shared.length > 0) shared.push(`${org.name}:`, ...outcome.plan.shared.map((v) => `  ${formatShared(v)}`));
        }
        if (shared.length > 0 && !options.dryRun) {
          throw new InstallRefused('Records share values of a field the declaration has unique; give them values of their own first. Nothing was changed.', shared);
        }
        if (refusals.length > 0 && !options.dryRun) {
          throw new InstallRefused('The upgrade would remove values that records hold; run again with --allow-data-loss to remove them. Nothing was changed.', refusals);
        }
        const outcome: InstallOutcome = { name: declaration.name, version: declaration.version, catalogue, versionReused, organisations: outcomes, warnings: checked.warnings, dryRun: options.dryRun ?? false };
        if (options.dryRun) throw new DryRun(outcome);
        await this.syncIndexes(tx, app.id, outcomes.reduce((sum, o) => sum + o.recordsTouched, 0));
        return outcome;
      });
    } catch (e) {
      if (e instanceof DryRun) return e.outcome;
      throw e;
    }
  }

  /** The application's catalogue entry, made or brought up to date; refused when the name is taken by another kind of application. */
  private async catalogueEntry(tx: Stores, declaration: AppDeclaration): Promise<{ app: AppRecord; catalogue: InstallOutcome['catalogue'] }> {
    const wanted = catalogueDescription(declaration);
    const existing = await tx.apps.findByName(declaration.name);
    if (!existing) {
      const app = await tx.apps.create({ name: declaration.name, ...wanted, appType: DECLARED_APP_TYPE, isBaseApp: true });
      return { app, catalogue: 'created' };
    }
    if (existing.appType !== DECLARED_APP_TYPE) throw new InstallRefused(`An application named ${declaration.name} already exists and is not a declared application; nothing was installed.`);
    if (existing.title === wanted.title && existing.category === wanted.category && JSON.stringify(existing.titles) === JSON.stringify(wanted.titles)) return { app: existing, catalogue: 'unchanged' };
    const app = await tx.apps.setDescription(existing.id, wanted);
    return { app: app ?? existing, catalogue: 'updated' };
  }

  /**
   * Makes the indexes of the application's lists and unique fields those of
   * every declaration its organisations run (records/recordIndexes.ts),
   * and renews the records' statistics after many records changed
   * (`recordsTouched`). A unique index the records of an organisation not
   * upgraded now refuse (values shared while the declarations did not all
   * agree) refuses the install, naming the field.
   */
  private async syncIndexes(tx: Stores, appId: string, recordsTouched: number): Promise<void> {
    const versions = new Map((await tx.declarations.versions(appId)).map((v) => [v.id, v.declaration]));
    const running = [...new Set((await tx.declarations.installsOf(appId)).map((i) => i.declarationId))].map((id) => versions.get(id)).filter((d) => d !== undefined);
    await tx.records.syncIndexes(appId, running, recordsTouched).catch((e: unknown) => {
      if (!isUniqueViolation(e)) throw e;
      const field = uniqueFields(running).find((u) => uniqueIndexName(appId, u.entity, u.field) === violatedConstraint(e));
      throw new InstallRefused(
        'Records of an organisation running the application share values of a field every declaration has unique; give them values of their own first. Nothing was changed.',
        field ? [`entities.${field.entity}.fields.${field.field}`] : [],
      );
    });
  }

  /** Makes one organisation run the version: an install, or an upgrade with its plan (and, when allowed, its losses applied). */
  private async installFor(tx: Stores, org: AccountRecord, app: AppRecord, version: DeclarationVersion, options: InstallOptions): Promise<OrganisationOutcome> {
    const current = await tx.declarations.installed(org.id, app.name);
    if (!current) {
      await tx.declarations.setInstalled(app.id, org.id, version.id);
      return { organisation: org.name, from: null, status: 'installed', plan: null, recordsTouched: 0, recordsRetitled: 0 };
    }
    const queries = countsNeeded(current.declaration, version.declaration);
    const counts = await tx.declarations.countRecords(org.id, app.id, queries);
    const byKey = new Map(queries.map((q, i) => [countKey(q), counts[i] ?? 0]));
    const uniques = uniqueFieldsToCheck(current.declaration, version.declaration);
    const shared = await tx.declarations.countShared(org.id, app.id, uniques);
    const sharedBy = new Map(uniques.map((u, i) => [`${u.entity}.${u.field}`, shared[i] ?? 0]));
    const plan = planUpgrade(current.declaration, version.declaration, (q) => byKey.get(countKey(q)) ?? 0, (entity, field) => sharedBy.get(`${entity}.${field}`) ?? 0);
    const unchanged = current.declarationId === version.id || isEmptyPlan(plan);
    // The records' titles and search words by the new declaration, unless the upgrade is refused or only tried:
    // those whose values a loss changes get them in that write, the others after it.
    const applied = !options.dryRun && plan.shared.length === 0 && (plan.losses.length === 0 || options.allowDataLoss === true);
    const retitled = new Map(applied ? entitiesToRetitle(current.declaration, version.declaration).map((key) => [key, version.declaration.entities[key]!]) : []);
    let recordsTouched = 0;
    let recordsRetitled = 0;
    if (plan.losses.length > 0 && options.allowDataLoss) {
      const removal = await tx.declarations.removeValues(org.id, app.id, plan.losses, removedIn(version.declaration), retitled);
      recordsTouched = removal.touched;
      recordsRetitled = removal.retitled;
    }
    for (const [key, entity] of retitled) recordsRetitled += await tx.declarations.recomputeText(org.id, app.id, key, entity);
    if (current.declarationId !== version.id) await tx.declarations.setInstalled(app.id, org.id, version.id);
    return { organisation: org.name, from: current.version, status: unchanged ? 'unchanged' : 'upgraded', plan, recordsTouched, recordsRetitled };
  }
}
