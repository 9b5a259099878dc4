/**
 * The care record: what staff recorded at each round (medication given, refused or not given; how
 * much a pet ate). The kennel API is read-only, so Kennel Desk keeps this itself, in SQLite
 * (default, one file in KENNEL_DATA_DIR) or PostgreSQL (DATABASE_URL), behind this one interface.
 *
 * Rules kept by every engine:
 * - Append-only. An entry is never updated or deleted (only the retention setting deletes). A
 *   correction is a new entry whose `supersedes` names the earlier one; both are kept, and the earlier
 *   one is shown struck through.
 * - One current entry per item: for a (date, round, booking, pet, item) the first entry is unique,
 *   and an entry is superseded at most once, so two staff tapping at once record once (the second
 *   gets `already`, naming who recorded it and when).
 * - Idempotent: an entry carries the key of the Slack request that made it (`requestKey`); the same
 *   request delivered again records nothing and answers `duplicate` with what it recorded first.
 * - All or nothing: `record` writes all its entries in one transaction, or none.
 * - No customer contact is ever stored: only ids, the pet's and the staff member's names, the item's
 *   text as shown on the sheet and the staff member's note.
 */
import type { Round } from "../domain/care.ts";
import type { ChainHead, VerifyResult } from "./chain.ts";
import type { ItemKey } from "./items.ts";
import type { BodyIn, BodyOf, KindName } from "./kinds/index.ts";

/** The longest reason the record keeps (an entry's, a dose given if needed's): every form's reason field is bound by it. */
export const REASON_MAX = 500;
/** The longest note the record keeps (an entry's): every form's note field, and the words a check adds to it, are bound by it. */
export const NOTE_MAX = 500;

export type MedicationOutcome = "given" | "refused" | "not_given";
export type MealOutcome = "ate_all" | "ate_some" | "ate_none" | "not_offered";
/**
 * A dose's entry put right as recorded in error (the wrong pet, the wrong dose): nothing was done
 * here, so it is no outcome; the slot is open again (src/record/in-error.ts). Only a correction.
 */
export type InError = "in_error";
export const IN_ERROR: InError = "in_error";
export type Outcome = MedicationOutcome | MealOutcome | InError;

export const MEDICATION_OUTCOMES: readonly MedicationOutcome[] = ["given", "refused", "not_given"];
export const MEAL_OUTCOMES: readonly MealOutcome[] = ["ate_all", "ate_some", "ate_none", "not_offered"];

/**
 * Why a dose was not given, from the list staff know (issue 35): refused, vomited within 30 minutes,
 * withheld on the vet's advice, the pet not in the kennel, none left, asleep as instructed, or other
 * (with a note saying what).
 */
export type NotGivenReason =
  | "refused"
  | "vomited"
  | "vet_withheld"
  | "not_in_kennel"
  | "none_left"
  | "asleep"
  | "other";

export const NOT_GIVEN_REASONS: readonly NotGivenReason[] = [
  "refused",
  "vomited",
  "vet_withheld",
  "not_in_kennel",
  "none_left",
  "asleep",
  "other",
];

/** Which item of a pet's round (src/record/items.ts). */
export type { ItemKey } from "./items.ts";

export interface EntryInput {
  /** The kennel's local date of the round (YYYY-MM-DD). */
  date: string;
  round: Round;
  bookingId: number;
  petId: number;
  /** The pet's name as shown on the sheet (not contact data). */
  petName: string;
  item: ItemKey;
  /** The item's text as the sheet showed it (the medication's instruction, or the round's diet). */
  itemText: string;
  outcome: Outcome;
  /** Why a medication was not given, in words (required for `not_given` without a `reasonCode`; with "other"), ≤ 500 characters, cleaned. */
  reason?: string | undefined;
  /** Why a dose was not given (or was refused), from the fixed list (issue 35). */
  reasonCode?: NotGivenReason | undefined;
  /**
   * When it was given (ISO 8601, UTC), as the person recording it says (asked when recording after the
   * dose's window; default: when recorded). Never later than when it was recorded.
   */
  givenAt?: string | undefined;
  /** An optional note, ≤ 500 characters, cleaned like every input. */
  note?: string | undefined;
  /** Who: Slack user id and display name. */
  userId: string;
  userName: string;
  /** The Slack request that made this entry (action or view id): the same request records once. */
  requestKey: string;
  /** The id of the entry this one corrects. */
  supersedes?: number | undefined;
}

