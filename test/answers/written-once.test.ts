/**
 * What a round asked is written once, when the round is kept (issue 45): after the kennel system's
 * words change (the pet's medication taken off its record later that day), every surface still says
 * what was due when the round was kept: the late and missed replies' doses, Home, `kennel-desk
 * record`, the stay's record and its printable page made with no kennel API at all. Real loopback
 * HTTP to the sandbox and a real SQLite record.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordDay } from "../../src/answers/care-record.ts";
import { homeRecord } from "../../src/answers/home-record.ts";
import { owedRound, roundDoses } from "../../src/answers/obligations.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import { latestSheet } from "../../src/answers/sheets.ts";
import { recordedStay } from "../../src/answers/stay.ts";
import { todayOverview } from "../../src/answers/today.ts";
import type { Deps } from "../../src/deps.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import { dueOf } from "../../src/domain/record.ts";
import { MEDICATION_FIELDS } from "../../src/kennel/record-schemas.ts";
import { openCareRecord } from "../../src/record/open.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { zonedInstant } from "../../src/time.ts";
import { runCommand } from "../cli/helpers.ts";
import { parseCsv } from "../helpers/csv.ts";
import { keepRounds } from "../helpers/rounds.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";

const TZ = "Europe/London";
const DAY = "2026-11-24";
const dir = mkdtempSync(join(tmpdir(), "kennel-desk-written-once-"));
/** The terminal with the record's folder and no kennel API settings, at 21:00 of the day. */
const ENV_NO_API = { KENNEL_TIMEZONE: TZ, LOG_LEVEL: "silent", KENNEL_DATA_DIR: dir };
const AT_NIGHT = { now: () => zonedInstant(DAY, "21:00", TZ) };
let sandbox: Sandbox;
let store: CareRecordStore;
let the: { bookingId: number; petId: number; name: string; doses: string[] };

/** Deps on the sandbox and the record, the clock at a local time of the day; no care cache. */
function depsAt(hhmm: string): Deps & { record: CareRecordStore } {
  const clock = { now: () => zonedInstant(DAY, hhmm, TZ) };
  const env = { KENNEL_TIMEZONE: TZ, KENNEL_CACHE_TTL_S: "0" };
  return { ...sandboxDeps(sandbox, clock, { env, retryDelayMs: 0 }), record: store };
}

/** The medication names the kennel API's answer now makes due for the pet at the morning round. */
async function dueNow(): Promise<string[]> {
  const report = await roundReport(depsAt("07:00"), "morning", DAY);
  const p = report.pets.find((x) => x.pet?.pet.petId === the.petId);
  return p ? dueOf(p).flatMap((d) => (d.item === "meal" ? [] : [d.label])) : [];
}

/** The pets the kept morning round asked a dose of (a medication, not only a meal). */
async function askedADose(): Promise<number> {
  const owed = await owedRound(depsAt("09:00"), DAY, "morning");
  return (owed?.pets ?? []).filter((p) => p.items.some((i) => i.item !== "meal")).length;
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21, customers: 60, today: DAY, timezone: TZ });
  ({ store } = await openCareRecord(
    { engine: "sqlite", dataDir: dir },
    { now: () => new Date() },
    undefined,
  ));
  await store.kennel();
  const report = await roundReport(depsAt("07:00"), "morning", DAY);
  const p = report.pets.find(
    (x) => x.sheet && x.booking.bookingId !== undefined && dueOf(x).some((d) => d.item !== "meal"),
  );
  if (!p?.pet?.pet.petId || p.booking.bookingId === undefined)
    throw new Error("the sandbox's morning round has no pet with a dose due");
  the = {
    bookingId: p.booking.bookingId,
    petId: p.pet.pet.petId,
    name: String(p.pet.pet.name),
    doses: dueOf(p).flatMap((d) => (d.item === "meal" ? [] : [d.label])),
  };
  // The morning round kept at its time: what it asked is written once.
  await keepRounds(depsAt("07:30"), [DAY], ["morning"]);
  // Then the kennel system's words change: the pet's medication is taken off its record.
  const pet = sandbox.main.petById.get(the.petId) as Record<string, unknown>;
  for (const field of MEDICATION_FIELDS.flat()) delete pet[field];
  expect(await dueNow()).toEqual([]);
}, 60_000);

