import { describe, expect, it } from "vitest";
import { type BusinessData, generateData, sandboxLandmarks } from "../../src/sandbox/data.ts";
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

// ---------------------------------------------------------------------------------------------
// The care day: the house, the rounds, the full house, and the landmarks.

const london = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });
const localDay = (iso: unknown) => london.format(new Date(String(iso)));
const CALLED_OFF = new Set(["cancelled", "no_show", "waitlisted"]);
const N = ["", "2", "3", "4", "5"];
const hasRound = (pet: Record<string, unknown>, suffix: "" | "Noon" | "Pm") =>
  N.some((n) => typeof pet[`medication${n}${suffix}`] === "string" && pet[`medication${n}${suffix}`] !== "");

function house(business: BusinessData, date: string) {
  const stays = business.bookings.filter(
    (b) =>
      b.bookingType === "boarding" &&
      !CALLED_OFF.has(String(b.status)) &&
      localDay(b.checkInDate) <= date &&
      localDay(b.checkOutDate) >= date,
  );
  const pets = stays.flatMap((b) => business.petsByBooking.get(b.bookingId as number) ?? []);
  return { stays, pets };
}

describe("the house on every day around today", () => {
  const days = Array.from({ length: 57 }, (_, i) => addDays(TODAY, i - 28));
  const peak = new Set([addDays(TODAY, 1), data.fullHouseDay]);

  it.each([
    ["seed 42, 22 Nov", data],
    [
      "seed 7, a spring day",
      generateData({ seed: 7, customers: 400, today: "2027-03-27", timezone: "Europe/London" }),
    ],
  ])("about 40 pets in, 3 to 6 on each medication round (%s)", (_name, d) => {
    const b = d.businesses[0] as BusinessData;
    const dayList = Array.from({ length: 57 }, (_, i) => addDays(d.today, i - 28));
    const skip = new Set([addDays(d.today, 1), d.fullHouseDay]);
    for (const date of dayList.filter((x) => !skip.has(x))) {
      const { pets } = house(b, date);
      expect(pets.length, date).toBeGreaterThanOrEqual(28);
      expect(pets.length, date).toBeLessThanOrEqual(52);
      const morning = pets.filter((p) => hasRound(p, "")).length;
      const midday = pets.filter((p) => hasRound(p, "Noon")).length;
      const evening = pets.filter((p) => hasRound(p, "Pm")).length;
      expect(
        [morning, midday, evening].every((n) => n >= 3 && n <= 6),
        `${date}: ${morning}/${midday}/${evening}`,
      ).toBe(true);
    }
  });

  it("has evening-only doses, pets without any diet, pets not evaluated, and two pets of one owner in one room", () => {
    const today = house(main, TODAY).pets;
    expect(today.some((p) => hasRound(p, "") && hasRound(p, "Pm") && !hasRound(p, "Noon"))).toBe(true);
    const week = days.slice(28, 35).flatMap((d) => house(main, d).pets);
    const noDiet = week.filter((p) =>
      [
        "dietaryRequirements",
        "dietaryRequirementsAm",
        "dietaryRequirementsNoon",
        "dietaryRequirementsPm",
      ].every((f) => !p[f]),
    );
    expect(noDiet.length).toBeGreaterThan(0);
    expect(week.some((p) => p.evaluationComplete === 0)).toBe(true);
    const shared = house(main, TODAY).stays.filter((b) => {
      const pets = main.petsByBooking.get(b.bookingId as number) ?? [];
      return (
        pets.length === 2 &&
        pets.every((p) => p.customerId === b.customerId) &&
        typeof b.roomName === "string"
      );
    });
    expect(shared.length).toBeGreaterThan(0);
  });

  it("names rooms so that natural order matters", () => {
    const rooms = new Set(house(main, TODAY).stays.map((b) => b.roomName));
    for (const room of ["Kennel 2", "Kennel 10", "Cattery 3", "Suite A"])
      expect(rooms.has(room), room).toBe(true);
  });

  it("the full house: 150+ pets in on today+2, with 100+ departures", () => {
    expect(data.fullHouseDay).toBe(addDays(TODAY, 2));
    expect(data.busyDays[0]).toBe(data.fullHouseDay);
    expect(house(main, data.fullHouseDay).pets.length).toBeGreaterThanOrEqual(150);
    expect(main.departuresByDate.get(data.fullHouseDay)?.length ?? 0).toBeGreaterThanOrEqual(100);
    expect(peak.size).toBe(2);
  });

  it("medication is drug names with instructions, some long", () => {
    const meds = main.pets.flatMap((p) =>
      N.map((n) => p[`medication${n}`]).filter((m) => typeof m === "string"),
    );
    expect(meds.some((m) => /^Rimadyl 50 mg/.test(String(m)))).toBe(true);
    expect(meds.some((m) => /^Apoquel 16 mg/.test(String(m)))).toBe(true);
    expect(meds.some((m) => /^Metacam 1\.5 mg\/ml/.test(String(m)))).toBe(true);
    expect(meds.some((m) => String(m).length > 150)).toBe(true);
  });
});

