/** Previous/Next on the search lists: pets, customers and /kennel bookings. */
import type { App } from "@slack/bolt";
import { bookingsPage, customersPage, petsPage } from "../../blocks/buttons.ts";
import type { BotDeps } from "../bot-deps.ts";
import { bookingsSearchReply, customerReply, petReply } from "../replies.ts";
import { onButton } from "./button.ts";

export function registerSearchPages(app: App, deps: BotDeps): void {
  onButton(app, deps, {
    kind: petsPage,
    replace: true,
    visibility: "ephemeral",
    answer: (s) => petReply(deps, s.q, s.p),
  });
  onButton(app, deps, {
    kind: customersPage,
    replace: true,
    visibility: "ephemeral",
    answer: (s) => customerReply(deps, s.q, s.p),
  });
  onButton(app, deps, {
    kind: bookingsPage,
    replace: true,
    visibility: "ephemeral",
    answer: (s) => bookingsSearchReply(deps, s.q, s.p, new Date(`${s.t}T12:00:00Z`)),
  });
}
