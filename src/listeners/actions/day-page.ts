/** Previous/Next on /arrivals and /departures: the page travels in the button's value. */
import type { App } from "@slack/bolt";
import { z } from "zod";
import { dayAnswer } from "../../answers/day.ts";
import { isIsoDate } from "../../time.ts";
import type { BotDeps } from "../bot-deps.ts";
import { buttonHandler } from "./button.ts";

const state = z.object({
  k: z.enum(["arrivals", "departures"]),
  d: z.string().refine(isIsoDate),
  p: z.number().int().min(1).max(10_000),
});

export function registerDayPage(app: App, deps: BotDeps): void {
  app.action(
    /^day_page_(prev|next)$/,
    buttonHandler(deps, {
      state,
      replace: true,
      visibility: "in_channel",
      answer: async (s) => (await dayAnswer(deps, s.k, s.d, s.p)).messages,
    }),
  );
}