afterAll(async () => {
  await store?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("what the morning round asked, read after the pet's medication left its record", () => {
  it("the late and missed replies' doses (the dose times' job) still chase each dose the round asked", async () => {
    const doses = await roundDoses(depsAt("12:00"), "morning", DAY, { keep: true });
    const mine = doses.filter((d) => d.petId === the.petId && d.due.item !== "meal");
    expect(mine.map((d) => d.due.label)).toEqual(the.doses);
    expect(mine.every((d) => d.state.state === "missed")).toBe(true);
  });

  it("Home names each missed dose the round asked", async () => {
    const deps = depsAt("12:00");
    const home = await homeRecord(deps, await roundReport(deps, "midday", DAY), DAY);
    const mine = (home.doses?.named ?? []).filter((o) => o.petName === the.name && o.round === "morning");
    expect(mine.map((o) => o.label)).toEqual(the.doses);
    expect(mine.every((o) => o.state === "missed")).toBe(true);
  });

  it('Home\'s "Medication this round" (09:00, the morning) counts the pets the round asked a dose of, the pet among them', async () => {
    const home = await todayOverview(depsAt("09:00"));
    expect(home.round).toBe("morning");
    expect(home.medicationThisRound).toBe(await askedADose());
  });

  it("kennel-desk record lists each dose the round asked as missed", async () => {
    const deps = depsAt("12:00");
    const day = await recordDay(deps, "test", { date: DAY, round: "morning", petId: the.petId });
    const pet = day.rounds[0]?.pets.find((p) => p.petId === the.petId);
    const doses = (pet?.due ?? []).filter((d) => d.item !== "meal");
    expect(doses.map((d) => d.state.state)).toEqual(the.doses.map(() => "missed"));
  });

  it("the stay's record counts each dose the round asked as missed", async () => {
    const { stay } = await recordedStay(depsAt("21:00"), the.bookingId);
    const pet = stay.pets.find((p) => p.petId === the.petId);
    const missed = (pet?.exceptions ?? []).filter((e) => e.kind === "missed" && e.round === "morning");
    expect(missed.map((e) => e.label)).toEqual(the.doses);
    expect(pet?.doses.due).toBeGreaterThanOrEqual(the.doses.length);
  });

  it("the printable page, made with no kennel API settings, shows each dose the round asked", async () => {
    const { code, stdout } = await runCommand(
      ["record", "export", "--booking", String(the.bookingId), "--format", "html"],
      ENV_NO_API,
      { clock: AT_NIGHT },
    );
    expect(code).toBe(0);
    const text = stdout.replace(/<[^>]+>/g, "");
    const lines = text.split("\n");
    for (const label of the.doses)
      expect(lines.some((l) => l.includes(label) && l.trim().endsWith("❌ missed"))).toBe(true);
    expect(text).not.toContain("What was due is not shown");
  });

  it("the CSV and JSON exports, made with no kennel API settings, have a row for each dose the round asked, missed", async () => {
    const exported = async (format: string) => {
      const args = ["record", "export", "--from", DAY, "--to", DAY, "--pet", String(the.petId)];
      const { code, stdout, stderr } = await runCommand([...args, "--format", format], ENV_NO_API, {
        clock: AT_NIGHT,
      });
      expect(code).toBe(0);
      return { stdout, stderr };
    };
    const csv = await exported("csv");
    const [head = [], ...rows] = parseCsv(csv.stdout);
    const col = (name: string) => head.indexOf(name);
    const missed = rows.filter((r) => r[col("kind")] === "unrecorded" && r[col("outcome")] === "missed");
    const doses = missed.filter((r) => r[col("item")]?.startsWith("med:"));
    expect(doses.map((r) => r[col("round")])).toEqual(the.doses.map(() => "morning"));
    expect(doses.every((r) => r[col("pet_id")] === String(the.petId))).toBe(true);
    expect(doses[0]?.[col("reason")]).toMatch(/^nothing recorded: window closed \d\d:\d\d$/);
    // Before the head, the file's last row.
    expect(rows.at(-1)?.[col("kind")]).toBe("record_head");
    // The summary counts those rows by state, none counted as missed that is not (a fresh look found
    // the evening's items still to come counted among the "due").
    // The missed say which are doses and which meals, in brackets of their own: "5 missed (4 medication doses, 1 meal)".
    const said = /(\d+) items? the rounds asked with nothing recorded \(((?:[^()]|\([^()]*\))*)\)/.exec(
      csv.stderr,
    );
    expect(said, csv.stderr).not.toBeNull();
    expect(Number(said?.[1])).toBe(rows.filter((r) => r[col("kind")] === "unrecorded").length);
    expect(said?.[2]).toMatch(
      new RegExp(
        `^${missed.length} missed \\(${doses.length} medication doses?, ${missed.length - doses.length} meals?\\)(, |$)`,
      ),
    );

    const json = JSON.parse((await exported("json")).stdout) as {
      unrecorded?: Array<{ item: string; item_text: string; outcome: string }>;
    };
    const meds = (json.unrecorded ?? []).filter((r) => r.item.startsWith("med:") && r.outcome === "missed");
    expect(meds).toHaveLength(the.doses.length);
  });

  it("a second /rounds morning at 13:14 posts the kept round again: a new sheet of the post, what it lists read from the round kept, the round never kept again", async () => {
    const deps = depsAt("13:14");
    const count = async (kind: "obligation" | "sheet") =>
      (await store.log({ kind, date: DAY })).filter((e) => e.body.round === "morning").length;
    const kept = await count("obligation");
    const sheets = await count("sheet");
    const post = await prepareRoundPost(deps, "morning", DAY);
    // The post's messages and buttons are a sheet of their own; what was due is the round kept at 07:30.
    expect(await count("obligation")).toBe(kept);
    expect(await count("sheet")).toBe(sheets + 1);
    const sheet = await latestSheet(deps, DAY, "morning");
    expect(post.payload?.sheet).toBe(sheet?.id);
    const pet = sheet?.pets.find((p) => p.petId === the.petId);
    // The kennel system's words no longer make these due: the sheet lists them as the round asked them.
    expect(pet?.due.filter((d) => d.item !== "meal").map((d) => d.label)).toEqual(the.doses);
    // Its summary counts what the round asked, as Home does: "💊 N with medication this round".
    const medication = /💊 (\d+) with medication this round/.exec(JSON.stringify(post))?.[1];
    expect(Number(medication)).toBe(await askedADose());
  });
});
