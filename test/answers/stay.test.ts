/**
 * The stay record when the care record cannot be read: each departure says so where its summary
 * would be (never left out silently), and the rest of the answer stands. A stay still checked in
 * past its check-out: its record reads the rounds kept until now, as their sheets kept the pet. A
 * round of today kept and not over shows each item it asks with its state, not counted yet.
 */
import { expect, it } from "vitest";
import { recordedStay, stayRecords } from "../../src/answers/stay.ts";
import { lineMrkdwn } from "../../src/blocks/doc.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import type { PetStayRecord } from "../../src/domain/stay.ts";
import { silentLogger } from "../../src/log.ts";
import { stayRecordDoc, staySummaryDocLines } from "../../src/present/stay.ts";
import { stayWelfareParts } from "../../src/present/welfare-stay.ts";
import { StoreError } from "../../src/record/errors.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { docText, terminalLine } from "../../src/text/doc.ts";
import { changeObligation, doseWindow, keepObligation } from "../helpers/obligations.ts";
import { recorded, scratchRecord, withFaults } from "../helpers/record.ts";

it("a store that cannot be read: each stay says so, in Slack and in the terminal", async () => {
  const real = scratchRecord();
  // A real store whose reads fail (a fault injected, not a mock).
  const store: CareRecordStore = withFaults(real, {
    entries: async () => {
      throw new StoreError(
        "unavailable",
        "The care record cannot be read: PostgreSQL is not answering.",
        "Try again in a minute.",
        "test",
      );
    },
  });
  const deps = {
    config: loadConfig({ KENNEL_TIMEZONE: "Europe/London" }),
    clock: { now: () => new Date("2026-11-24T10:00:00Z") },
    log: silentLogger(),
    record: store,
  } as unknown as Deps;
  const stays = await stayRecords(deps, [
    { booking: { bookingId: 5, checkInDate: "2026-11-20T10:00:00Z" }, care: undefined },
  ]);
  const stay = stays?.get(5);
  expect(stay?.problem).toMatch(/^The stay record could not be read: /);
  // Slack's and the terminal's summary line under the departure.
  const [summary] = staySummaryDocLines(stay, "Europe/London");
  expect(lineMrkdwn(summary ?? [])).toMatch(/^📋 ❔ The stay record could not be read/);
  expect(terminalLine({ color: false, timezone: "Europe/London", thisYear: "2026" }, summary ?? [])).toMatch(
    /^📋 ❔ The stay record could not be read/,
  );
  // No store at all (a surface that keeps no record): nothing is claimed either way.
  expect(await stayRecords({ ...deps, record: undefined } as Deps, [])).toBeUndefined();
  await real.close();
});

it("a stay still checked in past its check-out: the rounds kept since count in its record, and those not kept are named", async () => {
  const at = (iso: string) => ({ now: () => new Date(iso) });
  const store = scratchRecord(at("2026-11-20T08:00:00Z"));
  await store.kennel();
  const window = doseWindow("2026-11-22", ["18:30", "19:30", "20:00", "21:30"]);
  const stay = { bookingId: 7, checkInDate: "2026-11-19T10:00:00Z", checkOutDate: "2026-11-21T10:00:00Z" };
  // The evening round of the 22nd, a day past the stay's check-out: the pet still here, on its sheet.
  const jess = {
    bookingId: 7,
    petId: 70,
    name: "Jess",
    checkIn: "2026-11-19T10:00:00.000Z",
    checkOut: "2026-11-21T10:00:00.000Z",
    items: [
      {
        item: "med:1" as const,
        label: "Phenobarbital 30 mg",
        text: "Phenobarbital 30 mg",
        window,
        confirmed: true,
      },
    ],
  };
  await keepObligation(store, "2026-11-22", [jess], "evening");
  const deps = {
    config: loadConfig({ KENNEL_TIMEZONE: "Europe/London" }),
    clock: at("2026-11-22T22:05:00Z"),
    log: silentLogger(),
    record: store,
  } as unknown as Deps;
  const record = async (status: string) =>
    (await stayRecords(deps, [{ booking: { ...stay, status }, care: undefined }]))?.get(7);

  const [still] = (await record("Checked In"))?.pets ?? [];
  expect(still).toMatchObject({ petName: "Jess", dueKnown: true, doses: { due: 1, given: 0 } });
  expect(still?.exceptions.map((e) => e.label)).toEqual(["Phenobarbital 30 mg"]);
  // The rounds between its check-out and now that the record kept nothing of are named, not passed over.
  expect(still?.unkept).toContainEqual({ date: "2026-11-22", round: "morning" });
  // Marked checked out since (its check-out back-dated): the round that kept it still asked its dose,
  // and the record keeps it (never "nothing recorded" over a missed dose); the rounds after its
  // check-out that kept nothing are not said to be its.
  const [gone] = (await record("Checked Out"))?.pets ?? [];
  expect(gone).toMatchObject({ petName: "Jess", doses: { due: 1, given: 0 } });
  expect(gone?.exceptions.map((e) => [e.date, e.round, e.kind])).toEqual([
    ["2026-11-22", "evening", "missed"],
  ]);
  expect(gone?.unkept ?? []).not.toContainEqual({ date: "2026-11-22", round: "morning" });
  await store.close();
});

