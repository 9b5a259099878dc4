/**
 * The care record's one query code, for both engines: the store (CareRecordStore) over a small
 * driver that runs plain SQL with `?` placeholders (src/record/sqlite.ts, src/record/postgres.ts).
 * Every write is one transaction that holds the chain (PostgreSQL: an advisory lock; SQLite: its
 * one writer), so each row's place and link follow commit order (src/record/chain.ts). record()
 * checks the request and the items first, then writes the request and its entries; a race the
 * checks could not see (two staff at once, the same request delivered twice at once) is stopped by
 * the database's unique indexes, rolled back, and answered by running the checks again.
 */
import type { Clock } from "../deps.ts";
import type { ChainHead, VerifyResult } from "./chain.ts";
import type { Driver, Query } from "./driver.ts";
import { COLUMNS, checkInputs, entriesWhere, entryOf, FROM, recordWith, rehearseIn } from "./entries.ts";
import { withinEntry } from "./entry-room.ts";
import { InvalidEntryError, StoreError } from "./errors.ts";
import { claimKennel, kennelKey, recordedKennel } from "./kennel.ts";
import { type KindName, kindNamed } from "./kinds/index.ts";
import { appendIn, headIn, isRecordDate, logPages, type NextId, verifyIn } from "./ledger.ts";
import { checkBody, readAs, storedCheck } from "./log-bodies.ts";
import { LogBodies, readLog, type StoreOptions } from "./log-cache.ts";
import { migrate } from "./migrate.ts";
import { Outage } from "./outage.ts";
import { purgeIn } from "./retention.ts";
import type { Engine } from "./schema.ts";
import type {
  CareRecordStore,
  Entry,
  EntryInput,
  EntryItem,
  EntryQuery,
  KennelIdentity,
  LogCheck,
  LogEntry,
  LogInput,
  LogQuery,
  PageOptions,
  RecordResult,
  RetentionPass,
  StaffMember,
  StayQuery,
  StoreHealth,
} from "./types.ts";

export type { Driver } from "./driver.ts";

/** A conflict the checks did not see is answered by checking again: this many times at most. */
const RACE_RETRIES = 3;

/** Rows a page of entries holds (keyset pages: memory stays flat however large the record). */
const ENTRY_PAGE = 1000;
/** Log rows a page holds (a kept sheet's body is larger than an entry). */
const LOG_PAGE = 200;

/** The kennel of a store opened without one, on a record that names none yet. */
const UNNAMED: KennelIdentity = { origin: "unnamed" };

class SqlStore implements CareRecordStore {
  readonly engine: Engine;
  readonly #driver: Driver;
  readonly #clock: Clock;
  /**
   * The kennel this store is opened for, then as the record knows it (its kennelId once seen).
   * Opened for none (a tool reading whatever record it is given), it takes the record's own.
   */
  readonly #wanted: KennelIdentity | undefined;
  #kennel: KennelIdentity = UNNAMED;
  /** The last failure to write, until a write succeeds (health says so: a read may still work). */
  #lastWriteFailure: StoreError | undefined;
  /** The schema is up to date and the kennel claimed (done once; retried on each use while down). */
  #ready = false;
  /** The log's bodies read already (src/record/log-cache.ts): a row never changes, so it is read once. */
  readonly #bodies: LogBodies;
  /** Told once when the store goes out of use, once when it is back. */
  readonly #outage: Outage;

  constructor(driver: Driver, clock: Clock, kennel: KennelIdentity | undefined, options: StoreOptions = {}) {
    this.#bodies = new LogBodies(options.keptLogChars);
    this.#outage = new Outage(options.onState);
    this.engine = driver.engine;
    this.#driver = driver;
    this.#clock = clock;
    this.#wanted = kennel;
  }

