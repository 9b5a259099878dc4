/**
 * /rounds [round] [date]: the feeding and medication sheet for a round, by room, for the channel (no
 * contacts). The round by any of its names (am, breakfast, lunch, pm, dinner, tea…; src/domain/round-names.ts).
 * Default: the round now, by the kennel's clock.
 */
import type { App } from "@slack/bolt";
import { UsageError } from "../../answers/failure.ts";
import { freeText, TEXT_RULES } from "../../answers/input.ts";
import { currentRound } from "../../answers/rounds.ts";
import { parseRoundDay } from "../../dates.ts";
import { askedRoundPost } from "../../digest/round-post.ts";
import type { BotDeps } from "../bot-deps.ts";
import { roundCopy } from "../replies.ts";
import { slashCommand } from "./slash-command.ts";

export function registerRounds(app: App, deps: BotDeps): void {
  app.command(
    "/rounds",
    slashCommand(deps, (text) => {
      const fail = (e: unknown) => ({ visibility: "ephemeral" as const, work: () => Promise.reject(e) });
      const { config } = deps;
      let asked: ReturnType<typeof parseRoundDay>;
      try {
        const typed = freeText(text, TEXT_RULES.date);
        asked = parseRoundDay(
          typed,
          deps.clock.now(),
          config.timezone,
          config.dateOrder,
          config.rounds.names,
        );
      } catch (error) {
        return fail(error);
      }
      if (!asked.ok)
        return fail(
          new UsageError(
            asked.message,
            "For example /rounds evening, /rounds lunch tomorrow or /rounds tea 24 Dec.",
          ),
        );
      const { round, date } = asked;
      return {
        visibility: "in_channel",
        work: async () => {
          const r = round ?? currentRound(deps);
          return roundCopy(await askedRoundPost(deps, r, date), date, r);
        },
      };
    }),
  );
}