export interface Entry extends EntryInput {
  id: number;
  /** Its place in the record's chain (src/record/chain.ts), in commit order. */
  seq: number;
  /** The kennel it belongs to (the API's origin and the business's kennelId; src/record/kennel.ts). */
  kennel: string;
  /** When it was committed, by the server's clock (ISO 8601, UTC); shown in the kennel's time zone. */
  recordedAt: string;
  /** The id of the entry that corrects this one, when there is one. */
  supersededBy?: number | undefined;
  /**
   * Entered from the chart on paper (issue 50): who gave it, as the paper names them, and a
   * high-alert dose's witness as the paper names them (none: no witness on the paper). Read from the
   * entry's `paper` record beside it (src/answers/paper-marks.ts); the store's own reads leave it out.
   */
  paper?: { by: string; witness?: string | undefined } | undefined;
  /**
   * Who gave the dose, when not who recorded it (the form's "Given by (if not you)"), read from its
   * `given_by` record (src/answers/given-by.ts; the store's own reads leave it out); who recorded it
   * stays `userId`/`userName`. No `userId`: a paper giver a correction carried, in words; `unnamed`:
   * Slack has not named them (`name` is their id); `notStaff`: Slack said so after the commit (`unknown`: no such user).
   */
  givenBy?:
    | { userId?: string; name: string; unnamed?: true; notStaff?: "guest" | "bot" | "other" | "unknown" }
    | undefined;
}

/** Which item an entry is of: the round's date and name, the stay, the pet and the item's key. */
export type EntryItem = Pick<EntryInput, "date" | "round" | "bookingId" | "petId" | "item">;

export type RecordResult =
  /** Every entry committed. */
  | { status: "recorded"; entries: Entry[] }
  /** Nothing written: an item already has a current entry (or the corrected entry was already corrected). */
  | { status: "already"; existing: Entry[] }
  /** Nothing written: this request was recorded before; these are its entries. */
  | { status: "duplicate"; entries: Entry[] };

export interface EntryQuery {
  /** One day, or a range (inclusive), of the rounds' local dates. */
  date?: string;
  from?: string;
  to?: string;
  round?: Round;
  petId?: number;
  bookingId?: number;
}

/**
 * The kennel a record belongs to: the kennel API's origin (every loopback address is one, "the
 * sandbox on this computer") and the business's kennelId from the API's records, once seen.
 */
export interface KennelIdentity {
  origin: string;
  kennelId?: number | undefined;
}

/**
 * Anything else the record holds, in the same chain as the entries: a record of one of the kinds in
 * src/record/kinds/ (a round's sheet as posted, a retention pass, a plan's version, a witness…),
 * its body that kind's.
 */
export interface LogInput<K extends KindName = KindName> {
  kind: K;
  /** The day it concerns (YYYY-MM-DD; a retention pass: the day it ran). */
  date: string;
  bookingId?: number | undefined;
  petId?: number | undefined;
  userId?: string | undefined;
  /** The Slack request that made it: the same request records once. */
  requestKey?: string | undefined;
  /** The kind's body: checked against its schema, stored as it reads it and hashed byte for byte. */
  body: BodyIn<K>;
  /** The record this one replaces (a new version of it). */
  supersedes?: number | undefined;
}

/** A log record as the tables hold it, its body not read yet (src/record/ledger.ts). */
export interface StoredLog extends Omit<LogInput, "kind" | "body"> {
  id: number;
  seq: number;
  kind: string;
  kennel: string;
  body: unknown;
  recordedAt: string;
  supersededBy?: number | undefined;
}

