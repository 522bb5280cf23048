/**
 * Just enough of IndexedDB for SecureStorage's key: open (with upgrade),
 * object stores, get/add/put in transactions, events delivered
 * asynchronously like a browser. Values are kept by reference (a browser
 * would structured-clone them; CryptoKey survives that).
 */
type Listener = ((event: { preventDefault(): void }) => void) | null;

class FakeRequest<T> {
  result!: T;
  error: DOMException | null = null;
  onsuccess: Listener = null;
  onerror: Listener = null;
  onupgradeneeded: Listener = null;

  succeed(result: T): void {
    this.result = result;
    setTimeout(() => this.onsuccess?.({ preventDefault: () => undefined }), 0);
  }

  fail(error: DOMException): void {
    this.error = error;
    setTimeout(() => this.onerror?.({ preventDefault: () => undefined }), 0);
  }
}

class FakeDatabase {
  closed = false;
  constructor(readonly stores: Map<string, Map<string, unknown>>) {}

  get objectStoreNames() {
    return { contains: (name: string) => this.stores.has(name) };
  }

  createObjectStore(name: string): void {
    this.stores.set(name, new Map());
  }

  transaction(name: string) {
    const records = this.stores.get(name);
    if (!records) throw new DOMException(`No object store ${name}`, 'NotFoundError');
    return {
      objectStore: () => ({
        get: (key: string) => {
          const request = new FakeRequest<unknown>();
          request.succeed(records.get(key));
          return request;
        },
        add: (value: unknown, key: string) => {
          const request = new FakeRequest<string>();
          if (records.has(key)) request.fail(new DOMException('Key already exists', 'ConstraintError'));
          else {
            records.set(key, value);
            request.succeed(key);
          }
          return request;
        },
        put: (value: unknown, key: string) => {
          const request = new FakeRequest<string>();
          records.set(key, value);
          request.succeed(key);
          return request;
        },
      }),
    };
  }

  close(): void {
    this.closed = true;
  }
}

/** A fake IDBFactory; `failOpen` makes open() fail like a browser that blocks IndexedDB. */
export class FakeIndexedDB {
  readonly databases = new Map<string, Map<string, Map<string, unknown>>>();
  failOpen = false;

  open(name: string): FakeRequest<FakeDatabase> {
    const request = new FakeRequest<FakeDatabase>();
    if (this.failOpen) {
      request.fail(new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError'));
      return request;
    }
    const existing = this.databases.get(name);
    const stores = existing ?? new Map<string, Map<string, unknown>>();
    this.databases.set(name, stores);
    const db = new FakeDatabase(stores);
    request.result = db;
    setTimeout(() => {
      if (!existing) request.onupgradeneeded?.({ preventDefault: () => undefined });
      request.onsuccess?.({ preventDefault: () => undefined });
    }, 0);
    return request;
  }

  /** As the environment's IDBFactory. */
  asFactory(): IDBFactory {
    return this as unknown as IDBFactory;
  }
}
