/**
 * `kennel-desk rounds [morning|midday|evening] [DATE] [--json]`: a round's feeding and medication
 * sheet, by room. Without a round, the round now by the kennel's clock.
 */
import { UsageError } from "../answers/failure.ts";
import { currentRound, roundReport } from "../answers/rounds.ts";
import { ROUNDS, type Round } from "../domain/care.ts";
import { roundText } from "../text/index.ts";
import {
  type CliContext,
  dayOption,
  HELP_HINT,
  kennelDeps,
  print,
  readOptions,
  textOptions,
} from "./context.ts";

/** "evening" → "evening"; "Evening" too; anything else undefined. */
export function roundOf(word: string | undefined): Round | undefined {
  const w = word?.toLowerCase();
  return ROUNDS.find((r) => r === w);
}

export async function run(ctx: CliContext): Promise<number> {
  const { values, positionals } = readOptions(
    ctx.args,
    { json: { type: "boolean" }, page: { type: "string" } },
    true,
  );
  if (values.page !== undefined) {
    throw new UsageError(
      "A round's sheet is one list: it takes no --page.",
      "Run kennel-desk rounds evening, for example.",
    );
  }
  const named = roundOf(positionals[0]);
  if (!named && /^(am|pm|noon|lunch|breakfast|dinner|night)$/i.test(positionals[0] ?? "")) {
    throw new UsageError(
      `"${positionals[0]}" is not a round: the rounds are morning, midday and evening.`,
      HELP_HINT,
    );
  }
  const rest = named ? positionals.slice(1) : positionals;
  const date = dayOption(ctx, rest.join(" "));
  const deps = kennelDeps(ctx);
  const round = named ?? currentRound(deps);
  const report = await roundReport(deps, round, date);
  return print(ctx, report, values.json === true, () => roundText(report, textOptions(ctx, deps)));
}
