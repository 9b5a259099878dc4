/**
 * As-needed doses in the record's terminal views and exports, on both engines (issue 35): the day
 * (`kennel-desk record`), `record export` as CSV, JSON and the printable page list each dose with
 * why, who, when given (and when recorded, when later), the acknowledgement of a dose given past
 * the plan's limit, the note and the effect, or "awaiting effect"; cleaned and escaped like
 * every field. The stay's record (its document) lists them under the pet.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prnDoses, recordEffect } from "../../src/answers/prn.ts";
import type { StayRecordView } from "../../src/domain/stay.ts";
import { stayRecordDoc, staySummaryDocLines } from "../../src/present/stay.ts";
import type { BodyIn } from "../../src/record/kinds/index.ts";
import { postgresDriver } from "../../src/record/postgres.ts";
import { sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore } from "../../src/record/store.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { runCommand } from "./helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "kennel-desk-cli-prn-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const NOW = new Date("2026-11-24T12:00:00Z");
const clock = { now: () => NOW };
/** The kennel the record is made for: every row carries it. */
const KENNEL = { origin: "https://api.kennel.example" };
const postgres = usePostgres();

async function cli(args: string[], env: Record<string, string>) {
  return runCommand(args, { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", ...env }, { clock });
}

/** Three doses for booking 501: Biscuit's awaiting its effect, Biscuit's given past the plan (worse), Pip's helped. */
async function fill(store: CareRecordStore, at: { t: number }) {
  type Given = Omit<BodyIn<"prn">, "item" | "label" | "itemText">;
  const append = async (petId: number, userId: string, key: string, body: Given) => {
    const { entry } = await store.append({
      kind: "prn",
      date: "2026-11-24",
      bookingId: 501,
      petId,
      userId,
      requestKey: key,
      body: {
        item: "med:2",
        label: "Piriton 4mg",
        itemText: "Piriton 4mg PRN – only if scratching",
        ...body,
      },
    });
    at.t += 60_000;
    return entry.id;
  };
  await append(77, "U0JANE", "view:A", {
    reason: "=scratching <!here>",
    givenAt: "2026-11-24T08:10:00.000Z",
    userName: "Jane",
  });
  const past = await append(77, "U0TOM", "view:B", {
    reason: "scratching",
    givenAt: "2026-11-24T09:00:00.000Z",
    userName: "Tom",
    ack: { rule: "min_interval", words: "the last at 08:10, 50 min ago: the plan says at least 4 h between" },
    note: "Vet agreed",
  });
  // Pip's, a high-alert drug's, kept with its pet's name (issue 46): never witnessed.
  const pip = await append(78, "U0JANE", "view:C", {
    reason: "itching",
    givenAt: "2026-11-24T09:30:00.000Z",
    userName: "Jane",
    highAlert: true,
    petName: "Pip",
  });
  const who = { userId: "U0JANE", userName: "Jane" };
  await recordEffect(
    { record: store, clock },
    { prnId: past, effect: "worse", note: "more scratching", who },
  );
  await recordEffect({ record: store, clock }, { prnId: pip, effect: "helped", who });
}

function checks(name: string, env: () => Record<string, string>, store: () => CareRecordStore) {
  it(`${name}: the day lists each dose under its pet, with why, who, the acknowledgement and the effect`, async () => {
    const r = await cli(["record", "2026-11-24"], env());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("As needed · 3 doses");
    expect(r.stdout).toMatch(/pet 77[^\n]*\(pet 77, booking 501\)/);
    expect(r.stdout).toContain(
      "Piriton 4mg given 08:10, recorded 10:00 by Jane for =scratching <!here> · effect: awaiting",
    );
    expect(r.stdout).toContain(
      "Piriton 4mg given 09:00, recorded 10:01 by Tom for scratching · past the plan's limit, checked: the last at 08:10, 50 min ago: the plan says at least 4 h between · note: Vet agreed · effect: worse (Jane 10:03: more scratching)",
    );
    expect(r.stdout).not.toContain("Nothing recorded");
  });

  it(`${name}: CSV rows of kind as_needed with when given, the acknowledgement and the effect; JSON beside the entries`, async () => {
    const csv = await cli(["record", "export", "--from", "2026-11-24", "--to", "2026-11-24"], env());
    expect(csv.code).toBe(0);
    const lines = csv.stdout.split("\r\n");
    const header = (lines[0] ?? "").split(",");
    const rows = lines.filter((l) => l.includes(",as_needed,"));
    expect(rows).toHaveLength(3);
    const cell = (row: string, column: string) => row.split(",")[header.indexOf(column)];
    // A formula's first character made safe, as every cell.
    expect(rows[0]).toContain("'=scratching <!here>");
    expect(cell(rows[0] as string, "given_at")).toBe("2026-11-24T08:10:00.000Z");
    expect(cell(rows[0] as string, "effect")).toBe("awaiting effect");
    expect(rows[1]).toContain("min_interval: the last at 08:10");
    expect(rows[1]).toContain("worse · Jane 2026-11-24 10:03 · more scratching");
    expect(csv.stderr).toContain("0 entries and 3 as-needed doses");
    const json = await cli(
      ["record", "export", "--from", "2026-11-24", "--to", "2026-11-24", "--format", "json"],
      env(),
    );
    const data = JSON.parse(json.stdout) as { asNeeded: Array<Record<string, unknown>> };
    expect(data.asNeeded.map((d) => [d.pet_id, d.kind, d.effect])).toEqual([
      [77, "as_needed", "awaiting effect"],
      [77, "as_needed", "worse · Jane 2026-11-24 10:03 · more scratching"],
      [78, "as_needed", "helped · Jane 2026-11-24 10:03"],
    ]);
  });

  // Issue 46, item 13: like every row, its kennel and its pet's name (the plan's, else "pet 77"); item 4: a witness.
  it(`${name}: each as-needed row carries its kennel, its pet's name and a high-alert dose's witness`, async () => {
    const json = await cli(
      ["record", "export", "--from", "2026-11-24", "--to", "2026-11-24", "--format", "json"],
      env(),
    );
    const data = JSON.parse(json.stdout) as { asNeeded: Array<Record<string, unknown>> };
    expect(data.asNeeded.map((d) => [d.kennel, d.pet_name, d.witness])).toEqual([
      [KENNEL.origin, "pet 77", null],
      [KENNEL.origin, "pet 77", null],
      [KENNEL.origin, "Pip", "unwitnessed"],
    ]);
    const csv = await cli(["record", "export", "--from", "2026-11-24", "--to", "2026-11-24"], env());
    const lines = csv.stdout.split("\r\n");
    const header = (lines[0] ?? "").split(",");
    const pip = lines.find((l) => l.includes(",as_needed,") && l.includes(",Pip,")) as string;
    expect(pip.split(",")[header.indexOf("kennel")]).toBe(KENNEL.origin);
    expect(pip.split(",")[header.indexOf("witness")]).toBe("unwitnessed");
  });

  it(`${name}: the printable page lists each pet's doses given if needed, escaped`, async () => {
    // One page per pet of the stay: Biscuit's (77), then Pip's (78).
    const page = await cli(
      ["record", "export", "--booking", "501", "--pet", "77", "--format", "html"],
      env(),
    );
    expect(page.code).toBe(0);
    const pip = await cli(["record", "export", "--booking", "501", "--pet", "78", "--format", "html"], env());
    // The stay's document as a page: each pet's doses (no rounds known without the kennel API).
    expect(page.stdout).toContain("<strong><bdi>pet 77</bdi></strong>");
    expect(page.stdout).toContain("<bdi>As needed</bdi>");
    expect(page.stdout).toContain("<bdi>for =scratching &lt;!here&gt;</bdi><bdi> · effect: awaiting</bdi>");
    expect(page.stdout).not.toContain("<!here>");
    expect(page.stdout).toContain(
      "<bdi>the last at 08:10, 50 min ago: the plan says at least 4 h between</bdi>",
    );
    expect(pip.stdout).toContain("<strong><bdi>pet 78</bdi></strong>");
    expect(page.stdout).not.toContain("<strong><bdi>pet 78</bdi></strong>");
  });

  it(`${name}: the stay's record lists them under the pet, and its summary counts them`, async () => {
    const asNeeded = await prnDoses({ record: store(), clock }, { bookingId: 501 });
    const pet = {
      bookingId: 501,
      petId: 77,
      petName: "Biscuit",
      doses: { due: 0, given: 0 },
      meals: { due: 0, ateAll: 0, ateSome: 0, ateNone: 0, notOffered: 0, missed: 0 },
      exceptions: [],
      items: [],
      entries: [],
      dueKnown: true,
      notDue: [],
    };
    const stay: StayRecordView = { bookingId: 501, pets: [pet], problem: undefined, asNeeded };
    const text = docText(stayRecordDoc(stay, "KD-501", { timezone: "Europe/London" }), {
      color: false,
      timezone: "Europe/London",
      thisYear: "2026",
    });
    expect(text).toContain("As needed");
    expect(text).toContain(
      "Piriton 4mg given 09:00, recorded 10:01 by Tom for scratching · past the plan's limit",
    );
    // Pip has no rounds on the record: its dose is still listed, never dropped.
    expect(text).toContain("pet 78: as needed");
    expect(text).toContain("by Jane for itching · 💉 unwitnessed · effect: helped (Jane 10:03)");
    const summary = staySummaryDocLines(stay, "Europe/London").map((l) => l.map((s) => s.text).join(""));
    expect(summary[0]).toContain("💊 2 as needed (1 past the plan's limit, 1 worse, 1 awaiting effect)");
  });
}

describe("as-needed doses in the terminal and the exports (SQLite)", () => {
  const at = { t: Date.parse("2026-11-24T10:00:00Z") };
  let store: CareRecordStore;
  it("keeps three doses", async () => {
    store = createStore(sqliteDriver({ dir }), { now: () => new Date(at.t) }, KENNEL);
    await fill(store, at);
    await store.close();
    store = createStore(sqliteDriver({ dir }), { now: () => NOW });
  });
  checks(
    "SQLite",
    () => ({ KENNEL_DATA_DIR: dir }),
    () => store,
  );
  afterAll(() => store?.close());
});

describe.skipIf(!postgres.available)("as-needed doses in the terminal and the exports (PostgreSQL)", () => {
  const at = { t: Date.parse("2026-11-24T10:00:00Z") };
  let url: URL;
  let store: CareRecordStore;
  it("keeps three doses", async () => {
    url = await postgres.freshDatabase();
    store = createStore(postgresDriver({ url }), { now: () => new Date(at.t) }, KENNEL);
    await fill(store, at);
  });
  checks(
    "PostgreSQL",
    () => ({ DATABASE_URL: url.href }),
    () => store,
  );
  afterAll(() => store?.close());
});
