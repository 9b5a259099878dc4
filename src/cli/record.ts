/**
 * `kennel-desk record [ROUND] [DATE] [--pet ID] [--json]` (or `--round ROUND`): a day's care
 * record (who recorded what, when in the kennel's time zone, each outcome and note, corrected entries
 * marked). `kennel-desk record export --from DATE --to DATE [--format csv|json]`: every entry of a
 * range, one row per entry with every field, on standard output. `kennel-desk record audit [--days
 * 28]`: the kennel's medication figures (src/cli/record-audit.ts). All read the store the bot writes
 * (KENNEL_DATA_DIR, or DATABASE_URL): they need no kennel API and no Slack.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { recordDay } from "../answers/care-record.ts";
import { custodyOfStays } from "../answers/custody-stock.ts";
import { UsageError } from "../answers/failure.ts";
import { freeText, TEXT_RULES } from "../answers/input.ts";
import { entryFacts } from "../answers/kept-doses.ts";
import { bookingIdInRecord, owedRounds } from "../answers/obligations.ts";
import { plansOfStays } from "../answers/plans.ts";
import { prnDoses } from "../answers/prn.ts";
import { bookingIdByReference } from "../answers/records.ts";
import { recordedStay } from "../answers/stay.ts";
import { welfareDay, welfareRecords } from "../answers/welfare-record.ts";
import { parseRoundDay } from "../dates.ts";
import { looksLikeId } from "../domain/ids.ts";
import { roundNamed, roundNamesLine } from "../domain/round-names.ts";
import { backupSqlite } from "../record/backup.ts";
import { isStoreError } from "../record/errors.ts";
import { SQLITE_FILE } from "../record/sqlite.ts";
import { custodyExportRows } from "../text/custody-record.ts";
import type { TextOptions } from "../text/index.ts";
import { planExportRow } from "../text/plan-record.ts";
import { exportRow, prnExportRow, recordCsv, recordDayText } from "../text/record.ts";
import { stayRecordText } from "../text/stay.ts";
import { welfareDayText, welfareExportRow } from "../text/welfare-record.ts";
import { localDate } from "../time.ts";
import { type CliContext, dayOption, HELP_HINT, kennelDeps, print, readOptions } from "./context.ts";
import { audit } from "./record-audit.ts";
import { checkOutFolder, stayPages, writePages } from "./record-pages.ts";
import { requireStore, storeProblemJson, wantsJson } from "./record-store.ts";
import { verify } from "./record-verify.ts";

function textOptions(ctx: CliContext): TextOptions {
  const color = ctx.io.stdout.isTTY === true && !ctx.deps.env.NO_COLOR;
  const thisYear = localDate(ctx.clock.now(), ctx.config.timezone).slice(0, 4);
  return { color, timezone: ctx.config.timezone, thisYear };
}

function petOption(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id < 1) {
    throw new UsageError(`--pet takes a pet's id (a whole number), not "${raw.slice(0, 40)}".`, HELP_HINT);
  }
  return id;
}

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
  const bookingId = await bookingIdOf(ctx, ref);
  const { store, where } = await requireStore(ctx);
  try {
    const deps = { record: store, config: ctx.config, clock: ctx.clock };
    const began = await store.began().catch(() => undefined);
    const { stay: record, said } = await recordedStay(deps, bookingId, { began });
    const reference = said?.reference ?? (looksLikeId(ref.trim()) ? `booking ${bookingId}` : ref.trim());
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

/** The booking asked for: an id (digits), or a reference looked up in the kennel API. */
async function bookingIdOf(ctx: CliContext, raw: string): Promise<number> {
  const ref = raw.trim();
  if (looksLikeId(ref)) return Number(ref);
  if (!ctx.config.kennel) {
    // No kennel API (a copy of the record): the reference as the record's kept rounds named it.
    const { store } = await requireStore(ctx);
    try {
      const id = await bookingIdInRecord({ record: store, config: ctx.config, clock: ctx.clock }, ref);
      if (id !== undefined) return id;
    } finally {
      await store.close();
    }
    throw new UsageError(
      `No stay with the reference ${ref.slice(0, 40)} is in the care record's kept rounds.`,
      "Check the reference, or give the booking's id (a number).",
    );
  }
  const id = await bookingIdByReference(kennelDeps(ctx), ref);
  if (id === undefined) throw new UsageError(`The booking ${ref.slice(0, 40)} has no id.`, HELP_HINT);
  return id;
}

