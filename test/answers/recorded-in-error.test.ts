/**
 * Apoquel given 08:10, recorded on the WRONG pet (Biscuit, Kennel 7): the one way to put it right
 * was "not given · other: recorded on the wrong pet", so the record said Biscuit's dose was withheld
 * ("W" on the chart, "other 1" on the audit) and the slot counted as settled: nobody was chased for a
 * dose still due. Now it is put right as recorded in error: the entry struck, never deleted, beside
 * "recorded in error: <why> · Sam 13:05"; the slot as if nothing was recorded (missed once its window
 * closed), counted as recorded in error and as nothing else. Over a real care record (SQLite).
 */
import { expect, it } from "vitest";
import { recordAudit } from "../../src/answers/audit.ts";
import { recordDay } from "../../src/answers/care-record.ts";
import { chartOf } from "../../src/answers/chart.ts";
import { homeRecord } from "../../src/answers/home-record.ts";
import { inErrorRefusals } from "../../src/answers/in-error.ts";
import { exportRows } from "../../src/answers/record-export.ts";
import { dayReview } from "../../src/answers/review.ts";
import { recordedStay } from "../../src/answers/stay.ts";
import { readSubmission } from "../../src/blocks/record-form.ts";
import { loadConfig } from "../../src/config.ts";
import { petRoundStatus } from "../../src/domain/record.ts";
import { silentLogger } from "../../src/log.ts";
import { auditDoc } from "../../src/present/audit.ts";
import { petRecordLines } from "../../src/present/record.ts";
import { recordFormItems } from "../../src/present/record-form.ts";
import { reviewDoc } from "../../src/present/review.ts";
import type { CareRecordStore, EntryInput } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { exportRow, recordDayText } from "../../src/text/record.ts";
import { IN_CUSTODY_IN_ERROR } from "../../src/words/record.ts";
import { stayRecordLines } from "../../src/words/stay.ts";
import { ALERT_DATE, alertBench, alertWindow, janeEntry } from "../helpers/dose-alert-replies.ts";
import { doseWindow, keepObligation } from "../helpers/obligations.ts";
import { scratchRecord } from "../helpers/record.ts";

const DATE = "2026-11-30";
const NOW = new Date(`${DATE}T13:05:00Z`);
const WHY = "recorded on the wrong pet: it was Bramble's";
const SAID = `recorded in error: ${WHY} · Sam 13:05`;
let now = NOW;
const config = loadConfig({ KENNEL_TIMEZONE: "UTC", ROUNDS_TIMES: "08:00,12:00,18:00" });
const TEXT = { color: false, timezone: "UTC", thisYear: "2026" } as const;
const clock = { now: () => now };
const deps = (store: CareRecordStore) => ({
  record: store,
  config,
  clock,
  log: silentLogger(),
});
const BISCUIT = { bookingId: 12, petId: 22, petName: "Biscuit" };

const apoquel = (over: Partial<EntryInput>): EntryInput => ({
  date: DATE,
  round: "morning",
  ...BISCUIT,
  item: "med:1",
  itemText: "Apoquel 16 mg",
  outcome: "given",
  userId: "U0JANE",
  userName: "Jane",
  requestKey: "tap-1",
  ...over,
});

/** Biscuit's morning round asked Apoquel; Jane recorded it given 08:10 (on the wrong pet); Sam put it right at 13:05. */
async function putRight(store: CareRecordStore, highAlert = false) {
  const window = doseWindow(DATE, ["07:00", "08:00", "08:30", "09:00"]);
  const items = [
    { item: "med:1", label: "Apoquel 16 mg", text: "Apoquel 16 mg", window, confirmed: false, highAlert },
  ];
  await keepObligation(store, DATE, [{ ...BISCUIT, name: "Biscuit", room: "Kennel 7", items }] as never);
  now = new Date(`${DATE}T08:10:00Z`);
  const given = await store.record([apoquel({ givenAt: undefined })]);
  now = NOW;
  const id = given.status === "recorded" ? given.entries[0]?.id : undefined;
  const fix = apoquel({
    outcome: "in_error",
    givenAt: undefined,
    reason: WHY,
    supersedes: id,
    userId: "U0SAM",
    userName: "Sam",
    requestKey: "fix-1",
  });
  expect((await store.record([fix])).status).toBe("recorded");
}

