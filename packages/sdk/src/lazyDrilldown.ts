import { canDrillAt, DrillError, undrilledView, type DesktopDrilldown, type DrillDashboard, type DrillElement, type DrilldownHost, type DrillStack, type DrillView, type DrillWidget } from './drilldown.js';
import type { Drilldown, DrillMessage } from '@atrium/shared/dashboards';

/** The engine's module as a dynamic import gives it (drilldownEngine.ts, `@atrium/sdk/drilldown`). */
export interface DrilldownEngineModule {
  createDrilldown(host: DrilldownHost): DesktopDrilldown;
}

/**
 * The drill-down engine fetched when first needed (docs/behaviour/dashboards.md#drill-down):
 * what Desktop.drilldown is on the desktop, so that the engine is not part
 * of the desktop's first bytes. The first stack asked for starts fetching
 * it (`load`, e.g. a dynamic import of `@atrium/sdk/drilldown`); until it
 * has come, a stack is undrilled (its view, canDrill and rollUp answer as
 * the engine's would), and a drill or a link followed waits for it. A
 * failed fetch fails that drill, and the next one fetches again.
 */
export function lazyDrilldown(host: DrilldownHost, load: () => Promise<DrilldownEngineModule>): DesktopDrilldown {
  let engine: DesktopDrilldown | null = null;
  let loading: Promise<DesktopDrilldown> | null = null;
  const loaded = (): Promise<DesktopDrilldown> => {
    if (engine) return Promise.resolve(engine);
    loading ??= load().then(
      (module) => (engine = module.createDrilldown(host)),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const stacks = new Map<string, LazyStack>();
  const keyOf = (dashboardUuid: string, widgetId: string) => JSON.stringify([dashboardUuid, widgetId]);
  return {
    stack(dashboardUuid, widgetId) {
      const key = keyOf(dashboardUuid, widgetId);
      let stack = stacks.get(key);
      if (!stack) {
        // Fetched now, so that the first click does not wait for it; a failure is the first drill's to tell.
        loaded().catch(() => undefined);
        stack = new LazyStack(loaded, dashboardUuid, widgetId);
        stacks.set(key, stack);
      }
      return stack;
    },
    release(dashboardUuid) {
      for (const [key, stack] of [...stacks]) if (stack.dashboardUuid === dashboardUuid) stacks.delete(key);
      engine?.release(dashboardUuid);
    },
    async follow(drilldown: Drilldown, element: DrillElement, query?: DrillWidget['query']): Promise<DrillMessage> {
      return (await loaded()).follow(drilldown, element, query);
    },
  };
}

/** One widget slot's stack: undrilled until the engine has come, then the engine's stack. */
class LazyStack implements DrillStack {
  #stack: DrillStack | null = null;
  readonly #undrilled: DrillView;
  readonly #listeners = new Set<() => void>();

  constructor(
    private readonly engine: () => Promise<DesktopDrilldown>,
    readonly dashboardUuid: string,
    private readonly widgetId: string,
  ) {
    this.#undrilled = undrilledView(widgetId);
  }

  get view(): DrillView {
    return this.#stack?.view ?? this.#undrilled;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  canDrill(drilldown: Drilldown | undefined): boolean {
    return this.#stack ? this.#stack.canDrill(drilldown) : canDrillAt(0, drilldown);
  }

  async drill(widget: DrillWidget, element: DrillElement, dashboard: DrillDashboard): Promise<DrillMessage> {
    return (await this.#engineStack()).drill(widget, element, dashboard);
  }

  rollUp(depth?: number): DrillMessage {
    // Only a drill pushes entries, and a drill waits for the engine: without it nothing was drilled.
    if (!this.#stack) throw new DrillError('missingContext');
    return this.#stack.rollUp(depth);
  }

  async #engineStack(): Promise<DrillStack> {
    const engine = await this.engine();
    if (!this.#stack) {
      this.#stack = engine.stack(this.dashboardUuid, this.widgetId);
      this.#stack.subscribe(() => {
        for (const listener of [...this.#listeners]) listener();
      });
    }
    return this.#stack;
  }
}
