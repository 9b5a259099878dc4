/**
 * Writing and reading the chain (src/record/chain.ts) inside the store's transactions: the next
 * place and link, the log's records (sheets, retention, later kinds), the head, the walk that
 * verifies, and retention's one path of deletion. Every function takes the transaction's query.
 */
import {
  type ChainHead,
  type ChainRow,
  chainHash,
  ENTRY_FIELDS,
  entryContent,
  GENESIS,
  LOG_FIELDS,
  logContent,
  type Row,
  type VerifyResult,
  verifyChain,
} from "./chain.ts";
import { AlreadyReplacedError, InvalidEntryError } from "./errors.ts";
import type { LogInput, LogQuery, RetentionPass, StoredLog } from "./types.ts";

/** A record to append as the tables take it: its body checked by the store against its kind first. */
type StoredInput = Omit<LogInput, "kind" | "body"> & { kind: string; body: unknown };

/** An append's check as the tables take it: reads rows as they are in the transaction; the body to write. */
type StoredCheck = (read: (query: LogQuery) => Promise<StoredLog[]>) => Promise<unknown>;

type Query = (sql: string, params?: readonly unknown[]) => Promise<Row[]>;

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
  options: { reuse?: boolean; throughSeq?: number; check?: StoredCheck } = {},
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
  };
  row.prev_hash = head.hash;
  row.hash = chainHash(head.hash, logContent(row));
  const names = Object.keys(row);
  const [inserted] = await q(
    `INSERT INTO care_log (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")}) RETURNING id`,
    names.map((n) => row[n]),
  );
  return { status: "recorded", entry: logEntryOf({ ...row, id: inserted?.id }) };
}

export async function logIn(q: Query, query: LogQuery): Promise<StoredLog[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    where.push(sql);
    params.push(value);
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
  if (query.petId !== undefined) add("l.pet_id = ?", query.petId);
  const rows = await q(
    `SELECT ${LOG_COLUMNS} ${LOG_FROM}${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY l.seq`,
    params,
  );
  return rows.map(logEntryOf);
}

/** Every row of the chain, as the walk needs it. */
async function chainRows(q: Query): Promise<ChainRow[]> {
  const entries = await q(`SELECT ${ENTRY_FIELDS} FROM care_entries`);
  const log = await q(`SELECT ${LOG_FIELDS} FROM care_log`);
  const row = (table: ChainRow["table"], r: Row, content: string): ChainRow => ({
    table,
    id: Number(r.id),
    seq: r.seq === null || r.seq === undefined ? null : Number(r.seq),
    prevHash: r.prev_hash === null || r.prev_hash === undefined ? null : String(r.prev_hash),
    hash: r.hash === null || r.hash === undefined ? null : String(r.hash),
    content,
  });
  return [
    ...entries.map((r) => row("entry", r, entryContent(r))),
    ...log.map((r) => {
      const out = row("log", r, logContent(r));
      if (r.kind === "retention" && r.through_seq !== null) {
        const body = JSON.parse(String(r.body)) as { lastRemovedHash?: unknown };
        out.retention = { throughSeq: Number(r.through_seq), lastRemovedHash: String(body.lastRemovedHash) };
      }
      return out;
    }),
  ];
}

export async function verifyIn(q: Query, at?: number): Promise<VerifyResult> {
  return verifyChain(await chainRows(q), at);
}

/**
 * The last place retention may remove for `before`: the places before the first row dated on or
 * after it (retention entries are always removable: the new one carries their history), and never
 * an entry a kept row corrects.
 */
