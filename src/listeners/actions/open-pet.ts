/** "Open" / "Care summary" buttons: a pet's card, for the one who clicked. */
import type { App } from "@slack/bolt";
import { z } from "zod";
import { petByIdAnswer } from "../../answers/records.ts";
import type { BotDeps } from "../bot-deps.ts";
import { buttonHandler } from "./button.ts";

export function registerOpenPet(app: App, deps: BotDeps): void {
  app.action(
    /^pet_open(:\d+)?$/,
    buttonHandler(deps, {
      state: z.object({ p: z.number().int().nonnegative() }),
      replace: false,
      visibility: "ephemeral",
      answer: (s) => petByIdAnswer(deps, s.p),
    }),
  );
}
