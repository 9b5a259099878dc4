/**
 * Dose times in the terminal and the files (issue 35), on both engines, from the store alone (no
 * kennel API): a seeded record of Tue 24 Nov (two kept sheets of the morning round, one of the
 * evening; a dose on time and witnessed, a late entry given late, a dose not given for a reason
 * from the list, a dose missed, an insulin dose never witnessed; two as-needed doses, one with its
 * effect) and one dose a month before, outside the audit's 28 days.
 * - `record audit` counts what the kept sheets asked beside the entries, over the days asked.
 * - `record DATE` gives the day's figure; the export's CSV and JSON carry given_at, reason_code,
 *   the late entry and the witness in words; the stay's printable page and its record read the
 *   late entry, the figure, the late, missed and not-given doses, and the witnesses.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { recordReview } from "../../src/answers/review.ts";
import { type SheetBody, saveSheet } from "../../src/answers/sheets.ts";
import { recordedStay } from "../../src/answers/stay.ts";
import { witnessKey } from "../../src/answers/witness.ts";
import { loadConfig } from "../../src/config.ts";
import { postgresDriver } from "../../src/record/postgres.ts";
import { sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore } from "../../src/record/store.ts";
import type { CareRecordStore, EntryInput, RecordResult } from "../../src/record/types.ts";
import { stayRecordText } from "../../src/text/stay.ts";
import { parseCsv } from "../helpers/csv.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { runCommand } from "./helpers.ts";

const postgres = usePostgres();
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const NOW = new Date("2026-11-25T09:00:00Z");
const ENV = { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", ROUNDS_TIMES: "08:00,12:00,18:00" };

async function cli(args: string[], env: Record<string, string>) {
  return runCommand(args, { ...ENV, ...env }, { clock: { now: () => NOW } });
}

const SUGAR = { bookingId: 501, petId: 77, petName: "Sugar" };
const BISCUIT = { bookingId: 502, petId: 78, petName: "Biscuit" };
const LUNA = { bookingId: 503, petId: 79, petName: "Luna" };
const insulin = { item: "med:1" as const, label: "Caninsulin", text: "Caninsulin 6iu", highAlert: true };
const rimadyl = { item: "med:2" as const, label: "Rimadyl", text: "Rimadyl 50 mg" };

const sheet = (date: string, round: "morning" | "evening", pets: SheetBody["pets"]): SheetBody => ({
  v: 1,
  date,
  round,
  fallback: `${round} round`,
  pets,
  messages: [{ parts: [] }],
});
const pet = (p: typeof SUGAR, due: SheetBody["pets"][number]["due"]) => ({
  bookingId: p.bookingId,
  petId: p.petId,
  name: p.petName,
  due,
  oneTap: true,
  message: 0,
});

/** The seeded record: each write at its own time. */
async function seed(store: CareRecordStore, clock: { at: number }) {
  const deps = { record: store };
  const at = (iso: string) => {
    clock.at = Date.parse(iso);
  };
  let n = 0;
  const write = async (p: typeof SUGAR, e: Partial<EntryInput> & Pick<EntryInput, "item" | "outcome">) => {
    const r = (await store.record([
      {
        date: "2026-11-24",
        round: "morning",
        ...p,
        itemText: e.item === "meal" ? "kibble" : e.item === "med:2" ? rimadyl.text : insulin.text,
        userId: "U0JANE",
        userName: "Jane",
        requestKey: `seed-${++n}`,
        ...e,
      },
    ])) as Extract<RecordResult, { status: "recorded" }>;
    return r.entries[0] as NonNullable<(typeof r.entries)[number]>;
  };
  at("2026-11-24T07:00:00Z");
  await saveSheet(
    deps,
    sheet("2026-11-24", "morning", [pet(SUGAR, [insulin, rimadyl]), pet(BISCUIT, [insulin])]),
  );
  // The round posted again with a pet arrived since: the union of the two counts.
  await saveSheet(
    deps,
    sheet("2026-11-24", "morning", [pet(SUGAR, [insulin, rimadyl]), pet(LUNA, [rimadyl])]),
  );
  await saveSheet(deps, sheet("2026-11-24", "evening", [pet(SUGAR, [insulin])]));
  at("2026-11-24T08:05:00Z");
  const morning = await write(SUGAR, { item: "med:1", outcome: "given" });
  at("2026-11-24T08:10:00Z");
  await store.append({
    kind: "witness",
    date: "2026-11-24",
    bookingId: SUGAR.bookingId,
    petId: SUGAR.petId,
    userId: "U0TOM",
    requestKey: witnessKey(morning.id),
    body: { entryId: morning.id, userName: "Tom" },
  });
  at("2026-11-24T08:20:00Z");
  // Biscuit's insulin (high-alert too) not given: no witness needed.
  await write(BISCUIT, {
    item: "med:1",
    outcome: "not_given",
    reason: "vomited within 30 min",
    reasonCode: "vomited",
  });
  at("2026-11-24T11:00:00Z");
  // Rimadyl given at 08:50 (late: after 08:45), recorded at 11:00 (after its window closed at 10:00).
  await write(SUGAR, { item: "med:2", outcome: "given", givenAt: "2026-11-24T08:50:00.000Z" });
  at("2026-11-24T18:05:00Z");
  await write(SUGAR, { round: "evening", item: "med:1", outcome: "given" });
  // As-needed doses (the prn part's records, read from the contract): one with its effect.
  for (const effect of [true, false]) {
    const prn = await store.append({
      kind: "prn",
      date: "2026-11-24",
      bookingId: SUGAR.bookingId,
      petId: SUGAR.petId,
      userId: "U0JANE",
      body: {
        item: "med:3",
        label: "Piriton",
        itemText: "Piriton 4 mg",
        reason: "itchy",
        givenAt: "2026-11-24T14:00:00.000Z",
        userName: "Jane",
      },
    });
    if (effect)
      await store.append({
        kind: "prn_effect",
        date: "2026-11-24",
        bookingId: SUGAR.bookingId,
        petId: SUGAR.petId,
        requestKey: `prn_effect:${prn.entry.id}`,
        body: { prnId: prn.entry.id, effect: "helped", userName: "Jane" },
      });
  }
  // A month before: outside the last 28 days.
  at("2026-10-20T08:05:00Z");
  await saveSheet(deps, sheet("2026-10-20", "morning", [pet(SUGAR, [rimadyl])]));
}

