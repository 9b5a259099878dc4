/** "Open" on a booking in a list: the booking's card, for the one who clicked. */
import type { App } from "@slack/bolt";
import { z } from "zod";
import { bookingAnswer } from "../../answers/records.ts";
import type { BotDeps } from "../bot-deps.ts";
import { buttonHandler } from "./button.ts";

export function registerOpenBooking(app: App, deps: BotDeps): void {
  app.action(
    /^booking_open(:\d+)?$/,
    buttonHandler(deps, {
      state: z.object({ b: z.number().int().nonnegative() }),
      replace: false,
      visibility: "ephemeral",
      answer: (s) => bookingAnswer(deps, String(s.b)),
    }),
  );
}