it("a stay that has ended (a pet added to its round as it arrived): its rounds with no sheet and its missing welfare checks are named, and never 'yet'", async () => {
  const NOW = "2026-11-29T13:00:00Z";
  const store = scratchRecord({ now: () => new Date(NOW) });
  await store.kennel();
  const date = "2026-11-29";
  const window = doseWindow(date);
  const { entry } = await keepObligation(store, date, []);
  // Bobby added to the kept morning round as it arrived (in Fri 27 10:00, out Sun 29 08:30).
  const bobby = { bookingId: 8, petId: 88, name: "Bobby" };
  const said = {
    reference: "AW-EARLY",
    checkIn: "2026-11-27T10:00:00.000Z",
    checkOut: `${date}T08:30:00.000Z`,
  };
  const items = [
    { item: "med:1" as const, label: "Caninsulin", text: "Caninsulin 6 units", window, confirmed: true },
  ];
  await changeObligation(store, date, entry, {
    round: "morning",
    change: "arrived",
    ...bobby,
    ...said,
    at: said.checkIn,
    items,
  });
  const config = loadConfig({ KENNEL_TIMEZONE: "UTC", ROUNDS_TIMES: "07:30,12:00,18:00" });
  const deps = { record: store, config, clock: { now: () => new Date(NOW) } };
  const { stay, said: read } = await recordedStay(deps, 8, { began: "2026-11-27T09:00:00.000Z" });
  expect(read).toMatchObject(said);
  const pet = stay.pets[0];
  // Sat 28's rounds kept nothing; Sun 29's after the check-out are not the stay's.
  expect(pet?.unkept).toEqual([
    { date: "2026-11-27", round: "midday" },
    { date: "2026-11-27", round: "evening" },
    { date: "2026-11-28", round: "morning" },
    { date: "2026-11-28", round: "midday" },
    { date: "2026-11-28", round: "evening" },
  ]);
  expect(pet?.welfare?.days.map((d) => [d.date, d.state])).toEqual([
    ["2026-11-27", "missed"],
    ["2026-11-28", "missed"],
  ]);
  expect(pet?.welfare?.ended).toBe(true);
  // A stay over with no welfare round in it says none was due, not "yet".
  const ended = { ...(pet as PetStayRecord), welfare: { days: [], corrected: [], flags: [], ended: true } };
  const words = JSON.stringify(stayWelfareParts(ended, "UTC"));
  expect(words).toContain("No welfare check was due in this stay.");
  expect(words).not.toContain("yet");
  await store.close();
});

