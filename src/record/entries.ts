/**
 * The round entries' table: its rows as Entry, the store's own guard on what it is given, and the
 * write of one request's entries (checked, then chained: src/record/chain.ts).
 */
import { CHAIN_FORMAT, chainHash, entryContent, type Row } from "./chain.ts";
import { InvalidEntryError } from "./errors.ts";
import {
  checkInError,
  IN_ERROR_COLUMN,
  IN_ERROR_JOIN,
  markInError,
  readInError,
  reopened,
  storedInput,
} from "./in-error.ts";
import { ITEM_KEYS } from "./items.ts";
import { appendIn, headIn, isRecordDate, type NextId, type StoredInput } from "./ledger.ts";
import {
  type Entry,
  type EntryInput,
  type EntryItem,
  type EntryQuery,
  MEAL_OUTCOMES,
  MEDICATION_OUTCOMES,
  NOT_GIVEN_REASONS,
  type NotGivenReason,
  type Outcome,
  type RecordResult,
} from "./types.ts";

type Query = (sql: string, params?: readonly unknown[]) => Promise<Row[]>;

const ITEMS = new Set<string>(ITEM_KEYS);
const ROUNDS = new Set(["morning", "midday", "evening"]);
const MAX_TEXT = 500;

export const COLUMNS = `e.id, e.seq, e.kennel, e.round_date, e.round, e.booking_id, e.pet_id, e.pet_name, e.item, e.item_text, e.outcome, e.reason, e.note, e.user_id, e.user_name, e.request_key, e.supersedes, e.recorded_at, e.given_at, e.reason_code, s.id AS superseded_by, ${IN_ERROR_COLUMN}`;
export const FROM = `FROM care_entries e LEFT JOIN care_entries s ON s.supersedes = e.id ${IN_ERROR_JOIN}`;

function optionalNumber(value: unknown): number | undefined {
  return value === null || value === undefined ? undefined : Number(value);
}

function optionalText(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : String(value);
}

export function entryOf(row: Row): Entry {
  const entry: Entry = {
    id: Number(row.id),
    seq: Number(row.seq),
    kennel: String(row.kennel),
    date: String(row.round_date),
    round: row.round as Entry["round"],
    bookingId: Number(row.booking_id),
    petId: Number(row.pet_id),
    petName: String(row.pet_name),
    item: row.item as Entry["item"],
    itemText: String(row.item_text),
    outcome: row.outcome as Entry["outcome"],
    userId: String(row.user_id),
    userName: String(row.user_name),
    requestKey: String(row.request_key),
    recordedAt: String(row.recorded_at),
  };
  const reason = optionalText(row.reason);
  const reasonCode = optionalText(row.reason_code);
  const givenAt = optionalText(row.given_at);
  const note = optionalText(row.note);
  const supersedes = optionalNumber(row.supersedes);
  const supersededBy = optionalNumber(row.superseded_by);
  if (reason !== undefined) entry.reason = reason;
  if (reasonCode !== undefined) entry.reasonCode = reasonCode as NotGivenReason;
  if (givenAt !== undefined) entry.givenAt = givenAt;
  if (note !== undefined) entry.note = note;
  if (supersedes !== undefined) entry.supersedes = supersedes;
  if (supersededBy !== undefined) entry.supersededBy = supersededBy;
  return readInError(entry, row.in_error);
}

/** An instant as the record writes them: 2026-11-26T08:05:00.000Z. */
function isInstant(v: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/.test(v) && !Number.isNaN(Date.parse(v));
}

function isId(n: unknown): n is number {
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0;
}

