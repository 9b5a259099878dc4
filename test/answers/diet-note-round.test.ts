/**
 * A general diet note on the busy day's midday round, over real loopback HTTP: a pet whose only diet
 * is a general note that names no meal nor round ("Treats allowed in moderation") has no midday
 * meal: the sheet shows the note whole, the late reply does not chase it, "meals not recorded" does
 * not count it; a pet with a midday diet keeps its meal.
 */
import { describe, expect, it } from "vitest";
import { roundDoses } from "../../src/answers/obligations.ts";
import { type RoundPet, roundReport } from "../../src/answers/rounds.ts";
import { dueItems, petRoundStatus, roundProgress } from "../../src/domain/record.ts";
import { draftSheet } from "../../src/present/round-sheet.ts";
import { roundText } from "../../src/text/index.ts";
import { scratchRecord } from "../helpers/record.ts";
import { PLAIN } from "../text/fixtures.ts";
import { TZ, useFullHouse } from "./full-house.ts";

const { house, depsAt } = useFullHouse();

/** No midday diet (none of its own, none another round's words name), a general one naming no round, meal nor count. */
const noteOnly = (p: RoundPet) => {
  const api = p.pet?.pet;
  return Boolean(
    p.sheet &&
      p.sheet.diet.named.length === 0 &&
      api?.dietaryRequirements &&
      !api.dietaryRequirementsNoon &&
      !/\b(am|pm|morning|midday|noon|lunch|evening|breakfast|dinner|tea|supper|twice|two|three|meals?|fast\w*)\b/i.test(
        api.dietaryRequirements,
      ),
  );
};
const key = (p: { room?: string | undefined; petName?: string | undefined }) => `${p.room}|${p.petName}`;

describe("a general diet note at midday on the busy day", () => {
  it("is shown whole, never a meal due, chased as late nor counted; a midday diet stays a meal", async () => {
    const deps = depsAt("13:00", { record: scratchRecord() });
    const report = await roundReport(deps, "midday", house.day);
    const notes = report.pets.filter(noteOnly);
    expect(notes.length).toBeGreaterThan(2);
    const chased = new Set(
      (await roundDoses(deps, "midday", house.day)).filter((d) => d.due.item === "meal").map(key),
    );
    for (const p of notes) {
      const words = p.pet?.pet.dietaryRequirements as string;
      expect(p.sheet && dueItems(p.sheet).some((d) => d.item === "meal"), words).toBe(false);
      expect(chased.has(`${p.booking.roomName}|${p.pet?.pet.name}`), words).toBe(false);
      expect(roundText({ ...report, pets: [p] }, PLAIN)).toContain(
        `📝 general diet (no meal this round): ${words}`,
      );
    }
    // A pet with a midday diet: its meal is due and chased.
    const midday = report.pets.filter((p) => p.pet?.pet.dietaryRequirementsNoon && p.sheet);
    expect(midday.length).toBeGreaterThan(0);
    for (const p of midday) expect(p.sheet && dueItems(p.sheet).some((d) => d.item === "meal")).toBe(true);
    // "meals not recorded": the midday meals only.
    const sheet = draftSheet(report, { timezone: TZ });
    const statuses = sheet.pets.map((p) =>
      petRoundStatus({ date: house.day, round: "midday", bookingId: p.bookingId, petId: p.petId }, p.due, []),
    );
    const meals = sheet.pets.filter((p) => p.due.some((d) => d.item === "meal")).length;
    expect(roundProgress(statuses).mealsLeft).toBe(meals);
    const noted = new Set(notes.map((p) => `${p.booking.bookingId}|${p.pet?.pet.petId}`));
    expect(
      sheet.pets.filter(
        (p) => noted.has(`${p.bookingId}|${p.petId}`) && p.due.some((d) => d.item === "meal"),
      ),
    ).toEqual([]);
  });
});
