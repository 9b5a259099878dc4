/**
 * The house routine (KENNEL_HOUSE_MEALS, issue 39) on the sandbox's busy day, over real loopback
 * HTTP: a pet with no diet on record has a meal due only at the routine's rounds, and the sheet, the
 * record's due items, the dose times' late and missed replies, "meals not recorded", the Home tab's figure
 * and the stay's record all count only those.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { homeRecord } from "../../src/answers/home-record.ts";
import { roundDoses } from "../../src/answers/obligations.ts";
import { type RoundPet, type RoundReport, roundReport } from "../../src/answers/rounds.ts";
import { stayFacts, stayOf } from "../../src/answers/stay.ts";
import type { Deps } from "../../src/deps.ts";
import { ROUNDS, type Round } from "../../src/domain/care.ts";
import { dueItems, petRoundStatus, roundProgress } from "../../src/domain/record.ts";
import { draftSheet } from "../../src/present/round-sheet.ts";
import { openCareRecord } from "../../src/record/open.ts";
import { roundText } from "../../src/text/index.ts";
import { addDays, zonedInstant } from "../../src/time.ts";
import { runCommand } from "../cli/helpers.ts";
import { scratchRecord } from "../helpers/record.ts";
import { keepRounds } from "../helpers/rounds.ts";
import { PLAIN } from "../text/fixtures.ts";
import { TZ, useFullHouse } from "./full-house.ts";

const AT: Record<Round, string> = { morning: "08:00", midday: "12:30", evening: "18:30" };
const { house, depsAt: onHouse } = useFullHouse();

/** Deps on the sandbox with these settings and a care record of their own, the clock at a local time of a day. */
const depsAt = (hhmm: string, env: Record<string, string> = {}, date?: string): Deps =>
  onHouse(hhmm, { env, record: scratchRecord(), ...(date ? { date } : {}) });

const noDiet = (species: string) => (p: RoundPet) =>
  p.sheet?.noDiet === true && p.pet?.pet.petType?.toLowerCase() === species;
const mealDue = (p: RoundPet) => (p.sheet ? dueItems(p.sheet).some((d) => d.item === "meal") : false);
const names = (pets: RoundPet[]) => pets.map((p) => p.pet?.pet.name).sort();

/** One pet's lines on the printed sheet (its first line, then its detail lines). */
function sheetOf(report: RoundReport, p: RoundPet): string {
  const text = roundText({ ...report, pets: [p] }, PLAIN);
  return text
    .split("\n")
    .filter((l) => /^ {2}\S/.test(l) || /^ {5}\S/.test(l))
    .join("\n");
}