async function removableThrough(q: Query, before: string, head: number): Promise<number> {
  const [a] = await q("SELECT min(seq) AS s FROM care_entries WHERE round_date >= ?", [before]);
  const [b] = await q("SELECT min(seq) AS s FROM care_log WHERE round_date >= ? AND kind <> 'retention'", [
    before,
  ]);
  const firstKept = Math.min(
    ...[a?.s, b?.s].filter((s) => s !== null && s !== undefined).map(Number),
    head + 1,
  );
  let through = firstKept - 1;
  // A kept correction's original stays too (and so does everything after it).
  for (;;) {
    const [c] = await q(
      `SELECT min(o.seq) AS s FROM care_entries o JOIN care_entries c ON c.supersedes = o.id
       WHERE o.seq <= ? AND c.seq > ?`,
      [through, through],
    );
    const [d] = await q(
      `SELECT min(o.seq) AS s FROM care_log o JOIN care_log c ON c.supersedes = o.id
       WHERE o.seq <= ? AND c.seq > ?`,
      [through, through],
    );
    const held = [c?.s, d?.s].filter((s) => s !== null && s !== undefined).map(Number);
    if (held.length === 0) return through;
    through = Math.min(...held) - 1;
  }
}

/** Retention's one path: its entry first, then the oldest places, in the caller's transaction. */
export async function purgeIn(
  q: Query,
  before: string,
  days: number,
  kennel: string,
  at: string,
  today: string,
): Promise<RetentionPass> {
  const head = await headIn(q);
  const [first] = await q(
    "SELECT min(s) AS s FROM (SELECT min(seq) AS s FROM care_entries UNION ALL SELECT min(seq) AS s FROM care_log) x",
  );
  const from = first?.s === null || first?.s === undefined ? head.seq + 1 : Number(first.s);
  const through = await removableThrough(q, before, head.seq);
  if (through < from) return { entries: 0, records: 0, throughSeq: from - 1 };
  const [counts] = await q(
    "SELECT count(*) AS n, min(round_date) AS first, max(round_date) AS last FROM care_entries WHERE seq <= ?",
    [through],
  );
  const log = await q(`SELECT ${LOG_FIELDS} FROM care_log WHERE seq <= ? ORDER BY seq`, [through]);
  const last =
    (await q("SELECT hash FROM care_entries WHERE seq = ?", [through]))[0] ??
    (await q("SELECT hash FROM care_log WHERE seq = ?", [through]))[0];
  const others = log.filter((r) => r.kind !== "retention");
  const dates = [counts?.first, counts?.last, ...others.map((r) => r.round_date)]
    .filter((d) => d !== null && d !== undefined)
    .map(String)
    .sort();
  const pass: RetentionPass = {
    entries: Number(counts?.n ?? 0),
    records: others.length,
    from: dates[0],
    to: dates.at(-1),
    throughSeq: through,
  };
  // Earlier passes removed now live on inside this one, so the whole history of retention is kept.
  const earlier = log
    .filter((r) => r.kind === "retention")
    .flatMap((r) => {
      const body = JSON.parse(String(r.body)) as { earlier?: unknown[] };
      return [...(body.earlier ?? []), { ...body, earlier: undefined, recordedAt: String(r.recorded_at) }];
    });
  await appendIn(
    q,
    {
      kind: "retention",
      date: today,
      body: {
        before,
        retentionDays: days,
        entries: pass.entries,
        records: pass.records,
        from: pass.from ?? null,
        to: pass.to ?? null,
        throughSeq: through,
        lastRemovedHash: String(last?.hash),
        ...(earlier.length ? { earlier } : {}),
      },
    },
    kennel,
    at,
    { throughSeq: through },
  );
  // Corrections before what they correct (the foreign key), newest place first.
  await q("DELETE FROM care_entries WHERE seq <= ? AND supersedes IS NOT NULL", [through]);
  await q("DELETE FROM care_entries WHERE seq <= ?", [through]);
  await q("DELETE FROM care_log WHERE seq <= ? AND supersedes IS NOT NULL", [through]);
  await q("DELETE FROM care_log WHERE seq <= ?", [through]);
  await q(
    "DELETE FROM care_requests WHERE NOT EXISTS (SELECT 1 FROM care_entries e WHERE e.request_key = care_requests.request_key)",
  );
  return pass;
}
