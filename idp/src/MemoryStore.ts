import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds; Infinity when the model gave no lifetime. */
  expiresAt: number;
}

/** Models whose entries belong to a grant and go with it (revokeByGrantId). */
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

/** Writes between two sweeps of expired entries. */
const SWEEP_EVERY = 500;

/**
 * oidc-provider's storage for one provider, in memory: sessions, grants,
 * codes, tokens and interactions vanish when the process stops (a local
 * provider for trying and testing needs no more). Each provider has its own
 * store, so the Keycloak realm and the Okta issuer share nothing, and
 * expired entries are swept as writes come, so a long benchmark does not
 * grow it without bound.
 *
 * `resolveId` lets a model accept another form of its identifiers: the
 * Keycloak realm hands out its refresh tokens wrapped in a signed JWT (as
 * Keycloak does) and unwraps them here.
 */
export class MemoryStore {
  readonly #entries = new Map<string, Entry>();
  /** grant id → keys of the entries issued under it. */
  readonly #grants = new Map<string, Set<string>>();
  /** session uid → session id. */
  readonly #sessionUids = new Map<string, string>();
  #writes = 0;

  constructor(private readonly resolveId: (model: string, id: string) => Promise<string | undefined> = async (_model, id) => id) {}

  /** The adapter factory oidc-provider's `adapter` setting takes. */
  readonly factory = (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    return {
      upsert: async (id, payload, expiresIn) => this.#upsert(model, key(id), payload, expiresIn),
      find: async (id) => {
        const resolved = await this.resolveId(model, id);
        return resolved === undefined ? undefined : this.#get(key(resolved));
      },
      findByUid: async (uid) => {
        const id = this.#sessionUids.get(uid);
        return id === undefined ? undefined : this.#get(key(id));
      },
      findByUserCode: async () => undefined,
      consume: async (id) => {
        const entry = this.#get(key(id));
        if (entry) entry.consumed = Math.floor(Date.now() / 1000);
      },
      destroy: async (id) => this.#delete(key(id)),
      revokeByGrantId: async (grantId) => {
        for (const member of this.#grants.get(grantId) ?? []) this.#delete(member);
        this.#grants.delete(grantId);
      },
    };
  };

  /** Entries held, expired ones included until the next sweep (for tests). */
  get size(): number {
    return this.#entries.size;
  }

  #get(key: string): AdapterPayload | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.#delete(key);
      return undefined;
    }
    return entry.payload;
  }

  #upsert(model: string, key: string, payload: AdapterPayload, expiresIn: number | undefined) {
    if (++this.#writes % SWEEP_EVERY === 0) this.#sweep();
    this.#delete(key);
    const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity;
    this.#entries.set(key, { payload, expiresAt });
    if (model === 'Session' && typeof payload.uid === 'string') this.#sessionUids.set(payload.uid, key.slice(model.length + 1));
    if (GRANTABLE.has(model) && typeof payload.grantId === 'string') {
      const members = this.#grants.get(payload.grantId) ?? new Set();
      members.add(key);
      this.#grants.set(payload.grantId, members);
    }
  }

  #delete(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    const { uid, grantId } = entry.payload;
    if (typeof uid === 'string' && key.startsWith('Session:') && this.#sessionUids.get(uid) === key.slice('Session:'.length)) this.#sessionUids.delete(uid);
    if (typeof grantId === 'string') {
      const members = this.#grants.get(grantId);
      members?.delete(key);
      if (members?.size === 0) this.#grants.delete(grantId);
    }
  }

  #sweep() {
    const now = Date.now();
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#delete(key);
  }
}
