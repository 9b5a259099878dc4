/** Previous/Next on /arrivals, /departures and /inhouse: the page travels in the button's value. */
import type { App } from "@slack/bolt";
import { dayPage, housePage } from "../../blocks/buttons.ts";
import type { BotDeps } from "../bot-deps.ts";
import { dayMessages, houseBoard } from "../replies.ts";
import { onButton } from "./button.ts";

export function registerDayPages(app: App, deps: BotDeps): void {
  onButton(app, deps, {
    kind: dayPage,
    replace: true,
    visibility: "in_channel",
    answer: (s) => dayMessages(deps, s.k, s.d, s.p, s.o),
  });
  onButton(app, deps, {
    kind: housePage,
    replace: true,
    visibility: "in_channel",
    answer: (s) => houseBoard(deps, s.d, s.p),
  });
}
