/**
 * Today at a glance: the Home tab's figures and the terminal's text are one document serialized
 * twice (the Home tab adds its help below a divider and a line on where lists open).
 */
import { describe, expect, it } from "vitest";
import { describeFailure } from "../../src/answers/failure.ts";
import { houseReport } from "../../src/answers/house.ts";
import { keepRound } from "../../src/answers/obligations.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import { todayOverview } from "../../src/answers/today.ts";
import { homeBlocks } from "../../src/blocks/home.ts";
import { houseMessages } from "../../src/blocks/house.ts";
import { BadRequestError } from "../../src/kennel/errors.ts";
import { houseText, todayText } from "../../src/text/index.ts";
import { busyDay, expectSameLines, TEXT, TZ } from "./harness.ts";

const busy = busyDay();

/** The Home tab down to its divider: the day's figures (the help below it is Slack's own). */
const homeFigures = (blocks: ReturnType<typeof homeBlocks>) =>
  blocks.slice(0, blocks.findIndex((b) => b.type === "divider") - 1);

describe("today at a glance: one document, two serializers", () => {
  it("the sandbox's day: every figure with its unit, the same on both", async () => {
    const t = await todayOverview(busy.deps);
    const lines = expectSameLines([{ text: "", blocks: homeFigures(homeBlocks(t, TZ)) }], todayText(t, TEXT));
    expect(lines).toContain(`🛬 Arrivals: ${t.arrivals} booking${t.arrivals === 1 ? "" : "s"}`);
    // What the count counts: the pets here now, and the day's (no round kept yet in this test).
    expect(t.house?.now).toBeDefined();
    expect(lines).toContain(`🐾 In house: ${t.house?.now} pets now · ${t.inHouse} in house today`);
    // Slack's "🖨 Chart" (today's medication chart, sent as a file): a button, no line of its own.
    expect(JSON.stringify(homeBlocks(t, TZ))).toContain('"action_id":"day_chart"');
    expect(todayText(t, TEXT)).not.toContain("Chart");
  });

  it("the house's count says what it counts: here now, on the morning's sheet as kept, who arrived since", async () => {
    // The morning round kept without one stay here now: as if its booking were made after 07:30.
    const now = await roundReport(busy.deps, "morning", busy.today);
    const late = now.pets.find((p) => p.pet && !p.arrives && !p.checkedOutAt && !p.pastCheckOut)?.booking;
    const pets = late?.numberOfPets ?? 1;
    const kept = {
      ...now,
      pets: now.pets.filter((p) => p.booking.bookingId !== late?.bookingId),
      totals: { ...now.totals, inHouse: now.totals.inHouse - pets },
    };
    const owed = await keepRound(busy.deps, kept);
    const onSheet = owed?.counts?.onSheet;
    const t = await todayOverview(busy.deps);
    const lines = expectSameLines([{ text: "", blocks: homeFigures(homeBlocks(t, TZ)) }], todayText(t, TEXT));
    const sheet = `${onSheet} on the 07:30 sheet (${pets} arrived since`;
    const row = lines.find((l) => l.startsWith("🐾 In house: "));
    expect(row).toMatch(
      new RegExp(`^🐾 In house: ${t.house?.now} pets now · ${sheet.replace(/[()]/g, "\\$&")}`),
    );
    // The in-house list says the same count, in the same words, on Slack and in the terminal.
    const r = await houseReport(busy.deps, busy.today, { page: 1 });
    const house = expectSameLines(houseMessages(r, TZ, "2026"), houseText(r, TEXT));
    expect(house[1]).toContain(`${t.house?.now} pets in house now · ${sheet}`);
  });

  it("fasting first, the record's figures, and what could not be loaded", () => {
    const t = {
      date: "2026-11-22",
      round: "midday" as const,
      arrivals: 3,
      departures: undefined,
      unpaidDepartures: undefined,
      paymentToCheck: 1,
      inHouse: 12,
      medicationThisRound: 2,
      careMissingTomorrow: 0,
      fasting: ["Biscuit (Suite A): NIL BY MOUTH – op at 10:00 <!channel>"],
      record: { round: { recorded: 1, pets: 2 }, offFood: [], problem: undefined },
      problems: ["Departures: the kennel API did not answer in time (request id req-9)."],
    };
    const blocks = homeBlocks(t, TZ);
    const lines = expectSameLines([{ text: "", blocks: homeFigures(blocks) }], todayText(t, TEXT));
    expect(lines.slice(1, 3)).toEqual([
      "🚫 Fasting:",
      "• Biscuit (Suite A): NIL BY MOUTH – op at 10:00 <!channel>",
    ]);
    expect(lines).toContain("🏠 Departures: ?");
    expect(lines).toContain("📋 This round (midday): 1 of 2 pets recorded");
    expect(lines).toContain("• Departures: the kennel API did not answer in time (request id req-9).");
    expect(JSON.stringify(blocks)).not.toContain("<!channel>");
  });

  it("a figure not loaded: the API's own words and the request id whole (it was cut at 400 characters)", () => {
    // What the kennel API said of a refused request (kept to 300 characters where it is read), as Home says it.
    const said = Array.from({ length: 60 }, (_, i) => `word${i}`)
      .join(" ")
      .slice(0, 300);
    const f = describeFailure(new BadRequestError(said, { status: 422, requestId: "req-7f3a9c" }));
    const problem = `departures: ${f.what} ${f.whatToDo} (request id ${f.requestId})`;
    expect(problem.length).toBeGreaterThan(400);
    const t = {
      date: "2026-11-22",
      round: "midday" as const,
      arrivals: 3,
      departures: undefined,
      unpaidDepartures: undefined,
      paymentToCheck: undefined,
      inHouse: 12,
      medicationThisRound: 2,
      careMissingTomorrow: 0,
      problems: [problem],
    };
    const lines = expectSameLines([{ text: "", blocks: homeFigures(homeBlocks(t, TZ)) }], todayText(t, TEXT));
    expect(lines).toContain(`• ${problem}`);
    expect(lines.join("\n")).toContain("(request id req-7f3a9c)");
  });

  it("late and missed doses beyond the eight named are counted by state, never one count of both", () => {
    const window = {
      opensAt: "2026-11-22T07:30:00Z",
      dueAt: "2026-11-22T08:00:00Z",
      lateAt: "2026-11-22T08:45:00Z",
      closesAt: "2026-11-22T10:00:00Z",
    };
    const dose = (i: number, state: "late" | "missed") => ({
      state,
      round: "morning" as const,
      petName: `Pet ${i}`,
      room: undefined,
      label: "Metacam",
      window,
    });
    // Missed first, as the answer lists them: 10 missed, then 5 late; 8 named, 2 missed and 5 late left.
    const named = [
      ...Array.from({ length: 10 }, (_, i) => dose(i, "missed")),
      ...Array.from({ length: 5 }, (_, i) => dose(20 + i, "late")),
    ];
    const figures = {
      due: 20,
      onTime: 5,
      givenEarly: 0,
      givenLate: 0,
      afterWindow: 0,
      open: 5,
      openLate: 5,
      missed: 10,
      refused: 0,
      notGiven: 0,
      lateEntries: 0,
      notDue: 0,
      fromWords: 0,
    };
    const t = {
      date: "2026-11-22",
      round: "midday" as const,
      arrivals: 0,
      departures: 0,
      unpaidDepartures: 0,
      paymentToCheck: 0,
      inHouse: 12,
      medicationThisRound: 2,
      careMissingTomorrow: 0,
      fasting: [],
      record: {
        round: { recorded: 1, pets: 2 },
        offFood: [],
        problem: undefined,
        doses: { figures, named },
      },
      problems: [],
    };
    const lines = expectSameLines([{ text: "", blocks: homeFigures(homeBlocks(t, TZ)) }], todayText(t, TEXT));
    expect(lines).toContain("and 7 more (❌ 2 missed, ⏰ 5 late): see each round post's thread (/rounds)");
  });

  it("past the eight named, a refused dose is pointed to the round post itself, not only its thread", () => {
    const window = {
      opensAt: "2026-11-22T07:30:00Z",
      dueAt: "2026-11-22T08:00:00Z",
      lateAt: "2026-11-22T08:45:00Z",
      closesAt: "2026-11-22T10:00:00Z",
    };
    const base = (i: number) => ({
      round: "morning" as const,
      petName: `Pet ${i}`,
      room: undefined,
      label: "Metacam",
      window,
    });
    const refused = (i: number) => ({
      ...base(i),
      state: "refused" as const,
      at: "2026-11-22T07:40:00Z",
      userName: "Jane",
    });
    const missed = (i: number) => ({ ...base(i), state: "missed" as const });
    // Refused first, as the answer lists them: 9 refused, then 2 missed; 8 named, 1 refused and 2 missed left.
    const named = [
      ...Array.from({ length: 9 }, (_, i) => refused(i)),
      ...Array.from({ length: 2 }, (_, i) => missed(20 + i)),
    ];
    const figures = {
      due: 11,
      onTime: 0,
      givenEarly: 0,
      givenLate: 0,
      afterWindow: 0,
      open: 0,
      openLate: 0,
      missed: 2,
      refused: 9,
      notGiven: 0,
      lateEntries: 0,
      notDue: 0,
      fromWords: 0,
    };
    const t = {
      date: "2026-11-22",
      round: "midday" as const,
      arrivals: 0,
      departures: 0,
      unpaidDepartures: 0,
      paymentToCheck: 0,
      inHouse: 12,
      medicationThisRound: 2,
      careMissingTomorrow: 0,
      fasting: [],
      record: { round: { recorded: 1, pets: 2 }, offFood: [], problem: undefined, doses: { figures, named } },
      problems: [],
    };
    const lines = expectSameLines([{ text: "", blocks: homeFigures(homeBlocks(t, TZ)) }], todayText(t, TEXT));
    expect(lines).toContain(
      "and 3 more (❌ 2 missed, ⚠️ 1 refused): see each round post and its thread (/rounds)",
    );
  });
});
