/**
 * The record's chain of hashes: every row the record keeps (an entry in `care_entries`, a sheet or a
 * retention pass in `care_log`) has a place (`seq`, one sequence over both tables, in commit order)
 * and `hash = sha256(prev_hash + "\n" + content)`, where `content` is the row's fields in a fixed
 * order and `prev_hash` the hash of the row before it (GENESIS for the first). A changed row no
 * longer matches its hash; a removed or re-ordered row breaks the link of the row after it. The
 * head (the last place and its hash) is printed in the morning post and on every export, so a copy
 * of it sits outside the kennel's own database.
 *
 * Since schema 4 a row's content begins with its own id (CHAIN_FORMAT), so what points at a row by
 * its id (a correction, a witness, an effect) points at a hashed id: swapping two ids no longer
 * verifies. Rows written before keep the content they were hashed with.
 *
 * Retention removes the oldest places only, never a row in the middle: its entry (kind `retention`)
 * carries the last place it removed (`through_seq`) and that row's hash, which the first row kept
 * still links to, and (since schema 4) the removed rows' content from the last that was not a
 * retention entry, so verify can show what it removed was older than its rule allows
 * (src/record/verify.ts walks the chain).
 */
import { hash } from "node:crypto";

export type Row = Record<string, unknown>;

/** The `prev_hash` of the first row ever. */
export const GENESIS = "0".repeat(64);

/** The kennel of the entries made before the record knew its kennel (schema 1). */
export const KENNEL_BEFORE_V2 = "before the kennel was recorded";

/**
 * One row's hash. Node's one-shot `hash()` (the same SHA-256, the same hex) in place of a Hash object
 * a row: a third of the CPU a hash took, paid for each row of a walk of 1.5 million (docs/benchmarks.md).
 */
export function chainHash(prev: string, content: string): string {
  return hash("sha256", `${prev}\n${content}`, "hex");
}

/** The columns of an entry's content in schema 2 (the migration to it seals the entries already there). */
const ENTRY_COLUMNS_V2 = [
  "id",
  "seq",
  "kennel",
  "round_date",
  "round",
  "booking_id",
  "pet_id",
  "pet_name",
  "item",
  "item_text",
  "outcome",
  "reason",
  "note",
  "user_id",
  "user_name",
  "request_key",
  "supersedes",
  "recorded_at",
  "prev_hash",
  "hash",
] as const;

export const ENTRY_FIELDS_V2 = ENTRY_COLUMNS_V2.join(", ");

/** The columns an entry's content is made of, in the order of ENTRY_FIELDS (the SELECT list the walk reads). */
export const ENTRY_COLUMNS = [...ENTRY_COLUMNS_V2, "given_at", "reason_code", "chain_format"] as const;

/** The SELECT list of an entry's chain columns (what `entryContent` reads). */
export const ENTRY_FIELDS = ENTRY_COLUMNS.join(", ");

/** The columns a log row's content is made of, in the order of LOG_FIELDS. */
export const LOG_COLUMNS = [
  "id",
  "seq",
  "kind",
  "kennel",
  "round_date",
  "booking_id",
  "pet_id",
  "user_id",
  "request_key",
  "body",
  "through_seq",
  "supersedes",
  "recorded_at",
  "prev_hash",
  "hash",
  "chain_format",
] as const;

/** The SELECT list of a log row's chain columns (what `logContent` reads). */
export const LOG_FIELDS = LOG_COLUMNS.join(", ");

/**
 * The chain's form a row is written in since schema 4: its content begins with its own id, so every
 * pointer at a row (a correction's `supersedes`, a witness's or an effect's entry id) names a row
 * whose id is hashed. A row written before (`chain_format` empty) keeps the content it was hashed with.
 */
export const CHAIN_FORMAT = 4;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** A row as the walk reads it: its columns' values in the order of ENTRY_COLUMNS or LOG_COLUMNS. */
export type Values = readonly unknown[];

/** The fields of a row's content, in their order: each its column's place in the row's values and how it is read. */
type Fields = readonly { at: number; read: typeof num | typeof str }[];

