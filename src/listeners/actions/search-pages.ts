/** Previous/Next on the search lists: pets, customers and /kennel bookings. */
import type { App } from "@slack/bolt";
import { z } from "zod";
import { bookingsSearchAnswer } from "../../answers/kennel.ts";
import { customerAnswer, petAnswer } from "../../answers/records.ts";
import { isIsoDate } from "../../time.ts";
import type { BotDeps } from "../bot-deps.ts";
import { buttonHandler } from "./button.ts";

const query = z.object({ q: z.string().min(1).max(300), p: z.number().int().min(1).max(100_000) });

export function registerSearchPages(app: App, deps: BotDeps): void {
  app.action(
    /^pets_page:(prev|next)$/,
    buttonHandler(deps, {
      state: query,
      replace: true,
      visibility: "ephemeral",
      answer: (s) => petAnswer(deps, s.q, s.p),
    }),
  );
  app.action(
    /^customers_page:(prev|next)$/,
    buttonHandler(deps, {
      state: query,
      replace: true,
      visibility: "ephemeral",
      answer: (s) => customerAnswer(deps, s.q, s.p),
    }),
  );
  app.action(
    /^bookings_page:(prev|next)$/,
    buttonHandler(deps, {
      state: z.object({
        q: z.string().max(300),
        t: z.string().refine(isIsoDate),
        p: z.number().int().min(1).max(100_000),
      }),
      replace: true,
      visibility: "ephemeral",
      answer: (s) => bookingsSearchAnswer(deps, s.q, s.p, new Date(`${s.t}T12:00:00Z`)),
    }),
  );
}
