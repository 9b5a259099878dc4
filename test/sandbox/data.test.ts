import { describe, expect, it } from "vitest";
import { generateData } from "../../src/sandbox/data.ts";
import { addDays } from "../../src/time.ts";

const TODAY = "2026-11-22";
const data = generateData({ seed: 42, customers: 400, today: TODAY, timezone: "Europe/London" });
const main = data.businesses[0];
const other = data.businesses[1];
if (!main || !other) throw new Error("two businesses expected");

describe("synthetic data", () => {
  it("is the same for the same seed and different for another", () => {
    const again = generateData({ seed: 42, customers: 400, today: TODAY, timezone: "Europe/London" });
    expect(JSON.stringify(again.businesses[0]?.bookings)).toBe(JSON.stringify(main.bookings));
    expect(again.businesses[0]?.apiKey).toBe(main.apiKey);
    const different = generateData({ seed: 43, customers: 400, today: TODAY, timezone: "Europe/London" });
    expect(JSON.stringify(different.businesses[0]?.bookings)).not.toBe(JSON.stringify(main.bookings));
  });

  it("has two businesses with their own keys and disjoint ids", () => {
    expect(main.apiKey).not.toBe(other.apiKey);
    for (const c of other.customers) expect(main.customerById.has(c.customerId as number)).toBe(false);
    for (const b of other.bookings) expect(main.bookingById.has(b.bookingId as number)).toBe(false);
    for (const p of other.pets) expect(main.petById.has(p.petId as number)).toBe(false);
  });

  it("has realistic owner names: accents, apostrophes, double-barrelled", () => {
    const names = main.customers.map((c) => `${c.firstname} ${c.secondname}`);
    expect(names.some((n) => /[À-ž]/.test(n))).toBe(true);
    expect(names.some((n) => n.includes("'"))).toBe(true);
    expect(names.some((n) => /\w-\w/.test(n))).toBe(true);
  });

  it("has dogs and cats with breeds, sexes, weights, microchips, diets, 0 to 5 medications, allergies, notes", () => {
    const pets = main.pets;
    expect(new Set(pets.map((p) => p.petType))).toEqual(new Set(["Dog", "Cat"]));
    expect(
      pets.every(
        (p) => typeof p.breed === "string" && typeof p.sex === "string" && /kg$/.test(String(p.weight)),
      ),
    ).toBe(true);
    expect(pets.some((p) => typeof p.microchip === "string")).toBe(true);
    for (const f of [
      "dietaryRequirementsAm",
      "dietaryRequirementsNoon",
      "dietaryRequirementsPm",
      "allergies",
      "medicalNotes",
      "insurer",
    ]) {
      expect(pets.some((p) => typeof p[f] === "string" && p[f] !== "")).toBe(true);
    }
    const medCounts = new Set(
      pets.map(
        (p) =>
          ["medication", "medication2", "medication3", "medication4", "medication5"].filter((f) => p[f])
            .length,
      ),
    );
    expect([...medCounts].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pets.some((p) => p.medicationNoon || p.medication2Noon)).toBe(true);
    expect(pets.some((p) => p.medicationPm)).toBe(true);
    expect(pets.some((p) => p.deleted === true)).toBe(true);
    expect(pets.some((p) => p.evaluationComplete === 1 && p.evaluationCompleteDate)).toBe(true);
  });

  it("has consent flags in every combination across customers, and archived customers", () => {
    const combos = new Set(
      main.customers.map((c) =>
        Object.keys(c)
          .filter((k) => /_Accepts/.test(k))
          .map((k) => (c[k] ? 1 : 0))
          .join(""),
      ),
    );
    expect(combos.has("0".repeat(15))).toBe(true);
    expect(combos.has("1".repeat(15))).toBe(true);
    expect(combos.size).toBeGreaterThan(300);
    expect(main.customers.some((c) => c.archived === true)).toBe(true);
  });

  it("has bookings of several types and statuses, paid and unpaid, rooms, several pets", () => {
    const b = main.bookings;
    expect(new Set(b.map((x) => x.bookingType)).size).toBeGreaterThanOrEqual(4);
    const statuses = new Set(b.map((x) => x.status));
    for (const s of ["new", "confirmed", "checked_in", "checked_out", "cancelled"])
      expect(statuses.has(s)).toBe(true);
    expect(b.some((x) => x.bookingPaid === true) && b.some((x) => x.bookingPaid === false)).toBe(true);
    expect(b.some((x) => (x.numberOfPets as number) >= 2 && String(x.petNames).includes("&"))).toBe(true);
    expect(b.some((x) => typeof x.roomName === "string")).toBe(true);
    expect(b.some((x) => /[/ ]/.test(String(x.reference)))).toBe(true);
  });

  it("has quiet days, empty days and busy days of 100+ departures around today", () => {
    for (const day of data.busyDays)
      expect(main.departuresByDate.get(day)?.length ?? 0).toBeGreaterThanOrEqual(100);
    for (const day of data.emptyDays) {
      expect(main.arrivalsByDate.get(day) ?? []).toHaveLength(0);
      expect(main.departuresByDate.get(day) ?? []).toHaveLength(0);
    }
    const counts = Array.from(
      { length: 57 },
      (_, i) => main.arrivalsByDate.get(addDays(TODAY, i - 28))?.length ?? 0,
    );
    expect(Math.min(...counts.filter((n) => n > 0))).toBeLessThan(30);
  });

  it("puts arrivals and departures on the right local date, DST included", () => {
    const ny = generateData({ seed: 3, customers: 60, today: "2026-11-01", timezone: "America/New_York" });
    const b = ny.businesses[0];
    if (!b) throw new Error("no business");
    const fmt = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" });
    for (const [day, list] of b.departuresByDate) {
      for (const booking of list) expect(fmt.format(new Date(booking.checkOutDate as string))).toBe(day);
    }
  });

  it("carries Slack-hostile text in free-text fields", () => {
    const text = JSON.stringify(main.pets);
    for (const s of ["<!channel>", "*bold*", "_x_", "<http://x|y>", "&"]) expect(text).toContain(s);
  });
});