async function exportRange(ctx: CliContext): Promise<number> {
  const { values, positionals } = readOptions(ctx.args.slice(1), {
    from: { type: "string" },
    to: { type: "string" },
    format: { type: "string" },
    pet: { type: "string" },
    booking: { type: "string" },
    out: { type: "string" },
  });
  if (positionals.length > 0) {
    throw new UsageError(`record export takes no "${positionals[0]?.slice(0, 40)}".`, HELP_HINT);
  }
  const petId = petOption(values.pet);
  const narrowed = petId !== undefined || values.booking !== undefined;
  if ((values.from === undefined) !== (values.to === undefined) || (!narrowed && values.from === undefined)) {
    throw new UsageError(
      "record export needs the range: --from DATE --to DATE (or one pet's or stay's record: --pet ID, --booking REF).",
      "For example: kennel-desk record export --from 2026-11-01 --to 2026-11-30 > november.csv",
    );
  }
  const format = values.format ?? "csv";
  if (format !== "csv" && format !== "json" && format !== "html") {
    throw new UsageError(`--format is csv, json or html, not "${format.slice(0, 40)}".`, HELP_HINT);
  }
  if (values.out !== undefined && format !== "html") {
    throw new UsageError("--out is for --format html (one page per stay, in that folder).", HELP_HINT);
  }
  if (values.out !== undefined) checkOutFolder(values.out);
  const from = values.from !== undefined ? dayOption(ctx, values.from) : undefined;
  const to = values.to !== undefined ? dayOption(ctx, values.to) : undefined;
  if (from && to && from > to)
    throw new UsageError(`--from (${from}) is after --to (${to}).`, "Give the earlier day first.");
  const bookingId = values.booking !== undefined ? await bookingIdOf(ctx, values.booking) : undefined;
  const { store } = await requireStore(ctx);
  try {
    const query = {
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(petId !== undefined ? { petId } : {}),
      ...(bookingId !== undefined ? { bookingId } : {}),
    };
    const entries = await store.entries(query);
    // The welfare checks and flags of the same range (issue 38): rows of their own, in the chain's order.
    const welfare = await welfareRecords(store, query);
    // The doses given if needed, beside the rounds' entries (issue 35).
    const asNeeded = await prnDoses({ record: store }, query);
    // The care plans of the stays exported (issue 34): every version, with who confirmed it.
    // And the stays the range's rounds asked something of, recorded or not (what was due stands alone).
    const owed = from && to ? await owedRounds({ record: store, config: ctx.config }, { from, to }) : [];
    const asked = owed.flatMap((r) =>
      r.pets.filter(
        (p) =>
          (petId === undefined || p.petId === petId) &&
          (bookingId === undefined || p.bookingId === bookingId),
      ),
    );
    // One stay asked by its booking: its page even with nothing recorded (what its rounds asked).
    const stays =
      bookingId !== undefined
        ? [bookingId]
        : [...entries, ...welfare, ...asNeeded, ...asked].flatMap((e) =>
            e.bookingId !== undefined ? [e.bookingId] : [],
          );
    const plans = await plansOfStays(store, stays, petId);
    // The medicines in custody of those stays (issue 49): their records' rows, their registers.
    const custody = await custodyOfStays({ record: store, config: ctx.config }, stays, petId);
    const zone = ctx.config.timezone;
    // Every export names the record's head when it was made, so a copy sits outside the database.
    const head = await store.head();
    const which = [
      from && to ? `from ${from} to ${to}` : "",
      petId !== undefined ? `of pet ${petId}` : "",
      bookingId !== undefined ? `of booking ${bookingId}` : "",
    ]
      .filter(Boolean)
      .join(" ");
    if (format === "html") {
      const range = from && to ? { from, to } : undefined;
      const made = await stayPages(ctx, store, stays, petId, { head, ...(range ? { range } : {}) });
      if (values.out !== undefined) return writePages(ctx, values.out, made);
      if (made.pages.length > 1) {
        throw new UsageError(
          `That is ${made.pages.length} pages (one per pet of each stay): they need a folder.`,
          "Add --out FOLDER (or ask for one pet's stay with --booking REF --pet ID).",
        );
      }
      ctx.io.stdout.write(made.pages[0]?.page ?? "");
      if (made.pages.length === 0) ctx.io.stderr.write(`No entries ${which}: no page written.\n`);
      return 0;
    }
    // Each high-alert dose's witness, from the kept sheets and witnesses of the entries' days.
    const facts = await entryFacts({ record: store, clock: ctx.clock, config: ctx.config }, entries);
    ctx.io.stdout.write(
      format === "csv"
        ? recordCsv(
            entries,
            zone,
            head,
            [
              ...welfare.map((w) => welfareExportRow(w, zone)),
              ...plans.map((v) => planExportRow(v, zone)),
              ...asNeeded.map((d) => prnExportRow(d, zone)),
              ...custodyExportRows(custody, zone, { from, to }),
            ],
            facts,
          )
        : `${JSON.stringify(
            {
              head,
              entries: entries.map((e) => exportRow(e, zone, facts)),
              ...(welfare.length ? { welfare: welfare.map((w) => welfareExportRow(w, zone)) } : {}),
              ...(plans.length
                ? {
                    plans: plans.map((v) => ({
                      ...planExportRow(v, zone),
                      plan: v.plan,
                      changed: v.changed,
                    })),
                  }
                : {}),
              ...(asNeeded.length ? { asNeeded: asNeeded.map((d) => prnExportRow(d, zone)) } : {}),
              ...(custody.length ? { custody } : {}),
            },
            null,
            2,
          )}\n`,
    );
    if (ctx.io.stdout.isTTY !== true || entries.length + welfare.length + asNeeded.length === 0) {
      const more = [
        welfare.length ? `${welfare.length} welfare ${welfare.length === 1 ? "record" : "records"}` : "",
        asNeeded.length ? `${asNeeded.length} as-needed ${asNeeded.length === 1 ? "dose" : "doses"}` : "",
      ]
        .filter(Boolean)
        .map((w) => ` and ${w}`)
        .join("");
      ctx.io.stderr.write(
        `${entries.length} ${entries.length === 1 ? "entry" : "entries"}${more} ${which} (times in ${zone}).\n`,
      );
    }
    return 0;
  } finally {
    await store.close();
  }
}

