/**
 * One kennel, one spelling in the exports: a row written before the record knew its business
 * carries the kennel's origin alone ("loopback"), later rows its origin and business
 * ("loopback#1"); the CSV's and the JSON's `kennel` read the record's kennel as it names itself now
 * for that earlier name, and show any other value as the row holds it (an entry of a record made
 * before it knew its kennel at all: "before the kennel was recorded"). The record's rows stay as
 * written: `record verify --file` finds the copy intact.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { temporaryRecord } from "../../src/record/open.ts";
import { migrationsAfter } from "../../src/record/schema.ts";
import { SQLITE_FILE } from "../../src/record/sqlite.ts";
import { parseCsv } from "../helpers/csv.ts";
import { runCommand } from "./helpers.ts";

const clock = { now: () => new Date("2026-11-22T10:00:00Z") };
const record = temporaryRecord(clock, "kennel-desk-export-kennel-", { origin: "loopback" });
const env = { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", KENNEL_DATA_DIR: record.dir };
const meal = (petId: number, requestKey: string) => ({
  date: "2026-11-22",
  round: "morning" as const,
  bookingId: 7,
  petId,
  petName: "Rex",
  item: "meal" as const,
  itemText: "kibble",
  outcome: "ate_all" as const,
  userId: "U0JANE",
  userName: "Jane",
  requestKey,
});

/** The record as schema 1 left it: one entry, made before a record knew its kennel. */
function schemaOneEntry(dir: string) {
  const db = new DatabaseSync(join(dir, SQLITE_FILE));
  db.exec(
    "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, what TEXT NOT NULL, applied_at TEXT NOT NULL)",
  );
  for (const s of migrationsAfter(0, "sqlite")[0]?.statements ?? []) db.exec(s);
  db.exec("INSERT INTO schema_version VALUES (1, 'v1', '2026-11-01T00:00:00Z')");
  db.exec("INSERT INTO care_requests VALUES ('k0', '2026-11-22T07:00:00Z')");
  db.exec(
    `INSERT INTO care_entries (round_date, round, booking_id, pet_id, pet_name, item, item_text, outcome, user_id, user_name, request_key, recorded_at)
     VALUES ('2026-11-22', 'morning', 7, 3, 'Rex', 'meal', 'kibble', 'ate_all', 'U0JANE', 'Jane', 'k0', '2026-11-22T07:00:00Z')`,
  );
  db.close();
}

beforeAll(async () => {
  schemaOneEntry(record.dir);
  await record.store.record([meal(1, "k1")]);
  // The business's id, learnt from the kennel API's records after that first entry.
  await record.store.bindKennelId(1);
  await record.store.record([meal(2, "k2")]);
  const kept = await record.store.entries({ date: "2026-11-22" });
  // As written: the first entry before the record knew its kennel, the next before it knew its business.
  expect(kept.map((e) => e.kennel).sort()).toEqual([
    "before the kennel was recorded",
    "loopback",
    "loopback#1",
  ]);
  await record.store.close();
});
afterAll(() => record.close());

const exported = (format: string) =>
  runCommand(["record", "export", "--from", "2026-11-22", "--to", "2026-11-22", "--format", format], env, {
    clock,
  });

it("the CSV and the JSON name the same kennel one way, the record's name now; any other kennel as held", async () => {
  const kennels = ["before the kennel was recorded", "loopback#1", "loopback#1"];
  const csv = await exported("csv");
  expect(csv.code).toBe(0);
  const [head = [], ...rows] = parseCsv(csv.stdout);
  const at = (name: string) => head.indexOf(name);
  const rounds = rows.filter((r) => r[at("kind")] === "round");
  expect(rounds.map((r) => r[at("kennel")])).toEqual(kennels);
  const json = await exported("json");
  expect(json.code).toBe(0);
  const entries = (JSON.parse(json.stdout) as { entries: Array<{ kennel: string }> }).entries;
  expect(entries.map((e) => e.kennel)).toEqual(kennels);
});

it("record verify --file still finds the copy intact", async () => {
  const r = await runCommand(["record", "verify", "--file", join(record.dir, "care-record.sqlite")], {
    KENNEL_TIMEZONE: "Europe/London",
    LOG_LEVEL: "silent",
  });
  expect(r.stdout).toMatch(/^intact/);
  expect(r.code).toBe(0);
});

it("record verify --file (and audit --file) given an export: says it is one, nothing wrong with it, and checks it by its head", async () => {
  const bare = { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent" };
  for (const format of ["json", "csv"]) {
    const out = await exported(format);
    const file = join(record.dir, `export.${format}`);
    writeFileSync(file, out.stdout);
    const r = await runCommand(["record", "verify", "--file", file], bare);
    expect(r.code).toBe(2);
    const m = /its head (#\d+ · [0-9a-f]{16})\)/.exec(r.stderr);
    expect(r.stderr).toContain(`${file} is a ${format.toUpperCase()} export of the care record (its head`);
    expect(r.stderr).toContain("Nothing is wrong with the export for that.");
    expect(r.stderr).not.toContain("holds no care record");
    const head = m?.[1] ?? "";
    expect(r.stderr).toContain(`kennel-desk record verify --head "${head}"`);
    // The advice works: the record passes through the export's head.
    const through = await runCommand(["record", "verify", "--head", head], env, { clock });
    expect(through.stdout).toMatch(/^intact, and it passes through the head printed before/);
    const audit = await runCommand(["record", "audit", "--file", file], bare);
    expect(audit.code).toBe(2);
    expect(audit.stderr).toContain(`${file} is a ${format.toUpperCase()} export of the care record`);
  }
  // The CSV's head row says how to check it: by its head (its quotes doubled in the CSV's cell).
  expect((await exported("csv")).stdout).toMatch(
    /\(check with: kennel-desk record verify --head ""#\d+ · [0-9a-f]{16}""\)"\r\n$/,
  );
});

it("the printable export: verify --file on its pages says it is an export, and each page gives the whole command that checks it", async () => {
  const bare = { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent" };
  const out = join(record.dir, "printable");
  const made = await runCommand(
    ["record", "export", "--from", "2026-11-22", "--to", "2026-11-22", "--format", "html", "--out", out],
    env,
    { clock },
  );
  expect(made.code, made.stderr).toBe(0);
  const pages = readdirSync(out);
  expect(pages).toContain("index.html");
  expect(pages.length).toBeGreaterThan(1);
  for (const page of pages) {
    const file = join(out, page);
    const r = await runCommand(["record", "verify", "--file", file], bare);
    expect(r.code, page).toBe(2);
    expect(r.stderr).toContain(`${file} is a printable (HTML) export of the care record (its head`);
    expect(r.stderr).not.toContain("holds no care record");
    const head = /its head (#\d+ · [0-9a-f]{16})\)/.exec(r.stderr)?.[1] ?? "";
    // The page's own words: the command whole, with the head it names, and it works.
    const html = readFileSync(file, "utf8");
    expect(html).toContain(`kennel-desk record verify --head &quot;${head}&quot;`);
    const through = await runCommand(["record", "verify", "--head", head], env, { clock });
    expect(through.stdout).toMatch(/^intact, and it passes through the head printed before/);
    // Each page names the kennel, as the CSV's and the JSON's rows do.
    expect(html).toContain("loopback#1");
  }
});

it("the CSV's head row names the kennel, as every other row", async () => {
  const [head = [], ...rows] = parseCsv((await exported("csv")).stdout);
  const last = rows.at(-1) ?? [];
  expect(last[head.indexOf("kind")]).toBe("record_head");
  expect(last[head.indexOf("kennel")]).toBe("loopback#1");
});
