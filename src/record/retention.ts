/**
 * Retention's one path of deletion (KENNEL_RECORD_RETENTION_DAYS, src/digest/retention.ts), inside
 * the store's chain transaction: its rule checked by the record's own clock, its entry written first
 * (what it removes, the last place and its hash, and the removed rows' content from the last that was
 * not a retention entry, which verify hashes again), then the oldest places removed.
 */
import {
  chainHash,
  ENTRY_FIELDS,
  entryContent,
  LOG_FIELDS,
  logContent,
  type RemovedRow,
  type Row,
} from "./chain.ts";
import { InvalidEntryError } from "./errors.ts";
import { appendIn, headIn, type NextId } from "./ledger.ts";
import type { RetentionPass } from "./types.ts";

type Query = (sql: string, params?: readonly unknown[]) => Promise<Row[]>;

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

/**
 * Retention's rule, kept by the record whatever the caller asks: a period of whole days, 1 or more,
 * and a cut-off no later than that period before now by the record's own clock (the commit's time;
 * a day of slack for the kennel's zone, whose date may be a day ahead of UTC's).
 */
function checkRetentionRule(before: string, days: number, at: string): void {
  if (!Number.isInteger(days) || days < 1 || days > 36_500)
    throw new InvalidEntryError(
      `Retention takes a period of 1 to 36,500 days, not ${String(days).slice(0, 20)}.`,
    );
  const latest = new Date(Date.parse(`${at.slice(0, 10)}T00:00:00Z`) + (1 - days) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  if (before > latest)
    throw new InvalidEntryError(
      `Retention may remove only rounds more than ${days} days old by the record's clock: ${before} is later than ${latest}.`,
    );
}

/** The row at a place, in either table, as the walk would hash it. */
async function removedRow(q: Query, seq: number): Promise<RemovedRow> {
  const [entry] = await q(`SELECT ${ENTRY_FIELDS} FROM care_entries WHERE seq = ?`, [seq]);
  const row = entry ?? (await q(`SELECT ${LOG_FIELDS} FROM care_log WHERE seq = ?`, [seq]))[0];
  if (!row) throw new InvalidEntryError(`Place #${seq} of the record is missing: retention stopped.`);
  return {
    prevHash: String(row.prev_hash),
    content: entry ? entryContent(row) : logContent(row),
  };
}

/**
 * What a retention entry keeps of the rows it removes: from the last that is not a retention entry
 * to the last place removed (retention entries after it: usually none or one), each with its link
 * and content, so verify hashes them again and reads their day (src/record/verify.ts).
 */
async function removedTail(q: Query, through: number): Promise<RemovedRow[]> {
  const [e] = await q("SELECT max(seq) AS s FROM care_entries WHERE seq <= ?", [through]);
  const [l] = await q("SELECT max(seq) AS s FROM care_log WHERE seq <= ? AND kind <> 'retention'", [through]);
  const last = Math.max(...[e?.s, l?.s].filter((x) => x !== null && x !== undefined).map(Number), 0);
  const tail: RemovedRow[] = [];
  for (let seq = last || through; seq <= through; seq++) tail.push(await removedRow(q, seq));
  return tail;
}

/** How many rows and which round dates a pass removes, through `through` (counted in the database). */
async function removedCounts(q: Query, through: number) {
  const [e] = await q(
    "SELECT count(*) AS n, min(round_date) AS first, max(round_date) AS last FROM care_entries WHERE seq <= ?",
    [through],
  );
  const [l] = await q(
    "SELECT count(*) AS n, min(round_date) AS first, max(round_date) AS last FROM care_log WHERE seq <= ? AND kind <> 'retention'",
    [through],
  );
  const dates = [e?.first, e?.last, l?.first, l?.last]
    .filter((d) => d !== null && d !== undefined)
    .map(String)
    .sort();
  return { entries: Number(e?.n ?? 0), records: Number(l?.n ?? 0), from: dates[0], to: dates.at(-1) };
}

/** Retention's one path: its entry first, then the oldest places, in the caller's chain transaction. */
export async function purgeIn(
  q: Query,
  setting: { before: string; days: number; today: string },
  kennel: string,
  at: string,
  nextId: NextId,
): Promise<RetentionPass> {
  const { before, days, today } = setting;
  checkRetentionRule(before, days, at);
  const head = await headIn(q);
  const [first] = await q(
    "SELECT min(s) AS s FROM (SELECT min(seq) AS s FROM care_entries UNION ALL SELECT min(seq) AS s FROM care_log) x",
  );
  const from = first?.s === null || first?.s === undefined ? head.seq + 1 : Number(first.s);
  const through = await removableThrough(q, before, head.seq);
  if (through < from) return { entries: 0, records: 0, throughSeq: from - 1 };
  const pass: RetentionPass = { ...(await removedCounts(q, through)), throughSeq: through };
  const removed = await removedTail(q, through);
  const passes = await q(
    `SELECT ${LOG_FIELDS} FROM care_log WHERE seq <= ? AND kind = 'retention' ORDER BY seq`,
    [through],
  );
  // Earlier passes removed now live on inside this one, so the whole history of retention is kept.
  const earlier = passes.flatMap((r) => {
    // Each earlier pass as it said itself, without the rows it kept (verified when it was in the chain).
    const {
      earlier: older = [],
      removed: _verified,
      ...body
    } = JSON.parse(String(r.body)) as {
      earlier?: unknown[];
      removed?: unknown;
    };
    return [...older, { ...body, recordedAt: String(r.recorded_at) }];
  });
  const last = removed.at(-1) as RemovedRow;
  const body = {
    before,
    retentionDays: days,
    entries: pass.entries,
    records: pass.records,
    from: pass.from ?? null,
    to: pass.to ?? null,
    throughSeq: through,
    lastRemovedHash: chainHash(last.prevHash, last.content),
    removed,
    ...(earlier.length ? { earlier } : {}),
  };
  await appendIn(q, { kind: "retention", date: today, body }, kennel, at, { throughSeq: through, nextId });
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