/** `record backup FILE`: an online copy of the SQLite store (PostgreSQL: pg_dump). */
function backup(ctx: CliContext): number {
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
      "Run pg_dump --format=custom --file=care-record.dump with the same database address (docs/care-record.md, Backup and restore).",
    );
  }
  const file = resolve(settings.dataDir, SQLITE_FILE);
  if (!existsSync(file)) {
    throw new UsageError(
      `There is no care record at ${file} to back up.`,
      "Set KENNEL_DATA_DIR as the bot has it, or start the bot once to make the record.",
    );
  }
  let result: ReturnType<typeof backupSqlite>;
  try {
    result = backupSqlite(file, target);
  } catch (error) {
    throw new UsageError(`The backup was not made: ${String((error as Error)?.message ?? error)}`, HELP_HINT);
  }
  ctx.io.stdout.write(
    `Backed up the care record (${result.entries} ${result.entries === 1 ? "entry" : "entries"}, ${Math.ceil(result.bytes / 1024)} KB) from ${file} to ${result.file}, checked. To restore it: stop the bot, copy it over ${file} (remove the -wal and -shm files beside it), start the bot.\n`,
  );
  return 0;
}

function subcommand(ctx: CliContext): Promise<number> | number {
  if (ctx.args[0] === "backup") return backup(ctx);
  if (ctx.args[0] === "verify") return verify(ctx);
  if (ctx.args[0] === "audit") return audit(ctx);
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
