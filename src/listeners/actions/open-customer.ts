/** "Customer details" / "Open" on a customer: the customer's card, for the one who clicked. */
import type { App } from "@slack/bolt";
import { z } from "zod";
import { customerByIdAnswer } from "../../answers/records.ts";
import type { BotDeps } from "../bot-deps.ts";
import { buttonHandler } from "./button.ts";

export function registerOpenCustomer(app: App, deps: BotDeps): void {
  app.action(
    /^customer_open(:\d+)?$/,
    buttonHandler(deps, {
      state: z.object({ c: z.number().int().nonnegative() }),
      replace: false,
      visibility: "ephemeral",
      answer: (s) => customerByIdAnswer(deps, s.c),
    }),
  );
}
