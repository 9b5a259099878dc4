/**
 * Writing and reading the chain (src/record/chain.ts) inside the store's transactions: the next
 * place and link, the log's records (sheets, retention, later kinds), a page at a time too, the
 * head, and the walk that verifies (src/record/verify.ts); retention's one path of deletion is
 * src/record/retention.ts. Every function takes the transaction's query.
 */
import { nameOrder } from "../words/order.ts";
import {
  CHAIN_FORMAT,
  type ChainHead,
  type ChainRow,
  chainHash,
  ENTRY_COLUMNS,
  ENTRY_FIELDS,
  entryContentOf,
  GENESIS,
  LOG_COLUMNS,
  LOG_FIELDS,
  logContent,
  logContentOf,
  type RemovedRow,
  type RetentionClaim,
  type Row,
  type Values,
  type VerifyFailure,
  type VerifyResult,
  valuesOf,
} from "./chain.ts";
import type { ChainTable, Snapshot } from "./driver.ts";
import { AlreadyReplacedError, InvalidEntryError } from "./errors.ts";
import type { LogInput, LogQuery, StoredLog } from "./types.ts";
import { ChainWalk } from "./verify.ts";

/** A record to append as the tables take it: its body checked by the store against its kind first. */
export type StoredInput = Omit<LogInput, "kind" | "body"> & { kind: string; body: unknown };

/** An append's check as the tables take it: reads rows as they are in the transaction; the body to write. */
type StoredCheck = (read: (query: LogQuery) => Promise<StoredLog[]>) => Promise<unknown>;

export type Query = (sql: string, params?: readonly unknown[]) => Promise<Row[]>;

/** The id the next row of a table gets (Driver.nextId, inside the chain's transaction). */
export type NextId = (table: ChainTable) => Promise<number>;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const isRecordDate = (d: unknown): d is string => typeof d === "string" && DATE.test(d);

/** The chain's last place and hash (the head), read inside the writing transaction. */
export async function headIn(q: Query): Promise<ChainHead> {
  const [a] = await q("SELECT seq, hash FROM care_entries WHERE seq = (SELECT max(seq) FROM care_entries)");
  const [b] = await q("SELECT seq, hash FROM care_log WHERE seq = (SELECT max(seq) FROM care_log)");
  const rows = [a, b].filter((r): r is Row => r !== undefined && r.seq !== null);
  if (rows.length === 0) return { seq: 0, hash: GENESIS };
  const last = rows.reduce((x, y) => (Number(y.seq) > Number(x.seq) ? y : x));
  return { seq: Number(last.seq), hash: String(last.hash) };
}

const LOG_SELECT = `l.${LOG_COLUMNS.join(", l.")}, s.id AS superseded_by`;
export const LOG_FROM = "FROM care_log l LEFT JOIN care_log s ON s.supersedes = l.id";

const opt = <T>(v: unknown, f: (x: unknown) => T): T | undefined =>
  v === null || v === undefined ? undefined : f(v);

/** A log row as the store gives it, its body parsed here. */
function logEntryOf(row: Row): StoredLog {
  return logEntryWith(row, JSON.parse(String(row.body)));
}

/** A log row as the store gives it, with its body parsed already (src/record/log-cache.ts). */
export function logEntryWith(row: Row, body: unknown): StoredLog {
  const e: StoredLog = {
    id: Number(row.id),
    seq: Number(row.seq),
    kind: String(row.kind),
    kennel: String(row.kennel),
    date: String(row.round_date),
    body,
    recordedAt: String(row.recorded_at),
  };
  const more: Partial<StoredLog> = {
    bookingId: opt(row.booking_id, Number),
    petId: opt(row.pet_id, Number),
    userId: opt(row.user_id, String),
    requestKey: opt(row.request_key, String),
    supersedes: opt(row.supersedes, Number),
    supersededBy: opt(row.superseded_by, Number),
  };
  for (const [k, v] of Object.entries(more)) if (v !== undefined) (e as unknown as Row)[k] = v;
  return e;
}