it("today's kept round not over: its items show still open (⏰ late until its window closes), not counted yet", async () => {
  const NOW = "2026-11-30T13:00:00Z";
  const date = "2026-11-30";
  const store = scratchRecord({ now: () => new Date("2026-11-30T07:30:00Z") });
  await store.kennel();
  const biscuit = {
    bookingId: 9,
    petId: 90,
    name: "Biscuit",
    checkIn: "2026-11-28T10:00:00.000Z",
    checkOut: "2026-12-02T10:00:00.000Z",
  };
  const cefalexin = (window: ReturnType<typeof doseWindow>) => ({
    item: "med:1" as const,
    label: "Cefalexin 250 mg",
    text: "Cefalexin 250 mg",
    window,
    confirmed: true,
  });
  const morning = doseWindow(date);
  await keepObligation(store, date, [{ ...biscuit, items: [cefalexin(morning)] }], "morning");
  await recorded(store, {
    date,
    round: "morning",
    bookingId: 9,
    petId: 90,
    petName: "Biscuit",
    item: "med:1",
    itemText: "Cefalexin 250 mg",
    outcome: "given",
    userId: "U0JANE",
    userName: "Jane",
    requestKey: "tap:morning",
  });
  const midday = doseWindow(date, ["11:30", "12:00", "12:30", "14:00"]);
  await keepObligation(store, date, [{ ...biscuit, items: [cefalexin(midday)] }], "midday");
  const config = loadConfig({ KENNEL_TIMEZONE: "UTC", ROUNDS_TIMES: "07:30,12:00,18:00" });
  const deps = { record: store, config, clock: { now: () => new Date(NOW) } };
  const { stay } = await recordedStay(deps, 9);
  const [pet] = stay.pets;
  expect(pet?.items.map((i) => [i.round, i.state.state])).toEqual([
    ["morning", "recorded"],
    ["midday", "late"],
  ]);
  // Counted once settled: the morning's dose given, the midday's still open.
  expect(pet?.doses).toMatchObject({ due: 1, given: 1, open: 1 });
  expect(pet?.exceptions).toEqual([]);
  const text = docText(stayRecordDoc(stay, "HP-DK4Q7M", { timezone: "UTC" }), {
    color: false,
    timezone: "UTC",
    thisYear: "2026",
  });
  expect(text).toContain("midday round");
  expect(text).toContain("Cefalexin 250 mg: ⏰ late · still open until 14:00");
  // The summary says the open dose is left out of its count, so "1 of 1" does not read as all of them.
  expect(text).toContain("💊 1 of 1 dose given · 1 still open (counted once settled)");
  await store.close();
});

it("a stay that began before the care record did: its record says from when it was kept, and that the paper holds the days before", async () => {
  const NOW = "2026-11-29T13:00:00Z";
  const store = scratchRecord({ now: () => new Date(NOW) });
  await store.kennel();
  const date = "2026-11-29";
  const { entry } = await keepObligation(store, date, []);
  const said = {
    reference: "AW-EARLY",
    checkIn: "2026-11-27T10:00:00.000Z",
    checkOut: "2026-12-01T10:00:00.000Z",
  };
  const items = [
    {
      item: "med:1" as const,
      label: "Caninsulin",
      text: "Caninsulin 6 units",
      window: doseWindow(date),
      confirmed: true,
    },
  ];
  await changeObligation(store, date, entry, {
    round: "morning",
    change: "arrived",
    ...{ bookingId: 8, petId: 88, name: "Bobby" },
    ...said,
    at: said.checkIn,
    items,
  });
  const config = loadConfig({ KENNEL_TIMEZONE: "UTC", ROUNDS_TIMES: "07:30,12:00,18:00" });
  const deps = { record: store, config, clock: { now: () => new Date(NOW) } };
  // The record began on Sat 28 at 19:05: Fri 27 and Sat 28's rounds were the paper's.
  const { stay } = await recordedStay(deps, 8, { began: "2026-11-28T19:05:00.000Z" });
  const pet = stay.pets[0] as PetStayRecord;
  expect(pet.recordBegan).toBe("2026-11-28T19:05:00.000Z");
  const summary = docText(stayRecordDoc(stay, "AW-EARLY", { timezone: "UTC" }), {
    color: false,
    timezone: "UTC",
    thisYear: "2026",
  });
  expect(summary).toContain(
    "care record kept from Sat 28 Nov 19:05 (the stay began before it: the paper chart is the record before then)",
  );
  // A record begun before the check-in says nothing of it.
  const { stay: since } = await recordedStay(deps, 8, { began: "2026-11-27T09:00:00.000Z" });
  expect(since.pets[0]?.recordBegan).toBeUndefined();
  await store.close();
});
