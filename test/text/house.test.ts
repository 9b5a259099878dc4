/** The care day as terminal text: the round's sheet, the in-house board, tomorrow's check, today. */
import { describe, expect, it } from "vitest";
import type { HouseReport } from "../../src/answers/house.ts";
import type { TodayOverview, TomorrowCheck } from "../../src/answers/today.ts";
import type { Round } from "../../src/domain/care.ts";
import { careOfBooking, entryOf } from "../../src/domain/day.ts";
import { flagsOf } from "../../src/domain/flags.ts";
import { draftPlan } from "../../src/domain/plan/draft.ts";
import type { ItemOnRound } from "../../src/domain/plan/schedule.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import { houseText, roundText, todayText, tomorrowText } from "../../src/text/index.ts";
import { stayContext } from "../helpers/reader.ts";
import { booking, PLAIN, pet, petBlock, roundOf } from "./fixtures.ts";

describe("roundText", () => {
  const evening = pet({
    name: "Tinned Ted",
    medication: "Thyroxine 0.4 mg, one tablet",
    medicationPm: "one tablet with dinner",
    dietaryRequirementsNoon: "a handful of kibble",
  });
  const quiet = pet({
    petId: 502,
    name: "Quiet Quentin",
    dietaryRequirementsAm: "a scoop of kibble",
    dietaryRequirementsPm: undefined,
  });
  const unfed = pet({
    petId: 503,
    name: "Unrecorded Una",
    dietaryRequirementsAm: undefined,
    dietaryRequirementsPm: undefined,
  });
  const rows: Array<[ReturnType<typeof booking>, ReturnType<typeof pet>]> = [
    [booking({ roomName: "Kennel 2" }), evening],
    [booking({ bookingId: 9002, roomName: "Kennel 10", customerName: "Bo Quist" }), quiet],
    [booking({ bookingId: 9003, roomName: "Kennel 11", customerName: "Cy Quist" }), unfed],
  ];

  it("a pet with an evening-only medication: the drug and its dose in the evening, no dose at midday", () => {
    const eveningText = roundText(roundOf("evening", rows), PLAIN);
    const ted = petBlock(eveningText, "Tinned Ted");
    expect(ted).toContain(
      "💊 Thyroxine 0.4 mg · evening: one tablet with dinner (instruction: Thyroxine 0.4 mg, one tablet)",
    );
    expect(ted).toContain("🍽 evening: 200 g kibble");
    const midday = petBlock(roundText(roundOf("midday", rows), PLAIN), "Tinned Ted");
    expect(midday).toContain("💊 Thyroxine 0.4 mg · nothing this round (given at the evening round)");
    expect(midday).not.toContain("one tablet with dinner");
    expect(midday).toContain("🍽 midday: a handful of kibble");
  });

  it("every pet is listed by room; a pet with nothing this round, by its record, is one line; no diet on record is never 'nothing'", () => {
    const text = roundText(roundOf("evening", rows), PLAIN);
    expect(text).toMatch(/^Evening round — Tue 24 Nov \(3 pets\)\n═+/);
    // Each pet's first line names its room (a pet can be read alone, in a thread's reply too).
    expect(text.indexOf("Kennel 2 · ")).toBeGreaterThan(0);
    expect(text.indexOf("Kennel 2 · ")).toBeLessThan(text.indexOf("Kennel 10 · "));
    expect(petBlock(text, "Quiet Quentin")).toMatch(
      /^ {2}Kennel \d+ · 🐕 Quiet Quentin \(Bo Quist\) · nothing this round$/,
    );
    expect(petBlock(text, "Unrecorded Una")).toMatch(
      /^ {2}Kennel \d+ · 🐕 Unrecorded Una \(Cy Quist\)\n {5}🍽 house routine: morning and evening \(no diet on record: check the booking\)$/,
    );
    expect(text).toContain(
      "💊 1 with medication this round · 🍽 1 with a diet · 1 with no diet on record (house routine) · 1 with nothing this round",
    );
    // At midday (not a round of the default house routine): nothing about its food, nothing this round.
    const midday = roundText(roundOf("midday", rows), PLAIN);
    expect(petBlock(midday, "Unrecorded Una")).toMatch(
      /^ {2}Kennel \d+ · 🐕 Unrecorded Una \(Cy Quist\) · nothing this round$/,
    );
    expect(midday).not.toContain("no diet on record");
  });

  it("the morning sheet: every instruction in full, labelled as the instruction, then what is due later", () => {
    const ted = petBlock(roundText(roundOf("morning", rows), PLAIN), "Tinned Ted");
    expect(ted).toContain(
      "💊 Thyroxine 0.4 mg · instruction: Thyroxine 0.4 mg, one tablet · later: evening: one tablet with dinner",
    );
    expect(ted).not.toContain("nothing this round");
  });

  it("a medication with no time given shows in every round, marked as having none", () => {
    const r = [[booking(), pet({ name: "Pill Pat", medication: "Probiotic paste, 1 syringe" })]] as Array<
      [ReturnType<typeof booking>, ReturnType<typeof pet>]
    >;
    for (const round of ["morning", "midday", "evening"] as const) {
      expect(roundText(roundOf(round, r), PLAIN)).toContain(
        "💊 Probiotic paste · instruction: Probiotic paste, 1 syringe · no time given: follow the instruction",
      );
    }
  });
});

