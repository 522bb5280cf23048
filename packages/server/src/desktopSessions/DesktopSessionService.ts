import { DesktopSessionList } from '@atrium/shared';
import type { DesktopSessionStore } from './DesktopSessionStore.js';

/**
 * The saved desktop session of each user (docs/API.md, "Desktop session"):
 * one list per user, shared by every browser the user signs in on.
 * Launch options (`args`) are never kept.
 */
export class DesktopSessionService {
  constructor(private readonly store: DesktopSessionStore) {}

  /** The user's saved session; an empty list when none is saved, or when what is stored no longer fits the schema. */
  async get(userId: string): Promise<DesktopSessionList> {
    const stored = await this.store.find(userId);
    if (stored === null) return [];
    const parsed = DesktopSessionList.safeParse(stored);
    return parsed.success ? parsed.data.map(withoutArgs) : [];
  }

  /** Replaces the user's saved session, every application's args emptied. */
  async save(userId: string, list: DesktopSessionList): Promise<void> {
    await this.store.save(userId, list.map(withoutArgs));
  }

  /** Forgets the user's saved session. */
  async remove(userId: string): Promise<void> {
    await this.store.remove(userId);
  }
}

/** The record with only the fields of the schema and empty args. */
function withoutArgs(app: DesktopSessionList[number]): DesktopSessionList[number] {
  return {
    name: app.name,
    args: {},
    windows: app.windows.map((w) => ({
      id: w.id,
      maximized: w.maximized,
      minimized: w.minimized,
      position: { left: w.position.left, top: w.position.top },
      dimension: { width: w.dimension.width, height: w.dimension.height },
    })),
  };
}
