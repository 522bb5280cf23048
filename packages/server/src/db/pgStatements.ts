/**
 * PostgreSQL's side of preparing statements once (docs/PERFORMANCE.md,
 * "Statements"): every statement the application sends with parameters is
 * named after its text, so each connection of the pool parses and plans it
 * once and then only binds and executes it. The same texts as on the
 * embedded database (one schema, one migration set). At most
 * `MAX_NAMED_TEXTS` texts are named, so that what each connection keeps
 * stays bounded; statements past that run unnamed, as before, and so do
 * those of costly work (db/DatabaseTurns.ts), planned for their parameters.
 */
import crypto from 'node:crypto';
import type { Pool, PoolClient, QueryConfig } from 'pg';
import { workClass } from './DatabaseTurns.js';

const MAX_NAMED_TEXTS = 500;

/** Names statements on every connection the pool opens from now on. */
export function nameStatements(pool: Pool): void {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known || names.size >= MAX_NAMED_TEXTS) return known;
    const name = `a${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
      if (config && typeof config === 'object' && !('submit' in config)) {
        const c = config as QueryConfig;
        // Costly work (searches) stays unnamed: planned for its parameters every time.
        const named = typeof c.text === 'string' && !c.name && Array.isArray(c.values) && c.values.length > 0 && workClass() === 'ordinary';
        const name = named ? nameOf(c.text!) : undefined;
        if (name) return query({ ...c, name }, ...rest);
      }
      return query(config, ...rest);
    };
  });
}