/** The most a record's body holds, as JSON (the database checks it too: src/record/schema.ts). */
const BODY_MAX = 1_000_000;

function checkLogInput(input: StoredInput): string {
  if (typeof input.kind !== "string" || !/^[a-z][a-z_:-]{0,39}$/.test(input.kind))
    throw new InvalidEntryError(`"${String(input.kind).slice(0, 20)}" is not a kind of record.`);
  if (!isRecordDate(input.date))
    throw new InvalidEntryError(`"${String(input.date).slice(0, 20)}" is not a date (YYYY-MM-DD).`);
  const body = JSON.stringify(input.body);
  if (body === undefined) throw new InvalidEntryError("A record needs a body.");
  if (body.length > BODY_MAX) throw new InvalidEntryError("A record's body is over 1,000,000 characters.");
  return body;
}

/** One log row, written at the next place. Inside a chain transaction. */
export async function appendIn(
  q: Query,
  input: StoredInput,
  kennel: string,
  at: string,
  options: { reuse?: boolean; throughSeq?: number; check?: StoredCheck; nextId: NextId },
): Promise<{ status: "recorded" | "duplicate"; entry: StoredLog }> {
  let body = checkLogInput(input);
  if (input.requestKey !== undefined) {
    const rows = await q(`SELECT ${LOG_SELECT} ${LOG_FROM} WHERE l.request_key = ?`, [input.requestKey]);
    if (rows[0]) return { status: "duplicate", entry: logEntryOf(rows[0]) };
  }
  // The check reads the record as this transaction holds it, and gives the body to write.
  if (options.check) {
    input = { ...input, body: await options.check((query) => logIn(q, query)) };
    body = checkLogInput(input);
  }
  if (options.reuse) {
    const rows = await q(
      `SELECT ${LOG_SELECT} ${LOG_FROM} WHERE l.kind = ? AND l.round_date = ? AND l.body = ? ORDER BY l.seq DESC`,
      [input.kind, input.date, body],
    );
    if (rows[0]) return { status: "duplicate", entry: logEntryOf(rows[0]) };
  }
  if (input.supersedes !== undefined) {
    // Under the chain's lock: a record replaced already is never replaced twice (its unique index too).
    const [taken] = await q("SELECT id FROM care_log WHERE supersedes = ?", [input.supersedes]);
    if (taken) throw new AlreadyReplacedError(input.supersedes);
  }
  const head = await headIn(q);
  const row: Row = {
    id: await options.nextId("care_log"),
    seq: head.seq + 1,
    kind: input.kind,
    kennel,
    round_date: input.date,
    booking_id: input.bookingId ?? null,
    pet_id: input.petId ?? null,
    user_id: input.userId ?? null,
    request_key: input.requestKey ?? null,
    body,
    through_seq: options.throughSeq ?? null,
    supersedes: input.supersedes ?? null,
    recorded_at: at,
    chain_format: CHAIN_FORMAT,
  };
  row.prev_hash = head.hash;
  row.hash = chainHash(head.hash, logContent(row));
  const names = Object.keys(row);
  await q(
    `INSERT INTO care_log (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
    names.map((n) => row[n]),
  );
  return { status: "recorded", entry: logEntryOf(row) };
}

/** A log query as the tables take it (its kind's name as stored). */
export type StoredQuery = Omit<LogQuery, "kind"> & { kind?: string };

/** A log query's conditions (the kind, the days, the stay or stays, the pet), for logIn and logPages. */
export function logWhere(query: StoredQuery): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    params.push(...values);
  };
  for (const d of [query.date, query.from, query.to])
    if (d !== undefined && !isRecordDate(d))
      throw new InvalidEntryError(`"${String(d).slice(0, 20)}" is not a date (YYYY-MM-DD).`);
  if (query.kind !== undefined) add("l.kind = ?", query.kind);
  if (query.id !== undefined) add("l.id = ?", query.id);
  if (query.date !== undefined) add("l.round_date = ?", query.date);
  if (query.from !== undefined) add("l.round_date >= ?", query.from);
  if (query.to !== undefined) add("l.round_date <= ?", query.to);
  if (query.bookingId !== undefined) add("l.booking_id = ?", query.bookingId);
  if (query.bookingIds !== undefined)
    add(`l.booking_id IN (${query.bookingIds.map(() => "?").join(", ") || "NULL"})`, ...query.bookingIds);
  if (query.petId !== undefined) add("l.pet_id = ?", query.petId);
  return { where, params };
}

export async function logIn(q: Query, query: StoredQuery): Promise<StoredLog[]> {
  const { where, params } = logWhere(query);
  const rows = await q(
    `SELECT ${LOG_SELECT} ${LOG_FROM}${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY l.seq`,
    params,
  );
  return rows.map(logEntryOf);
}

/** Log rows a page at a time in place order (keyset by seq), up to `throughSeq`: memory stays flat. */
export async function* logPages(
  q: Query,
  query: StoredQuery,
  throughSeq: number,
  pageSize: number,
): AsyncGenerator<StoredLog[]> {
  const { where, params } = logWhere(query);
  const sql = `SELECT ${LOG_SELECT} ${LOG_FROM} WHERE ${[...where, "l.seq > ?", "l.seq <= ?"].join(" AND ")} ORDER BY l.seq LIMIT ${pageSize}`;
  for (let after = 0; ; ) {
    const rows = await q(sql, [...params, after, throughSeq]);
    if (rows.length === 0) return;
    yield rows.map(logEntryOf);
    after = Number(rows.at(-1)?.seq);
    if (rows.length < pageSize) return;
  }
}

const orNull = <T>(v: unknown, f: (x: unknown) => T): T | null =>
  v === null || v === undefined ? null : f(v);

/** Where the walk finds a row's own columns in its values (ENTRY_COLUMNS or LOG_COLUMNS). */
const placesIn = (columns: readonly string[]) => ({
  id: columns.indexOf("id"),
  seq: columns.indexOf("seq"),
  prevHash: columns.indexOf("prev_hash"),
  hash: columns.indexOf("hash"),
  format: columns.indexOf("chain_format"),
  recordedAt: columns.indexOf("recorded_at"),
});
const ENTRY = placesIn(ENTRY_COLUMNS);
const LOG = {
  ...placesIn(LOG_COLUMNS),
  kind: LOG_COLUMNS.indexOf("kind"),
  body: LOG_COLUMNS.indexOf("body"),
  throughSeq: LOG_COLUMNS.indexOf("through_seq"),
};

/** A retention row's claim (from its values, LOG_COLUMNS): its last place removed, its body's rule and the rows it kept of what it removed. */
function retentionClaim(v: Values): RetentionClaim | undefined {
  const throughSeq = v[LOG.throughSeq];
  if (v[LOG.kind] !== "retention" || throughSeq === null || throughSeq === undefined) return undefined;
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(String(v[LOG.body])) as Record<string, unknown>;
  } catch {
    // Read as saying nothing: the walk says what is missing.
  }
  return {
    throughSeq: Number(throughSeq),
    lastRemovedHash: String(body.lastRemovedHash),
    before: body.before,
    retentionDays: body.retentionDays,
    removed: body.removed as RemovedRow[] | undefined,
  };
}

/** One row of the walk, from its values in either table (ENTRY_COLUMNS or LOG_COLUMNS). */
function chainRow(table: ChainRow["table"], v: Values): ChainRow {
  const at = table === "entry" ? ENTRY : LOG;
  const row: ChainRow = {
    table,
    id: Number(v[at.id]),
    seq: orNull(v[at.seq], Number),
    prevHash: orNull(v[at.prevHash], String),
    hash: orNull(v[at.hash], String),
    format: orNull(v[at.format], Number),
    content: table === "entry" ? entryContentOf(v) : logContentOf(v),
    recordedAt: String(v[at.recordedAt]),
  };
  const claim = table === "log" ? retentionClaim(v) : undefined;
  if (claim) row.retention = claim;
  return row;
}

type VerifyOptions = { at?: number | undefined; hash?: string | undefined; now: Date };

/** A row written outside Kennel Desk (no place, hash or link), in either table: the walk's answer for it. */
async function unsealedIn(read: Snapshot, o: VerifyOptions): Promise<VerifyFailure | undefined> {
  const unsealed = `SELECT id FROM %s WHERE seq IS NULL OR hash IS NULL OR prev_hash IS NULL LIMIT 1`;
  for (const table of ["entry", "log"] as const) {
    const [r] = await read.query(unsealed.replace("%s", table === "entry" ? "care_entries" : "care_log"));
    const columns = table === "entry" ? ENTRY_COLUMNS : LOG_COLUMNS;
    if (r) return new ChainWalk([], o).push(chainRow(table, valuesOf(columns, { ...r, seq: null })));
  }
  return undefined;
}

/**
 * Verifies the chain in one snapshot (src/record/verify.ts). A row written outside Kennel Desk is
 * reported before any other problem, wherever it is; it is looked for only when the walk finds a
 * problem, since the walk checks every row of both tables for it (a walk that holds met none), which
 * spares a sound record a scan of its tables.
 */
export async function verifyIn(read: Snapshot, o: VerifyOptions): Promise<VerifyResult> {
  const walked = await walkIn(read, o);
  return walked.ok ? walked : ((await unsealedIn(read, o)) ?? walked);
}

/**
 * Walks the whole chain, a row at a time: the retention rows first (the first row kept links to one
 * of them), then both tables merged in place order; counts the links it walked, entries and log
 * records by kind. The rows come as their values, a page at a time, and each row's content is made
 * from its values: no object a row but the walk's own.
 */
async function walkIn(read: Snapshot, o: VerifyOptions): Promise<VerifyResult> {
  const retention = await read.query(`SELECT ${LOG_FIELDS} FROM care_log WHERE kind = 'retention'`);
  const walk = new ChainWalk(
    retention.flatMap((r) => retentionClaim(valuesOf(LOG_COLUMNS, r)) ?? []),
    o,
  );
  // Both tables, each in place order, merged here row by row (the chain: entries and log rows interleaved).
  const entryRows = await read.cursor(`SELECT ${ENTRY_FIELDS} FROM care_entries ORDER BY seq`);
  const logRows = await read.cursor(`SELECT ${LOG_FIELDS} FROM care_log ORDER BY seq`);
  let entries = 0;
  const log = new Map<string, number>();
  try {
    for (;;) {
      const x = entryRows.row;
      const y = logRows.row;
      if (x === undefined && y === undefined) break;
      if (x !== undefined && (y === undefined || Number(x[ENTRY.seq]) < Number(y[LOG.seq]))) {
        const problem = walk.push(chainRow("entry", x));
        if (problem) return problem;
        entries++;
        const more = entryRows.next();
        if (more) await more;
      } else if (y !== undefined) {
        const problem = walk.push(chainRow("log", y));
        if (problem) return problem;
        const kind = String(y[LOG.kind]);
        log.set(kind, (log.get(kind) ?? 0) + 1);
        const more = logRows.next();
        if (more) await more;
      }
    }
  } finally {
    await Promise.all([entryRows.close(), logRows.close()]);
  }
  const byKind = Object.fromEntries([...log].sort((a, b) => b[1] - a[1] || nameOrder(a[0], b[0])));
  const done = walk.finish();
  return done.ok ? { ...done, links: { entries, log: byKind } } : done;
}