/** A log record of kind K, its body read as that kind's. */
export type LogEntry<K extends KindName = KindName> = K extends KindName
  ? Omit<StoredLog, "kind" | "body"> & { kind: K; body: BodyOf<K> }
  : never;

/**
 * An append's check (see `append`): reads the record as it is in the write's transaction, and
 * gives the body to write.
 */
export type LogCheck<K extends KindName> = (
  read: <R extends KindName>(query: LogQuery<R>) => Promise<LogEntry<R>[]>,
) => Promise<BodyIn<K>>;

export interface LogQuery<K extends KindName = KindName> {
  kind: K;
  id?: number;
  date?: string;
  from?: string;
  to?: string;
  bookingId?: number;
  /** Any of these stays. */
  bookingIds?: readonly number[];
  petId?: number;
}

/** How the record is read a page at a time (keyset pages by place: memory stays flat). */
export interface PageOptions {
  /** The last place read (a head taken before: what is committed after it is left out). */
  throughSeq?: number;
  pageSize?: number;
}

/** The stays of a range: those with entries (or, `kinds` given, with log rows of these kinds) matching the query. */
export interface StayQuery extends EntryQuery {
  kinds?: readonly KindName[];
}

export type { ChainHead } from "./chain.ts";

/** What a retention pass removed (its entry in the record says the same). */
export interface RetentionPass {
  /** Entries removed (the round entries; sheets and other records are counted apart). */
  entries: number;
  /** Other records removed (sheets, older retention entries folded into this one). */
  records: number;
  /** The round dates removed, first and last. */
  from?: string | undefined;
  to?: string | undefined;
  /** The last place removed. */
  throughSeq: number;
}

/**
 * Who a Slack user was when last looked up (src/listeners/access.ts), kept so a restart knows the
 * staff seen before without asking Slack again. Not part of the chain: what Slack said, kept up to date.
 */
export interface StaffMember {
  userId: string;
  /** The name Slack shows (display name, else real name, else handle), when it gave one. */
  name?: string | undefined;
  /** A full member of the app's workspace, or why not. */
  verdict: "member" | "guest" | "outsider" | "other-team" | "bot" | "deactivated";
  /** The app's workspace (its team id) the verdict was made for ("" when not known). */
  team: string;
  /** When Slack said it (ISO 8601). */
  checkedAt: string;
}

export interface StoreHealth {
  ok: boolean;
  engine: "sqlite" | "postgres";
  /** Where the record is, for people: the SQLite file's path, or the PostgreSQL host and database (never a password). */
  where: string;
  /** When not ok: what is wrong, in one sentence. */
  problem?: string;
}

