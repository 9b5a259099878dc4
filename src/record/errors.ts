/**
 * The care record's failures, in words a person can act on. A StoreError means nothing was written
 * (every record() is one transaction): the tap is answered "Could not record: … try again", and
 * every other command keeps answering; but for `uncertain` (the entry may or may not be kept: "Not
 * sure it was recorded"). describeFailure (src/answers/failure.ts) knows it.
 */
import { type Hint, hintOn, type Surface } from "../words/surface.ts";

export type StoreProblem =
  /** PostgreSQL down or unreachable, the SQLite file locked for too long, an I/O error. */
  | "unavailable"
  /** The SQLite file or its folder cannot be written (permissions, a read-only filesystem). */
  | "read_only"
  /** The disk (or PostgreSQL's) is full. */
  | "full"
  /** The record was written by a newer Kennel Desk: this one refuses to start on it. */
  | "newer_schema"
  /** The record was made for another kennel (another API address, or another business): refused. */
  | "other_kennel"
  /**
   * The disk reported an error as a committed entry was synced (SQLite, src/record/wal-sync.ts): that
   * entry may or may not be kept, and the engine writes nothing more until the process restarts.
   */
  | "uncertain"
  /** No record at all where it was looked for (the bot never started there, or another folder): nothing to read. */
  | "no_record"
  /** Part of the record is missing (a table not there: restored from a partial dump): restore a whole backup. */
  | "incomplete"
  /**
   * The SQLite record's file is no database SQLite can read (damaged, another file put in its place,
   * or a folder where the file should be): nothing to read or to write; restore a backup.
   */
  | "damaged";

export class StoreError extends Error {
  override readonly name = "StoreError";
  readonly kind = "store";
  readonly problem: StoreProblem;
  /** What to do, in a sentence (worded for the surface: src/words/surface.ts). */
  readonly #hint: Hint;
  /** Where the record is (file path, or PostgreSQL host and database; never a password). */
  readonly where: string;

  constructor(problem: StoreProblem, message: string, hint: Hint, where: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.problem = problem;
    this.#hint = hint;
    this.where = where;
  }

  /** What to do, as the surface it is said on says it. */
  hint(surface: Surface): string {
    return hintOn(this.#hint, surface);
  }

  /** One paragraph: what happened and what to do. */
  describe(surface: Surface = "bot"): string {
    return `${this.message} ${this.hint(surface)}`;
  }

  toJSON(): Record<string, unknown> {
    return {
      kind: this.kind,
      problem: this.problem,
      message: this.message,
      hint: this.hint("bot"),
      where: this.where,
    };
  }
}

export function isStoreError(error: unknown): error is StoreError {
  return error instanceof StoreError;
}

/**
 * An entry the store refuses as given: a malformed date, an outcome that does not fit the item, a
 * note over 500 characters, a correction of an entry of another item. Nothing is written. The
 * Slack side checks its input first; this is the store's own guard (a tampered button included).
 */
export class InvalidEntryError extends Error {
  override readonly name = "InvalidEntryError";
  constructor(message: string) {
    super(message);
  }
}

/**
 * A record names an earlier one it replaces (`supersedes`) that another has replaced already (two
 * staff confirming one plan at once): nothing is written; the caller reads the current one again.
 */
export class AlreadyReplacedError extends Error {
  override readonly name = "AlreadyReplacedError";
  readonly id: number;
  constructor(id: number) {
    super(`Record ${id} was replaced by another already: nothing was written.`);
    this.id = id;
  }
}
