/** get_booking: one booking as /booking shows it (src/answers/records.ts bookingView), with its pets' care. */
import { UsageError } from "../../answers/failure.ts";
import { bookingView } from "../../answers/records.ts";
import type { Deps } from "../../deps.ts";
import { bookingDoc } from "../../present/records.ts";
import { bookingRef, id } from "../inputs.ts";
import { addTool, docAnswer, PRIVACY, type ToolServer } from "../tool.ts";

export function register(server: ToolServer, deps: Deps): void {
  addTool(
    server,
    deps,
    {
      name: "get_booking",
      title: "Get a booking",
      description:
        "One booking, by its id (GET /bookings/{id}) or by its reference (GET /bookings/reference/{reference}, then the full booking by its id), " +
        "with its pets' care as /booking shows it in Slack: each pet's medication (instruction, midday, evening), allergies and notes, or that the care could not be matched; " +
        "where the care record can be read, each pet's stay summary too (doses given of those due, each refusal or missed dose with its time, meals eaten). " +
        `Give exactly one of id or reference. A reference of digits only is tried as an id first. ${PRIVACY}`,
      inputSchema: {
        id: id("booking").optional(),
        reference: bookingRef("The booking reference, for example HP-7K2M9Q.", "the reference"),
      },
      card: true,
    },
    async (a) => {
      if ((a.id === undefined) === (a.reference === undefined)) {
        // HP-7K2M9Q: the project's example reference (the sandbox's differ), given as an example only.
        throw new UsageError(
          "Give exactly one of id or reference.",
          a.id === undefined
            ? "Call get_booking with a booking's reference (for example HP-7K2M9Q) or its id."
            : "Call get_booking with the reference or the id, not both.",
        );
      }
      const view = await bookingView(deps, a.id !== undefined ? { id: a.id } : (a.reference as string));
      return docAnswer(deps, view, bookingDoc);
    },
  );
}