it("the day's review: the slot missed again, not given nor withheld; the struck entry and why beside it", async () => {
  const store = scratchRecord(clock);
  await putRight(store);
  const review = await dayReview(deps(store), DATE);
  expect(review.doses).toMatchObject({ missed: 1, refused: 0, notGiven: 0 });
  const text = docText(reviewDoc(review, { timezone: "UTC" }), TEXT);
  expect(text).toContain("❌ missed: Biscuit (Kennel 7) · Apoquel 16 mg");
  expect(text).not.toMatch(/not given:|withheld/);
  await store.close();
});

it("record audit counts it as recorded in error, never as not given for another reason", async () => {
  const store = scratchRecord(clock);
  await putRight(store);
  const audit = await recordAudit(deps(store), 1, "here");
  const text = docText(auditDoc(audit, { timezone: "UTC" }), TEXT);
  expect(text).toContain("❎ 1 recorded in error");
  expect(text).toContain("❌ missed: 1");
  expect(text).toContain("⚠️ not given or refused: 0\n");
  await store.close();
});

it("record today: the slot missed, the entry struck under it beside why and who put it right", async () => {
  const store = scratchRecord(clock);
  await putRight(store);
  const day = recordDayText(await recordDay(deps(store), "test", { date: DATE }), TEXT);
  const [, pet = ""] = day.split("Biscuit (pet 22, booking 12)\n");
  const lines = pet.split("\n").map((l) => l.replace(/\s+/g, " ").trim());
  expect(lines.slice(0, 3)).toEqual([
    "Apoquel 16 mg (plan not confirmed): not recorded · ❌ missed · window closed 09:00",
    `Apoquel 16 mg: ${SAID}`,
    "corrected by Sam 13:05 (entry 2); was: ~Apoquel 16 mg: given 08:10 · Jane~",
  ]);
  expect(day).not.toContain("also recorded");
  await store.close();
});

it("the stay record, the chart and the export: struck, why beside it, never W nor not given", async () => {
  const store = scratchRecord(clock);
  await putRight(store);
  const { stay } = await recordedStay(deps(store), 12);
  const lines = stayRecordLines(stay.pets[0] as (typeof stay.pets)[number], "UTC");
  const text = lines.map((l) => l.pieces.map((p) => (typeof p === "string" ? p : p.value)).join(""));
  expect(text.slice(-3)).toEqual([
    "Apoquel 16 mg (from the words, plan not confirmed): ❌ missed",
    SAID,
    "corrected: given 08:10 · Jane",
  ]);
  expect(lines.at(-1)?.corrected).toBe(true);
  const chart = await chartOf(deps(store) as never, { from: DATE, days: 1 });
  const cell = chart.pets[0]?.cells[`${DATE}|morning|med:1`];
  expect(cell).toEqual({
    kind: "open",
    state: "missed",
    inError: {
      was: [{ code: undefined, initials: "J", at: `${DATE}T08:10:00.000Z` }],
      why: WHY,
      by: "Sam",
      at: NOW.toISOString(),
    },
  });
  const rows = await exportRows(deps(store), { from: DATE, to: DATE });
  const out: string[] = [];
  for await (const p of rows.entries())
    out.push(
      ...p.entries.map((e) => exportRow(e, "UTC")).map((r) => `${r.outcome} ${r.reason} ${r.superseded_by}`),
    );
  expect(out).toEqual(["given null 2", `in_error ${WHY} null`]);
  await store.close();
});

it("the round post's pet and Home: the dose missed again, chased, with the struck entry and why", async () => {
  const store = scratchRecord(clock);
  await putRight(store);
  const key = { date: DATE, round: "morning" as const, bookingId: 12, petId: 22 };
  const due = [{ item: "med:1" as const, label: "Apoquel 16 mg", text: "Apoquel 16 mg" }];
  const status = petRoundStatus(key, due, await store.entries({ date: DATE }));
  expect([status.state, status.missing.length, status.current.size]).toEqual(["none", 1, 0]);
  const lines = petRecordLines(status, "UTC").map((l) =>
    l.map((s) => (s.struck ? `~${s.text}~` : s.text)).join(""),
  );
  expect(lines).toEqual([
    "⬜ Apoquel 16 mg to record",
    "~✅ Apoquel 16 mg given 08:10 Jane~",
    `❎ Apoquel 16 mg ${SAID}`,
  ]);
  const home = await homeRecord(deps(store) as never, undefined, DATE);
  expect(home.doses?.named).toEqual([expect.objectContaining({ state: "missed", inError: SAID })]);
  await store.close();
});

const PET = {
  ...BISCUIT,
  name: "Biscuit",
  due: [{ item: "med:1", label: "Apoquel 16 mg", text: "Apoquel 16 mg" }],
};
const chose = (outcome: string, why?: string) => ({
  "it:med:1": { outcome: { selected_option: { value: outcome } } },
  ...(why ? { "why:med:1": { reason: { value: why } } } : {}),
});

