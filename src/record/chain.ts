/**
 * The record's chain of hashes: every row the record keeps (an entry in `care_entries`, a sheet or a
 * retention pass in `care_log`) has a place (`seq`, one sequence over both tables, in commit order)
 * and `hash = sha256(prev_hash + "\n" + content)`, where `content` is the row's fields in a fixed
 * order and `prev_hash` the hash of the row before it (GENESIS for the first). A changed row no
 * longer matches its hash; a removed or re-ordered row breaks the link of the row after it. The
 * head (the last place and its hash) is printed in the morning post and on every export, so a copy
 * of it sits outside the kennel's own database.
 *
 * Retention removes the oldest places only, never a row in the middle: its entry (kind `retention`)
 * carries the last place it removed (`through_seq`) and that row's hash, which the first row kept
 * still links to.
 */
import { createHash } from "node:crypto";

export type Row = Record<string, unknown>;

/** The `prev_hash` of the first row ever. */
export const GENESIS = "0".repeat(64);

/** The kennel of the entries made before the record knew its kennel (schema 1). */
export const KENNEL_BEFORE_V2 = "before the kennel was recorded";

export function chainHash(prev: string, content: string): string {
  return createHash("sha256").update(`${prev}\n${content}`).digest("hex");
}

/** The columns of an entry's content in schema 2 (the migration to it seals the entries already there). */
export const ENTRY_FIELDS_V2 =
  "id, seq, kennel, round_date, round, booking_id, pet_id, pet_name, item, item_text, outcome, reason, note, user_id, user_name, request_key, supersedes, recorded_at, prev_hash, hash";

/** The columns an entry's content is made of (the SELECT list that `entryContent` reads). */
export const ENTRY_FIELDS = `${ENTRY_FIELDS_V2}, given_at, reason_code`;

/** The columns a log row's content is made of. */
export const LOG_FIELDS =
  "id, seq, kind, kennel, round_date, booking_id, pet_id, user_id, request_key, body, through_seq, supersedes, recorded_at, prev_hash, hash";

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * An entry's content, from its row: every field that says what was recorded, by whom, when, where.
 * When it was given and the reason's code (schema 3) follow when either is set, so an entry made
 * before them hashes as it always did.
 */
export function entryContent(row: Row): string {
  const since3 =
    str(row.given_at) === null && str(row.reason_code) === null
      ? []
      : [str(row.given_at), str(row.reason_code)];
  return JSON.stringify([
    "entry",
    num(row.seq),
    str(row.kennel),
    str(row.round_date),
    str(row.round),
    num(row.booking_id),
    num(row.pet_id),
    str(row.pet_name),
    str(row.item),
    str(row.item_text),
    str(row.outcome),
    str(row.reason),
    str(row.note),
    str(row.user_id),
    str(row.user_name),
    str(row.request_key),
    num(row.supersedes),
    str(row.recorded_at),
    ...since3,
  ]);
}

/** A log row's content (its body as stored, byte for byte). */
export function logContent(row: Row): string {
  return JSON.stringify([
    "log",
    num(row.seq),
    str(row.kind),
    str(row.kennel),
    str(row.round_date),
    num(row.booking_id),
    num(row.pet_id),
    str(row.user_id),
    str(row.request_key),
    str(row.body),
    num(row.through_seq),
    num(row.supersedes),
    str(row.recorded_at),
  ]);
}

export interface ChainHead {
  /** The last place (0 for an empty record). */
  seq: number;
  /** Its hash (GENESIS for an empty record). */
  hash: string;
}

/** "#1234 · 9f3a5c1e0b7d…": the head as people quote it (twelve hex digits: enough to tell two apart). */
export function headWords(head: ChainHead): string {
  return head.seq === 0 ? "empty" : `#${head.seq} · ${head.hash.slice(0, 12)}…`;
}

/** One row of the walk: which table, its id and place, its stored hashes, its content. */
export interface ChainRow {
  table: "entry" | "log";
  id: number;
  seq: number | null;
  prevHash: string | null;
  hash: string | null;
  content: string;
  /** For a retention row: the last place it removed, and that row's hash. */
  retention?: { throughSeq: number; lastRemovedHash: string } | undefined;
}