const ENGINES = [
  {
    name: "SQLite",
    skip: false,
    async open(clock: { at: number }) {
      const dir = mkdtempSync(join(tmpdir(), "kennel-desk-cli-doses-"));
      dirs.push(dir);
      return {
        store: createStore(sqliteDriver({ dir }), { now: () => new Date(clock.at) }),
        env: { KENNEL_DATA_DIR: dir },
      };
    },
  },
  {
    name: "PostgreSQL",
    skip: !postgres.available,
    async open(clock: { at: number }) {
      const url = await postgres.freshDatabase();
      return {
        store: createStore(postgresDriver({ url }), { now: () => new Date(clock.at) }),
        env: { DATABASE_URL: url.href },
      };
    },
  },
];

/** A new record on `engine`, seeded: its store, the settings that point the terminal at it, and its clock. */
async function seeded(engine: (typeof ENGINES)[number]) {
  const clock = { at: 0 };
  const { store, env } = await engine.open(clock);
  await seed(store, clock);
  return { clock, store, env };
}

describe.each(ENGINES)("dose times in the terminal and the files ($name)", (engine) => {
  it.skipIf(engine.skip)(
    "record audit: the last 28 days' figures from the kept sheets beside the entries",
    async () => {
      const { store, env } = await seeded(engine);
      // The manager reviewed 24 Nov (issue 50), not 20 Oct.
      await recordReview(
        { record: store },
        "2026-11-24",
        "Bobby's missed dose: vet told",
        { userId: "U0MGR", userName: "Morgan" },
        "rv1",
      );
      await store.close();

      const json = await cli(["record", "audit", "--json"], env);
      expect(json.code).toBe(0);
      const a = JSON.parse(json.stdout);
      expect(a).toMatchObject({
        from: "2026-10-29",
        to: "2026-11-25",
        days: 28,
        rounds: 2,
        doses: {
          due: 5,
          onTime: 2,
          givenLate: 1,
          lateEntries: 1,
          missed: 1,
          notGiven: 1,
          refused: 0,
          open: 0,
        },
        notGivenByReason: { vomited: 1 },
        asNeeded: { given: 2, withEffect: 1, withoutEffect: 1 },
        highAlert: { given: 2, witnessed: 1, unwitnessed: 1, noPaperWitness: 0, awaiting: 0 },
        reviewed: { days: 1, reviewed: 1, notReviewed: [] },
        head: { seq: expect.any(Number), hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      });
      const text = await cli(["record", "audit"], env);
      expect(text.stdout).toContain("Care record audit · the last 28 days");
      expect(text.stdout).toContain("✅ given on time: 2 of 5 due");
      expect(text.stdout).toContain("📝 late entries: 1 (recorded after the dose's window closed)");
      expect(text.stdout).toContain("⚠️ not given or refused: 1 (vomited within 30 min 1)");
      expect(text.stdout).toContain("💊 As-needed doses given: 2 · effect recorded 1 · no effect recorded 1");
      expect(text.stdout).toContain("💉 High-alert doses given: 2 · witnessed 1 · unwitnessed 1");
      expect(text.stdout).toMatch(/🔏 care record #\d+ · [0-9a-f]{16}/);
      // A day's rounds never posted are said, in the words of that day's record (`record DATE`).
      const day = (await cli(["record", "2026-11-24"], env)).stdout;
      const said = day.split("\n").find((l) => l.startsWith("Midday round: never posted"));
      expect(said).toContain("the paper chart is that round's record");
      expect(text.stdout).toContain(`📄 Tue 24 Nov 2026: ${said}`);
      expect(a.neverPosted.at(-1)).toEqual({ from: "2026-11-24", to: "2026-11-24", rounds: ["midday"] });
      // Sixty days take in the dose of 20 Oct (its round's sheet, nothing recorded: missed).
      const wide = JSON.parse((await cli(["record", "audit", "--days", "60", "--json"], env)).stdout);
      expect(wide.doses).toMatchObject({ due: 6, missed: 2 });
      expect(wide.reviewed).toEqual({ days: 2, reviewed: 1, notReviewed: ["2026-10-20"] });
      expect(text.stdout).toContain("✅ Days reviewed by a manager: 1 of 1 (days with a round kept)");
      const wideText = await cli(["record", "audit", "--days", "60"], env);
      expect(wideText.stdout).toContain(
        "✅ Days reviewed by a manager: 1 of 2 (days with a round kept) · not reviewed: Tue 20 Oct",
      );
      const bad = await cli(["record", "audit", "--days", "0"], env);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("--days takes a number of days from 1 to 366");
    },
  );

  it.skipIf(engine.skip)(
    "record audit: today is not counted as a day to review while its last round is still open; one day is named once",
    async () => {
      const { clock, store, env } = await seeded(engine);
      // Today's morning round kept (09:00: the evening round still to come).
      clock.at = Date.parse("2026-11-25T08:05:00Z");
      await saveSheet({ record: store }, sheet("2026-11-25", "morning", [pet(SUGAR, [rimadyl])]));
      await store.close();
      const today = JSON.parse((await cli(["record", "audit", "--days", "1", "--json"], env)).stdout);
      expect(today.reviewed).toEqual({ days: 0, reviewed: 0, notReviewed: [], todayOpen: true });
      const text = (await cli(["record", "audit", "--days", "1"], env)).stdout;
      expect(text).toContain("Care record audit · today");
      expect(text).not.toContain("the last 1 day");
      expect(text).toContain("Wed 25 Nov 2026 (times in Europe/London)");
      expect(text).not.toContain("Wed 25 Nov 2026 – Wed 25 Nov 2026");
      expect(text).toContain(
        "✅ Days reviewed by a manager: 0 of 0 (days with a round kept) · today: not yet reviewable (its last round still open)",
      );
      // The 24th (not reviewed) is counted; today is not.
      const month = JSON.parse((await cli(["record", "audit", "--json"], env)).stdout);
      expect(month.reviewed).toEqual({ days: 1, reviewed: 0, notReviewed: ["2026-11-24"], todayOpen: true });
    },
  );

  it.skipIf(engine.skip)(
    "a dose given after its window closed: counted with the doses given late and said apart (⏩), in the audit and the day's figure",
    async () => {
      const { clock, store, env } = await seeded(engine);
      // Luna's Rimadyl (window closed 10:00) given at 10:30 from the paper, recorded at 11:00.
      clock.at = Date.parse("2026-11-24T11:00:00Z");
      await store.record([
        {
          date: "2026-11-24",
          round: "morning",
          ...LUNA,
          item: "med:2",
          itemText: rimadyl.text,
          outcome: "given",
          givenAt: "2026-11-24T10:30:00.000Z",
          userId: "U0JANE",
          userName: "Jane",
          requestKey: "luna-after-window",
        },
      ]);
      await store.close();
      const json = JSON.parse((await cli(["record", "audit", "--json"], env)).stdout);
      expect(json.doses).toMatchObject({ due: 5, givenLate: 2, afterWindow: 1, missed: 0 });
      const audit = (await cli(["record", "audit"], env)).stdout;
      expect(audit).toContain("⏰ given late: 2 (⏩ 1 given after its window closed)\n");
      const day = (await cli(["record", "2026-11-24"], env)).stdout;
      expect(day).toContain("⏰ 2 given late (⏩ 1 given after its window closed) · ⚠️ 1 not given");
    },
  );

  it.skipIf(engine.skip)(
    "the day's figure, the export's columns, the stay's page and record read the late entry and the witnesses",
    async () => {
      const { clock, store, env } = await seeded(engine);
      clock.at = NOW.getTime();
      const config = loadConfig(ENV);
      // The stay's record as the terminal and the connector read it: from the record alone.
      const { stay } = await recordedStay(
        { record: store, config, clock: { now: () => NOW } },
        SUGAR.bookingId,
      );
      await store.close();

      const day = await cli(["record", "2026-11-24"], env);
      expect(day.stdout).toContain(
        "💊 given on time: 2 of 5 due · ⏰ 1 given late · 1 missed · ⚠️ 1 not given · 💉 1 unwitnessed · 1 late entry",
      );
      expect(day.stdout).toContain("Rimadyl 50 mg: given (late entry: given 08:50, recorded 11:00) · Jane");
      // The day's record, which an inspector reads first, says each high-alert dose's witness too.
      expect(day.stdout).toMatch(/Caninsulin 6iu: given .* · 💉 witnessed by Tom 08:10/);
      expect(day.stdout).toMatch(/Caninsulin 6iu: given .* · 💉 unwitnessed/);

      const csv = await cli(["record", "export", "--from", "2026-11-24", "--to", "2026-11-24"], env);
      const [header = [], ...rows] = parseCsv(csv.stdout);
      // After every earlier column (an older reader finds each where it was).
      const first = header.indexOf("given_at");
      expect(first).toBe(header.indexOf("request_key") + 1);
      expect(header.slice(first, first + 4)).toEqual(["given_at", "reason_code", "late_entry", "witness"]);
      const row = (match: string) => rows.find((r) => r.some((c) => c.includes(match))) ?? [];
      const col = (r: string[], name: string) => r[header.indexOf(name)];
      const late = row("Rimadyl 50 mg");
      expect(col(late, "given_at")).toBe("2026-11-24T08:50:00.000Z");
      expect(col(late, "late_entry")).toBe("late entry: given 08:50, recorded 11:00");
      expect(col(row("vomited"), "reason_code")).toBe("vomited");
      const insulinRows = rows.filter(
        (r) => col(r, "item_text") === "Caninsulin 6iu" && col(r, "booking_id") === "501",
      );
      expect(insulinRows.map((r) => col(r, "witness"))).toEqual(["witnessed by Tom 08:10", "unwitnessed"]);
      // Each dose given against the window its round kept; none for a dose not given, nor a paper giver.
      const after = header.slice(header.indexOf("from_words") + 1, -1);
      expect(after).toEqual(["timeliness", "paper_giver", "medicine_checked", "not_asked_why", "given_by"]);
      expect(col(late, "timeliness")).toBe("late");
      // Who gave each dose given (no one named apart here: who recorded it); none for a dose not given.
      expect(col(late, "given_by")).toBe(col(late, "user_name"));
      expect(col(row("vomited"), "given_by")).toBe("");
      expect(insulinRows.map((r) => col(r, "timeliness"))).toEqual(["on_time", "on_time"]);
      expect(col(row("vomited"), "timeliness")).toBe("");
      expect(rows.map((r) => col(r, "paper_giver")).filter(Boolean)).toEqual([]);

      const json = JSON.parse(
        (
          await cli(
            ["record", "export", "--from", "2026-11-24", "--to", "2026-11-24", "--format", "json"],
            env,
          )
        ).stdout,
      ) as { entries: Array<Record<string, unknown>> };
      expect(json.entries.find((e) => e.item === "med:2")).toMatchObject({
        given_at: "2026-11-24T08:50:00.000Z",
        late_entry: "late entry: given 08:50, recorded 11:00",
        reason_code: null,
        timeliness: "late",
        paper_giver: null,
      });
      expect(json.entries.find((e) => e.reason_code === "vomited")).toMatchObject({ outcome: "not_given" });

      // One stay's export has the same columns: its late Rimadyl, its insulin on time.
      const stayExport = await cli(["record", "export", "--booking", String(SUGAR.bookingId)], env);
      const [stayHeader = [], ...stayRows] = parseCsv(stayExport.stdout);
      expect(stayHeader).toEqual(header);
      const timing = (item: string) =>
        stayRows
          .filter((r) => r[header.indexOf("item")] === item && r[header.indexOf("kind")] === "round")
          .map((r) => col(r, "timeliness"));
      expect(timing("med:2")).toEqual(["late"]);
      expect(timing("med:1")).toEqual(["on_time", "on_time"]);

      // The stay's printable page, from the record alone.
      const page = await cli(
        ["record", "export", "--booking", String(SUGAR.bookingId), "--format", "html"],
        env,
      );
      expect(page.code).toBe(0);
      // What a reader sees: the page's text, each value isolated in its own <bdi>.
      for (const words of [
        "💊 given on time: 2 of 3 due · 1 late entry · 💉 1 high-alert dose unwitnessed",
        "Late, missed and not given:",
        "given late Tue 24 Nov 08:50 (due 08:00, on time until 08:45)",
        "late entry: given 08:50, recorded 11:00",
        "witnessed by Tom 08:10",
        "💉 unwitnessed",
      ])
        expect(page.stdout.replace(/<[^>]+>/g, "")).toContain(words);

      const text = stayRecordText(stay, "booking 501", {
        color: false,
        timezone: "Europe/London",
        thisYear: "2026",
      });
      expect(text).toContain(
        "💊 given on time: 2 of 3 due · 1 late entry · 💉 1 high-alert dose unwitnessed",
      );
      // The dose as its round's kept sheet named it ("Rimadyl"), its words beside each entry.
      expect(text).toContain("⏰ Rimadyl given late Tue 24 Nov 08:50");
      expect(text).toContain(
        // When it was due, by the window its round kept: what "given late" is read against.
        "Rimadyl 50 mg: late entry: given 08:50, recorded 11:00 · Jane · ⏰ given late (due 08:00, on time until 08:45)\n",
      );
      expect(text).toContain("Caninsulin 6iu: given 08:05 · Jane · given on time · witnessed by Tom 08:10");
      expect(text).toContain("Caninsulin 6iu: given 18:05 · Jane · given on time · 💉 unwitnessed");
    },
  );
});

describe("record audit --file", () => {
  it("reads a copy on its own: the figures of the record it was copied from, read-only, with no kennel settings", async () => {
    const { store, env } = await seeded(ENGINES[0] as (typeof ENGINES)[0]);
    await store.close();
    const dir = (env as { KENNEL_DATA_DIR: string }).KENNEL_DATA_DIR;
    const copy = join(dir, "handed-to-the-inspector.sqlite");
    expect((await cli(["record", "backup", copy], env)).code).toBe(0);
    const bytes = readFileSync(copy);
    // Settings naming another kennel, and a data folder with no record: neither stands in the way.
    const elsewhere = {
      KENNEL_DATA_DIR: join(dir, "none"),
      KENNEL_API_BASE_URL: "https://api.other-kennel.example/api/v1",
      KENNEL_API_KEY: "k".repeat(32),
    };
    expect((await cli(["record", "audit"], elsewhere)).code).toBe(3);
    const own = JSON.parse((await cli(["record", "audit", "--json"], env)).stdout);
    const copied = await cli(["record", "audit", "--json", "--file", copy], elsewhere);
    expect(copied.stderr).toBe("");
    expect(copied.code).toBe(0);
    const theirs = JSON.parse(copied.stdout);
    expect(theirs.where).toBe(copy);
    expect({ ...theirs, where: "" }).toEqual({ ...own, where: "" });
    expect(theirs.doses).toMatchObject({ due: 5, onTime: 2, missed: 1 });
    const text = await cli(["record", "audit", "--file", copy], elsewhere);
    expect(text.stdout).toContain("✅ given on time: 2 of 5 due");
    // Nothing written to the copy, nothing made beside it or in the folder the settings name.
    expect(readFileSync(copy).equals(bytes)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.startsWith("handed"))).toEqual([
      "handed-to-the-inspector.sqlite",
    ]);
    expect(existsSync(join(dir, "none"))).toBe(false);
    // No such file, or not a care record: it cannot be read (3).
    const missing = await cli(["record", "audit", "--file", join(dir, "nothing.sqlite")], elsewhere);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain("nothing to audit");
    writeFileSync(join(dir, "notes.txt"), "not a record");
    const notes = await cli(["record", "audit", "--file", join(dir, "notes.txt")], elsewhere);
    expect(notes.code).toBe(3);
    // A text file is no database SQLite can read: damaged, as through KENNEL_DATA_DIR.
    expect(notes.stderr).toContain("is not a database SQLite can read");
  });
});
