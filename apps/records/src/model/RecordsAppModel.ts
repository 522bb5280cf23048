import { Model } from '@atrium/app-kit';
import { labelOf, type DeclaredAppDto, type Entity, type EntityRights } from '@atrium/shared/apps';
import { listOf, type ListRequest } from './listRequest.js';
import { ListModel, type ListHost } from './ListModel.js';
import { failureOf, type RecordsApi, type RecordsFailure } from './RecordsApi.js';

/** How an entity's records are shown: a list, and the board and calendar its views declare. */
export type ViewMode = 'list' | 'board' | 'calendar';

export interface RecordsAppState {
  /** loading: the declaration is being read; ready: `app` is the one asked for; failed: `failure` says why (appNotFound: not the user's). */
  status: 'loading' | 'ready' | 'failed';
  app: DeclaredAppDto | null;
  /** The entity shown (a key of the declaration's entities). */
  entity: string | null;
  mode: ViewMode;
  failure: RecordsFailure | null;
}

/**
 * One declared application in its window (apps/records/README.md): its
 * declaration as the user may see it, the entities the user may read as a
 * navigation, the view of the chosen entity, and one list per entity
 * (kept while the window is open, so that going back shows the same page).
 */
export class RecordsAppModel extends Model<RecordsAppState> {
  readonly #lists = new Map<string, ListModel>();

  constructor(
    private readonly host: ListHost & { api: Pick<RecordsApi, 'apps'> },
    readonly appName: string,
  ) {
    super({ status: 'loading', app: null, entity: null, mode: 'list', failure: null });
  }

  /** Reads the declaration (GET records/apps) and shows the first entity the user may read. */
  async load(): Promise<void> {
    this.update({ status: 'loading', failure: null });
    try {
      const apps = await this.host.api.apps();
      const app = apps.find((a) => a.declaration.name === this.appName) ?? null;
      if (!app) {
        this.update({ status: 'failed', failure: failureOf({ body: { code: 'records.appNotFound', message: 'This application is not available to you' } }) });
        return;
      }
      const first = Object.keys(app.declaration.entities).find((key) => canRead(app.rights[key])) ?? null;
      this.update({ status: 'ready', app, entity: this.getState().entity ?? first });
    } catch (error) {
      this.update({ status: 'failed', failure: failureOf(error) });
    }
  }

  /** The entities the user may read, in declaration order. */
  entities(): Array<[string, Entity]> {
    const { app } = this.getState();
    if (!app) return [];
    return Object.entries(app.declaration.entities).filter(([key]) => canRead(app.rights[key]));
  }

  entity(key: string): Entity | undefined {
    return this.getState().app?.declaration.entities[key];
  }

  rights(key: string): EntityRights {
    return this.getState().app?.rights[key] ?? { actions: [], hiddenFields: [], lockedOnCreate: [] };
  }

  /** The application's label in a locale. */
  label(locale: string): string {
    const { app } = this.getState();
    return app ? labelOf(app.declaration.label, locale) : this.appName;
  }

  /** The views an entity declares besides its list. */
  modes(key: string): ViewMode[] {
    const views = this.entity(key)?.views;
    return ['list', ...(views?.board ? (['board'] as const) : []), ...(views?.calendar ? (['calendar'] as const) : [])];
  }

  select(entity: string): void {
    if (!this.entities().some(([key]) => key === entity)) return;
    this.update({ entity, mode: this.modes(entity).includes(this.getState().mode) ? this.getState().mode : 'list' });
  }

  setMode(mode: ViewMode): void {
    const { entity } = this.getState();
    if (entity !== null && this.modes(entity).includes(mode)) this.update({ mode });
  }

  /** The list of an entity (made when first asked for, then kept). */
  list(key: string): ListModel {
    let list = this.#lists.get(key);
    if (!list) {
      list = new ListModel(this.host, this.appName, key, this.entity(key)!, this.rights(key));
      this.#lists.set(key, list);
      void list.refresh();
    }
    return list;
  }

  /**
   * Shows the list a launch asks for (an entity's, or a dataset's: a
   * dashboard's drill to its records) with its filters. Returns whether it
   * could: the declaration is read and names that entity, which the user may read.
   */
  showList(request: ListRequest): boolean {
    const { app } = this.getState();
    const list = app ? listOf(app.declaration, request) : null;
    if (!app || !list || !canRead(app.rights[list.entity])) return false;
    this.update({ entity: list.entity, mode: 'list' });
    this.list(list.entity).setFilters(list.filters);
    return true;
  }

  dispose(): void {
    for (const list of this.#lists.values()) list.dispose();
    this.#lists.clear();
    this.clearListeners();
  }
}

function canRead(rights: EntityRights | undefined): boolean {
  return rights?.actions.includes('read') ?? false;
}