  /**
   * Brings the schema up to date and claims the record for its kennel, once. A StoreError when the
   * engine is down, the schema newer, or the record another kennel's (`other_kennel`).
   */
  async ready(): Promise<void> {
    if (this.#ready) return;
    try {
      await migrate(this.#driver, this.#clock);
      const at = this.#clock.now().toISOString();
      const wanted = this.#wanted;
      const recorded = await recordedKennel(this.#driver.query);
      // Claimed already (every start but the first): nothing written, so a read-only copy opens.
      const same =
        recorded?.origin === wanted?.origin &&
        (wanted?.kennelId === undefined || wanted.kennelId === recorded?.kennelId);
      // Under the migrations' lock: a replica starting at the same moment claims after this one
      // commits, reads its claim and writes nothing (PostgreSQL; SQLite's one writer does the same).
      this.#kennel =
        wanted && !same
          ? await this.#driver.transaction((q) => claimKennel(q, wanted, at, this.#driver.where), {
              lock: true,
            })
          : (recorded ?? UNNAMED);
      this.#ready = true;
    } catch (error) {
      throw this.#failure(error) ?? error;
    }
  }

  /** One write of the chain: ready, one transaction holding the chain, its failure in words. */
  async #write<T>(work: (q: Query, at: string) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.ready();
        const at = this.#clock.now().toISOString();
        const result = await this.#driver.transaction((q) => work(q, at), { chain: true });
        this.#lastWriteFailure = undefined;
        this.#outage.worked();
        return result;
      } catch (error) {
        if (this.#driver.isUniqueViolation(error) && attempt < RACE_RETRIES) continue;
        if (this.#driver.isCheckViolation(error)) {
          throw new InvalidEntryError(
            `The record refused an entry as given (a field too long, or an outcome that does not fit its item): ${String((error as Error)?.message ?? error).slice(0, 200)}`,
          );
        }
        const failure = this.#failure(error);
        if (failure && failure.problem !== "newer_schema" && failure.problem !== "other_kennel")
          this.#lastWriteFailure = failure;
        throw failure ?? error;
      }
    }
  }

  async #read<T>(work: (q: Query) => Promise<T>): Promise<T> {
    try {
      await this.ready();
      return await work(this.#driver.query);
    } catch (error) {
      throw this.#failure(error) ?? error;
    }
  }

  async record<K extends KindName>(given: EntryInput[], beside: LogInput<K>[] = []): Promise<RecordResult> {
    // A name or words longer than an entry keeps: their first words, and where they are whole.
    const inputs = given.map(withinEntry);
    checkInputs(inputs);
    const logs = beside.map((l) => ({ ...l, body: checkBody(l.kind, l.body) }));
    return this.#write((q, at) => recordWith(q, inputs, kennelKey(this.#kennel), at, this.#ids(q), logs));
  }

  rehearseRecord(item: EntryItem): Promise<void> {
    return this.#read((q) => rehearseIn(q, item));
  }

  /** The next id of a table, in the chain's transaction (the id is hashed: src/record/chain.ts). */
  #ids(q: Query): NextId {
    return (table) => this.#driver.nextId(q, table);
  }

  async entries(query: EntryQuery & { limit?: number }): Promise<Entry[]> {
    const { limit, ...filters } = query;
    if (limit !== undefined && !(Number.isSafeInteger(limit) && limit >= 0))
      throw new InvalidEntryError(`${String(limit).slice(0, 20)} is not a number of entries to read.`);
    const { where, params } = entriesWhere(filters);
    const sql = `SELECT ${COLUMNS} ${FROM}${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY e.seq`;
    const [tail, bound] = limit === undefined ? ["", []] : [" LIMIT ?", [limit]];
    return this.#read(async (q) => (await q(sql + tail, [...params, ...bound])).map(entryOf));
  }

  async *entryPages(query: EntryQuery, o: PageOptions = {}): AsyncGenerator<Entry[]> {
    const { where, params } = entriesWhere(query);
    const size = o.pageSize ?? ENTRY_PAGE;
    const through = o.throughSeq ?? Number.MAX_SAFE_INTEGER;
    const sql = `SELECT ${COLUMNS} ${FROM} WHERE ${[...where, "e.seq > ?", "e.seq <= ?"].join(" AND ")} ORDER BY e.seq LIMIT ${size}`;
    for (let after = 0; ; ) {
      const rows = await this.#read((q) => q(sql, [...params, after, through]));
      if (rows.length === 0) return;
      yield rows.map(entryOf);
      after = Number(rows.at(-1)?.seq);
      if (rows.length < size) return;
    }
  }

  async *logPages<K extends KindName>(
    query: LogQuery<K>,
    o: PageOptions = {},
  ): AsyncGenerator<LogEntry<K>[]> {
    await this.ready().catch((error: unknown) => {
      throw this.#failure(error) ?? error;
    });
    const pages = logPages(
      this.#driver.query,
      query,
      o.throughSeq ?? Number.MAX_SAFE_INTEGER,
      o.pageSize ?? LOG_PAGE,
    );
    try {
      for await (const page of pages) yield page.flatMap((row) => readAs(query.kind, row) ?? []);
    } catch (error) {
      throw this.#failure(error) ?? error;
    }
  }

  stays(query: StayQuery): Promise<number[]> {
    const { round: _, kinds, ...days } = query;
    const { where, params } = entriesWhere(days);
    const table = kinds === undefined ? "care_entries" : "care_log";
    const kind = kinds === undefined ? [] : [`e.kind IN (${kinds.map(() => "?").join(", ") || "NULL"})`];
    const sql = `SELECT booking_id AS b FROM ${table} e WHERE ${["e.booking_id IS NOT NULL", ...kind, ...where].join(" AND ")}
      GROUP BY booking_id ORDER BY min(seq)`;
    return this.#read(async (q) => (await q(sql, [...(kinds ?? []), ...params])).map((r) => Number(r.b)));
  }

  async append<K extends KindName>(
    input: LogInput<K>,
    options: { reuse?: boolean; check?: LogCheck<K> } = {},
  ) {
    const checked = { ...input, body: checkBody(input.kind, input.body) };
    const stored = options.check && { check: storedCheck(input.kind, options.check) };
    const { status, entry } = await this.#write((q, at) =>
      appendIn(q, checked, kennelKey(this.#kennel), at, {
        reuse: options.reuse,
        ...stored,
        nextId: this.#ids(q),
      }),
    );
    const read = readAs(input.kind, entry);
    if (!read)
      throw new InvalidEntryError(
        `Request ${input.requestKey ?? ""} was recorded before as another kind of record (${entry.kind}), not as ${kindNamed(input.kind)?.words}.`,
      );
    return { status, entry: read };
  }

  log<K extends KindName>(query: LogQuery<K>): Promise<LogEntry<K>[]> {
    return this.#read((q) => readLog(q, query, this.#bodies));
  }

  async kennel(): Promise<KennelIdentity> {
    await this.ready();
    return { ...this.#kennel };
  }

  staff(): Promise<StaffMember[]> {
    return this.#read(async (q) =>
      (await q("SELECT user_id, name, verdict, team, checked_at FROM care_staff")).map((r) => ({
        userId: String(r.user_id),
        ...(r.name === null || r.name === undefined ? {} : { name: String(r.name) }),
        verdict: String(r.verdict) as StaffMember["verdict"],
        team: String(r.team),
        checkedAt: String(r.checked_at),
      })),
    );
  }

  saveStaff(m: StaffMember): Promise<void> {
    return this.#read(async (q) => {
      await q(
        `INSERT INTO care_staff (user_id, name, verdict, team, checked_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, verdict = excluded.verdict,
           team = excluded.team, checked_at = excluded.checked_at`,
        [m.userId, m.name?.slice(0, 200) ?? null, m.verdict, m.team.slice(0, 40), m.checkedAt],
      );
    });
  }

  async began(): Promise<string | undefined> {
    return this.#read(async (q) => {
      const [row] = await q(
        "SELECT min(t) AS t FROM (SELECT min(recorded_at) AS t FROM care_entries UNION ALL SELECT set_at AS t FROM care_kennel WHERE name = 'origin') x",
      );
      return row?.t === null || row?.t === undefined ? undefined : String(row.t);
    });
  }

  async bindKennelId(kennelId: number): Promise<void> {
    await this.ready();
    if (this.#kennel.kennelId === kennelId) return;
    const wanted = { origin: this.#kennel.origin, kennelId };
    this.#kennel = await this.#write((q, at) => claimKennel(q, wanted, at, this.#driver.where));
  }

  head(): Promise<ChainHead> {
    return this.#read((q) => headIn(q));
  }

  async verify(options: { at?: number; hash?: string; now?: Date } = {}): Promise<VerifyResult> {
    const now = options.now ?? this.#clock.now();
    const o = { at: options.at, hash: options.hash, now };
    return this.#read(() => this.#driver.snapshot((read) => verifyIn(read, o)));
  }

  async purge(before: string, setting: { days: number; today: string }): Promise<RetentionPass> {
    for (const d of [before, setting.today])
      if (!isRecordDate(d))
        throw new InvalidEntryError(`"${String(d).slice(0, 20)}" is not a date (YYYY-MM-DD).`);
    return this.#write((q, at) =>
      purgeIn(q, { before, ...setting }, kennelKey(this.#kennel), at, this.#ids(q)),
    );
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
    if (!problem) this.#outage.worked();
    return problem ? { ...base, ok: false, problem } : { ...base, ok: true };
  }

  close(): Promise<void> {
    return this.#driver.close();
  }

  #failure(error: unknown): StoreError | undefined {
    const failure = error instanceof StoreError ? error : this.#driver.storeError(error);
    this.#outage.failed(failure);
    return failure;
  }
}

export type SqlCareRecordStore = CareRecordStore & { ready(): Promise<void> };

/**
 * The store over a driver, for a kennel. Its schema is brought up to date, and the record claimed
 * for the kennel, by ready() (call it at start: it throws a StoreError when the engine is down, the
 * schema newer or the record another kennel's) and again on first use if that failed.
 */
export function createStore(
  driver: Driver,
  clock: Clock,
  kennel?: KennelIdentity,
  options: StoreOptions = {},
): SqlCareRecordStore {
  return new SqlStore(driver, clock, kennel, options);
}
