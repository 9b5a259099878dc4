/**
 * One drug in two slots, the plan's "one dose or two?" not answered (src/domain/day-dose.ts): a
 * round asked both and neither was recorded. The stay's record (Slack's "Stay record", `kennel-desk
 * record --booking`, the connector) keeps its counts as the round asked them ("0 of 2 doses given")
 * and says, on each missed line, that they may be one dose: an inspector reads that the kennel had
 * not answered. One given at a round settles the other there, and nothing says it then. Over a real
 * care record (SQLite).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { stayRecords } from "../../src/answers/stay.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import type { KennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { stayRecordDoc, staySummaryDocLines } from "../../src/present/stay.ts";
import type { CareRecordStore, ItemKey } from "../../src/record/types.ts";
import { docText, terminalLine } from "../../src/text/doc.ts";
import { doseWindow, keepObligation } from "../helpers/obligations.ts";
import { recorded, scratchRecord } from "../helpers/record.ts";

const DAY = "2026-12-02";
const NOW = `${DAY}T15:00:00Z`;
const TEXT = { color: false, timezone: "UTC", thisYear: "2026" };
const config = loadConfig({ KENNEL_TIMEZONE: "UTC", ROUNDS_TIMES: "07:30,12:00,18:00" });
const ASK = "(one drug in two slots: one dose or two? not answered on its plan)";

const bella = {
  bookingId: 100007,
  petId: 5577,
  name: "Bella",
  reference: "HP-BELLA1",
  checkIn: "2026-12-01T10:00:00.000Z",
  checkOut: "2026-12-04T10:00:00.000Z",
};
const booking = {
  bookingId: 100007,
  reference: "HP-BELLA1",
  checkInDate: "2026-12-01T10:00:00Z",
  checkOutDate: "2026-12-04T10:00:00Z",
  status: "Checked In",
};

/** The same drug in medication 1 and 2, the plan not confirmed: each slot names the other. */
const slot = (item: ItemKey, label: string, other: ItemKey, window: ReturnType<typeof doseWindow>) => ({
  item,
  label,
  text: label,
  window,
  confirmed: false,
  sameDrugAs: [other],
});
const slots = (window: ReturnType<typeof doseWindow>) => [
  slot("med:1", "Owner's own Metacam 1.5ml", "med:2", window),
  slot("med:2", "Kennel stock Metacam 1.5ml", "med:1", window),
];

let store: CareRecordStore;
let clock = `${DAY}T07:00:00Z`;

beforeAll(async () => {
  store = scratchRecord({ now: () => new Date(clock) });
  await store.kennel();
  // The morning round asked both slots and nobody recorded either: both missed.
  await keepObligation(store, DAY, [{ ...bella, items: slots(doseWindow(DAY)) }], "morning");
  // The midday round asked both again; Jane gave medication 1, which settles medication 2 there.
  const midday = doseWindow(DAY, ["11:30", "12:00", "12:30", "14:00"]);
  await keepObligation(store, DAY, [{ ...bella, items: slots(midday) }], "midday");
  clock = `${DAY}T12:05:00Z`;
  await recorded(store, {
    date: DAY,
    round: "midday",
    bookingId: bella.bookingId,
    petId: bella.petId,
    petName: "Bella",
    item: "med:1",
    itemText: "Owner's own Metacam 1.5ml",
    outcome: "given",
    userId: "U0JANE",
    userName: "Jane",
    requestKey: "tap:midday",
  });
});
afterAll(() => store?.close());

function deps(): Deps {
  const kennel = {
    getBooking: async () => ({ data: booking, requestId: "r-1", raw: booking }),
  } as unknown as KennelClient;
  return { kennel, config, clock: { now: () => new Date(NOW) }, log: silentLogger(), record: store };
}

async function bellaStay() {
  const stays = await stayRecords(deps(), [{ booking, care: undefined }]);
  const stay = stays?.get(100007);
  if (!stay) throw new Error("no stay record");
  return stay;
}

it("both slots asked and neither recorded: each missed line says one dose or two was not answered, the counts as asked", async () => {
  const stay = await bellaStay();
  const [pet] = stay.pets;
  // The round asked two and one was given: counted as the rounds asked them.
  expect(pet?.doses).toMatchObject({ due: 3, given: 1 });
  const missed = (pet?.exceptions ?? []).filter((x) => x.kind === "missed");
  expect(missed.map((x) => [x.round, x.label, x.twoSlots])).toEqual([
    ["morning", "Owner's own Metacam 1.5ml", true],
    ["morning", "Kennel stock Metacam 1.5ml", true],
  ]);
  const text = docText(stayRecordDoc(stay, "HP-BELLA1", { timezone: "UTC" }), TEXT);
  const lines = text.split("\n");
  // The summary line, the list of late, missed and not given, and each round's lines: every place
  // the stay lists the two missed slots says it.
  const summary = lines.find((l) => l.includes("Stay record, Bella:")) ?? "";
  expect(summary).toContain("1 of 3 doses given");
  expect(summary).toContain(
    `Metacam 1.5ml (plan not confirmed) missed Wed 2 Dec, morning round (07:30) ${ASK}`,
  );
  expect(summary.split(ASK).length - 1).toBe(2);
  const listed = lines.filter((l) => l !== summary && l.includes("❌") && l.includes("Metacam"));
  expect(listed.length).toBe(4);
  for (const l of listed) expect(l).toContain(ASK);
  // The midday round: medication 1 given, medication 2 settled by it; nothing says to ask there.
  const midday = lines.slice(lines.findIndex((l) => l.includes("Wed 2 Dec, midday round")));
  expect(midday.join("\n")).not.toContain("one dose or two");
  // Medication 1 given at midday, medication 2 is settled by it: not missed, nothing of two slots.
  const settled = (pet?.items ?? []).filter((i) => i.round === "midday");
  expect(settled.map((i) => [i.item, i.state.state, i.twoSlots])).toEqual([
    ["med:1", "recorded", undefined],
    ["med:2", "not_due", undefined],
  ]);
  // Slack's and the terminal's summary line under the booking say it too.
  const [line] = staySummaryDocLines(stay, "UTC");
  expect(terminalLine(TEXT, line ?? [])).toContain(ASK);
});