/** The store's own guard on what it is given (the Slack side checks first). Throws InvalidEntryError. */
export function checkInputs(inputs: EntryInput[]): void {
  if (inputs.length === 0) throw new InvalidEntryError("Nothing to record: no entries were given.");
  if (inputs.length > 100) throw new InvalidEntryError("Too many entries in one request (at most 100).");
  const key = inputs[0]?.requestKey;
  const items = new Set<string>();
  for (const e of inputs) {
    const which = `${e.date} ${e.round} booking ${e.bookingId} pet ${e.petId} ${e.item}`;
    if (typeof e.date !== "string" || !isRecordDate(e.date))
      throw new InvalidEntryError(`"${String(e.date).slice(0, 20)}" is not a date (YYYY-MM-DD).`);
    if (!ROUNDS.has(e.round))
      throw new InvalidEntryError(`"${String(e.round).slice(0, 20)}" is not a round.`);
    if (!isId(e.bookingId) || !isId(e.petId))
      throw new InvalidEntryError(`The booking and pet ids must be whole numbers (${which}).`);
    if (!ITEMS.has(e.item)) throw new InvalidEntryError(`"${String(e.item).slice(0, 20)}" is not an item.`);
    const outcomes: readonly Outcome[] = e.item === "meal" ? MEAL_OUTCOMES : MEDICATION_OUTCOMES;
    checkInError(e, which);
    if (!outcomes.includes(e.outcome) && e.outcome !== "in_error")
      throw new InvalidEntryError(`"${String(e.outcome).slice(0, 20)}" is not an outcome for ${e.item}.`);
    if (e.outcome === "not_given" && !e.reason?.trim())
      throw new InvalidEntryError(`A dose not given needs its reason (${which}).`);
    if (e.reasonCode !== undefined) {
      if (!NOT_GIVEN_REASONS.includes(e.reasonCode))
        throw new InvalidEntryError(`"${String(e.reasonCode).slice(0, 20)}" is not a reason from the list.`);
      if (e.item === "meal" || e.outcome === "given")
        throw new InvalidEntryError(`A reason from the list is for a dose not given (${which}).`);
    }
    if (e.givenAt !== undefined && (typeof e.givenAt !== "string" || !isInstant(e.givenAt)))
      throw new InvalidEntryError(`"${String(e.givenAt).slice(0, 30)}" is not a time (ISO 8601, UTC).`);
    for (const [name, text] of [
      ["reason", e.reason],
      ["note", e.note],
    ] as const) {
      if (text !== undefined && (typeof text !== "string" || [...text].length > MAX_TEXT))
        throw new InvalidEntryError(`The ${name} is longer than ${MAX_TEXT} characters.`);
    }
    if (typeof e.petName !== "string" || typeof e.itemText !== "string")
      throw new InvalidEntryError(`The pet's name and the item's text are required (${which}).`);
    if (typeof e.userId !== "string" || e.userId.trim() === "" || typeof e.userName !== "string")
      throw new InvalidEntryError("Who recorded it (the Slack user id and name) is required.");
    if (typeof e.requestKey !== "string" || e.requestKey === "" || e.requestKey !== key)
      throw new InvalidEntryError("The entries of one request share its request key.");
    if (e.supersedes !== undefined && !isId(e.supersedes))
      throw new InvalidEntryError("The corrected entry's id must be a whole number.");
    const item = `${e.date}|${e.round}|${e.bookingId}|${e.petId}|${e.item}`;
    if (items.has(item)) throw new InvalidEntryError(`The same item is given twice (${which}).`);
    items.add(item);
  }
}

const sameItem = (a: EntryItem, b: EntryItem) =>
  a.date === b.date &&
  a.round === b.round &&
  a.bookingId === b.bookingId &&
  a.petId === b.petId &&
  a.item === b.item;

/**
 * One request's entries, in the caller's chain transaction: the request and the items checked first
 * (a duplicate, an item recorded already), then each entry written at the next place of the chain;
 * then `beside` (log records checked already), only when the entries were written.
 */
export async function recordWith(
  q: Query,
  inputs: EntryInput[],
  kennel: string,
  at: string,
  nextId: NextId,
  beside: StoredInput[] = [],
): Promise<RecordResult> {
  const result = await recordIn(q, inputs, kennel, at, nextId);
  for (const l of result.status === "recorded" ? beside : []) await appendIn(q, l, kennel, at, { nextId });
  return result;
}

/** An entry's row as stored, before its place in the chain. */
function rowOf(
  input: EntryInput,
  o: { id: number; seq: number; kennel: string; key: string; at: string },
): Row {
  const { key, at } = o;
  input = storedInput(input);
  return {
    id: o.id,
    seq: o.seq,
    kennel: o.kennel,
    round_date: input.date,
    round: input.round,
    booking_id: input.bookingId,
    pet_id: input.petId,
    pet_name: input.petName,
    item: input.item,
    item_text: input.itemText,
    outcome: input.outcome,
    reason: input.reason ?? null,
    note: input.note ?? null,
    user_id: input.userId,
    user_name: input.userName,
    request_key: key,
    supersedes: input.supersedes ?? null,
    recorded_at: at,
    given_at: givenAtOf(input.givenAt, at),
    reason_code: input.reasonCode ?? null,
    chain_format: CHAIN_FORMAT,
  };
}

/**
 * The entries that already stand for the inputs' items (none superseded). A correction's entry must
 * be of its item; while that entry is current nothing else is looked at, once corrected the one
 * standing is found.
 */
async function standingEntries(
  q: Query,
  inputs: Array<EntryItem & Pick<EntryInput, "supersedes">>,
): Promise<Entry[]> {
  const existing: Entry[] = [];
  for (const input of inputs) {
    if (input.supersedes !== undefined) {
      const rows = await q(`SELECT ${COLUMNS} ${FROM} WHERE e.id = ?`, [input.supersedes]);
      const corrected = rows[0] ? entryOf(rows[0]) : undefined;
      if (!corrected || !sameItem(corrected, input)) {
        throw new InvalidEntryError(
          `Entry ${input.supersedes} is not an entry of this item, so it cannot be corrected here.`,
        );
      }
      if (corrected.supersededBy === undefined) continue;
    }
    const current = await q(
      `SELECT ${COLUMNS} ${FROM}
       WHERE e.round_date = ? AND e.round = ? AND e.booking_id = ? AND e.pet_id = ? AND e.item = ?
         AND s.id IS NULL
       ORDER BY e.id`,
      [input.date, input.round, input.bookingId, input.petId, input.item],
    );
    existing.push(...current.map(entryOf));
  }
  return existing;
}

