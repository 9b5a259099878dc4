/**
 * get_care_plan: a stay's care plans as the rounds work from them (beside the spec's eleven tools,
 * read-only, as `kennel-desk plan`): each pet's plan, read from the kennel system's words or as a
 * person set it, its state (not confirmed; a high-alert plan waiting for its second person;
 * confirmed, by whom and when; changed in the kennel system), and what each item asks of a day's
 * rounds. A plan not kept yet is drafted for the answer and says so; nothing is written. A plan
 * holds no customer contact details.
 */
import { UsageError } from "../../answers/failure.ts";
import { carePlans } from "../../answers/plan-view.ts";
import { thisYear } from "../../answers/records.ts";
import type { Deps } from "../../deps.ts";
import { carePlansDoc } from "../../present/plan.ts";
import { docText } from "../../text/doc.ts";
import { bookingRef, day, id } from "../inputs.ts";
import { addTool, answer, type ToolServer, textOptions, today } from "../tool.ts";
import { withYear } from "../years.ts";

export function register(server: ToolServer, deps: Deps): void {
  addTool(
    server,
    deps,
    {
      name: "get_care_plan",
      title: "Get a stay's care plans",
      description:
        "The care plan each pet of a stay is fed and medicated by: every meal and medication as Kennel Desk read it from the kennel system's words (or as a person set it), beside those words; " +
        "what is left to a person to read; whether the plan is confirmed (by whom and when), waits for a second person (a high-alert drug such as insulin), or changed in the kennel system; " +
        "and what each item asks of each round on a day (date, default today). Give a booking (a reference or id), or a pet id for that pet's latest kept plan. Read only.",
      inputSchema: {
        booking: bookingRef("A booking's reference (for example HP-7K2M9Q) or id: its pets' plans."),
        pet: id("pet")
          .optional()
          .describe("A pet's id: its latest plan kept in the care record. Not with booking."),
        date: day(deps),
      },
    },
    async (a) => {
      if ((a.booking === undefined) === (a.pet === undefined)) {
        throw new UsageError(
          "Give a booking, or a pet, not both and not neither.",
          "Call get_care_plan with booking (a reference or id), or with pet (an id).",
        );
      }
      if (a.pet !== undefined && !deps.record) {
        throw new UsageError(
          "This connector reads no care record, so it keeps no plans to look up by pet.",
          "Call get_care_plan with the pet's booking instead.",
        );
      }
      const r = await carePlans(deps, { booking: a.booking, petId: a.pet, date: a.date });
      const doc = withYear(carePlansDoc(r, deps.config.timezone), a.date ?? today(deps), thisYear(deps));
      return answer(docText(doc, textOptions(deps)), r);
    },
  );
}
