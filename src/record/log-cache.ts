/**
 * The care log's bodies as `log` reads them, parsed and read as their kind once. A log row is never
 * rewritten (a correction is a new row that names it; retention deletes, never edits), so a row's
 * body, known by its id and its chain hash, is read from the table once and kept: a tap that reads
 * the day's round sheets (tens of kilobytes each) no longer reads, parses and checks them again
 * (issue 48: the first taps after a restart waited on exactly that). What a row says beside its body
 * (what supersedes it) is read from the table every time.
 *
 * The kept bodies are frozen (a reader cannot change what the next reader sees) and bounded by the
 * size of their text, the least recently read going first.
 */
import { LOG_COLUMNS, type Row } from "./chain.ts";
import { type KindName, readBody } from "./kinds/index.ts";
import { LOG_FROM, logEntryWith, logIn, logWhere, type Query, type StoredQuery } from "./ledger.ts";
import type { StoreStateListener } from "./outage.ts";
import type { LogEntry, LogQuery } from "./types.ts";

const LOG_HEAD = `l.${LOG_COLUMNS.filter((c) => c !== "body").join(", l.")}, s.id AS superseded_by`;

type Kept = { hash: string; body: unknown; size: number; read: Map<string, unknown> };

/** Every object and array inside `value` frozen, so a body shared between readers stays as stored. */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  for (const v of Object.values(value)) deepFreeze(v);
  return Object.freeze(value);
}

export interface StoreOptions {
  /**
   * The text of the log's bodies kept once read, in characters (src/record/log-cache.ts; default 16
   * million): the bot's taps read the day's sheets again and again. 0 keeps none: a command that reads
   * each day once (the terminal's record commands) reads each body when asked.
   */
  keptLogChars?: number | undefined;
  /** Told once when the store goes out of use (down, full, read-only) and once when it is back (src/record/outage.ts). */
  onState?: StoreStateListener | undefined;
}

/** What `readAs` gives for a row whose body is not kept: the table no longer had it (deleted by retention meanwhile). */
const GONE = Symbol("gone");

export class LogBodies {
  readonly #kept = new Map<number, Kept>();
  #size = 0;

  /** The kept bodies' text, in characters, beyond which the least recently read go (at the next `trim`). */
  readonly limit: number;

  constructor(limit = 16_000_000) {
    this.limit = limit;
  }

  /** Row ids whose bodies are not kept (or were kept for another hash: a row never changes, so that is a stranger). */
  missing(heads: readonly Row[]): number[] {
    return heads
      .filter((h) => this.#kept.get(Number(h.id))?.hash !== String(h.hash))
      .map((h) => Number(h.id));
  }

  /** A body read from the table, kept (frozen) under its row's id and hash. Nothing goes until the next `trim`. */
  keep(id: number, hash: string, text: string): void {
    this.#drop(id);
    const kept: Kept = { hash, body: deepFreeze(JSON.parse(text)), size: text.length, read: new Map() };
    this.#kept.set(id, kept);
    this.#size += kept.size;
  }

  /** The least recently read bodies let go until the kept text is within the limit (before a read, never during one). */
  trim(): void {
    for (const [id] of this.#kept) {
      if (this.#size <= this.limit) return;
      this.#drop(id);
    }
  }

  /**
   * The row's body as `kind` reads it (`read` is the kind's reader; undefined when the body does not
   * read as the kind), read once per row and kind and kept frozen beside the body; the row marked as
   * read just now. GONE when the body is not kept (a row deleted between the two reads).
   */
  readAs(id: number, hash: string, kind: string, read: (body: unknown) => unknown): unknown {
    const kept = this.#kept.get(id);
    if (kept?.hash !== hash) return GONE;
    this.#kept.delete(id);
    this.#kept.set(id, kept);
    if (!kept.read.has(kind)) kept.read.set(kind, deepFreeze(read(kept.body)));
    return kept.read.get(kind);
  }

  /** The text of the bodies kept, in characters. */
  get size(): number {
    return this.#size;
  }

  #drop(id: number): void {
    const kept = this.#kept.get(id);
    if (!kept) return;
    this.#kept.delete(id);
    this.#size -= kept.size;
  }
}

/**
 * The log rows a query matches without their bodies (with their hash, which names the body: the
 * store reads the bodies it does not keep with `logBodiesIn`).
 */
async function logHeadsIn(q: Query, query: StoredQuery): Promise<Row[]> {
  const { where, params } = logWhere(query);
  return q(
    `SELECT ${LOG_HEAD} ${LOG_FROM}${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY l.seq`,
    params,
  );
}

/** The bodies (with the id and hash) of the log rows of these ids, a few hundred at a time. */
async function logBodiesIn(q: Query, ids: readonly number[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const some = ids.slice(i, i + 500);
    rows.push(
      ...(await q(
        `SELECT id, hash, body FROM care_log WHERE id IN (${some.map(() => "?").join(", ")})`,
        some,
      )),
    );
  }
  return rows;
}

/**
 * A log query's records read as their kind (the store's `log`): the rows without their bodies, then
 * the bodies not kept yet, then each row's body as its kind reads it, once.
 */
export async function readLog<K extends KindName>(
  q: Query,
  query: LogQuery<K>,
  bodies: LogBodies,
): Promise<LogEntry<K>[]> {
  if (bodies.limit === 0) return readLogOnce(q, query);
  bodies.trim();
  const heads = await logHeadsIn(q, query);
  // A body kept when this read began may be let go by another read's trim while this one waits on
  // the table: read again until every row's body is kept (from the last wait to the answer nothing
  // else runs, so nothing is let go in between). A row asked for and not given back was deleted; one
  // given back under another hash than its head's changed between the two reads (outside Kennel Desk:
  // verify names it): neither is asked for again.
  const hashOf = new Map(heads.map((h) => [Number(h.id), String(h.hash)]));
  const settled = new Set<number>();
  for (let missing = bodies.missing(heads); missing.length > 0; ) {
    const rows = await logBodiesIn(q, missing);
    const given = new Map(rows.map((row) => [Number(row.id), String(row.hash)]));
    for (const row of rows) bodies.keep(Number(row.id), String(row.hash), String(row.body));
    for (const id of missing) if (given.get(id) !== hashOf.get(id)) settled.add(id);
    missing = bodies.missing(heads).filter((id) => !settled.has(id));
  }
  return heads.flatMap((head) => {
    if (head.kind !== query.kind) return [];
    const body = bodies.readAs(Number(head.id), String(head.hash), query.kind, (b) =>
      readBody(query.kind, b),
    );
    // GONE: deleted (or changed) between the two reads; undefined: not a body of this kind.
    return body === GONE || body === undefined
      ? []
      : [{ ...logEntryWith(head, body), kind: query.kind } as LogEntry<K>];
  });
}

/**
 * A log query's records read as their kind with nothing kept (a store opened with no room for
 * bodies: the terminal's record commands, which read each day once or a few times): the rows with
 * their bodies in one read, each parsed and read as its kind, nothing frozen. Keeping them there cost
 * more than reading them again: a pet's export of three years kept, froze and let go every sheet it
 * read, and the collector spent more time on them than the export on its work (docs/benchmarks.md).
 */
async function readLogOnce<K extends KindName>(q: Query, query: LogQuery<K>): Promise<LogEntry<K>[]> {
  return (await logIn(q, query)).flatMap((entry) => {
    if (entry.kind !== query.kind) return [];
    const body = readBody(query.kind, entry.body);
    return body === undefined ? [] : [{ ...entry, body, kind: query.kind } as LogEntry<K>];
  });
}
