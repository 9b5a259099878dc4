/**
 * The Today home's buttons: each answers its list in a message only the clicker sees (in the bot's
 * DM); the list of welfare flags, drawn again in place after a tap on any of its parts, as a message
 * in marked parts (its first, the others in its thread).
 */
import type { App } from "@slack/bolt";
import { openWelfareFlags } from "../../answers/welfare-flags.ts";
import { homeList } from "../../blocks/buttons.ts";
import { flagsListMessages } from "../../blocks/welfare.ts";
import { localDate } from "../../time.ts";
import type { BotDeps } from "../bot-deps.ts";
import { asNeededList, dayMessages, houseBoard, offFoodList, roundSheet, tomorrowList } from "../replies.ts";
import type { Answer } from "../runner.ts";
import { onButton } from "./button.ts";

export function registerHomeList(app: App, deps: BotDeps): void {
  onButton(app, deps, {
    kind: homeList,
    replace: false,
    visibility: "ephemeral",
    answer: async (s): Promise<Answer> => {
      const today = localDate(deps.clock.now(), deps.config.timezone);
      switch (s.l) {
        case "arrivals":
          return dayMessages(deps, "arrivals", today);
        case "departures":
          return dayMessages(deps, "departures", today);
        // Only the departures the figure counts, never the whole day's (the figure beside "Departures").
        case "unpaid":
          return dayMessages(deps, "departures", today, 1, "money");
        case "paycheck":
          return dayMessages(deps, "departures", today, 1, "payment_check");
        case "inhouse":
          return houseBoard(deps, today);
        case "rounds":
          return roundSheet(deps, undefined, today);
        case "tomorrow":
          return tomorrowList(deps);
        case "offfood":
          return offFoodList(deps, today);
        case "welfare":
          // Its buttons draw it again in place (src/listeners/welfare-redraw.ts): its parts marked.
          return {
            parts: flagsListMessages(await openWelfareFlags(deps, today), today, deps.config.timezone),
          };
        case "asneeded":
          return asNeededList(deps);
      }
    },
  });
}