/**
 * What a request finds before it writes: its key recorded already (a duplicate), or entries standing
 * for its items ("already"); undefined when it may be written. Reads alone.
 */
async function checkIn(
  q: Query,
  inputs: Array<EntryItem & Pick<EntryInput, "requestKey" | "supersedes">>,
): Promise<Exclude<RecordResult, { status: "recorded" }> | undefined> {
  const key = (inputs[0] as EntryInput).requestKey;
  const before = await q(`SELECT ${COLUMNS} ${FROM} WHERE e.request_key = ? ORDER BY e.id`, [key]);
  if (before.length > 0) return { status: "duplicate", entries: before.map(entryOf) };
  const existing = await standingEntries(q, inputs);
  if (existing.length > 0) {
    // The same request delivered twice at once (PostgreSQL, read committed): the other delivery may
    // have committed between the first look at the request key and this one. Its entries are this
    // request's own, so it is a duplicate, not someone else's "already recorded".
    const again = await q(`SELECT ${COLUMNS} ${FROM} WHERE e.request_key = ? ORDER BY e.id`, [key]);
    if (again.length > 0) return { status: "duplicate", entries: again.map(entryOf) };
    return { status: "already", existing };
  }
  return undefined;
}

export async function recordIn(
  q: Query,
  inputs: EntryInput[],
  kennel: string,
  at: string,
  nextId: NextId,
): Promise<RecordResult> {
  const key = (inputs[0] as EntryInput).requestKey;
  let found = await checkIn(q, inputs);
  // Standing only as recorded in error: the slot is open, and the new entry supersedes it.
  const open = found?.status === "already" ? reopened(inputs, found.existing) : undefined;
  if (open) {
    inputs = open;
    found = await checkIn(q, inputs);
  }
  if (found) return found;
  await q("INSERT INTO care_requests (request_key, recorded_at) VALUES (?, ?)", [key, at]);
  let head = await headIn(q);
  const entries: Entry[] = [];
  for (const input of inputs) {
    const row = rowOf(input, { id: await nextId("care_entries"), seq: head.seq + 1, kennel, key, at });
    row.prev_hash = head.hash;
    row.hash = chainHash(head.hash, entryContent(row));
    const names = Object.keys(row);
    await q(
      `INSERT INTO care_entries (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
      names.map((n) => row[n]),
    );
    head = { seq: row.seq as number, hash: row.hash as string };
    entries.push({
      ...withoutUndefined(input),
      ...(row.given_at !== null ? { givenAt: row.given_at as string } : {}),
      id: row.id as number,
      seq: row.seq as number,
      kennel,
      recordedAt: at,
    });
  }
  await markInError(q, entries, kennel, at, nextId);
  return { status: "recorded", entries };
}

/**
 * When it was given, as stored: never after it was recorded. A time up to a minute later (the form's
 * "now", read a moment before the commit) is the commit's; later than that is refused.
 */
function givenAtOf(givenAt: string | undefined, at: string): string | null {
  if (givenAt === undefined) return null;
  const t = Date.parse(givenAt);
  if (t > Date.parse(at) + 60_000)
    // Both instants whole, their days with them: a time on a later day is never read as today's.
    throw new InvalidEntryError(
      `A dose cannot be recorded as given later than now (given ${new Date(t).toISOString()}, now ${new Date(at).toISOString()}).`,
    );
  return new Date(Math.min(t, Date.parse(at))).toISOString();
}

function withoutUndefined(input: EntryInput): EntryInput {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as EntryInput;
}

/** An entry query's conditions, checked (entries and entryPages alike). */
export function entriesWhere(query: EntryQuery): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    where.push(sql);
    params.push(value);
  };
  for (const [name, value] of Object.entries({ date: query.date, from: query.from, to: query.to })) {
    if (value !== undefined && !isRecordDate(value))
      throw new InvalidEntryError(`"${String(value).slice(0, 20)}" is not a date (YYYY-MM-DD) for ${name}.`);
  }
  if (query.date !== undefined) add("e.round_date = ?", query.date);
  if (query.from !== undefined) add("e.round_date >= ?", query.from);
  if (query.to !== undefined) add("e.round_date <= ?", query.to);
  if (query.round !== undefined) add("e.round = ?", query.round);
  if (query.petId !== undefined) add("e.pet_id = ?", query.petId);
  if (query.bookingId !== undefined) add("e.booking_id = ?", query.bookingId);
  return { where, params };
}

/** The request key a rehearsal looks up: never a tap's (theirs are Slack's action ids and times). */
const REHEARSAL_KEY = "rehearsal:no-such-request";

/** A record's reads for one item without its writes (CareRecordStore.rehearseRecord). */
export async function rehearseIn(q: Query, item: EntryItem): Promise<void> {
  await checkIn(q, [{ ...item, requestKey: REHEARSAL_KEY }]);
  await headIn(q);
}