describe("bookings that make sense", () => {
  it("never books the same pet twice on overlapping days", () => {
    for (const b of [main, other]) {
      const byPet = new Map<number, Array<[string, string, unknown]>>();
      for (const booking of b.bookings) {
        for (const pet of b.petsByBooking.get(booking.bookingId as number) ?? []) {
          const list = byPet.get(pet.petId as number) ?? [];
          list.push([localDay(booking.checkInDate), localDay(booking.checkOutDate), booking.reference]);
          byPet.set(pet.petId as number, list);
        }
      }
      for (const [petId, list] of byPet) {
        list.sort((x, y) => x[0].localeCompare(y[0]));
        for (let i = 1; i < list.length; i++) {
          const [prev, cur] = [list[i - 1], list[i]] as [
            [string, string, unknown],
            [string, string, unknown],
          ];
          expect(cur[0] > prev[1], `pet ${petId}: ${prev[2]} and ${cur[2]}`).toBe(true);
        }
      }
    }
  });

  it("statuses follow the dates: no stay that began in the past is still new or confirmed", () => {
    for (const booking of main.bookings) {
      const start = localDay(booking.checkInDate);
      const end = localDay(booking.checkOutDate);
      const status = String(booking.status);
      if (start < TODAY)
        expect(["checked_in", "checked_out", "cancelled", "no_show"], `${booking.reference}`).toContain(
          status,
        );
      if (start > TODAY)
        expect(
          ["new", "confirmed", "waitlisted", "cancelled", "pending_deposit"],
          `${booking.reference}`,
        ).toContain(status);
      if (status === "checked_in") expect(start <= TODAY && end >= TODAY).toBe(true);
      if (status === "checked_out") expect(start <= TODAY).toBe(true);
    }
    const statuses = new Set(main.bookings.map((b) => b.status));
    for (const s of [
      "new",
      "confirmed",
      "checked_in",
      "checked_out",
      "cancelled",
      "no_show",
      "waitlisted",
      "pending_deposit",
    ])
      expect(statuses.has(s), s).toBe(true);
    const types = new Set(main.bookings.map((b) => b.bookingType));
    for (const t of ["boarding", "daycare", "grooming", "training"]) expect(types.has(t), t).toBe(true);
    expect(main.bookings.some((b) => b.bookingPaid === false && b.hasPayment === true)).toBe(true);
  });

  it("a mobile's country code matches the number (no UK number marked +1)", () => {
    for (const c of [...main.customers, ...other.customers]) {
      const m = String(c.mobile);
      if (/^(07|\+44)/.test(m)) expect(c.mobileCountry, m).toBe("+44");
      if (/^08/.test(m)) expect(c.mobileCountry, m).toBe("+353");
      if (c.mobileCountry === "+1") expect(m).toMatch(/^\(\d{3}\) 555-01\d\d$/);
    }
    expect(main.customers.some((c) => String(c.mobile).startsWith("+44 "))).toBe(true);
  });
});

