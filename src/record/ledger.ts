/**
 * Writing and reading the chain (src/record/chain.ts) inside the store's transactions: the next
 * place and link, the log's records (sheets, retention, later kinds), a page at a time too, the
 * head, and the walk that verifies (src/record/verify.ts); retention's one path of deletion is
 * src/record/retention.ts. Every function takes the transaction's query.
 */
import {
  CHAIN_FORMAT,
  type ChainHead,
  type ChainRow,
  chainHash,
  ENTRY_FIELDS,
  entryContent,
  GENESIS,
  LOG_FIELDS,
  logContent,
  type RemovedRow,
  type RetentionClaim,
  type Row,
  type VerifyResult,
} from "./chain.ts";
import type { ChainTable, Snapshot } from "./driver.ts";
import { AlreadyReplacedError, InvalidEntryError } from "./errors.ts";
import type { LogInput, LogQuery, StoredLog } from "./types.ts";
import { ChainWalk } from "./verify.ts";

/** A record to append as the tables take it: its body checked by the store against its kind first. */
export type StoredInput = Omit<LogInput, "kind" | "body"> & { kind: string; body: unknown };

/** An append's check as the tables take it: reads rows as they are in the transaction; the body to write. */
type StoredCheck = (read: (query: LogQuery) => Promise<StoredLog[]>) => Promise<unknown>;

type Query = (sql: string, params?: readonly unknown[]) => Promise<Row[]>;

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

const LOG_COLUMNS = `l.${LOG_FIELDS.split(", ").join(", l.")}, s.id AS superseded_by`;
const LOG_FROM = "FROM care_log l LEFT JOIN care_log s ON s.supersedes = l.id";

const opt = <T>(v: unknown, f: (x: unknown) => T): T | undefined =>
  v === null || v === undefined ? undefined : f(v);

function logEntryOf(row: Row): StoredLog {
  const e: StoredLog = {
    id: Number(row.id),
    seq: Number(row.seq),
    kind: String(row.kind),
    kennel: String(row.kennel),
    date: String(row.round_date),
    body: JSON.parse(String(row.body)),
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

function checkLogInput(input: StoredInput): string {
  if (typeof input.kind !== "string" || !/^[a-z][a-z_:-]{0,39}$/.test(input.kind))
    throw new InvalidEntryError(`"${String(input.kind).slice(0, 20)}" is not a kind of record.`);
  if (!isRecordDate(input.date))
    throw new InvalidEntryError(`"${String(input.date).slice(0, 20)}" is not a date (YYYY-MM-DD).`);
  const body = JSON.stringify(input.body);
  if (body === undefined) throw new InvalidEntryError("A record needs a body.");
  if (body.length > 1_000_000) throw new InvalidEntryError("A record's body is over 1,000,000 characters.");
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
    const rows = await q(`SELECT ${LOG_COLUMNS} ${LOG_FROM} WHERE l.request_key = ?`, [input.requestKey]);
    if (rows[0]) return { status: "duplicate", entry: logEntryOf(rows[0]) };
  }
  // The check reads the record as this transaction holds it, and gives the body to write.
  if (options.check) {
    input = { ...input, body: await options.check((query) => logIn(q, query)) };
    body = checkLogInput(input);
  }
  if (options.reuse) {
    const rows = await q(
      `SELECT ${LOG_COLUMNS} ${LOG_FROM} WHERE l.kind = ? AND l.round_date = ? AND l.body = ? ORDER BY l.seq DESC`,
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
type StoredQuery = Omit<LogQuery, "kind"> & { kind?: string };

/** A log query's conditions (the kind, the days, the stay or stays, the pet), for logIn and logPages. */
function logWhere(query: StoredQuery): { where: string[]; params: unknown[] } {
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
    `SELECT ${LOG_COLUMNS} ${LOG_FROM}${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY l.seq`,
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
  const sql = `SELECT ${LOG_COLUMNS} ${LOG_FROM} WHERE ${[...where, "l.seq > ?", "l.seq <= ?"].join(" AND ")} ORDER BY l.seq LIMIT ${pageSize}`;
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

/** A retention row's claim: its last place removed, its body's rule and the rows it kept of what it removed. */
function retentionClaim(r: Row): RetentionClaim | undefined {
  if (r.kind !== "retention" || r.through_seq === null || r.through_seq === undefined) return undefined;
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(String(r.body)) as Record<string, unknown>;
  } catch {
    // Read as saying nothing: the walk says what is missing.
  }
  return {
    throughSeq: Number(r.through_seq),
    lastRemovedHash: String(body.lastRemovedHash),
    before: body.before,
    retentionDays: body.retentionDays,
    removed: body.removed as RemovedRow[] | undefined,
  };
}

/** One row of the walk, from its row in either table. */
function chainRow(table: ChainRow["table"], r: Row): ChainRow {
  const row: ChainRow = {
    table,
    id: Number(r.id),
    seq: orNull(r.seq, Number),
    prevHash: orNull(r.prev_hash, String),
    hash: orNull(r.hash, String),
    format: orNull(r.chain_format, Number),
    content: table === "entry" ? entryContent(r) : logContent(r),
    recordedAt: String(r.recorded_at),
  };
  const claim = table === "log" ? retentionClaim(r) : undefined;
  if (claim) row.retention = claim;
  return row;
}

/**
 * Walks the whole chain in one snapshot, a row at a time (src/record/verify.ts): the retention rows
 * first (the first row kept links to one of them), then both tables merged in place order; counts
 * the links it walked, entries and log records by kind.
 */
export async function verifyIn(
  read: Snapshot,
  o: { at?: number | undefined; now: Date },
): Promise<VerifyResult> {
  const unsealed = `SELECT id FROM %s WHERE seq IS NULL OR hash IS NULL OR prev_hash IS NULL LIMIT 1`;
  for (const table of ["entry", "log"] as const) {
    const [r] = await read.query(unsealed.replace("%s", table === "entry" ? "care_entries" : "care_log"));
    if (r) return new ChainWalk([], o).push(chainRow(table, { ...r, seq: null })) as VerifyResult;
  }
  const retention = await read.query(`SELECT ${LOG_FIELDS} FROM care_log WHERE kind = 'retention'`);
  const walk = new ChainWalk(
    retention.flatMap((r) => retentionClaim(r) ?? []),
    o,
  );
  // Both tables, each in place order, merged here row by row (the chain: entries and log rows
  // interleaved); merged in this loop rather than by a generator of its own, which cost an await more a row.
  const ia = read.rows(`SELECT ${ENTRY_FIELDS} FROM care_entries ORDER BY seq`)[Symbol.asyncIterator]();
  const ib = read.rows(`SELECT ${LOG_FIELDS} FROM care_log ORDER BY seq`)[Symbol.asyncIterator]();
  let [x, y] = await Promise.all([ia.next(), ib.next()]);
  let entries = 0;
  const log = new Map<string, number>();
  while (!x.done || !y.done) {
    if (!x.done && (y.done || Number(x.value.seq) < Number(y.value.seq))) {
      const problem = walk.push(chainRow("entry", x.value));
      if (problem) return problem;
      entries++;
      x = await ia.next();
    } else if (!y.done) {
      const r = y.value;
      const problem = walk.push(chainRow("log", r));
      if (problem) return problem;
      log.set(String(r.kind), (log.get(String(r.kind)) ?? 0) + 1);
      y = await ib.next();
    }
  }
  const byKind = Object.fromEntries([...log].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
  const done = walk.finish();
  return done.ok ? { ...done, links: { entries, log: byKind } } : done;
}
