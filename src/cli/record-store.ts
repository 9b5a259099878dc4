/** The care record as the terminal's commands open it (`kennel-desk record …`). */
import { petsPage } from "../answers/lists.ts";
import { StoreError } from "../record/errors.ts";
import { otherKennel, recordKennel } from "../record/kennel.ts";
import { openCareRecord, postgresRecordThere } from "../record/open.ts";
import { type NoSqliteRecord, sqliteRecordThere } from "../record/sqlite-there.ts";
import type { CareRecordStore } from "../record/types.ts";
import { type CliContext, kennelDeps } from "./context.ts";

/**
 * The store and where it is; no store (said on standard error, and as `none`) when the SQLite file
 * does not exist yet or holds no record (empty, a database of something else), or the PostgreSQL
 * database holds no record: a read never creates a record. A SQLite file that is no record it can
 * read (a folder, damaged, a table missing) throws its StoreError.
 */
export async function openStore(
  ctx: CliContext,
  options: { quiet?: boolean } = {},
): Promise<{ store?: CareRecordStore; where: string; none?: StoreError }> {
  const settings = ctx.config.record;
  if (settings.engine === "sqlite") {
    // Looked at without writing: no file, an empty one, a database of something else: no record.
    const { file, none } = sqliteRecordThere(settings.dataDir);
    if (none) {
      const why = noRecord(file, "sqlite", none);
      if (!options.quiet) ctx.io.stderr.write(`${why.describe("command")}\n`);
      return { where: file, none: why };
    }
  } else {
    const { there, where } = await postgresRecordThere(settings);
    if (!there) {
      if (!options.quiet) ctx.io.stderr.write(`${noRecord(where, "postgres").describe("command")}\n`);
      return { where };
    }
  }
  // Nothing kept once read: a record command reads each day once or a few times (the bot keeps them).
  const opened = await openCareRecord(settings, ctx.clock, recordKennel(ctx.config), { keptLogChars: 0 });
  if (opened.problem) {
    await opened.store.close();
    throw opened.problem;
  }
  return { store: opened.store, where: opened.where };
}

/**
 * No care record where it was looked for: nothing recorded there, so nothing to read or to verify;
 * `none`: why there is none (the file empty, KENNEL_DATA_DIR a file) and what to do then.
 */
export function noRecord(
  where: string,
  engine: "sqlite" | "postgres" = "sqlite",
  none: NoSqliteRecord = {},
): StoreError {
  if (engine === "postgres") {
    return new StoreError(
      "no_record",
      `There is no care record in ${where} yet: nothing has been recorded there, so there is nothing to read or verify (nothing was made there either).`,
      "The bot makes it at its first start with DATABASE_URL set. If the bot keeps it in another database, set DATABASE_URL as the bot has it.",
      where,
    );
  }
  return new StoreError(
    "no_record",
    `There is no care record at ${where}${none.why ? `: ${none.why}` : " yet: nothing has been recorded there, so there is nothing to read or verify."}`,
    none.hint ??
      "The bot makes it at its first start. If the bot keeps it elsewhere, set KENNEL_DATA_DIR (or DATABASE_URL) as the bot has it. To try the record before Slack is connected: npm start with no .env runs the preview, and the record commands in its folder read the preview's record.",
    where,
  );
}

/**
 * The store, for the `record` commands: no record yet is not an empty record (nor, for `record
 * verify`, an intact or a tampered one): it is a record that cannot be read, a StoreError
 * ("no_record", exit 3), never created by a read.
 */
export async function requireStore(ctx: CliContext): Promise<{ store: CareRecordStore; where: string }> {
  const { store, where, none } = await openStore(ctx, { quiet: true });
  if (!store) throw none ?? noRecord(where, ctx.config.record.engine);
  return { store, where };
}

/** Did the command ask for JSON (`--json`, or `--format json`), before any "--"? */
export function wantsJson(args: readonly string[]): boolean {
  const options = args.includes("--") ? args.slice(0, args.indexOf("--")) : args;
  return options.some(
    (a, i) => a === "--json" || a === "--format=json" || (a === "--format" && options[i + 1] === "json"),
  );
}

/** The record's problem as `--json` prints it: `{"ok": false, "problem": "no_record", …}`. */
export function storeProblemJson(error: StoreError) {
  return {
    ok: false,
    problem: error.problem,
    where: error.where,
    what: error.message,
    whatToDo: error.hint("command"),
  };
}

/**
 * A command that only reads the record refuses a record made for another business (issue 46): with
 * the kennel API set and the record's business known, the API's own business (a pet's kennelId: one
 * call, for one pet) must be the same, so business 99's record never shows on business 1's stay,
 * even when both kennel APIs are on this computer (one origin). Nothing is written (the record is
 * not claimed). An API that cannot be read is left to the command, which says so.
 */
export async function refuseOtherBusiness(
  ctx: CliContext,
  store: CareRecordStore,
  where: string,
): Promise<void> {
  if (!ctx.config.kennel) return;
  const recorded = await store.kennel();
  if (recorded.kennelId === undefined) return;
  let theirs: number | undefined;
  try {
    const { items } = await petsPage(kennelDeps(ctx), {}, { page: 1, pageSize: 1 });
    theirs = items.find((p) => p.kennelId !== undefined)?.kennelId;
  } catch {
    return;
  }
  if (theirs === undefined || theirs === recorded.kennelId) return;
  throw otherKennel(where, recorded, { origin: recorded.origin, kennelId: theirs });
}
