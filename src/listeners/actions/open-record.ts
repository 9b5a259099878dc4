/** "Open", "Care summary", "Customer details" and "Booking history": a record for the one who clicked. */
import type { App } from "@slack/bolt";
import { customerBookingsPage, openBooking, openCustomer, openPet } from "../../blocks/buttons.ts";
import type { BotDeps } from "../bot-deps.ts";
import { bookingCard, customerCardById, customerHistory, petCardById } from "../replies.ts";
import { onButton } from "./button.ts";

export function registerOpenRecord(app: App, deps: BotDeps): void {
  onButton(app, deps, {
    kind: openPet,
    replace: false,
    visibility: "ephemeral",
    answer: (s) => petCardById(deps, s.p),
  });
  onButton(app, deps, {
    kind: openCustomer,
    replace: false,
    visibility: "ephemeral",
    answer: (s) => customerCardById(deps, s.c),
  });
  onButton(app, deps, {
    kind: openBooking,
    replace: false,
    visibility: "ephemeral",
    answer: (s) => bookingCard(deps, String(s.b)),
  });
  onButton(app, deps, {
    kind: customerBookingsPage,
    // The card's button opens the history; the history's own buttons page it in place.
    replace: (actionId) => actionId !== customerBookingsPage.id,
    visibility: "ephemeral",
    answer: (s) => customerHistory(deps, s.c, s.p),
  });
}
