/**
 * /rounds [morning|midday|evening] [date]: the feeding and medication sheet for a round, by room,
 * for the channel (no contacts). Default: the round now, by the kennel's clock.
 */
import type { App } from "@slack/bolt";
import { UsageError } from "../../answers/failure.ts";
import { freeText, TEXT_RULES } from "../../answers/input.ts";
import { parseDay } from "../../dates.ts";
import { ROUNDS, type Round } from "../../domain/care.ts";
import type { BotDeps } from "../bot-deps.ts";
import { roundSheet } from "../replies.ts";
import { slashCommand } from "./slash-command.ts";

/** "evening tomorrow", "am", "lunch 24 dec": the round (when named) and the rest as a date. */
function parseRoundArgs(text: string): { round: Round | undefined; rest: string } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const aliases: Record<string, Round> = {
    morning: "morning",
    am: "morning",
    breakfast: "morning",
    midday: "midday",
    noon: "midday",
    lunch: "midday",
    evening: "evening",
    pm: "evening",
    dinner: "evening",
    night: "evening",
  };
  const i = words.findIndex((w) => aliases[w.toLowerCase()] !== undefined);
  if (i < 0) return { round: undefined, rest: words.join(" ") };
  const round = aliases[(words[i] as string).toLowerCase()];
  words.splice(i, 1);
  return { round, rest: words.join(" ") };
}

export function registerRounds(app: App, deps: BotDeps): void {
  app.command(
    "/rounds",
    slashCommand(deps, (text) => {
      const fail = (e: unknown) => ({ visibility: "ephemeral" as const, work: () => Promise.reject(e) });
      let args: ReturnType<typeof parseRoundArgs>;
      try {
        args = parseRoundArgs(freeText(text, TEXT_RULES.date));
      } catch (error) {
        return fail(error);
      }
      const day = parseDay(args.rest, deps.clock.now(), deps.config.timezone);
      if (!day.ok)
        return fail(
          new UsageError(
            day.message,
            `Rounds are ${ROUNDS.join(", ")}; for example /rounds evening or /rounds midday tomorrow.`,
          ),
        );
      const date = day.date;
      return { visibility: "in_channel", work: () => roundSheet(deps, args.round, date) };
    }),
  );
}