export type VerifyResult =
  | {
      ok: true;
      rows: number;
      head: ChainHead;
      removedThrough: number;
      /** The place asked for (`verify({ at })`) and its hash, when it is still in the record. */
      at?: ChainHead | undefined;
    }
  | {
      ok: false;
      /** Rows checked and found sound before the problem. */
      rows: number;
      /** The place of the first row that does not match (or the first place missing). */
      at: number;
      problem: "changed" | "link" | "missing" | "unaccounted" | "unsealed";
      /** One sentence for people. */
      what: string;
    };

function name(r: ChainRow): string {
  return r.table === "entry" ? `entry ${r.id} (#${r.seq})` : `record ${r.id} (#${r.seq})`;
}

/**
 * Walks the chain in place order: each row's content against its hash, each link against the row
 * before, no place missing. Rows removed by retention are the oldest places only, accounted for by a
 * retention row naming the last of them and its hash. The first row that does not hold is reported.
 */
export function verifyChain(rows: ChainRow[], at?: number): VerifyResult {
  const sorted = [...rows].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const unsealed = rows.find((r) => r.seq === null || r.hash === null || r.prevHash === null);
  if (unsealed) {
    return {
      ok: false,
      rows: 0,
      at: 0,
      problem: "unsealed",
      what: `${unsealed.table === "entry" ? "Entry" : "Record"} ${unsealed.id} has no place in the chain: it was written outside Kennel Desk.`,
    };
  }
  const retention = sorted
    .filter((r) => r.retention)
    .map((r) => r.retention as NonNullable<ChainRow["retention"]>);
  const removedThrough = Math.max(0, ...retention.map((r) => r.throughSeq));
  let prev: { seq: number; hash: string } | undefined;
  let checked = 0;
  for (const r of sorted) {
    const seq = r.seq as number;
    if (chainHash(r.prevHash as string, r.content) !== r.hash) {
      return {
        ok: false,
        rows: checked,
        at: seq,
        problem: "changed",
        what: `${name(r)} does not match its hash: its content was changed after it was recorded.`,
      };
    }
    if (prev === undefined) {
      const expected = seq === 1 ? GENESIS : retention.find((x) => x.throughSeq === seq - 1)?.lastRemovedHash;
      if (expected === undefined) {
        return {
          ok: false,
          rows: checked,
          at: 1,
          problem: "unaccounted",
          what: `The record starts at #${seq}: places #1 to #${seq - 1} are gone and no retention entry accounts for them.`,
        };
      }
      if (r.prevHash !== expected) {
        return {
          ok: false,
          rows: checked,
          at: seq,
          problem: "link",
          what: `${name(r)} does not link to ${seq === 1 ? "the start of the record" : `the last entry retention removed (#${seq - 1})`}: the rows before it were changed.`,
        };
      }
    } else {
      if (seq !== prev.seq + 1) {
        return {
          ok: false,
          rows: checked,
          at: prev.seq + 1,
          problem: "missing",
          what: `#${prev.seq + 1}${seq > prev.seq + 2 ? ` to #${seq - 1}` : ""} ${seq > prev.seq + 2 ? "are" : "is"} missing: removed without a trace (retention never removes a row after one it keeps).`,
        };
      }
      if (r.prevHash !== prev.hash) {
        return {
          ok: false,
          rows: checked,
          at: seq,
          problem: "link",
          what: `${name(r)} does not link to #${prev.seq}: a row was replaced or the rows re-ordered.`,
        };
      }
    }
    prev = { seq, hash: r.hash as string };
    checked++;
  }
  const found = at === undefined ? undefined : sorted.find((r) => r.seq === at);
  return {
    ok: true,
    rows: checked,
    head: prev ?? { seq: 0, hash: GENESIS },
    removedThrough,
    ...(found ? { at: { seq: at as number, hash: found.hash as string } } : {}),
  };
}
