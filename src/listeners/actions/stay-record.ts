/** "Stay record" on departures, /booking and /pet: the stay's full care record, only for the one who clicked. */
import type { App } from "@slack/bolt";
import { bookingStay } from "../../answers/stay-booking.ts";
import { stayRecordButton } from "../../blocks/buttons.ts";
import { stayRecordMessages } from "../../blocks/stay.ts";
import type { BotDeps } from "../bot-deps.ts";
import { onButton } from "./button.ts";

export function registerStayRecord(app: App, deps: BotDeps): void {
  onButton(app, deps, {
    kind: stayRecordButton,
    replace: false,
    visibility: "ephemeral",
    answer: async (s) => {
      // The care record alone, saying so, when the kennel API cannot be read for the booking.
      const { reference, stay } = await bookingStay(deps, String(s.b), { doses: true });
      return stayRecordMessages(stay, reference, deps.config.timezone);
    },
  });
}