describe("roundText with a care plan", () => {
  // Scout: "Apoquel 16 mg, one tablet" names no round; a person set it to the morning.
  const scout = pet({ name: "Scout", medication: "Apoquel 16 mg, one tablet" });
  const withPlan = (round: Round, on: ItemOnRound) => {
    const report = roundOf(round, [[booking({ roomName: "Kennel 2" }), scout]]);
    const drafted = draftPlan(
      scout,
      stayContext("2026-11-23T10:00:00Z", "2026-11-27T10:00:00Z", {
        bookingId: 9001,
        petId: 501,
        houseMeals: { rounds: ["morning", "evening"], bySpecies: {} },
      }),
    );
    const item = drafted.items.find((i) => i.key === "med:1") as PlanItem;
    const plan = { versionId: 1, state: "confirmed" as const, plan: drafted, items: [{ item, on }] };
    report.pets = report.pets.map((p) => ({ ...p, plan }));
    return petBlock(roundText(report, PLAIN), "Scout");
  };

  it("a plan saying not this round: the instruction whole and the plan's word, never 'follow the instruction' beside it", () => {
    const midday = withPlan("midday", { status: "not_due", why: "not_this_round" });
    expect(midday).toContain(
      "💊 Apoquel 16 mg · instruction: Apoquel 16 mg, one tablet · 📋 plan: not this round",
    );
    expect(midday).not.toContain("no time given");
    // In the morning the instruction is there whole whatever the plan says (never hide a dose).
    const morning = withPlan("morning", { status: "not_due", why: "not_this_round" });
    expect(morning).toContain("instruction: Apoquel 16 mg, one tablet · 📋 plan: not this round");
  });

  it("a plan saying due, as the sheet does: the sheet's line alone", () => {
    const due = withPlan("midday", { status: "due", amount: undefined });
    expect(due).toContain("no time given: follow the instruction");
    expect(due).not.toContain("📋");
  });
});

describe("houseText, tomorrowText, todayText", () => {
  it("the in-house board: by room, owner, going-home date or “going home today”", () => {
    const b1 = booking({ roomName: "Kennel 2" });
    const b2 = booking({
      bookingId: 9002,
      reference: "HP-2",
      roomName: "Kennel 2",
      customerName: "Bo Quist",
      checkOutDate: "2026-11-24T10:00:00Z",
    });
    const entries = [b1, b2].map((b, i) => ({
      ...entryOf(b, careOfBooking(b, [pet({ allergies: i ? "beef" : undefined })])),
      goingHome: i === 1,
      arriving: false,
    }));
    const r: HouseReport = {
      date: "2026-11-24",
      entries,
      totals: {
        bookings: 2,
        pets: 2,
        rooms: 1,
        goingHome: 1,
        arriving: 0,
        careNotMatched: 0,
        careNotLoaded: 0,
      },
      page: 1,
      pages: 1,
      from: 0,
      requestId: "req-house",
      careProblem: undefined,
      calls: 3,
    };
    const text = houseText(r, PLAIN);
    expect(text).toMatch(/^In house — Tue 24 Nov \(2 pets\)/);
    expect(text).toContain(
      "2 pets in house that day · 1 room · 🏠 1 going home that day · 🛬 0 arriving that day",
    );
    expect(text.match(/^Kennel 2$/gm)).toHaveLength(1);
    expect(text).toContain("Biscuit · Ann Lee · home Fri 27 Nov · HP-7K2M9Q");
    expect(text).toContain("Biscuit · Bo Quist · 🏠 going home that day");
    expect(text).toContain("Biscuit: ⚠️ allergies: beef");
    // Today's house (it counts the pets here now): "today", not "that day".
    const today = houseText({ ...r, totals: { ...r.totals, count: { day: 2, now: 2 } } }, PLAIN);
    expect(today).toContain("2 pets in house now · 1 room · 🏠 1 going home today · 🛬 0 arriving today");
    expect(today).toContain("Biscuit · Bo Quist · 🏠 going home today");
    expect(today).not.toContain("that day");
  });

  it("tomorrow's check names what is missing per pet, and the unmatched", () => {
    const t: TomorrowCheck = {
      date: "2026-11-25",
      entries: [
        {
          booking: booking(),
          pets: [{ flags: flagsOf(pet({ evaluationComplete: 0 })), missing: ["not evaluated"] }],
          careStatus: "not_matched",
          unmatched: ["Bisquit"],
        },
      ],
      arrivals: 12,
      leftOut: { calledOff: 1, waitlisted: 0 },
      requestId: "req-t",
      careProblem: undefined,
    };
    const text = tomorrowText(t, PLAIN);
    expect(text).toContain("Care details missing — arrivals Wed 25 Nov (1 of 12)");
    expect(text).toContain("Biscuit: not evaluated");
    expect(text).toContain("❔ care details not matched: open the booking (Bisquit)");
    expect(text).toContain("1 cancelled or no-show not listed");
  });

  it("today at a glance says which parts could not be loaded", () => {
    const t: TodayOverview = {
      date: "2026-11-24",
      round: "midday",
      arrivals: 1,
      departures: 3,
      unpaidDepartures: 2,
      inHouse: undefined,
      medicationThisRound: undefined,
      careMissingTomorrow: 0,
      problems: ["in house: The kennel API had a problem (request id x-1)"],
    };
    const text = todayText(t, PLAIN);
    expect(text).toContain("🛬 Arrivals: 1 booking");
    expect(text).toContain("🏠 Departures: 3 bookings");
    expect(text).toContain("🔴 Departures with money to take (unpaid or part-paid): 2 bookings");
    expect(text).toContain("🐾 In house: ?");
    expect(text).toContain("⚠️ Some figures could not be loaded (shown as ?):");
    expect(text).toContain("• in house: The kennel API had a problem (request id x-1)");
  });
});