describe("messy pet names and pets that need telling apart", () => {
  const clean = (b: Record<string, unknown>) => {
    const names = (main.petsByBooking.get(b.bookingId as number) ?? []).map((p) => String(p.name));
    return names.length <= 2 ? names.join(" & ") : `${names.slice(0, -1).join(", ")} & ${names.at(-1)}`;
  };

  it("some bookings' petNames differ from the pets' names: brackets, case, accents, extra words, separators", () => {
    const messy = main.bookings.filter((b) => b.petNames !== clean(b)).map((b) => String(b.petNames));
    expect(messy.length).toBeGreaterThan(main.bookings.length * 0.1);
    expect(messy.some((s) => /\w \([A-Z][a-z]+\)/.test(s))).toBe(true);
    expect(messy.some((s) => /^[a-zé ,&/+]+$/.test(s) && /[a-z]/.test(s))).toBe(true);
    expect(messy.some((s) => / - \d (dog|cat)s?$/.test(s))).toBe(true);
    for (const sep of [", ", " & ", " and ", " / ", " + "])
      expect(
        messy.some((s) => s.includes(sep)),
        sep,
      ).toBe(true);
    expect(main.pets.some((p) => p.name === "Chloé")).toBe(true);
    expect(main.bookings.some((b) => /Chloe/.test(String(b.petNames)))).toBe(true);
  });

  it("the landmarks: the same references for every seed, in house today, as documented", () => {
    const lm = sandboxLandmarks(TODAY);
    const demo = main.bookingByReference.get(lm.references.demo);
    expect(demo?.status).toBe("checked_in");
    expect(demo?.petNames).toBe(lm.demo.petNames);
    expect(demo?.roomName).toBe(lm.demo.room);
    expect([localDay(demo?.checkInDate), localDay(demo?.checkOutDate)]).toEqual([
      lm.demo.checkIn,
      lm.demo.checkOut,
    ]);
    const demoPets = main.petsByBooking.get(demo?.bookingId as number) ?? [];
    const evening = demoPets.find((p) => p.petId === data.landmarkIds.eveningOnlyPetId);
    expect(evening?.name).toBe(lm.eveningOnlyPet.name);
    expect(String(evening?.medication)).toMatch(/^Rimadyl 50 mg/);
    expect(evening?.medicationNoon).toBeNull();
    expect(evening?.medicationPm).toBeTruthy();
    // Doses written only in words, with no midday or evening field: the rounds read the words.
    const worded = [
      lm.doseWords.twiceDaily,
      lm.doseWords.every8Hours,
      lm.doseWords.bedtime,
      lm.doseWords.onceDaily,
    ];
    expect(worded.map((_, i) => evening?.[`medication${i + 2}`])).toEqual(worded);
    for (const i of [2, 3, 4, 5]) {
      expect(evening?.[`medication${i}Noon`]).toBeNull();
      expect(evening?.[`medication${i}Pm`]).toBeNull();
    }
    expect(lm.doseWords.pet).toBe(evening?.name);
    const unmatched = main.bookingByReference.get(lm.references.unmatched);
    expect(unmatched?.petNames).toBe("Biccy");
    const owned = (main.petsByCustomer.get(unmatched?.customerId as number) ?? []).map((p) => p.name);
    // Two pets on record, so the booked "Biccy" cannot be taken for either.
    expect(owned).toEqual(["Biscuit", "Mittens"]);
    expect(main.bookingByReference.get(lm.references.messy)?.petNames).toBe(lm.messy.petNames);
    expect(main.bookingByReference.get(lm.references.unknownStatus)?.status).toBe(lm.unknownStatus.status);
    expect(localDay(main.bookingByReference.get(lm.references.unknownStatus)?.checkInDate)).toBe(
      lm.unknownStatus.date,
    );
    expect(data.emptyDays).toEqual(lm.emptyDays);
    for (const ref of [lm.references.demo, lm.references.unmatched]) {
      const b = main.bookingByReference.get(ref);
      expect(localDay(b?.checkInDate) <= TODAY && localDay(b?.checkOutDate) >= TODAY).toBe(true);
    }
    const again = generateData({ seed: 9, customers: 60, today: "2027-01-05", timezone: "UTC" });
    expect(again.businesses[0]?.bookingByReference.get(lm.references.demo)?.petNames).toBe(lm.demo.petNames);
  });

  it("several Biscuits: different owners, breeds and ages; photos (URL and not), registration, passport, insurer, emergency contacts", () => {
    const biscuits = main.pets.filter((p) => p.name === "Biscuit" && !p.deleted);
    expect(new Set(biscuits.map((p) => p.customerId)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(biscuits.map((p) => p.breed)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(biscuits.map((p) => String(p.createdDate).slice(0, 4))).size).toBeGreaterThanOrEqual(3);
    expect(main.pets.some((p) => String(p.photo).startsWith("https://"))).toBe(true);
    expect(
      main.pets.some((p) => typeof p.photo === "string" && !String(p.photo).startsWith("https://")),
    ).toBe(true);
    expect(main.pets.some((p) => p.registration && p.passport && p.insurer && p.insurerNumber)).toBe(true);
    expect(main.customers.some((c) => c.emergencyContactName && c.emergencyContactPhone)).toBe(true);
  });
});