describe("the house routine on the busy day", () => {
  it("by default (morning and evening): a dog with no diet has no midday meal due, and the sheet says nothing of its food there", async () => {
    const deps = depsAt(AT.midday);
    const midday = await roundReport(deps, "midday", house.day);
    const dogs = midday.pets.filter(noDiet("dog"));
    expect(dogs.length).toBeGreaterThan(2);
    expect(dogs.filter(mealDue)).toEqual([]);
    for (const dog of dogs) expect(sheetOf(midday, dog)).not.toContain("🍽");
    expect(roundText(midday, PLAIN)).not.toContain("no diet on record");
    // Morning and evening: its meal is due, and the sheet says "house routine: morning and evening".
    for (const round of ["morning", "evening"] as const) {
      const report = await roundReport(depsAt(AT[round]), round, house.day);
      const here = report.pets.filter(noDiet("dog"));
      expect(here.length, round).toBeGreaterThan(2);
      expect(here.every(mealDue), round).toBe(true);
      for (const dog of here) {
        expect(sheetOf(report, dog)).toContain(
          "🍽 house routine: morning and evening (no diet on record: check the booking)",
        );
      }
      expect(report.totals.noDiet).toBe(report.pets.filter((p) => p.sheet?.noDiet).length);
    }
    // The summary counts only the pets fed by the routine this round: none at midday.
    expect(midday.totals.noDiet).toBe(0);
  });

  it("KENNEL_HOUSE_MEALS=morning,midday,evening: the same dogs have a midday meal due", async () => {
    const plain = await roundReport(depsAt(AT.midday), "midday", house.day);
    const three = await roundReport(
      depsAt(AT.midday, { KENNEL_HOUSE_MEALS: "morning,midday,evening" }),
      "midday",
      house.day,
    );
    const dogs = three.pets.filter(noDiet("dog"));
    expect(names(dogs)).toEqual(names(plain.pets.filter(noDiet("dog"))));
    expect(dogs.every(mealDue)).toBe(true);
    for (const dog of dogs) {
      expect(sheetOf(three, dog)).toContain(
        "🍽 house routine: morning, midday and evening (no diet on record: check the booking)",
      );
    }
  });

  it("per species: a cat follows the cat's rounds, a dog the dog's", async () => {
    const env = { KENNEL_HOUSE_MEALS: "dog:morning,evening;cat:breakfast,lunch,dinner" };
    const midday = await roundReport(depsAt(AT.midday, env), "midday", house.day);
    const cats = midday.pets.filter(noDiet("cat"));
    const dogs = midday.pets.filter(noDiet("dog"));
    expect(cats.length).toBeGreaterThan(0);
    expect(cats.every(mealDue)).toBe(true);
    expect(dogs.filter(mealDue)).toEqual([]);
    for (const cat of cats) {
      expect(sheetOf(midday, cat)).toContain("🍽 house routine: morning, midday and evening");
    }
    // The other way round: dogs three times, cats only in the evening.
    const other = { KENNEL_HOUSE_MEALS: "dog:morning,midday,evening;cat:evening" };
    const morning = await roundReport(depsAt(AT.morning, other), "morning", house.day);
    expect(morning.pets.filter(noDiet("cat")).filter(mealDue)).toEqual([]);
    expect(morning.pets.filter(noDiet("dog")).every(mealDue)).toBe(true);
  });

  it("the dose times (the late and missed replies) and 'meals not recorded' count only the meals due", async () => {
    const count = async (env: Record<string, string>) => {
      const deps = depsAt(AT.midday, env);
      const doses = await roundDoses(deps, "midday", house.day);
      const report = await roundReport(deps, "midday", house.day);
      const sheet = draftSheet(report, { timezone: TZ });
      const statuses = sheet.pets.map((p) =>
        petRoundStatus(
          { date: house.day, round: "midday", bookingId: p.bookingId, petId: p.petId },
          p.due,
          [],
        ),
      );
      const chased = new Set(doses.filter((d) => d.due.item === "meal").map((d) => `${d.room}|${d.petName}`));
      const home = await homeRecord(deps, report, house.day);
      return { report, chased, progress: roundProgress(statuses), home: home.round };
    };
    const plain = await count({});
    const three = await count({ KENNEL_HOUSE_MEALS: "morning,midday,evening" });
    const unfed = plain.report.pets.filter((p) => p.sheet?.noDiet);
    expect(unfed.length).toBeGreaterThan(2);
    // Nothing recorded yet: the routine's midday meal is chased only when the routine has one.
    for (const p of unfed) {
      const key = `${p.booking.roomName}|${p.pet?.pet.name}`;
      expect(plain.chased.has(key), key).toBe(false);
      expect(three.chased.has(key), key).toBe(true);
    }
    // The care plan feeds a pet at the house routine's rounds when it has no diet, or a general diet
    // that names no round ("1 cup kibble"): exactly those gain the midday meal, and no other pet.
    const byRoutine = plain.report.pets.filter((p) => {
      const api = p.pet?.pet;
      return (
        p.sheet &&
        api &&
        !api.dietaryRequirementsAm &&
        !api.dietaryRequirementsNoon &&
        !api.dietaryRequirementsPm &&
        !/\b(am|pm|morning|midday|noon|lunch|evening|breakfast|dinner|tea|supper|twice|two|three|meals?)\b/i.test(
          api.dietaryRequirements ?? "",
        )
      );
    });
    expect(byRoutine.length).toBeGreaterThanOrEqual(unfed.length);
    expect(three.progress.mealsLeft - plain.progress.mealsLeft).toBe(byRoutine.length);
    expect(three.progress.dosesLeft).toBe(plain.progress.dosesLeft);
    // The Home tab's "this round: N of M recorded" counts the pets with something due: a pet with no
    // diet and no dose at midday is not one of them by default.
    const nothingElse = unfed.filter((p) => p.sheet && dueItems(p.sheet).length === 0);
    expect(nothingElse.length).toBeGreaterThan(0);
    expect(plain.home).toEqual({ recorded: 0, pets: plain.progress.pets });
    expect((three.home?.pets ?? 0) - (plain.home?.pets ?? 0)).toBe(nothingElse.length);
  });

  /** The dog with no diet staying from before the busy day to after the day after it. */
  async function stayingDog(after: string) {
    const deps = depsAt("21:00", {}, after);
    const report = await roundReport(deps, "evening", after);
    const now = deps.clock.now().getTime();
    const dog = report.pets.find(
      (p) =>
        noDiet("dog")(p) &&
        Date.parse(p.booking.checkInDate ?? "") < Date.parse(`${addDays(house.day, -1)}T00:00:00Z`) &&
        Date.parse(p.booking.checkOutDate ?? "") > now,
    );
    if (!dog?.pet?.pet.petId || dog.booking.bookingId === undefined)
      throw new Error("the sandbox has no dog with no diet staying from before the busy day to after it");
    const care = { status: "matched" as const, pets: [dog.pet], unmatched: [] };
    return { dog, care, booking: { ...dog.booking, bookingId: dog.booking.bookingId } };
  }

  it("the stay's record counts only the meals its rounds asked: a dog with no diet, morning and evening", async () => {
    // The day after the busy day, after the evening round: the stay's rounds of three days, each kept
    // at its time with the routine then.
    const after = addDays(house.day, 1);
    const days = [addDays(house.day, -1), house.day, after];
    const { care, booking } = await stayingDog(after);
    const record = async (env: Record<string, string>) => {
      const deps = depsAt("21:00", env, after);
      await keepRounds(deps, days);
      const facts = await stayFacts(deps, booking, { dates: { from: days[0] as string, to: after } });
      return stayOf(deps, booking, care, facts).pets[0];
    };
    const plain = await record({});
    const meals = plain?.items.filter((i) => i.item === "meal") ?? [];
    expect(meals.length).toBe(6);
    expect(meals.map((m) => m.round).filter((r) => r === "midday")).toEqual([]);
    expect(plain?.meals).toMatchObject({ due: meals.length, missed: meals.length });
    // With three meals a day when the rounds were kept, its middays were asked too: the same stay, more meals.
    const three = await record({ KENNEL_HOUSE_MEALS: "morning,midday,evening" });
    const threeMeals = three?.items.filter((i) => i.item === "meal") ?? [];
    const middays = threeMeals.filter((m) => m.round === "midday").length;
    expect(middays).toBe(3);
    expect(three?.meals.due).toBe(meals.length + middays);
    expect(new Set(threeMeals.map((m) => m.round))).toEqual(new Set(ROUNDS));
    // Six rounds kept at their times, twice (each asks the kennel API for the busy house).
  }, 90_000);

  it("the stay's export (kennel-desk record export --booking ID --format html), with no kennel API, counts the meals its rounds asked", async () => {
    const after = addDays(house.day, 1);
    const now = zonedInstant(after, "21:00", TZ);
    const days = [addDays(house.day, -1), house.day, after];
    const { dog, booking } = await stayingDog(after);
    const dirs: string[] = [];
    try {
      /** A record whose rounds were kept with this routine, the dog's breakfast on the busy day eaten. */
      const recordWith = async (env: Record<string, string>) => {
        const dataDir = mkdtempSync(join(tmpdir(), "kennel-desk-house-meals-"));
        dirs.push(dataDir);
        const early = { now: () => new Date("2026-11-01T08:00:00Z") };
        const { store } = await openCareRecord({ engine: "sqlite", dataDir }, early, undefined);
        await store.kennel();
        await keepRounds({ ...depsAt("21:00", env, after), record: store }, days);
        await store.record([
          {
            date: house.day,
            round: "morning",
            bookingId: booking.bookingId,
            petId: dog.pet?.pet.petId as number,
            petName: dog.pet?.pet.name ?? "dog",
            item: "meal",
            itemText: "house routine: morning and evening (no diet on record)",
            outcome: "ate_all",
            userId: "U0JANE",
            userName: "Jane",
            requestKey: "house-meals-1",
          },
        ]);
        await store.close();
        return dataDir;
      };
      const page = async (dataDir: string) => {
        // No kennel API settings: the page stands alone on the record.
        const { code, stdout } = await runCommand(
          ["record", "export", "--booking", String(booking.bookingId), "--format", "html"],
          { KENNEL_TIMEZONE: TZ, LOG_LEVEL: "silent", KENNEL_DATA_DIR: dataDir },
          { clock: { now: () => now } },
        );
        expect(code).toBe(0);
        return stdout.replace(/<[^>]+>/g, "");
      };
      const plain = await page(await recordWith({}));
      const three = await page(await recordWith({ KENNEL_HOUSE_MEALS: "morning,midday,evening" }));
      // The page says what the rounds asked when kept: morning and evening only, by default; one eaten.
      expect(plain).toContain("🍽 6 meals: 1 ate all, 5 missed");
      expect(plain).not.toMatch(/midday round/);
      expect(plain).not.toContain("Owner:");
      expect(three).toContain("🍽 9 meals: 1 ate all, 8 missed");
      expect(three).toMatch(/midday round/);
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
    // Nine rounds kept at their times, twice (each asks the kennel API for the busy house).
  }, 90_000);
});
