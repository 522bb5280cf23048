/**
 * The embedded database's client for Drizzle, with every statement
 * prepared once and reused (docs/PERFORMANCE.md, "The embedded database").
 *
 * PGlite's own `query` sends an unnamed statement through six round trips
 * of its protocol layer (parse, describe, bind, describe, execute, sync),
 * parsing and planning the text anew every time. Here a statement's text
 * is parsed once under a name, with its parameter and row descriptions
 * kept; each later run is one message (bind, execute, sync) and one trip.
 * Texts are kept in the order of last use, at most `MAX_STATEMENTS`; the
 * oldest is closed when a new one comes. The statements of costly work are
 * parsed and planned each time (still in one trip), as PostgreSQL may plan
 * a named statement once for any parameters.
 *
 * Every statement outside a transaction, and every transaction as a
 * whole, takes its turn on the connection through `DatabaseTurns`; each
 * statement also holds PGlite's own lock, as its `query` does, so that what
 * runs on the client directly (migrations, dumps) never interleaves.
 */
import { parse as pgliteParse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { DatabaseTurns, workClass } from './DatabaseTurns.js';

/** Statements kept prepared on the connection. */
const MAX_STATEMENTS = 500;

type Messages = Awaited<ReturnType<PGlite['execProtocolStream']>>;

interface Prepared {
  name: string;
  /** Parameter types, as the server inferred them. */
  paramTypes: number[];
  /** The row description of its results, or none for a statement without rows. */
  rows: Messages[number] | null;
}

/** What Drizzle's PGlite driver calls on its client, inside and outside a transaction. */
export interface PgliteQueries {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Array<Results>>;
}

export interface PgliteClient extends PgliteQueries {
  transaction<T>(work: (tx: PgliteQueries & { rollback(): Promise<void>; closed: boolean }) => Promise<T>): Promise<T>;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export class PgliteStatements implements PgliteClient {
  private readonly prepared = new Map<string, Prepared>();
  private counter = 0;
  /** Statements run and statements parsed, for the benchmarks and tests. */
  readonly counts = { executed: 0, parsed: 0 };

  constructor(
    private readonly pg: PGlite,
    readonly turns: DatabaseTurns = new DatabaseTurns(),
  ) {}

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.turns.run(() => this.pg.runExclusive(() => this.run<T>(text, params, options, false)));
  }

  exec(text: string, options?: QueryOptions): Promise<Array<Results>> {
    return this.turns.run(() => this.pg.exec(text, options));
  }

  transaction<T>(work: (tx: PgliteQueries & { rollback(): Promise<void>; closed: boolean }) => Promise<T>): Promise<T> {
    return this.turns.run(() =>
      this.pg.transaction(async (raw) => {
        const tx = {
          query: <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
            if (raw.closed) throw new Error('Transaction is closed');
            return this.pg.runExclusive(() => this.run<R>(text, params, options, true));
          },
          exec: (text: string, options?: QueryOptions) => raw.exec(text, options),
          rollback: () => raw.rollback(),
          get closed() {
            return raw.closed;
          },
        };
        return work(tx);
      }),
    );
  }

  /** Runs one statement on the connection, which is this call's now. */
  private async run<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    const statement = this.prepared.get(text) ?? (await this.prepare(text));
    // Most recently used last: the first key is the one to close when the cache is full.
    this.prepared.delete(text);
    this.prepared.set(text, statement);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i]!;
      const serialize = options?.serializers?.[oid] ?? this.pg.serializers[oid];
      return serialize ? serialize(param) : String(param as string);
    });
    this.counts.executed++;
    // Costly work (searches, large listings) is planned for its parameters every time, as an unnamed statement:
    // a plan made once for any parameters could be far off for a rare pattern. Still one round trip.
    const costly = workClass() === 'costly';
    const bind = costly
      ? [protocol.serialize.parse({ text, types: statement.paramTypes }), protocol.serialize.bind({ values })]
      : [protocol.serialize.bind({ statement: statement.name, values })];
    let messages: Messages;
    try {
      messages = await this.pg.execProtocolStream(concat([...bind, protocol.serialize.execute({}), protocol.serialize.sync()]), { syncToFs: false });
    } catch (e) {
      throw withQuery(e, text, params);
    }
    if (!inTransaction) await this.pg.syncToFs();
    return pgliteParse.parseResults(statement.rows ? [statement.rows, ...messages] : messages, this.pg.parsers, options)[0] as Results<T>;
  }

  /** Parses a statement under a new name and keeps its descriptions, closing the oldest beyond the limit. */
  private async prepare(text: string): Promise<Prepared> {
    const parts: Uint8Array[] = [];
    if (this.prepared.size >= MAX_STATEMENTS) {
      const [oldest, old] = this.prepared.entries().next().value as [string, Prepared];
      this.prepared.delete(oldest);
      parts.push(protocol.serialize.close({ type: 'S', name: old.name }));
    }
    const name = `atrium_${++this.counter}`;
    parts.push(protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync());
    let messages: Messages;
    try {
      messages = await this.pg.execProtocolStream(concat(parts), { syncToFs: false });
    } catch (e) {
      throw withQuery(e, text, []);
    }
    this.counts.parsed++;
    const statement: Prepared = {
      name,
      paramTypes: pgliteParse.parseDescribeStatementResults(messages),
      rows: messages.find((m) => m.name === 'rowDescription') ?? null,
    };
    this.prepared.set(text, statement);
    return statement;
  }
}

/** The database's error with the statement that failed, as PGlite's own query reports it. */
function withQuery(e: unknown, query: string, params: unknown[]): unknown {
  if (e && typeof e === 'object') Object.assign(e, { query, params });
  return e;
}