function fieldsOf(
  columns: readonly string[],
  content: readonly string[],
  numbers: readonly string[],
): Fields {
  return content.map((name) => ({ at: columns.indexOf(name), read: numbers.includes(name) ? num : str }));
}

/** `out` with the content's fields of `v` after what it holds. */
function readInto(out: unknown[], v: Values, fields: Fields): unknown[] {
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i] as Fields[number];
    out.push(f.read(v[f.at]));
  }
  return out;
}

/** The columns from `first` to `last`, both included. */
const span = (columns: readonly string[], first: string, last: string) =>
  columns.slice(columns.indexOf(first), columns.indexOf(last) + 1);

/** An entry's content fields (all of them since schema 2), then those since schema 3. */
const ENTRY_CONTENT = fieldsOf(ENTRY_COLUMNS, span(ENTRY_COLUMNS, "seq", "recorded_at"), [
  "seq",
  "booking_id",
  "pet_id",
  "supersedes",
]);
const ENTRY_SINCE_3 = fieldsOf(ENTRY_COLUMNS, ["given_at", "reason_code"], []);
const LOG_CONTENT = fieldsOf(LOG_COLUMNS, span(LOG_COLUMNS, "seq", "recorded_at"), [
  "seq",
  "booking_id",
  "pet_id",
  "through_seq",
  "supersedes",
]);
const ENTRY_ID = ENTRY_COLUMNS.indexOf("id");
const ENTRY_FORMAT = ENTRY_COLUMNS.indexOf("chain_format");
const LOG_ID = LOG_COLUMNS.indexOf("id");
const LOG_FORMAT = LOG_COLUMNS.indexOf("chain_format");

/** A row (an object of its columns) as its values in the order of `columns`. */
export const valuesOf = (columns: readonly string[], row: Row): unknown[] => columns.map((c) => row[c]);

/**
 * An entry's content, from its values in the order of ENTRY_COLUMNS: every field that says what was
 * recorded, by whom, when, where. In the chain's form since schema 4 its id comes first ("entry/4",
 * id, then the rest). Before it: when it was given and the reason's code (schema 3) follow when
 * either is set, so an entry made before them hashes as it always did.
 */
export function entryContentOf(v: Values): string {
  if (num(v[ENTRY_FORMAT]) === CHAIN_FORMAT)
    return JSON.stringify(
      readInto(readInto([`entry/${CHAIN_FORMAT}`, num(v[ENTRY_ID])], v, ENTRY_CONTENT), v, ENTRY_SINCE_3),
    );
  const fields = readInto(["entry"], v, ENTRY_CONTENT);
  const since3 = readInto([], v, ENTRY_SINCE_3);
  return JSON.stringify(since3.every((x) => x === null) ? fields : fields.concat(since3));
}

/** An entry's content, from its row (see entryContentOf). */
export const entryContent = (row: Row): string => entryContentOf(valuesOf(ENTRY_COLUMNS, row));

/** A log row's content (its body as stored, byte for byte), from its values in the order of LOG_COLUMNS; its id first since schema 4. */
export function logContentOf(v: Values): string {
  const head = num(v[LOG_FORMAT]) === CHAIN_FORMAT ? [`log/${CHAIN_FORMAT}`, num(v[LOG_ID])] : ["log"];
  return JSON.stringify(readInto(head, v, LOG_CONTENT));
}

/** A log row's content, from its row (see logContentOf). */
export const logContent = (row: Row): string => logContentOf(valuesOf(LOG_COLUMNS, row));

/** What a row's content says of it, in either form: its place, its day, when committed, its kind. */
export interface ContentFacts {
  table: "entry" | "log";
  seq: number;
  date: string;
  recordedAt: string;
  kind: string | undefined;
}

