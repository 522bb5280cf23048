import { APP_CATEGORIES, opensInRecords, opensInViewer, profileAppTitle, RECORDS_RUNTIME_APP, VIEWER_APP, type AppCategory, type PackageManifestEntry, type Profile, type ProfileApp } from '@atrium/shared';
import { Observable } from '../Observable.js';
import type { PackageManager } from '../packages/PackageManager.js';
import { packageIcon } from '../packages/packageIcon.js';
import { packageTitle } from '../packages/packageTitle.js';

/** A category of the application menu: one of the seven of the catalogue, or 'other'. */
export type AppMenuCategory = AppCategory | 'other';

/** The menu's categories in the order it shows them. */
export const APP_MENU_CATEGORIES: readonly AppMenuCategory[] = [...APP_CATEGORIES, 'other'];

/** One application of the menu. */
export interface AppMenuEntry {
  /** The name a launch gives. */
  name: string;
  /** In the user's language when the package has one. */
  title: string;
  category: AppMenuCategory;
  /** An icon address or an icon name of the icon package. */
  icon: string | null;
  /** False for an app of the profile that nothing can open (no package, not an organisation page): shown, never launched. */
  available: boolean;
}

/** A category as the menu shows it: its entries that match the search. */
export interface AppMenuGroup {
  category: AppMenuCategory;
  /** i18n key of its heading (panel.appMenu.category.*). */
  labelKey: string;
  /** Icon name of the category in the icon package ('quality-management'). */
  icon: string;
  /** Matches of the search, by title. */
  entries: readonly AppMenuEntry[];
  collapsed: boolean;
}

export interface AppMenuState {
  /** Every application of the menu, whatever the search. */
  entries: readonly AppMenuEntry[];
  /** What is typed in the search box. */
  query: string;
  /** The categories holding matches of the search, in menu order (a category left empty is not there). */
  groups: readonly AppMenuGroup[];
  /** The active organisation's logo (the panel's menu button), null for the site's. */
  logo: string | null;
}

/** What the menu reads: the packages (manifest, visibility, launch), the profile and the interface language. */
export interface AppMenuSource {
  packages: Pick<PackageManager, 'getState' | 'subscribe' | 'isVisible' | 'launch'>;
  profile(): Profile | null;
  locale(): string;
}

/** The category of a profile app's category text ('Quality Management ' → 'quality management'); unknown ones are 'other'. */
export function appMenuCategory(text: string | null | undefined): AppMenuCategory {
  const normal = (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return (APP_CATEGORIES as readonly string[]).includes(normal) ? (normal as AppCategory) : 'other';
}

/** The i18n key of a category's heading: its words in camel case ('quality management' → panel.appMenu.category.qualityManagement). */
export function appMenuCategoryKey(category: AppMenuCategory): string {
  const camel = category.replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase());
  return `panel.appMenu.category.${camel}`;
}

/** The icon-package name of a category: its words joined by '-' (themes/lumen). */
function categoryIcon(category: AppMenuCategory): string {
  return category === 'other' ? 'application' : category.replaceAll(' ', '-');
}

/** A text as the search compares it: lower case, without diacritics ('Préférences' → 'preferences'). */
export function searchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().trim();
}

/** Whether an entry matches a search: its title or its name contains the text, ignoring case and diacritics; an empty search matches all. */
export function matchesSearch(entry: Pick<AppMenuEntry, 'name' | 'title'>, query: string): boolean {
  const needle = searchText(query);
  return needle === '' || searchText(entry.title).includes(needle) || searchText(entry.name).includes(needle);
}

