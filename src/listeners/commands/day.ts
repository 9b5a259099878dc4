/** The shared shape of the day commands (/arrivals, /departures, /inhouse): a date, then the list for the channel. */

import { UsageError } from "../../answers/failure.ts";
import { freeText, TEXT_RULES } from "../../answers/input.ts";
import { parseDay } from "../../dates.ts";
import type { BotDeps } from "../bot-deps.ts";
import type { Answer } from "../runner.ts";
import { slashCommand } from "./slash-command.ts";

/** A command whose text is a date: a bad date is answered to the asker only, with no API call. */
export function dateCommand(deps: BotDeps, answer: (date: string) => Promise<Answer>) {
  return slashCommand(deps, (text) => {
    let day: ReturnType<typeof parseDay>;
    try {
      day = parseDay(
        freeText(text, TEXT_RULES.date),
        deps.clock.now(),
        deps.config.timezone,
        deps.config.dateOrder,
      );
    } catch (error) {
      return { visibility: "ephemeral", work: async () => Promise.reject(error) };
    }
    if (!day.ok) {
      const message = day.message;
      return {
        visibility: "ephemeral",
        work: async () => Promise.reject(new UsageError(message, "For example: tomorrow, friday, 24 Dec.")),
      };
    }
    const date = day.date;
    return { visibility: "in_channel", work: () => answer(date) };
  });
}