it("the correction form offers it on a dose recorded, asks why, and refuses it for a medicine in custody", async () => {
  const offered = (cur?: { outcome: "given" }) =>
    recordFormItems(PET as never, new Map(cur ? [["med:1", cur]] : []))[0]?.choices.map((c) => c.value);
  expect(offered({ outcome: "given" })).toEqual(["given", "refused", "not_given", "in_error"]);
  expect(offered()).toEqual(["given", "refused", "not_given"]);
  const cur = { cur: [["med:1", 1, "given"]] as [string, number, string][] };
  expect(readSubmission(cur, PET as never, chose("in_error") as never)).toEqual({
    ok: false,
    errors: { "why:med:1": "Say why it was recorded in error (the wrong pet, the wrong dose…)." },
  });
  const sub = readSubmission(cur, PET as never, chose("in_error", WHY) as never);
  expect(sub).toMatchObject({ ok: true, choices: [{ item: "med:1", outcome: "in_error", reason: WHY }] });
  // Never recorded: nothing to put right.
  expect(readSubmission({ cur: [] }, PET as never, chose("in_error", WHY) as never).ok).toBe(false);
  const store = scratchRecord(clock);
  const choices = sub.ok ? sub.choices : [];
  expect(await inErrorRefusals(deps(store), BISCUIT, choices)).toEqual({});
  // Apoquel counted in for Biscuit's stay (medicine custody, issue 49).
  const body = {
    item: "med:1",
    label: "Apoquel 16mg",
    unit: "tablet",
    quantity: 30,
    ownerNameChecked: true,
  } as const;
  const kept = { storage: "room", controlled: false, highAlert: false, by: { userName: "Jane" } } as const;
  await store.append({ kind: "medicine_in", date: DATE, ...BISCUIT, body: { ...body, ...kept } });
  expect(await inErrorRefusals(deps(store), BISCUIT, choices)).toEqual({ "it:med:1": IN_CUSTODY_IN_ERROR });
  await store.close();
});

it("a high-alert dose put right: its unwitnessed mark goes with the struck entry, nothing counted unwitnessed", async () => {
  const store = scratchRecord(clock);
  await putRight(store, true);
  const audit = await recordAudit(deps(store), 1, "here");
  expect(audit.highAlert).toMatchObject({ given: 0, unwitnessed: 0 });
  expect(audit.doses).toMatchObject({ missed: 1 });
  await store.close();
});

it("the missed reply, drawn again: the dose named missed, with why its entry was struck", async () => {
  const b = alertBench(`${ALERT_DATE}T08:10:00.000Z`);
  const due = { item: "med:1" as const, label: "Apoquel 16 mg", text: "Apoquel 16 mg" };
  const dose = { ...BISCUIT, room: "Kennel 7", due, window: alertWindow };
  const given = await b.store.record([janeEntry(BISCUIT, "morning", "med:1", "Apoquel 16 mg", "tap-1")]);
  const id = given.status === "recorded" ? given.entries[0]?.id : undefined;
  b.setNow(`${ALERT_DATE}T13:05:00.000Z`);
  const missed = { state: "missed" as const };
  const ts = await b.post({
    kind: "missed",
    date: ALERT_DATE,
    round: "morning",
    at: alertWindow.closesAt,
    doses: [{ ...dose, state: missed }],
  });
  const fix = {
    ...janeEntry(BISCUIT, "morning", "med:1", "Apoquel 16 mg", "fix-1"),
    outcome: "in_error" as const,
  };
  await b.store.record([{ ...fix, reason: WHY, supersedes: id, userId: "U0SAM", userName: "Sam" }]);
  await b.changed("morning");
  expect(b.text(ts)).toContain(`Apoquel 16 mg (recorded in error: ${WHY} · Sam 13:05)`);
  await b.store.close();
});

it("recorded again over it: the chart's cell and notes say the entry in error as such, never given", async () => {
  const store = scratchRecord(clock);
  await putRight(store);
  await store.record([apoquel({ userId: "U0AMY", userName: "Amy", requestKey: "tap-3" })]);
  const chart = await chartOf(deps(store) as never, { from: DATE, days: 1 });
  const cell = chart.pets[0]?.cells[`${DATE}|morning|med:1`];
  expect(cell?.kind === "given" && cell.was?.map((w) => [w.initials, w.inError])).toEqual([
    ["J", undefined],
    ["S", true],
  ]);
  await store.close();
});
