/**
 * The form "✏️ Record each…" opens now, as the record tap's listener opens it
 * (src/listeners/actions/record-tap.ts): the pet's asks on today's sheet, the time question when a
 * dose's window has closed, its metadata and its view (test/answers/record-draft-printed.test.ts,
 * record-not-asked-time.test.ts, test/blocks/record-form-record.test.ts).
 */
import { timeQuestion } from "../../src/answers/late-entry.ts";
import { formClock } from "../../src/answers/record-each.ts";
import { tapAsks } from "../../src/answers/record-tap.ts";
import type { Sheet, SheetPet } from "../../src/answers/sheets.ts";
import { type ModalMeta, recordModal } from "../../src/blocks/record-modal.ts";
import type { Deps } from "../../src/deps.ts";

/** The form opened now on `sheet` for `pet`: its metadata, its view, and its view as JSON. */
export async function recordEachForm(
  deps: Pick<Deps, "record" | "clock" | "config" | "kennel" | "log">,
  sheet: Sheet,
  pet: SheetPet,
) {
  const asks = await tapAsks(deps, { sheet, pet, day: "today" }, "each");
  const when = timeQuestion(deps, sheet, asks.closed);
  const meta: ModalMeta = {
    s: sheet.id,
    b: pet.bookingId,
    p: pet.petId,
    c: "C1",
    t: "1.1",
    cur: asks.current,
    ...(when ? { q: 1 as const } : {}),
  };
  // As the listener draws it (src/listeners/actions/record-tap.ts formClockOf): the words said first and the ticks.
  const { states, settled, pairs, again } = asks;
  const drawn = { ...formClock(deps, sheet), states, settled, pairs, again };
  const view = recordModal("sealed", meta, sheet, pet, asks.entries, drawn, asks.ask, when);
  return { meta, view, text: JSON.stringify(view) };
}
