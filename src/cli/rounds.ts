/**
 * `kennel-desk rounds [ROUND] [DATE] [--json]`: a round's feeding and medication sheet, by room.
 * ROUND by any of its names (morning, am, breakfast; midday, noon, lunch; evening, pm, dinner, tea,
 * supper; the kennel's own ROUNDS_NAMES). Without a round, the round now by the kennel's clock.
 */
import { UsageError } from "../answers/failure.ts";
import { freeText, TEXT_RULES } from "../answers/input.ts";
import { currentRound, roundReport } from "../answers/rounds.ts";
import { parseRoundDay } from "../dates.ts";
import { roundText } from "../text/index.ts";
import { type CliContext, HELP_HINT, print, readOptions, textOptions } from "./context.ts";
import { kennelDepsWithRecord } from "./record-deps.ts";

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
    const report = await roundReport(deps, round, date);
    return print(ctx, report, values.json === true, () => roundText(report, textOptions(ctx, deps)));
  } finally {
    await close();
  }
}
