/**
 * `kennel-desk record [ROUND] [DATE] [--pet ID] [--json]` (or `--round ROUND`): a day's care
 * record (who recorded what, when in the kennel's time zone, each outcome and note, corrected entries
 * marked). `kennel-desk record export --from DATE --to DATE [--format csv|json]`: every entry of a
 * range, one row per entry with every field, on standard output. `kennel-desk record audit [--days
 * 28]`: the kennel's medication figures (src/cli/record-audit.ts). All read the store the bot writes
 * (KENNEL_DATA_DIR, or DATABASE_URL): they need no kennel API and no Slack.
 */
import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { recordDay } from "../answers/care-record.ts";
import { UsageError } from "../answers/failure.ts";
import { freeText, TEXT_RULES } from "../answers/input.ts";
import { recordedStay } from "../answers/stay.ts";
import { welfareDay } from "../answers/welfare-record.ts";
import { parseRoundDay } from "../dates.ts";
import { looksLikeId } from "../domain/ids.ts";
import { roundNamed, roundNamesLine } from "../domain/round-names.ts";
import { BackupFolderError, backupSqlite } from "../record/backup.ts";
import { headWords, linksWords } from "../record/chain.ts";
import { isStoreError } from "../record/errors.ts";
import { sqliteRecordThere } from "../record/sqlite-there.ts";
import { recordDayText } from "../text/record.ts";
import { stayRecordText } from "../text/stay.ts";
import { welfareDayText } from "../text/welfare-record.ts";
import { localDate } from "../time.ts";
import { type CliContext, HELP_HINT, petOption, print, readOptions, textOptions } from "./context.ts";
import { audit } from "./record-audit.ts";
import { stayNamed } from "./record-booking.ts";
import { enter } from "./record-enter.ts";
import { exportRange } from "./record-export.ts";
import { copyToPostgres } from "./record-move.ts";
import { noRecord, refuseOtherBusiness, requireStore, storeProblemJson, wantsJson } from "./record-store.ts";
import { verify } from "./record-verify.ts";

function roundOption(ctx: CliContext, raw: string | undefined) {
  if (raw === undefined) return undefined;
  const names = ctx.config.rounds.names;
  const round = roundNamed(raw, names);
  if (!round) {
    throw new UsageError(
      `"${raw.slice(0, 40)}" is not a round: the rounds are ${roundNamesLine(names)}.`,
      HELP_HINT,
    );
  }
  return round;
}

/**
 * `record --booking REF|ID`: one stay's care record, what its rounds asked beside what was recorded,
 * from the care record alone (a reference found by the kennel API when it is set, else in the record).
 */
async function stay(ctx: CliContext, ref: string, json: boolean): Promise<number> {
  const { bookingId, reference: found } = await stayNamed(ctx, ref);
  const { store, where } = await requireStore(ctx);
  try {
    await refuseOtherBusiness(ctx, store, where);
    const deps = { record: store, config: ctx.config, clock: ctx.clock };
    const began = await store.began().catch(() => undefined);
    const { stay: record, said } = await recordedStay(deps, bookingId, { began });
    const reference =
      said?.reference ?? found ?? (looksLikeId(ref.trim()) ? `booking ${bookingId}` : ref.trim());
    return print(ctx, { reference, where, stay: record }, json, () =>
      stayRecordText(record, reference, textOptions(ctx)),
    );
  } finally {
    await store.close();
  }
}

async function day(ctx: CliContext): Promise<number> {
  const { values, positionals } = readOptions(
    ctx.args,
    {
      json: { type: "boolean" },
      round: { type: "string" },
      pet: { type: "string" },
      booking: { type: "string" },
    },
    true,
  );
  if (values.booking !== undefined) {
    if (positionals.length > 0 || values.round !== undefined || values.pet !== undefined) {
      throw new UsageError(
        "record --booking takes no date, --round or --pet: it is the whole stay.",
        HELP_HINT,
      );
    }
    return stay(ctx, values.booking, values.json === true);
  }
  // A round may be named among the words, read as `rounds` reads them (`record evening`, `record
  // lunch yesterday`), a near miss suggested (`record evenig`: did you mean evening?).
  const { config } = ctx;
  const typed = freeText(positionals.join(" "), TEXT_RULES.date);
  const named = parseRoundDay(typed, ctx.clock.now(), config.timezone, config.dateOrder, config.rounds.names);
  if (!named.ok) throw new UsageError(named.message, HELP_HINT);
  if (named.round && values.round !== undefined) {
    throw new UsageError("Name the round once: as a word or with --round, not both.", HELP_HINT);
  }
  const round = named.round ?? roundOption(ctx, values.round);
  const petId = petOption(values.pet);
  const { date } = named;
  const { store, where } = await requireStore(ctx);
  try {
    await refuseOtherBusiness(ctx, store, where);
    // Beside what each round asked when it was kept (and its figure, as Home has it): the record alone.
    const answer = await recordDay({ record: store, config, clock: ctx.clock }, where, {
      date,
      round,
      petId,
    });
    // The day's welfare checks (issue 38), after the rounds: every pet listed, checked or not.
    const day = await welfareDay(store, date, config.timezone, petId);
    const welfare = day && { ...day, rounds: day.rounds.filter((r) => !round || r.round === round) };
    const shown = welfare && (welfare.rounds.length > 0 || welfare.flags.length > 0) ? welfare : undefined;
    return print(ctx, shown ? { ...answer, welfare: shown } : answer, values.json === true, () =>
      [
        recordDayText(answer, textOptions(ctx)),
        ...(shown ? [welfareDayText(shown, textOptions(ctx))] : []),
      ].join("\n\n"),
    );
  } finally {
    await store.close();
  }
}