export interface CareRecordStore {
  readonly engine: "sqlite" | "postgres";
  /**
   * Commits the entries in one transaction (see the rules above). The entries of one call share one
   * `requestKey` and name each item once. Throws a StoreError (src/record/errors.ts) when the store
   * cannot be written (down, full, read-only), an InvalidEntryError when an entry does not fit (a
   * correction of another item's entry, a note over 500 characters…); either way nothing is written.
   * `beside`: records of the log's kinds committed in the same transaction, only when the entries
   * are ("recorded"): what an entry needs in the chain with it (a round's items added, issue 45).
   */
  record<K extends KindName>(entries: EntryInput[], beside?: LogInput<K>[]): Promise<RecordResult>;
  /**
   * A record's reads without its writes: a request key looked up, the item's standing entries, the
   * chain's head, on the connection the writes use but outside any transaction (no write lock is
   * asked for, so another writer holding it delays nothing); nothing is written. Run once before the
   * bot listens (src/listeners/rehearse.ts), so that a restart's first tap finds those statements
   * prepared and their code compiled (issue 48). Throws as a read does when the store cannot be used.
   */
  rehearseRecord?(item: EntryItem): Promise<void>;
  /** Every entry matching the query, superseded ones included, oldest first (`limit`: the first so many). */
  entries(query: EntryQuery & { limit?: number }): Promise<Entry[]>;
  /** The same, a page at a time in place order: for a range of any size (an export, an audit). */
  entryPages(query: EntryQuery, options?: PageOptions): AsyncIterable<Entry[]>;
  /** The log's records of one kind matching the query, a page at a time in place order. */
  logPages<K extends KindName>(query: LogQuery<K>, options?: PageOptions): AsyncIterable<LogEntry<K>[]>;
  /** The stays (booking ids) with entries, or with log rows of the kinds asked, in the query's range: by their first place. */
  stays(query: StayQuery): Promise<number[]>;
  health(): Promise<StoreHealth>;
  /**
   * Appends a record of one of the kinds (src/record/kinds/) to the chain, its body checked against
   * the kind's schema first (an InvalidEntryError when it does not fit: nothing written). `reuse`:
   * when a record of the same kind, day and body is there already, that one is answered (`duplicate`).
   * `check`: run inside the write's transaction, after the request's own record is looked for and
   * before the write, holding the chain's lock (so what it reads stands until the write commits,
   * on every replica): it gives the body to write (which may depend on what it read, and is
   * checked against the kind's schema in turn), or throws, and nothing is written.
   */
  append<K extends KindName>(
    input: LogInput<K>,
    options?: { reuse?: boolean; check?: LogCheck<K> },
  ): Promise<{ status: "recorded" | "duplicate"; entry: LogEntry<K> }>;
  /**
   * The log's records of one kind matching the query, oldest first, each body read as its kind's
   * (a body that does not read as one, which no version of Kennel Desk wrote, is left out).
   */
  log<K extends KindName>(query: LogQuery<K>): Promise<LogEntry<K>[]>;
  /** The kennel this record belongs to. */
  kennel(): Promise<KennelIdentity>;
  /** Every Slack user looked up before (a kennel's staff, and who was refused). */
  staff(): Promise<StaffMember[]>;
  /** Keeps what Slack said of a user, over what it said before. */
  saveStaff(member: StaffMember): Promise<void>;
  /**
   * When the record began (ISO 8601): the store's creation, or its first entry when that is earlier
   * (a record made before it knew its kennel); undefined for a record that holds nothing yet.
   */
  began(): Promise<string | undefined>;
  /**
   * Learns the business's kennelId (from the API's records on a sheet): written once; a record made
   * for another business refuses (a StoreError `other_kennel`).
   */
  bindKennelId(kennelId: number): Promise<void>;
  /** The chain's last place and its hash (src/record/chain.ts). */
  head(): Promise<ChainHead>;
  /**
   * Walks the whole chain in one snapshot, a row at a time (memory flat however large the record):
   * `ok`, or the first row whose content, link, id or retention rule does not hold
   * (src/record/verify.ts). `at`: a place whose hash to give too (a head printed before, to
   * compare); `hash`: the first hex digits of a hash whose place to give (the same head's, to find
   * it at another place when its place was mistyped); `now`: the verifier's clock (a retention row
   * dated after it is refused).
   */
  verify(options?: { at?: number; hash?: string; now?: Date }): Promise<VerifyResult>;
  /**
   * The retention setting's only deletion (KENNEL_RECORD_RETENTION_DAYS, src/digest/retention.ts):
   * the oldest places of the chain dated before `before` (YYYY-MM-DD), up to the first one dated on
   * or after it, after writing a retention entry (the dates, how many, the setting, when, the last
   * place removed, its hash and the removed rows' content from the last that is not a retention
   * entry) in the same transaction; requests left with no entry go too. `today`: the kennel's date
   * the pass runs on (its entry's day). Refused (InvalidEntryError) when `before` is less than
   * `days` before now by the record's own clock; the database's triggers refuse the same.
   */
  purge(before: string, setting: { days: number; today: string }): Promise<RetentionPass>;
  close(): Promise<void>;
}
