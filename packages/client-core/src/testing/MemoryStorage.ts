/** An in-memory Web Storage area (local or session storage) for tests. */
export class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  [name: string]: unknown;

  get length(): number {
    return this.#items.size;
  }

  clear(): void {
    this.#items.clear();
  }

  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.#items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }

  /** Every item, for assertions. */
  entries(): [string, string][] {
    return [...this.#items.entries()];
  }
}

/** A storage area that throws on every use, like one disabled by the browser. */
export class ThrowingStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
  override setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
  override removeItem(): void {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
}
