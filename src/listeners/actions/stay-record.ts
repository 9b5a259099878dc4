/** "Stay record" on departures and /booking: the stay's full care record, only for the one who clicked. */
import type { App } from "@slack/bolt";
import { bookingView } from "../../answers/records.ts";
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
      const v = await bookingView(deps, String(s.b), { doses: true });
      const reference = v.booking.reference ?? `booking ${s.b}`;
      const stay = v.stay ?? { bookingId: s.b, pets: [], problem: undefined };
      return stayRecordMessages(stay, reference, deps.config.timezone);
    },
  });
}
