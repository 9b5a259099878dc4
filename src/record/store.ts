/**
 * The care record's one query code, for both engines: the store (CareRecordStore) over a small
 * driver that runs plain SQL with `?` placeholders (src/record/sqlite.ts, src/record/postgres.ts).
 * Every record() is one transaction: it checks the request and the items first, then writes the
 * request and its entries; a race the checks could not see (two staff at once, the same request
 * delivered twice at once) is stopped by the database's unique indexes, rolled back, and answered by
 * running the checks again, which then see the winner's committed entries.
 */
import type { Clock } from "../deps.ts";
import { InvalidEntryError, StoreError } from "./errors.ts";
import { type Engine, migrationsAfter, SCHEMA_VERSION, SCHEMA_VERSION_TABLE } from "./schema.ts";
import {
  type CareRecordStore,
  type Entry,
  type EntryInput,
  type EntryQuery,
  type ItemKey,
  MEAL_OUTCOMES,
  MEDICATION_OUTCOMES,
  type Outcome,
  type RecordResult,
  type StoreHealth,
} from "./types.ts";

export type Row = Record<string, unknown>;

/** Runs one statement: its rows (RETURNING included), none for the others. */
export type Query = (sql: string, params?: readonly unknown[]) => Promise<Row[]>;

/** What an engine gives the store. */
export interface Driver {
  readonly engine: Engine;
  /** Where the record is, for people (never a password). */
  readonly where: string;
  /** Outside a transaction. */
  query: Query;
  /**
   * Runs `work` in one transaction (serialised with the driver's other transactions), commits when
   * it returns, rolls back when it throws. `lock`: the migrations' lock (one bot migrates at a time).
   */
  transaction<T>(work: (query: Query) => Promise<T>, options?: { lock?: boolean }): Promise<T>;
  /** A unique index refused a row (the race the checks could not see). */
  isUniqueViolation(error: unknown): boolean;
  /** A CHECK constraint refused a row (a field too long, an outcome that does not fit its item). */
  isCheckViolation(error: unknown): boolean;
  /** The engine's error as a StoreError when it means the store cannot be used (down, full, read-only). */
  storeError(error: unknown): StoreError | undefined;
  /** A problem seen without a query (the SQLite file or folder not writable), in one sentence. */
  problem?(): string | undefined;
  close(): Promise<void>;
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const ITEMS = new Set<string>(["meal", "med:1", "med:2", "med:3", "med:4", "med:5"] satisfies ItemKey[]);
const ROUNDS = new Set(["morning", "midday", "evening"]);
const MAX_TEXT = 500;
/** A conflict the checks did not see is answered by checking again: this many times at most. */
const RACE_RETRIES = 3;

const COLUMNS =
  "e.id, e.round_date, e.round, e.booking_id, e.pet_id, e.pet_name, e.item, e.item_text, e.outcome, e.reason, e.note, e.user_id, e.user_name, e.request_key, e.supersedes, e.recorded_at, s.id AS superseded_by";
const FROM = "FROM care_entries e LEFT JOIN care_entries s ON s.supersedes = e.id";

function optionalNumber(value: unknown): number | undefined {
  return value === null || value === undefined ? undefined : Number(value);
}

function optionalText(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : String(value);
}

function entryOf(row: Row): Entry {
  const entry: Entry = {
    id: Number(row.id),
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
  const note = optionalText(row.note);
  const supersedes = optionalNumber(row.supersedes);
  const supersededBy = optionalNumber(row.superseded_by);
  if (reason !== undefined) entry.reason = reason;
  if (note !== undefined) entry.note = note;
  if (supersedes !== undefined) entry.supersedes = supersedes;
  if (supersededBy !== undefined) entry.supersededBy = supersededBy;
  return entry;
}

function isId(n: unknown): n is number {
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0;
}

/** The store's own guard on what it is given (the Slack side checks first). Throws InvalidEntryError. */
function checkInputs(inputs: EntryInput[]): void {
  if (inputs.length === 0) throw new InvalidEntryError("Nothing to record: no entries were given.");
  if (inputs.length > 100) throw new InvalidEntryError("Too many entries in one request (at most 100).");
  const key = inputs[0]?.requestKey;
  const items = new Set<string>();
  for (const e of inputs) {
    const which = `${e.date} ${e.round} booking ${e.bookingId} pet ${e.petId} ${e.item}`;
    if (typeof e.date !== "string" || !DATE.test(e.date))
      throw new InvalidEntryError(`"${String(e.date).slice(0, 20)}" is not a date (YYYY-MM-DD).`);
    if (!ROUNDS.has(e.round))
      throw new InvalidEntryError(`"${String(e.round).slice(0, 20)}" is not a round.`);
    if (!isId(e.bookingId) || !isId(e.petId))
      throw new InvalidEntryError(`The booking and pet ids must be whole numbers (${which}).`);
    if (!ITEMS.has(e.item)) throw new InvalidEntryError(`"${String(e.item).slice(0, 20)}" is not an item.`);
    const outcomes: readonly Outcome[] = e.item === "meal" ? MEAL_OUTCOMES : MEDICATION_OUTCOMES;
    if (!outcomes.includes(e.outcome))
      throw new InvalidEntryError(`"${String(e.outcome).slice(0, 20)}" is not an outcome for ${e.item}.`);
    if (e.outcome === "not_given" && !e.reason?.trim())
      throw new InvalidEntryError(`A dose not given needs its reason (${which}).`);
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

const sameItem = (a: EntryInput, b: EntryInput) =>
  a.date === b.date &&
  a.round === b.round &&
  a.bookingId === b.bookingId &&
  a.petId === b.petId &&
  a.item === b.item;

class SqlStore implements CareRecordStore {
  readonly engine: Engine;
  readonly #driver: Driver;
  readonly #clock: Clock;
  /** The last failure to write, until a write succeeds (health says so: a read may still work). */
  #lastWriteFailure: StoreError | undefined;
  /** The schema is up to date (migrated once; retried on each use while the engine is down). */
  #migrated = false;

  constructor(driver: Driver, clock: Clock) {
    this.engine = driver.engine;
    this.#driver = driver;
    this.#clock = clock;
  }

  /** Brings the schema up to date, once; a StoreError when the engine is down or the schema newer. */
  async ready(): Promise<void> {
    if (this.#migrated) return;
    try {
      await migrate(this.#driver, this.#clock);
      this.#migrated = true;
    } catch (error) {
      throw this.#failure(error) ?? error;
    }
  }

  async record(inputs: EntryInput[]): Promise<RecordResult> {
    checkInputs(inputs);
    for (let attempt = 0; ; attempt++) {
      try {
        await this.ready();
        const result = await this.#driver.transaction((q) => this.#recordIn(q, inputs));
        this.#lastWriteFailure = undefined;
        return result;
      } catch (error) {
        if (this.#driver.isUniqueViolation(error) && attempt < RACE_RETRIES) continue;
        if (this.#driver.isCheckViolation(error)) {
          throw new InvalidEntryError(
            `The record refused an entry as given (a field too long, or an outcome that does not fit its item): ${String((error as Error)?.message ?? error).slice(0, 200)}`,
          );
        }
        const failure = this.#failure(error);
        if (failure && failure.problem !== "newer_schema") this.#lastWriteFailure = failure;
        throw failure ?? error;
      }
    }
  }

  async #recordIn(q: Query, inputs: EntryInput[]): Promise<RecordResult> {
    const key = (inputs[0] as EntryInput).requestKey;
    const before = await q(`SELECT ${COLUMNS} ${FROM} WHERE e.request_key = ? ORDER BY e.id`, [key]);
    if (before.length > 0) return { status: "duplicate", entries: before.map(entryOf) };
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
    if (existing.length > 0) {
      // The same request delivered twice at once (PostgreSQL, read committed): the other delivery may
      // have committed between the first look at the request key and this one. Its entries are this
      // request's own, so it is a duplicate, not someone else's "already recorded".
      const again = await q(`SELECT ${COLUMNS} ${FROM} WHERE e.request_key = ? ORDER BY e.id`, [key]);
      if (again.length > 0) return { status: "duplicate", entries: again.map(entryOf) };
      return { status: "already", existing };
    }
    const at = this.#clock.now().toISOString();
    await q("INSERT INTO care_requests (request_key, recorded_at) VALUES (?, ?)", [key, at]);
    const entries: Entry[] = [];
    for (const input of inputs) {
      const rows = await q(
        `INSERT INTO care_entries (round_date, round, booking_id, pet_id, pet_name, item, item_text, outcome,
           reason, note, user_id, user_name, request_key, supersedes, recorded_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        [
          input.date,
          input.round,
          input.bookingId,
          input.petId,
          input.petName,
          input.item,
          input.itemText,
          input.outcome,
          input.reason ?? null,
          input.note ?? null,
          input.userId,
          input.userName,
          key,
          input.supersedes ?? null,
          at,
        ],
      );
      const entry: Entry = { ...withoutUndefined(input), id: Number(rows[0]?.id), recordedAt: at };
      entries.push(entry);
    }
    return { status: "recorded", entries };
  }

  async entries(query: EntryQuery): Promise<Entry[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      where.push(sql);
      params.push(value);
    };
    for (const [name, value] of [
      ["date", query.date],
      ["from", query.from],
      ["to", query.to],
    ] as const) {
      if (value !== undefined && !DATE.test(value))
        throw new InvalidEntryError(`"${value.slice(0, 20)}" is not a date (YYYY-MM-DD) for ${name}.`);
    }
    if (query.date !== undefined) add("e.round_date = ?", query.date);
    if (query.from !== undefined) add("e.round_date >= ?", query.from);
    if (query.to !== undefined) add("e.round_date <= ?", query.to);
    if (query.round !== undefined) add("e.round = ?", query.round);
    if (query.petId !== undefined) add("e.pet_id = ?", query.petId);
    if (query.bookingId !== undefined) add("e.booking_id = ?", query.bookingId);
    const sql = `SELECT ${COLUMNS} ${FROM}${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY e.id`;
    try {
      await this.ready();
      return (await this.#driver.query(sql, params)).map(entryOf);
    } catch (error) {
      throw this.#failure(error) ?? error;
    }
  }

  async purge(before: string): Promise<number> {
    if (!DATE.test(before))
      throw new InvalidEntryError(`"${before.slice(0, 20)}" is not a date (YYYY-MM-DD).`);
    try {
      await this.ready();
      return await this.#driver.transaction(async (q) => {
        // A correction has its entry's round date, so a chain of corrections goes as one.
        const gone = await q("DELETE FROM care_entries WHERE round_date < ? RETURNING id", [before]);
        await q(
          "DELETE FROM care_requests WHERE NOT EXISTS (SELECT 1 FROM care_entries e WHERE e.request_key = care_requests.request_key)",
        );
        return gone.length;
      });
    } catch (error) {
      throw this.#failure(error) ?? error;
    }
  }

  async health(): Promise<StoreHealth> {
    const base = { engine: this.engine, where: this.#driver.where };
    try {
      await this.ready();
      await this.#driver.query("SELECT count(*) AS n FROM schema_version");
    } catch (error) {
      const failure = this.#failure(error);
      return { ...base, ok: false, problem: failure?.message ?? "The care record could not be read." };
    }
    const problem = this.#driver.problem?.() ?? this.#lastWriteFailure?.message;
    return problem ? { ...base, ok: false, problem } : { ...base, ok: true };
  }

  close(): Promise<void> {
    return this.#driver.close();
  }

  #failure(error: unknown): StoreError | undefined {
    if (error instanceof StoreError) return error;
    return this.#driver.storeError(error);
  }
}

function withoutUndefined(input: EntryInput): EntryInput {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as EntryInput;
}

/**
 * Brings the schema up to date, in one transaction under the driver's lock. Throws a StoreError
 * `newer_schema` when the record was written by a newer Kennel Desk.
 */
function newerSchema(driver: Driver, version: number): StoreError {
  return new StoreError(
    "newer_schema",
    `The care record at ${driver.where} has schema version ${version}, newer than this Kennel Desk knows (${SCHEMA_VERSION}): it was written by a newer version, so this one will not start on it.`,
    "Run the newer Kennel Desk again (or restore a backup made by this version).",
    driver.where,
  );
}

async function migrate(driver: Driver, clock: Clock): Promise<{ from: number; to: number }> {
  // A read first: a record already up to date (every start but the first) is opened without a write
  // or a lock, so replicas start side by side and a read-only copy can be read.
  const known = await driver.query("SELECT max(version) AS version FROM schema_version").then(
    (rows) => Number(rows[0]?.version ?? 0),
    () => undefined,
  );
  if (known !== undefined && known > SCHEMA_VERSION) throw newerSchema(driver, known);
  if (known === SCHEMA_VERSION) return { from: known, to: known };
  return driver.transaction(
    async (q) => {
      await q(SCHEMA_VERSION_TABLE);
      const rows = await q("SELECT max(version) AS version FROM schema_version");
      const from = Number(rows[0]?.version ?? 0);
      if (from > SCHEMA_VERSION) throw newerSchema(driver, from);
      for (const m of migrationsAfter(from, driver.engine)) {
        for (const statement of m.statements) await q(statement);
        await q("INSERT INTO schema_version (version, what, applied_at) VALUES (?, ?, ?)", [
          m.version,
          m.what,
          clock.now().toISOString(),
        ]);
      }
      return { from, to: Math.max(from, SCHEMA_VERSION) };
    },
    { lock: true },
  );
}

export type SqlCareRecordStore = CareRecordStore & { ready(): Promise<void> };

/**
 * The store over a driver. Its schema is brought up to date by ready() (call it at start: it throws
 * a StoreError when the engine is down or the schema newer) and again on first use if that failed.
 */
export function createStore(driver: Driver, clock: Clock): SqlCareRecordStore {
  return new SqlStore(driver, clock);
}
