/** "Booking history" on a customer's card, and its Previous/Next. */
import type { App } from "@slack/bolt";
import { z } from "zod";
import { customerBookingsAnswer } from "../../answers/records.ts";
import type { BotDeps } from "../bot-deps.ts";
import { buttonHandler } from "./button.ts";

export function registerCustomerBookings(app: App, deps: BotDeps): void {
  app.action(
    /^customer_bookings(:prev|:next)?$/,
    buttonHandler(deps, {
      state: z.object({ c: z.number().int().nonnegative(), p: z.number().int().min(1).max(100_000) }),
      // The card's button opens the history; the history's own buttons page it in place.
      replace: (actionId) => actionId !== "customer_bookings",
      visibility: "ephemeral",
      answer: (s) => customerBookingsAnswer(deps, s.c, s.p),
    }),
  );
}
