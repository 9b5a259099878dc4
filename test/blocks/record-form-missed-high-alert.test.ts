/**
 * ✏️ Record each… opened for a high-alert dose already missed (its round's window closed, nothing
 * recorded) says first, at its item, what Home and the missed reply say: "💉 a missed high-alert dose:
 * ask the vet before giving it late" (a carer picking "given" at a glance sees it under the select).
 * Never of a dose still late (its window open), nor of a low-risk drug missed beside it, nor of one
 * recorded. Milo's morning round of Thu 3 Dec kept as the post keeps it (UTC, the round at 07:30:
 * his Phenobarbital late at 07:45 and missed after 08:00, his Rimadyl late at 08:15 and missed after
 * 09:30), the form drawn as the listener draws it, over a real care record (SQLite) and a clock the
 * test moves.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Sheet, SheetPet } from "../../src/answers/sheets.ts";
import type { Deps } from "../../src/deps.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { MISSED_HIGH_ALERT_ASK } from "../../src/words/doses.ts";
import { BOOKING, DATE, miloDeps } from "../helpers/milo-morning.ts";
import { confirmedByTwo, recordFromForm } from "../helpers/not-asked.ts";
import { keepOnePetRound, onePetRound } from "../helpers/one-pet-round.ts";
import { scratchRecord } from "../helpers/record.ts";
import { recordEachForm } from "../helpers/record-each-form.ts";

const PHENOBARBITAL = "Phenobarbital 30 mg 1 tab AM";
const RIMADYL = "Rimadyl 50 mg 1 tab AM with food";
let at = Date.parse(`${DATE}T07:40:00Z`);
const clock = { now: () => new Date(at) };
const kennel = { getBooking: async () => ({ data: BOOKING }) } as unknown as Deps["kennel"];
let store: CareRecordStore;
let sheet: Sheet;
let pet: SheetPet;
const deps = () => ({ ...miloDeps(store, clock), kennel });
const now = (time: string) => {
  at = Date.parse(`${DATE}T${time}:00Z`);
};

/** Each dose item's hint on the form opened now, by its block ("it:med:1"). */
async function hints(): Promise<Record<string, string>> {
  const { view } = await recordEachForm(deps(), sheet, pet);
  const blocks = (view as { blocks: { block_id?: string; hint?: { text: string } }[] }).blocks;
  return Object.fromEntries(
    blocks.filter((b) => b.block_id?.startsWith("it:med:")).map((b) => [b.block_id, b.hint?.text ?? ""]),
  );
}

beforeEach(async () => {
  now("07:00");
  store = scratchRecord(clock);
  const round = onePetRound({
    fields: { petId: 81, name: "Milo", medication: PHENOBARBITAL, medication2: RIMADYL },
    booking: { bookingId: 31, roomName: "Kennel 31", reference: "MILO" },
    stay: { arrival: BOOKING.checkInDate, departure: BOOKING.checkOutDate },
    date: DATE,
    round: "morning",
    plan: (drafted) => confirmedByTwo(drafted),
  });
  ({ sheet, pet } = await keepOnePetRound(deps(), round));
  expect(pet.due.filter((d) => d.highAlert).map((d) => d.item)).toEqual(["med:1"]);
});

describe("Record each… for a high-alert dose missed", () => {
  it("says first at its item to ask the vet before giving it late; the low-risk drug missed beside it, nothing more", async () => {
    now("10:30");
    expect(await hints()).toEqual({
      "it:med:1": `${MISSED_HIGH_ALERT_ASK} · ${PHENOBARBITAL}`,
      "it:med:2": RIMADYL,
    });
  });

  it("says it once the high-alert window closes, while the low-risk drug is still only late", async () => {
    now("08:30");
    expect(await hints()).toEqual({
      "it:med:1": `${MISSED_HIGH_ALERT_ASK} · ${PHENOBARBITAL}`,
      "it:med:2": RIMADYL,
    });
  });

  it("says nothing of it while it is late, its window still open", async () => {
    now("07:50");
    expect(await hints()).toEqual({ "it:med:1": PHENOBARBITAL, "it:med:2": RIMADYL });
  });

  it("says nothing of it once recorded", async () => {
    now("07:40");
    const jane = { userId: "U0JANE", userName: "Jane" };
    await recordFromForm(deps(), sheet, pet, { "med:1": "given" }, jane, "view:M1");
    now("10:30");
    expect(await hints()).toEqual({ "it:med:1": PHENOBARBITAL, "it:med:2": RIMADYL });
  });
});
