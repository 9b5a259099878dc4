/**
 * `kennel-desk rounds [ROUND] [DATE] [--json]`: a round's feeding and medication sheet, by room, with
 * its care record as Slack shows it: the sheet kept when the round was posted (what was due, written
 * once), each pet's record under it and one progress line for the whole round (not one per Slack message); a round not posted yet is the sheet now,
 * with whatever is recorded. ROUND by any of its names (morning, am, breakfast; midday, noon, lunch;
 * evening, pm, dinner, tea, supper; the kennel's own ROUNDS_NAMES). Without a round, the round now
 * by the kennel's clock. `--json`: the round's answer now (every pet's care), as before.
 */

import { sheetCustody } from "../answers/custody-sheet.ts";
import { UsageError } from "../answers/failure.ts";
import { freeText, TEXT_RULES } from "../answers/input.ts";
import { readLastGiven } from "../answers/last-given.ts";
import { keptRoundNow, roundRecord } from "../answers/round-record.ts";
import { currentRound, roundReport } from "../answers/rounds.ts";
import { parseRoundDay } from "../dates.ts";
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { draftSheet, sheetDocs, wholeSheet } from "../present/round-sheet.ts";
import { referenceOf } from "../present/rounds.ts";
import { roundSheetText } from "../text/index.ts";
import { localDate } from "../time.ts";
import { type CliContext, HELP_HINT, print, readOptions, textOptions } from "./context.ts";
import { kennelDepsWithRecord } from "./record-deps.ts";

/**
 * A round with no kept sheet: the sheet now. Today's as before; another day's (never posted on a past
 * day, or still to come) marked for reference, not kept. Read only, any day: a plan not kept yet is
 * drafted for the answer alone, never into the record (the round's post keeps it).
 */
async function sheetNow(deps: Deps, round: Round, date: string) {
  const timezone = deps.config.timezone;
  const today = localDate(deps.clock.now(), timezone);
  const report = await roundReport(deps, round, date, { keepPlans: false });
  return draftSheet(report, { timezone, reference: referenceOf(date, today) });
}

/** A round with no kept sheet: the sheet now, with whatever is recorded. */
async function roundNow(deps: Deps, round: Round, date: string) {
  const found = await roundRecord(deps, round, date);
  const sheet = await sheetNow(deps, round, date);
  const { problem, ...record } = found ?? { entries: [], timezone: deps.config.timezone };
  // Its medicines as held now, as /rounds shows them (one handed back: the kennel holds none).
  const [custody, lastGiven] = problem
    ? []
    : await Promise.all([
        sheetCustody(deps, sheet.pets, undefined).catch(() => undefined),
        readLastGiven(deps, date, sheet.pets).catch(() => undefined),
      ]);
  return { sheet, record: { ...record, custody, lastGiven }, problem };
}

export async function run(ctx: CliContext): Promise<number> {
  const { values, positionals } = readOptions(
    ctx.args,
    { json: { type: "boolean" }, page: { type: "string" } },
    true,
    ["page"],
  );
  if (values.page !== undefined) {
    throw new UsageError(
      "A round's sheet is one list: it takes no --page.",
      "Run kennel-desk rounds evening, for example.",
    );
  }
  const { config } = ctx;
  const typed = freeText(positionals.join(" "), TEXT_RULES.date);
  const asked = parseRoundDay(typed, ctx.clock.now(), config.timezone, config.dateOrder, config.rounds.names);
  if (!asked.ok) throw new UsageError(asked.message, HELP_HINT);
  const { date } = asked;
  const { deps, close } = await kennelDepsWithRecord(ctx);
  try {
    const round = asked.round ?? currentRound(deps);
    if (values.json === true) {
      return print(ctx, await roundReport(deps, round, date, { keepPlans: false }), true, () => "");
    }
    // The sheet kept, with a plan saved or confirmed since and its medicines: as Slack redraws it.
    const { sheet, record, problem } =
      (await keptRoundNow(deps, round, date)) ?? (await roundNow(deps, round, date));
    // The round once, as a terminal has it: no messages, so one progress line for every pet.
    const docs = sheetDocs(wholeSheet(sheet), record, { problem });
    return print(ctx, undefined, false, () => roundSheetText(docs, textOptions(ctx)));
  } finally {
    await close();
  }
}