/** Why the backup was not made, in words: a target folder this user may not write said as such. */
function backupFailed(error: unknown, target: string): Error {
  // The record's own failures (incomplete, damaged) say themselves, with their exit code.
  if (isStoreError(error)) return error;
  const errno = (error as NodeJS.ErrnoException)?.code;
  const folder = dirname(resolve(target));
  const elsewhere =
    "Choose a folder you can write to: give a file name in it (for example backups/care-record-2026-11-24.sqlite in your own folder).";
  if (errno === "EACCES" || errno === "EPERM" || errno === "EROFS")
    return new UsageError(
      `The backup was not made: the folder ${folder} cannot be written by this user (${errno}); nothing was written.`,
      elsewhere,
    );
  if (error instanceof BackupFolderError)
    return new UsageError(`The backup was not made: ${error.message}`, elsewhere);
  // Any other answer of the system's (ENOENT where /proc takes no file, ENOSPC, …): the folder named.
  if (typeof errno === "string" && /^E[A-Z]+$/.test(errno))
    return new UsageError(
      `The backup was not made: the folder ${folder} cannot hold a file here (the system answered ${errno}); nothing was written.`,
      elsewhere,
    );
  return new UsageError(`The backup was not made: ${String((error as Error)?.message ?? error)}`, HELP_HINT);
}

/** A folder given as the backup's file: a file name inside it, today's, is what to give. */
function refuseFolder(ctx: CliContext, target: string): void {
  let folder = false;
  try {
    folder = statSync(target).isDirectory();
  } catch {
    return;
  }
  if (!folder) return;
  const today = localDate(ctx.clock.now(), ctx.config.timezone);
  throw new UsageError(
    `${target} is a folder: a backup is a file, and it never overwrites one.`,
    `Give a file name inside it, e.g. kennel-desk record backup ${join(target, `care-record-${today}.sqlite`)}`,
  );
}

/** `record backup FILE`: an online copy of the SQLite store, checked and its chain walked (PostgreSQL: pg_dump). */
async function backup(ctx: CliContext): Promise<number> {
  const { positionals } = readOptions(ctx.args.slice(1), {}, true);
  const [target, ...rest] = positionals;
  if (!target || rest.length > 0) {
    throw new UsageError(
      "record backup takes one file name: where to write the copy.",
      "For example: kennel-desk record backup care-record-2026-11-24.sqlite",
    );
  }
  const settings = ctx.config.record;
  if (settings.engine !== "sqlite") {
    throw new UsageError(
      "The care record is in PostgreSQL (DATABASE_URL): back it up with PostgreSQL's own tools.",
      'Dump the whole database: pg_dump --format=custom --file=care-record.dump "$DATABASE_URL" (every table, the triggers with them; restore it with pg_restore into an empty database, then kennel-desk record verify: docs/care-record.md, "Backing it up").',
    );
  }
  refuseFolder(ctx, target);
  // No record (no file, an empty one) is a record that cannot be read (exit 3), as for every record command.
  const { file, none } = sqliteRecordThere(settings.dataDir);
  if (none) throw noRecord(file, "sqlite", none);
  let result: Awaited<ReturnType<typeof backupSqlite>>;
  try {
    result = await backupSqlite(file, target, ctx.clock.now());
  } catch (error) {
    throw backupFailed(error, target);
  }
  const { chain } = result;
  // What it holds, as record verify counts it (every link of the chain, by kind); a copy whose chain
  // was not walked (an older schema, or a link that does not check out), its entries.
  const held = chain?.ok
    ? linksWords(chain.rows, chain.links)
    : `${result.entries} ${result.entries === 1 ? "entry" : "entries"}`;
  const walked =
    chain === undefined
      ? ""
      : chain.ok
        ? `, its chain intact (head ${headWords(chain.head)})`
        : `; its chain does NOT verify: ${chain.what} (the copy is kept as the record is: compare it with an earlier backup and the heads in the morning posts)`;
  ctx.io.stdout.write(
    `Backed up the care record (${held}, ${Math.ceil(result.bytes / 1024)} KB) from ${file} to ${result.file}, checked${walked}. To restore it: stop the bot, copy it over ${file} (remove the -wal and -shm files beside it), start the bot.\n`,
  );
  return chain && !chain.ok ? 1 : 0;
}

function subcommand(ctx: CliContext): Promise<number> | number {
  if (ctx.args[0] === "backup") return backup(ctx);
  if (ctx.args[0] === "copy") return copyToPostgres(ctx);
  if (ctx.args[0] === "verify") return verify(ctx);
  if (ctx.args[0] === "audit") return audit(ctx);
  if (ctx.args[0] === "enter") return enter(ctx);
  return ctx.args[0] === "export" ? exportRange(ctx) : day(ctx);
}

export async function run(ctx: CliContext): Promise<number> {
  try {
    return await subcommand(ctx);
  } catch (error) {
    // A script asking for JSON gets JSON when the record cannot be read (none there yet, another
    // kennel's, down): `ok: false` and why, never an empty answer that reads as nothing recorded.
    if (isStoreError(error) && wantsJson(ctx.args)) {
      ctx.io.stdout.write(`${JSON.stringify(storeProblemJson(error), null, 2)}\n`);
    }
    throw error;
  }
}
