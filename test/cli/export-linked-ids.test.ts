/**
 * `record export`'s `supersedes` and `superseded_by` (a fresh try: in a one-day CSV, entry 39 named
 * `supersedes` 38, but 38 and 39 were care plan versions' ids too, ids repeating across kinds). The
 * rule, documented and said beneath the export when a row names another: each names the id of a row of
 * the same record (a round's entry another round's entry, of kind round or round_not_asked); a round's
 * entries are numbered apart from the record's other rows, so an id is looked up among its own.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { LINKED_IDS } from "../../src/cli/record-export-counts.ts";
import { temporaryRecord } from "../../src/record/open.ts";
import { parseCsv } from "../helpers/csv.ts";
import { recorded } from "../helpers/record.ts";
import { runCommand } from "./helpers.ts";

const clock = { now: () => new Date("2026-11-24T12:00:00Z") };
const TZ = "Europe/London";
const jane = { userId: "U0JANE", userName: "Jane" };
const ROUND_KINDS = new Set(["round", "round_not_asked"]);

/** Biscuit's Rimadyl given, put right as recorded in error, given again; three doses given if needed beside it. */
async function writeRecord() {
  const record = temporaryRecord(clock, "kennel-desk-export-linked-", { origin: "loopback" });
  const store = record.store;
  const stay = { date: "2026-11-24", bookingId: 501, petId: 77, userId: jane.userId };
  // Three doses given if needed: rows of the record's other numbering, ids 1 on as the entries' are.
  for (const i of [7, 8, 9])
    await store.append({
      ...{ ...stay, kind: "prn", requestKey: `prn${i}` },
      body: {
        ...{ item: "med:5", label: "Piriton 4mg", itemText: "Piriton 4mg PRN", reason: "scratching" },
        ...{ givenAt: `2026-11-24T0${i}:00:00.000Z`, userName: "Jane", petName: "Biscuit" },
      },
    });
  const dose = {
    ...{ date: "2026-11-24", round: "morning" as const, bookingId: 501, petId: 77, petName: "Biscuit" },
    ...{ item: "med:1" as const, itemText: "Rimadyl 50 mg", ...jane },
  };
  const given = await recorded(store, { ...dose, outcome: "given", requestKey: "e1" });
  const wrong = await recorded(store, {
    ...{ ...dose, outcome: "in_error", reason: "wrong pet" },
    ...{ supersedes: given.id, requestKey: "e2" },
  });
  await recorded(store, { ...dose, outcome: "given", supersedes: wrong.id, requestKey: "e3" });
  await store.close();
  return record;
}

let record: Awaited<ReturnType<typeof writeRecord>> | undefined;
beforeAll(async () => {
  record = await writeRecord();
});
afterAll(() => record?.close());

it("names a row of its own record: ids repeat across records, each link found among its own, the rule said beneath", async () => {
  const env = { KENNEL_TIMEZONE: TZ, LOG_LEVEL: "silent", KENNEL_DATA_DIR: record?.dir ?? "" };
  const r = await runCommand(["record", "export", "--from", "2026-11-24", "--to", "2026-11-24"], env, {
    clock,
  });
  expect(r.code, r.stderr).toBe(0);
  const [header = [], ...cells] = parseCsv(r.stdout);
  const rows = cells.map((c) => Object.fromEntries(header.map((h, i) => [h, c[i] ?? ""])));
  const own = (row: Record<string, string>) => (ROUND_KINDS.has(row.kind ?? "") ? "round" : "other");
  const rounds = rows.filter((row) => own(row) === "round");
  // Ids repeat across records: a round's entry and another record's row share one.
  const others = new Set(rows.filter((row) => own(row) === "other" && row.id).map((row) => row.id));
  expect(rounds.some((row) => others.has(row.id ?? ""))).toBe(true);
  // Each link names exactly one row of its own record, which names it back.
  const linked = rounds.filter((row) => row.supersedes);
  expect(linked).toHaveLength(2);
  for (const row of linked) {
    const target = rounds.filter((t) => t.id === row.supersedes);
    expect(target).toHaveLength(1);
    expect(target[0]?.superseded_by).toBe(row.id);
  }
  expect(r.stderr).toContain(LINKED_IDS);
  expect(LINKED_IDS).toContain("a round's entry (kind round or round_not_asked) another round's entry");
});
