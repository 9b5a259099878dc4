/**
 * The record beside one pet in a few words (a round post short of room): a high-alert dose given
 * with no witness in time and one entered from the paper chart with no witness on it are counted
 * apart, "💉 1 unwitnessed · 1 no witness on the paper", never one figure of "unwitnessed".
 */
import { describe, expect, it } from "vitest";
import { petRoundStatus } from "../../src/domain/record.ts";
import { petRecordCompact } from "../../src/present/record.ts";
import type { Entry, ItemKey } from "../../src/record/types.ts";
import { terminalLine } from "../../src/text/doc.ts";

const TZ = "Europe/London";
const DATE = "2026-11-24";
const pet = { date: DATE, round: "morning" as const, bookingId: 501, petId: 77 };

let id = 1;
function given(item: ItemKey, more: Partial<Entry> = {}): Entry {
  return {
    id,
    seq: id++,
    kennel: "test",
    ...pet,
    petName: "Biscuit",
    item,
    itemText: "Caninsulin 6 units",
    outcome: "given",
    userId: "U1",
    userName: "Jane",
    requestKey: `k${id}`,
    recordedAt: "2026-11-24T07:40:00Z",
    ...more,
  };
}

const due = (["med:1", "med:2", "med:3"] as const).map((item) => ({
  item,
  label: `Drug ${item}`,
  text: "6 units",
  highAlert: true,
}));

const compact = (entries: Entry[]) =>
  petRecordCompact(petRoundStatus(pet, due, entries), TZ, {
    witnesses: new Map(),
    now: "2026-11-24T15:00:00Z",
  })
    .map((l) => terminalLine({ color: false, timezone: TZ, thisYear: "2026" }, l))
    .join("\n");

describe("the record beside one pet, in a few words", () => {
  it("counts the doses with no witness on the paper apart from those unwitnessed in time", () => {
    const paper = { by: "JD" };
    const text = compact([
      given("med:1"),
      given("med:2", { givenAt: "2026-11-24T07:45:00Z", paper }),
      given("med:3", { givenAt: "2026-11-24T07:50:00Z", paper }),
    ]);
    expect(text).toContain("💉 1 unwitnessed · 2 no witness on the paper");
  });

  it("says only the one there is", () => {
    expect(
      compact([given("med:1"), given("med:2"), given("med:3", { paper: { by: "JD", witness: "TB" } })]),
    ).toMatch(/💉 2 unwitnessed$/);
    expect(
      compact([
        given("med:1", { paper: { by: "JD" } }),
        given("med:2", { paper: { by: "JD", witness: "TB" } }),
      ]),
    ).toContain("💉 1 no witness on the paper");
    expect(compact([given("med:1", { paper: { by: "JD" } })])).not.toContain("unwitnessed");
  });
});
