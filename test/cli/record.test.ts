/** `kennel-desk record` and `record export`: the care record in the terminal and as a file, from the store alone. */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roundReport } from "../../src/answers/rounds.ts";
import { saveSheet } from "../../src/answers/sheets.ts";
import { loadConfig } from "../../src/config.ts";
import { dueOf } from "../../src/domain/record.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { postgresDriver } from "../../src/record/postgres.ts";
import { sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore } from "../../src/record/store.ts";
import type { EntryInput, RecordResult } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { parseCsv } from "../helpers/csv.ts";
import { freePort } from "../helpers/net.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { runCommand } from "./helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "kennel-desk-cli-record-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const NOW = new Date("2026-11-24T10:00:00Z");
const postgres = usePostgres();

async function cli(args: string[], env: Record<string, string> = { KENNEL_DATA_DIR: dir }) {
  return runCommand(
    args,
    { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", ...env },
    { clock: { now: () => NOW } },
  );
}

const base = {
  date: "2026-11-24",
  round: "morning",
  bookingId: 501,
  petId: 77,
  petName: "Biscuit",
  userId: "U0JANE",
  userName: "Jane",
} as const;

beforeAll(async () => {
  let at = Date.parse("2026-11-24T08:12:00Z");
  const store = createStore(sqliteDriver({ dir }), { now: () => new Date(at) });
  const record = async (entries: EntryInput[]) => {
    const r = (await store.record(entries)) as Extract<RecordResult, { status: "recorded" }>;
    at += 3 * 60_000;
    return r.entries;
  };
  const [rimadyl] = await record([
    {
      ...base,
      item: "med:1",
      itemText: "Rimadyl 50 mg, one tablet with food",
      outcome: "given",
      requestKey: "a1",
    },
    {
      ...base,
      item: "meal",
      itemText: '=HYPERLINK("http://x") dry food, 200 g',
      outcome: "ate_some",
      note: 'left the biscuits,\n"fussy" today',
      requestKey: "a1",
    },
  ]);
  await record([
    {
      ...base,
      item: "med:1",
      itemText: "Rimadyl 50 mg, one tablet with food",
      outcome: "refused",
      note: "spat it out",
      supersedes: rimadyl?.id,
      userId: "U0TOM",
      userName: "Tom",
      requestKey: "a2",
    },
  ]);
  await record([
    {
      ...base,
      round: "evening",
      petId: 78,
      petName: "Luna",
      item: "med:2",
      itemText: "Eye drops",
      outcome: "not_given",
      reason: "-owner said stop",
      requestKey: "a3",
    },
  ]);
  await record([
    { ...base, date: "2026-11-25", item: "meal", itemText: "Wet food", outcome: "ate_all", requestKey: "a4" },
  ]);
  await store.close();
});

describe("kennel-desk record", () => {
  it("prints the day by round and pet: when in the kennel's zone, who, outcome, note; a corrected entry marked", async () => {
    const { code, stdout } = await cli(["record", "2026-11-24"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Care record · Tue 24 Nov 2026");
    expect(stdout).toMatch(
      /Morning round · 1 pet · no sheet kept: its entries only\n {2}Biscuit \(pet 77, booking 501\)/,
    );
    expect(stdout).toContain(
      // The correction, then under it what it replaced: read first as a correction (by whom, when), then
      // the old entry struck through (Slack's marks in a pipe), never as a second valid entry.
      "Rimadyl 50 mg, one tablet with food: refused 08:15 · Tom (corrects entry 1)\n     \u2003\u2003note: spat it out\n" +
        "     \u2003corrected by Tom 08:15 (entry 3); was: ~Rimadyl 50 mg, one tablet with food: given 08:12 · Jane~",
    );
    expect(stdout).toContain('note: left the biscuits,\n     \u2003\u2003\u2003\u2003"fussy" today');
    expect(stdout).toContain("Evening round · 1 pet");
    expect(stdout).toContain("Eye drops: not given: -owner said stop (recorded 08:18 by Jane)");
    expect(stdout).toContain("4 entries, 1 of them corrected since");
    expect(stdout).not.toContain("Wet food");
  });

  it("keeps to one round or one pet when asked, and gives the data with --json", async () => {
    const evening = await cli(["record", "2026-11-24", "--round", "evening"]);
    expect(evening.stdout).not.toContain("Biscuit");
    expect(evening.stdout).toContain("Luna");
    const pet = await cli(["record", "24 Nov", "--pet", "77", "--json"]);
    const data = JSON.parse(pet.stdout) as {
      count: number;
      rounds: { round: string; pets: { petId: number }[] }[];
    };
    expect(data.count).toBe(3);
    expect(data.rounds.map((r) => r.round)).toEqual(["morning"]);
    // Recorded (by the test's clock) the day before its round: the time names its day.
    expect((await cli(["record", "tomorrow"])).stdout).toContain(
      "meal (Wet food): ate all Tue 24 Nov 08:21 · Jane",
    );
    // The round by any of its names among the words, as `rounds` takes it.
    for (const words of [
      ["evening", "2026-11-24"],
      ["2026-11-24", "dinner"],
      ["PM", "24 Nov"],
    ]) {
      const r = await cli(["record", ...words]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(evening.stdout);
    }
    const twice = await cli(["record", "evening", "2026-11-24", "--round", "midday"]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/Name the round once/);
  });

  it("says so when nothing is recorded, and never makes a record where there is none", async () => {
    const empty = await cli(["record", "2026-11-20"]);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain("Nothing recorded on this day.");
    // A past round never posted: the record cannot say what was due (never "nothing was due"), and
    // the paper chart is that round's record; a round still to come today says how to keep it.
    expect(empty.stdout).toContain(
      "Morning, midday and evening rounds: never posted, so the record holds no sheet of them and cannot say what was due; the paper chart is those rounds' record",
    );
    const morning = await cli(["record", "morning", "2026-11-20"]);
    expect(morning.stdout).toContain(
      "Morning round: never posted, so the record holds no sheet of it and cannot say what was due; the paper chart is that round's record: keep it with the kennel's records (Kennel Desk enters a paper chart only against a sheet it kept, so a past round never posted cannot be entered).",
    );
    const today = await cli(["record", "evening", "2026-11-24"]);
    expect(today.stdout).toContain(
      "Evening round: not posted yet, so the record holds no sheet of it and cannot say what was due yet. What it asks is kept when it is posted (its scheduled post, or /rounds evening in Slack); it is then recorded on that post, or entered from the paper chart (kennel-desk record enter evening 2026-11-24).",
    );
    const nowhere = join(dir, "not-here");
    const none = await cli(["record"], { KENNEL_DATA_DIR: nowhere });
    // No record is not an empty one: it cannot be read (test/cli/record-none.test.ts).
    expect(none.code).toBe(3);
    expect(none.stderr).toContain(`There is no care record at ${join(nowhere, "care-record.sqlite")} yet`);
    expect(existsSync(nowhere)).toBe(false);
  });

  it("refuses a bad round, pet or option with what to type (exit 2)", async () => {
    for (const args of [
      ["record", "--round", "brunch"],
      ["record", "--pet", "Biscuit"],
      ["record", "--page", "2"],
      ["record", "export", "--from", "2026-11-01"],
      ["record", "export", "--from", "2026-11-01", "--to", "2026-11-30", "--format", "xlsx"],
      ["record", "export", "--from", "2026-11-30", "--to", "2026-11-01"],
    ]) {
      const r = await cli(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr.length).toBeGreaterThan(20);
    }
  });

  it("says the record cannot be read, and what to do, when PostgreSQL is down (exit 3)", async () => {
    const port = await freePort();
    const r = await cli(["record"], { DATABASE_URL: `postgres://kd:secret-pw@127.0.0.1:${port}/kennel` });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/cannot be reached/);
    expect(r.stderr).toMatch(/check that PostgreSQL is running/);
    expect(r.stderr).not.toContain("secret-pw");
  });
});

describe("kennel-desk record export", () => {
  it("writes CSV per RFC 4180: one row per entry, every field, CRLF, quotes doubled, formulas made safe", async () => {
    const { code, stdout, stderr } = await cli([
      "record",
      "export",
      "--from",
      "2026-11-01",
      "--to",
      "2026-11-24",
    ]);
    expect(code).toBe(0);
    expect(stdout.endsWith("\r\n")).toBe(true);
    const [header, ...rows] = parseCsv(stdout);
    expect(header).toEqual([
      "id",
      "seq",
      "kennel",
      "date",
      "round",
      "booking_id",
      "pet_id",
      "pet_name",
      "item",
      "item_text",
      "outcome",
      "reason",
      "note",
      "user_id",
      "user_name",
      "recorded_at_utc",
      "recorded_at_local",
      "supersedes",
      "superseded_by",
      "request_key",
      // Issue 35's columns come last: a reader of the older columns finds each where it was.
      "given_at",
      "reason_code",
      "late_entry",
      "witness",
      "kind",
      "past_plan_limit",
      "effect",
      "from_words",
      "timeliness",
      "paper_giver",
      "medicine_checked",
      "not_asked_why",
      "given_by",
      // The record's head, on the last row: a column of its own, so every row has the same cells.
      "record_head",
    ]);
    // Every row has every column (RFC 4180), the last one too: it names the record's head at
    // export, for `kennel-desk record verify --head`.
    for (const row of rows) expect(row).toHaveLength(header?.length ?? 0);
    const head = rows.pop();
    const cell = (row: string[] | undefined, column: string) => row?.[(header ?? []).indexOf(column)];
    expect(cell(head, "kind")).toBe("record_head");
    expect(cell(head, "record_head")).toMatch(
      /^#\d+ sha256 [0-9a-f]{64} \(check with: kennel-desk record verify --head "#\d+ · [0-9a-f]{16}"\)$/,
    );
    expect(cell(head, "seq")).toBe(cell(head, "record_head")?.match(/^#(\d+)/)?.[1]);
    expect(rows).toHaveLength(4);
    const at = (row: string[] | undefined, column: string) => row?.[(header ?? []).indexOf(column)];
    expect(at(rows[0], "superseded_by")).toBe("3");
    expect(at(rows[1], "item_text")).toBe(`'=HYPERLINK("http://x") dry food, 200 g`);
    expect(at(rows[1], "note")).toBe('left the biscuits,\n"fussy" today');
    expect(at(rows[2], "supersedes")).toBe("1");
    expect(at(rows[3], "reason")).toBe("'-owner said stop");
    expect(at(rows[0], "recorded_at_local")).toBe("2026-11-24 08:12");
    expect(at(rows[0], "recorded_at_utc")).toBe("2026-11-24T08:12:00.000Z");
    expect(stderr).toContain("4 entries from 2026-11-01 to 2026-11-24");
  });

  it("takes a day as the docs write it, -1 or +0, after --from and --to (not only --from=-1)", async () => {
    // NOW is Tue 24 Nov: -1 is Mon 23 Nov, +0 today.
    const typed = await cli(["record", "export", "--from", "-1", "--to", "+0"]);
    expect(typed.code, typed.stderr).toBe(0);
    expect(typed.stderr).toContain("from 2026-11-23 to 2026-11-24");
    const joined = await cli(["record", "export", "--from=-1", "--to=+0"]);
    expect(joined.stdout).toBe(typed.stdout);
    // A dash-word after it is still an option, not a day: the value is missing, said so.
    expect((await cli(["record", "export", "--from", "--to", "+0"])).code).toBe(2);
  });

  it("writes JSON with the same fields on --format json", async () => {
    const { stdout } = await cli([
      "record",
      "export",
      "--from",
      "2026-11-24",
      "--to",
      "2026-11-25",
      "--format",
      "json",
    ]);
    const exported = JSON.parse(stdout) as {
      head: { seq: number; hash: string };
      entries: Record<string, unknown>[];
    };
    expect(exported.head).toEqual({ seq: expect.any(Number), hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const rows = exported.entries;
    expect(rows).toHaveLength(5);
    expect(rows[1]).toMatchObject({
      item: "meal",
      outcome: "ate_some",
      item_text: '=HYPERLINK("http://x") dry food, 200 g',
    });
  });
});

describe("kennel-desk record beside what was due (what each round's kept sheet asked, from the record)", () => {
  let sandbox: Sandbox;
  const dueDir = mkdtempSync(join(tmpdir(), "kennel-desk-cli-due-"));
  const env = () => ({
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_DATA_DIR: dueDir,
  });
  let pet: { name: string; id: number; doses: string[] };
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 21, customers: 60, today: "2026-11-24", timezone: "Europe/London" });
    const config = loadConfig({ ...env(), KENNEL_TIMEZONE: "Europe/London" });
    const deps = {
      kennel: createKennelClient(config.kennel as NonNullable<typeof config.kennel>, { log: silentLogger() }),
      log: silentLogger(),
      config,
      clock: { now: () => NOW },
    };
    const report = await roundReport(deps, "evening", "2026-11-24");
    const p = report.pets.find((x) => x.sheet?.medications.some((m) => m.state === "given"));
    const sheet = p?.sheet;
    const given = sheet?.medications.find((m) => m.state === "given");
    if (!p?.pet || !sheet || !given)
      throw new Error("the sandbox's evening round has no pet with an evening dose");
    pet = {
      name: String(p.pet.pet.name),
      id: Number(p.pet.pet.petId),
      // What is due by the pet's care plan (the terminal reads the record; the plan drafted for it).
      doses: dueOf(p)
        .filter((d) => d.item !== "meal")
        .map((d) => d.label),
    };
    const store = createStore(sqliteDriver({ dir: dueDir }), { now: () => new Date("2026-11-24T18:05:00Z") });
    await store.record([
      {
        date: "2026-11-24",
        round: "evening",
        bookingId: Number(p.booking.bookingId),
        petId: pet.id,
        petName: pet.name,
        item: `med:${given.medication.n as 1}`,
        itemText: String(given.dose),
        outcome: "refused",
        note: "spat it out",
        userId: "U0JANE",
        userName: "Jane",
        requestKey: "due-1",
      },
    ]);
    // The bot posted the morning and evening rounds: their sheets kept, what each asked has a state.
    for (const round of ["morning", "evening"] as const) {
      const posted = await roundReport(deps, round, "2026-11-24");
      await saveSheet(
        { record: store },
        {
          v: 1,
          date: "2026-11-24",
          round,
          fallback: `${round} round`,
          pets: posted.pets.flatMap((x) =>
            x.pet?.pet.petId !== undefined && x.booking.bookingId !== undefined && dueOf(x).length > 0
              ? [
                  {
                    bookingId: x.booking.bookingId,
                    petId: x.pet.pet.petId,
                    name: String(x.pet.pet.name),
                    due: dueOf(x),
                    oneTap: false,
                    message: 0,
                  },
                ]
              : [],
          ),
          messages: [{ parts: [] }],
        },
      );
    }
    await store.close();
  }, 60_000);
  afterAll(async () => {
    await sandbox.close();
    rmSync(dueDir, { recursive: true, force: true });
  });

  it("lists each pet's due doses and meal with its entry, or 'not recorded', and the round's progress", async () => {
    const { code, stdout } = await cli(["record", "2026-11-24", "--round", "evening"], env());
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /Evening round · 0 of \d+ pets recorded · \d+ doses not recorded · \d+ meals not recorded/,
    );
    const mine = stdout.slice(stdout.indexOf(`${pet.name} (pet ${pet.id},`));
    expect(mine).toMatch(/: refused 18:05 · Jane\n {5}\u2003\u2003note: spat it out/);
    for (const name of pet.doses) expect(mine).toContain(name);
    expect(mine).toContain("not recorded");
    const only = await cli(["record", "2026-11-24", "--round", "evening", "--pet", String(pet.id)], env());
    expect(only.stdout.match(/ \(pet \d+, booking \d+\)/g)).toHaveLength(1);
  });

  it("shows each dose not recorded with its state and window now (issue 35)", async () => {
    // At 10:00: the evening round's window has not opened; the morning round's has closed.
    const evening = await cli(["record", "2026-11-24", "--round", "evening"], env());
    expect(evening.stdout).toContain("not recorded · ⏳ upcoming · from 17:00");
    const morning = await cli(["record", "2026-11-24", "--round", "morning"], env());
    expect(morning.stdout).toContain("not recorded · ❌ missed · window closed 09:30");
    expect(morning.stdout).not.toMatch(/not recorded · (⏳|🕐|⏰)/);
    // Recorded items say what was recorded, never a state.
    expect(evening.stdout).not.toMatch(/refused 18:05 · Jane · /);
  });

  it("what was due comes from the record alone: the same with the kennel API failing or not set (issue 45)", async () => {
    const read = await cli(["record", "2026-11-24", "--round", "evening"], env());
    sandbox.setFaults({ errorRate: 1 });
    try {
      const failing = await cli(["record", "2026-11-24", "--round", "evening"], env());
      expect(failing.code).toBe(0);
      expect(failing.stdout).toBe(read.stdout);
    } finally {
      sandbox.setFaults({});
    }
    const unset = await cli(["record", "2026-11-24", "--round", "evening"], { KENNEL_DATA_DIR: dueDir });
    expect(unset.code).toBe(0);
    expect(unset.stdout).toBe(read.stdout);
    expect(unset.stdout).not.toContain("What was due is not shown");
    for (const name of pet.doses) expect(unset.stdout).toContain(name);
    expect(unset.stdout).toContain("refused 18:05 · Jane");
  });
});

describe.skipIf(!postgres.available)("kennel-desk record on PostgreSQL (DATABASE_URL)", () => {
  it("reads and exports the same record as on SQLite", async () => {
    const url = await postgres.freshDatabase();
    const store = createStore(postgresDriver({ url }), { now: () => new Date("2026-11-24T08:12:00Z") });
    await store.record([
      { ...base, item: "med:1", itemText: "Rimadyl 50 mg", outcome: "given", requestKey: "pg-1" },
      { ...base, item: "meal", itemText: "=1+1 dry food", outcome: "ate_none", requestKey: "pg-1" },
    ]);
    await store.close();
    const env = { DATABASE_URL: url.href };
    const day = await cli(["record", "2026-11-24"], env);
    expect(day.code).toBe(0);
    expect(day.stdout).toContain("Rimadyl 50 mg: given 08:12 · Jane");
    expect(day.stdout).toContain(`the record: PostgreSQL 127.0.0.1:${url.port}/${url.pathname.slice(1)}`);
    const csv = await cli(["record", "export", "--from", "2026-11-24", "--to", "2026-11-24"], env);
    const [header, ...rows] = parseCsv(csv.stdout);
    rows.pop();
    const col = (name: string) => (header ?? []).indexOf(name);
    expect(rows.map((r) => r[col("item")])).toEqual(["med:1", "meal"]);
    expect(rows[1]?.[col("item_text")]).toBe("'=1+1 dry food");
  });
});
