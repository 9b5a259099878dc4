/**
 * The day's review names each high-alert dose given early or late by pet and drug, beside the
 * missed, refused and not given (a vet reads an insulin given an hour early there). A real SQLite record.
 */
import { expect, it } from "vitest";
import { dayReview } from "../../src/answers/review.ts";
import { loadConfig } from "../../src/config.ts";
import { silentLogger } from "../../src/log.ts";
import { reviewDoc } from "../../src/present/review.ts";
import { docText } from "../../src/text/doc.ts";
import { doseWindow, keepObligation } from "../helpers/obligations.ts";
import { juniperEntries, recorded, scratchRecord } from "../helpers/record.ts";

it("names the high-alert doses given early, late or with no witness by pet and drug; an ordinary dose given late only in the figures", async () => {
  const NOW = "2026-11-24T21:00:00Z";
  // Each dose recorded as it was given (its witness's minutes run from then), the review read at NOW.
  let writing = NOW;
  const store = scratchRecord({ now: () => new Date(writing) });
  await store.kennel();
  const date = "2026-11-24";
  const window = (hh: string, open: string) => doseWindow(date, [open, `${hh}:00`, `${hh}:15`, `${hh}:30`]);
  const item = (n: 1 | 2, label: string, w: ReturnType<typeof window>, highAlert: boolean) => ({
    item: `med:${n}` as const,
    label,
    text: label,
    window: w,
    confirmed: true,
    ...(highAlert ? { highAlert } : {}),
  });
  const items = [
    item(1, "Caninsulin", window("08", "07:30"), true),
    item(2, "Rimadyl", window("08", "07:00"), false),
  ];
  const eve = [item(1, "Caninsulin", window("18", "17:30"), true)];
  const pet = { bookingId: 7, petId: 3, name: "Juniper", room: "Kennel 1" };
  for (const [round, its] of [
    ["morning", items],
    ["evening", eve],
  ] as const)
    await keepObligation(store, date, [{ ...pet, items: [...its] }], round);
  const entry = juniperEntries("rv");
  const given = (round: "morning" | "evening", n: 1 | 2, label: string, at: string) => {
    writing = `${date}T${at}:30.000Z`;
    return recorded(
      store,
      entry(date, {
        round,
        item: `med:${n}`,
        itemText: label,
        outcome: "given",
        givenAt: `${date}T${at}:00.000Z`,
      }),
    );
  };
  await given("morning", 1, "Caninsulin", "06:50"); // before its window opened at 07:30
  await given("morning", 2, "Rimadyl", "08:20"); // late, not high-alert
  const evening = await given("evening", 1, "Caninsulin", "18:20"); // late
  // Tom witnessed the evening's; the morning's had no witness in its minutes.
  await store.append({
    kind: "witness",
    date,
    bookingId: 7,
    petId: 3,
    userId: "U0TOM",
    requestKey: "rv-witness",
    body: { entryId: evening.id, userName: "Tom" },
  });
  writing = NOW;
  const config = loadConfig({ KENNEL_TIMEZONE: "UTC", ROUNDS_TIMES: "08:00,12:00,18:00" });
  const deps = { record: store, config, clock: { now: () => new Date(NOW) }, log: silentLogger() };
  const review = await dayReview(deps, date);
  expect(review.exceptions.map((e) => [e.kind, e.petName, e.due.label, e.round])).toEqual([
    ["unwitnessed", "Juniper", "Caninsulin", "morning"],
    ["early", "Juniper", "Caninsulin", "morning"],
    ["late", "Juniper", "Caninsulin", "evening"],
  ]);
  const text = docText(reviewDoc(review, { timezone: "UTC" }), {
    color: false,
    timezone: "UTC",
    thisYear: "2026",
  });
  expect(text).toContain("⏪ given early: Juniper (Kennel 1) · 💉 Caninsulin · morning");
  // Given with no witness: in the day's figures and named, as the audit counts it (a fresh try found
  // an unwitnessed phenobarbital counted only "given on time" on Home and the review).
  expect(text).toContain("💉 1 unwitnessed");
  expect(text).toContain("💉 given, unwitnessed: Juniper (Kennel 1) · 💉 Caninsulin · morning");
  expect(review.doses.unwitnessed).toEqual({ unwitnessed: 1, noPaperWitness: 0 });
  expect(text).toContain("⏰ given late: Juniper (Kennel 1) · 💉 Caninsulin · evening");
  await store.close();
});
