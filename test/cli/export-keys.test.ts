/**
 * The JSON export carries what the CSV carries: each row of every kind (a round's entry, a welfare
 * check, a dose given if needed, an item with nothing recorded, a care plan's version) with every
 * column of the CSV's header but `record_head` (the JSON's `head`), in the same order, null when
 * empty; and every documented key is there in every export, a range's, a stay's and a pet's,
 * `custody` too (`[]` when the stays held no medicine).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { KINDS } from "../../src/answers/welfare-store.ts";
import { temporaryRecord } from "../../src/record/open.ts";
import { parseCsv } from "../helpers/csv.ts";
import { runCommand } from "./helpers.ts";

const clock = { now: () => new Date("2026-11-24T12:00:00Z") };
const TZ = "Europe/London";
const jane = { userId: "U0JANE", userName: "Jane" };

/** A record of two stays: 501 (Biscuit) with an entry, a welfare check, a dose given if needed and a medicine counted in; 502 (Rex) with an entry. */
async function writeRecord() {
  const record = temporaryRecord(clock, "kennel-desk-export-keys-", { origin: "loopback" });
  const store = record.store;
  const entry = { date: "2026-11-24", round: "morning" as const, item: "meal" as const, ...jane };
  await store.record([
    {
      ...entry,
      bookingId: 501,
      petId: 77,
      petName: "Biscuit",
      itemText: "kibble",
      outcome: "ate_all",
      requestKey: "e1",
    },
  ]);
  await store.record([
    {
      ...entry,
      bookingId: 502,
      petId: 78,
      petName: "Rex",
      itemText: "wet food",
      outcome: "ate_some",
      requestKey: "e2",
    },
  ]);
  const stay = { date: "2026-11-24", bookingId: 501, petId: 77, userId: jane.userId };
  await store.append({
    ...stay,
    kind: KINDS.check,
    requestKey: "w1",
    body: {
      v: 1,
      round: "morning",
      bookingId: 501,
      petId: 77,
      petName: "Biscuit",
      values: { drinking: "normal", stool: "normal", urine: "normal", demeanour: "normal" },
      eating: [{ round: "morning", outcome: "ate_all" }],
      userName: "Jane",
      request: "w1",
    },
  });
  await store.append({
    ...stay,
    kind: "prn",
    requestKey: "p1",
    body: {
      item: "med:5",
      label: "Piriton 4mg",
      itemText: "Piriton 4mg PRN – only if scratching",
      reason: "scratching",
      givenAt: "2026-11-24T09:00:00.000Z",
      userName: "Jane",
      petName: "Biscuit",
    },
  });
  await store.append({
    ...stay,
    kind: "medicine_in",
    requestKey: "m1",
    body: {
      item: "med:5",
      label: "Piriton 4mg",
      unit: "tablet",
      quantity: 20,
      ownerNameChecked: true,
      storage: "room",
      controlled: false,
      highAlert: false,
      by: jane,
    },
  });
  await store.close();
  return record;
}

let record: Awaited<ReturnType<typeof writeRecord>> | undefined;
beforeAll(async () => {
  record = await writeRecord();
});
afterAll(() => record?.close());

async function exported(args: string[], format: string): Promise<string> {
  const env = { KENNEL_TIMEZONE: TZ, LOG_LEVEL: "silent", KENNEL_DATA_DIR: record?.dir ?? "" };
  const r = await runCommand(["record", "export", ...args, "--format", format], env, { clock });
  expect(r.code, `${args.join(" ")} ${format}: ${r.stderr}`).toBe(0);
  return r.stdout;
}
type Exported = Record<string, Array<Record<string, unknown>>>;
const RANGE = ["--from", "2026-11-24", "--to", "2026-11-24"];
const EXPORTS = [RANGE, ["--booking", "501"], ["--pet", "77"], ["--booking", "502"]];
const SECTIONS = ["entries", "welfare", "plans", "asNeeded", "unrecorded", "custody"];

it("each JSON row has every column of the CSV's but record_head, in its order, null when empty", async () => {
  const [header = [], ...rows] = parseCsv(await exported(RANGE, "csv"));
  const columns = header.filter((c) => c !== "record_head");
  // The CSV has a row of each kind this test looks for in the JSON.
  const kinds = new Set(rows.map((r) => r[header.indexOf("kind")]));
  for (const kind of ["round", "as_needed", "custody", "record_head"]) expect(kinds).toContain(kind);
  for (const args of EXPORTS) {
    const data = JSON.parse(await exported(args, "json")) as Exported;
    const what = args.join(" ");
    for (const name of SECTIONS.slice(0, -1))
      for (const row of data[name] ?? [])
        expect(
          Object.keys(row).filter((k) => k !== "plan" && k !== "changed"),
          `${what}: ${name}`,
        ).toEqual(columns);
    expect(data.entries?.length, what).toBeGreaterThan(0);
    // An entry's medicine checked (none: null), a check's dose columns: there, empty.
    expect(data.entries?.[0], what).toMatchObject({ medicine_checked: null, kind: "round" });
    if (args[1] === "502") continue;
    expect(data.welfare?.[0]).toMatchObject({ given_at: null, timeliness: null, paper_giver: null });
    expect(data.asNeeded?.[0]).toMatchObject({ kind: "as_needed", medicine_checked: null });
  }
});

it("every key in every export: a range's, a stay's, a pet's; custody [] when the stay held no medicine", async () => {
  for (const args of EXPORTS) {
    const data = JSON.parse(await exported(args, "json")) as Exported;
    const what = args.join(" ");
    expect(Object.keys(data), what).toEqual(["head", ...SECTIONS]);
    expect(
      data.custody?.map((m) => m.kennel),
      what,
    ).toEqual(args[1] === "502" ? [] : ["loopback"]);
  }
});