/** An organisation page's icon from its profile app's start_options, if any. */
function startOption(app: ProfileApp, key: 'icon'): string | null {
  try {
    const value: unknown = (JSON.parse(app.start_options) as Record<string, unknown> | null)?.[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  } catch {
    // Not JSON: the other sources name it.
  }
  return null;
}

/**
 * The applications of the menu (docs/behaviour/desktop.md#application-menu):
 * the user's profile apps joined with the package manifest, then the
 * application packages the user sees that the profile does not list
 * (Preferences, packages of every organisation). A profile app is available
 * when it opens in the Viewer (an organisation page), it is a declared
 * application and the user has the records runtime, or its package is there;
 * otherwise it is listed as unavailable. Its title is the package's in the
 * user's language, else the catalogue's title of its start_options in
 * that language (profileAppTitle), else its name; its icon the package's,
 * else an organisation page's from its start_options, else its category's; its
 * category comes from the profile (packages alone are 'other'). The Viewer
 * and the records runtime are not listed: they show the organisation pages
 * and declared applications of the other entries.
 * Sorted by title within each category.
 */
export function appMenuEntries(input: { profileApps: readonly ProfileApp[]; manifest: readonly PackageManifestEntry[]; isVisible(name: string): boolean; locale: string }): AppMenuEntry[] {
  const { profileApps, manifest, isVisible, locale } = input;
  const packageOf = (name: string) => manifest.find((m) => m.name === name && m.type === 'application');
  const entries: AppMenuEntry[] = [];
  const seen = new Set<string>();
  for (const app of profileApps) {
    if (seen.has(app.name) || app.name === VIEWER_APP || app.name === RECORDS_RUNTIME_APP) continue;
    seen.add(app.name);
    const category = appMenuCategory(app.category);
    const viewer = opensInViewer(app);
    // A declared application has no package of its own: the records runtime shows it when the user has that.
    const declared = opensInRecords(app) && isVisible(RECORDS_RUNTIME_APP);
    const pkg = viewer || declared ? undefined : packageOf(app.name);
    entries.push({
      name: app.name,
      title: (pkg && packageTitle(pkg, locale)) || profileAppTitle(app, locale) || app.name,
      category,
      // An organisation page's own icon, its monogram (docs/behaviour/applications.md#icons-of-organisation-pages).
      icon: (pkg ? packageIcon(pkg) : viewer && startOption(app, 'icon')) || categoryIcon(category),
      available: viewer || declared || pkg !== undefined,
    });
  }
  for (const pkg of manifest) {
    if (pkg.type !== 'application' || seen.has(pkg.name) || pkg.name === VIEWER_APP || pkg.name === RECORDS_RUNTIME_APP || !isVisible(pkg.name)) continue;
    seen.add(pkg.name);
    entries.push({ name: pkg.name, title: packageTitle(pkg, locale), category: 'other', icon: packageIcon(pkg) ?? 'application', available: true });
  }
  const collator = collatorFor(locale);
  return entries.sort((a, b) => collator.compare(a.title, b.title) || collator.compare(a.name, b.name));
}

/** Compares texts in the order of the user's language ('nb_NO' → nb-NO), else the default one. */
function collatorFor(locale: string): Intl.Collator {
  try {
    return new Intl.Collator(locale.replace('_', '-'), { sensitivity: 'base' });
  } catch {
    return new Intl.Collator(undefined, { sensitivity: 'base' });
  }
}

/** The categories holding matches of the search, in menu order; categories without a match are left out. */
export function appMenuGroups(entries: readonly AppMenuEntry[], query: string, collapsed: ReadonlySet<AppMenuCategory>): AppMenuGroup[] {
  const groups: AppMenuGroup[] = [];
  for (const category of APP_MENU_CATEGORIES) {
    const matches = entries.filter((e) => e.category === category && matchesSearch(e, query));
    if (matches.length > 0) groups.push({ category, labelKey: appMenuCategoryKey(category), icon: categoryIcon(category), entries: matches, collapsed: collapsed.has(category) });
  }
  return groups;
}

/**
 * The application menu of the panel (docs/behaviour/desktop.md#application-menu),
 * without its view: which applications it lists (appMenuEntries), the
 * search (typing a text expands every category, so its matches show),
 * collapsed categories, the first visible match that Enter launches, and
 * launching, which refuses an unavailable entry. Follows the packages (the
 * manifest, and the profile through them); refresh() after the interface
 * language changed.
 */
export class AppMenuModel extends Observable<AppMenuState> {
  readonly #source: AppMenuSource;
  readonly #unsubscribe: () => void;
  #collapsed = new Set<AppMenuCategory>();

  constructor(source: AppMenuSource) {
    super({ entries: [], query: '', groups: [], logo: null });
    this.#source = source;
    this.#unsubscribe = source.packages.subscribe(() => this.refresh());
    this.refresh();
  }

  /** Reads the packages, the profile and the language again. */
  refresh(): void {
    const profile = this.#source.profile();
    const entries = appMenuEntries({
      profileApps: profile?.apps ?? [],
      manifest: this.#source.packages.getState().metadata,
      isVisible: (name) => this.#source.packages.isVisible(name),
      locale: this.#source.locale(),
    });
    const logo = profile?.active_account.preferences.logo ?? null;
    const state = this.getState();
    if (logo === state.logo && JSON.stringify(entries) === JSON.stringify(state.entries)) return;
    this.#update({ entries, logo });
  }

  /** Whether the user has any application (the menu is not offered otherwise). */
  hasApplications(): boolean {
    return this.getState().entries.length > 0;
  }

  /** Filters by a text; a new non-empty text expands every category. */
  setQuery(query: string): void {
    if (query === this.getState().query) return;
    if (searchText(query) !== '') this.#collapsed = new Set();
    this.#update({ query });
  }

  /** Collapses or expands a category. */
  toggleCategory(category: AppMenuCategory): void {
    this.setCollapsed(category, !this.#collapsed.has(category));
  }

  setCollapsed(category: AppMenuCategory, collapsed: boolean): void {
    if (this.#collapsed.has(category) === collapsed) return;
    const next = new Set(this.#collapsed);
    if (collapsed) next.add(category);
    else next.delete(category);
    this.#collapsed = next;
    this.#update({});
  }

  /** The entries shown now: the matches in expanded categories, in menu order. */
  visibleEntries(): AppMenuEntry[] {
    return this.getState().groups.flatMap((g) => (g.collapsed ? [] : g.entries));
  }

  /** What Enter in the search box launches: the first visible entry that can be launched. */
  firstMatch(): AppMenuEntry | null {
    return this.visibleEntries().find((e) => e.available) ?? null;
  }

  /** Launches an entry of the menu; false (nothing happens) for an unknown or unavailable one. */
  launch(name: string): boolean {
    const entry = this.getState().entries.find((e) => e.name === name);
    if (!entry?.available) return false;
    void this.#source.packages.launch(name);
    return true;
  }

  /** Forgets the search (the menu closed); collapsed categories stay as they are. */
  reset(): void {
    this.setQuery('');
  }

  dispose(): void {
    this.#unsubscribe();
    this.clearListeners();
  }

  #update(change: Partial<Pick<AppMenuState, 'entries' | 'query' | 'logo'>>): void {
    const next = { ...this.getState(), ...change };
    this.setState({ ...next, groups: appMenuGroups(next.entries, next.query, this.#collapsed) });
  }
}