export function contentFacts(content: string): ContentFacts | undefined {
  let fields: unknown[];
  try {
    fields = JSON.parse(content) as unknown[];
  } catch {
    return undefined;
  }
  if (!Array.isArray(fields)) return undefined;
  const [tag] = fields;
  const at = tag === "entry" || tag === "log" ? 1 : 2;
  const table = String(tag).startsWith("entry") ? "entry" : "log";
  const get = (i: number) => fields[at + i];
  const facts =
    table === "entry"
      ? { table, seq: get(0), date: get(2), recordedAt: get(16), kind: undefined }
      : { table, seq: get(0), date: get(3), recordedAt: get(11), kind: String(get(1)) };
  if (typeof facts.seq !== "number" || typeof facts.date !== "string" || typeof facts.recordedAt !== "string")
    return undefined;
  return facts as ContentFacts;
}

export interface ChainHead {
  /** The last place (0 for an empty record). */
  seq: number;
  /** Its hash (GENESIS for an empty record). */
  hash: string;
}

/** The fewest hex digits of a hash a head is quoted with and checked against: 64 bits. */
export const HEAD_HEX_DIGITS = 16;

/** "#1234 · 9f3a5c1e0b7d24aa…": the head as people quote it (16 hex digits, 64 bits: never found by trying). */
export function headWords(head: ChainHead): string {
  return head.seq === 0 ? "empty" : `#${head.seq} · ${head.hash.slice(0, HEAD_HEX_DIGITS)}…`;
}

/** A removed row as a retention entry keeps it (since schema 4): its link and its content, hashed again by verify. */
export interface RemovedRow {
  prevHash: string;
  content: string;
}

/** What a retention row says it did (its `through_seq` and body). */
export interface RetentionClaim {
  throughSeq: number;
  lastRemovedHash: string;
  before: unknown;
  retentionDays: unknown;
  /**
   * The removed rows from the last one that was not a retention entry to the last place removed,
   * each with its link and content (written since schema 4; absent before).
   */
  removed: RemovedRow[] | undefined;
}

/** One row of the walk: which table, its id and place, its stored hashes, its content. */
export interface ChainRow {
  table: "entry" | "log";
  id: number;
  seq: number | null;
  prevHash: string | null;
  hash: string | null;
  /** The chain's form it was written in (CHAIN_FORMAT), or null: before schema 4. */
  format: number | null;
  content: string;
  recordedAt: string;
  /** For a retention row: what it says it removed. */
  retention?: RetentionClaim | undefined;
}

export type VerifyProblem =
  | "changed"
  | "link"
  | "missing"
  | "unaccounted"
  | "unsealed"
  | "ids"
  | "form"
  | "retention";

/**
 * What a chain's links are (issue 45: a backup's summary and verify count the same things and say
 * which): the round entries, and the log's records by kind.
 */
export interface ChainLinks {
  entries: number;
  /** Log records by kind ("sheet", "obligation", "plan"…), most first. */
  log: Record<string, number>;
}

/** "220 chain links: 55 entries, 120 sheet, 30 obligation, 15 plan". */
export function linksWords(rows: number, links: ChainLinks | undefined): string {
  const total = `${rows} chain ${rows === 1 ? "link" : "links"}`;
  if (!links) return total;
  const parts = [
    `${links.entries} ${links.entries === 1 ? "entry" : "entries"}`,
    ...Object.entries(links.log).map(([kind, n]) => `${n} ${kind}`),
  ];
  return `${total}: ${parts.join(", ")}`;
}

export type VerifyResult =
  | {
      ok: true;
      /** Every row walked (entries and log records): the chain's links. */
      rows: number;
      head: ChainHead;
      removedThrough: number;
      /** The place asked for (`verify({ at })`) and its hash, when it is still in the record. */
      at?: ChainHead | undefined;
      /** The first place whose hash starts with the digits asked for (`verify({ hash })`), when one does. */
      hashAt?: ChainHead | undefined;
      /** The rows walked, by table and kind. */
      links?: ChainLinks | undefined;
    }
  | {
      ok: false;
      /** Rows checked and found sound before the problem. */
      rows: number;
      /** The place of the first row that does not match (or the first place missing). */
      at: number;
      problem: VerifyProblem;
      /** One sentence for people. */
      what: string;
    };

export type VerifyFailure = Extract<VerifyResult, { ok: false }>;
