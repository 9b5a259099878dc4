/**
 * A dose given if needed from a medicine past its discard-by, or handed back, keeps what its giver
 * checked first (issue 49): `kennel-desk record`, `record export` (CSV and JSON: `medicine_checked`),
 * the stay's record and the dose's line (a round sheet's, Home's) say it in the form's words; a dose
 * kept before (no `checked`) reads as it did.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { prnDoses } from "../../src/answers/prn.ts";
import type { StayRecordView } from "../../src/domain/stay.ts";
import { lineText } from "../../src/present/doc.ts";
import { prnDoseLine } from "../../src/present/prn.ts";
import { stayRecordDoc } from "../../src/present/stay.ts";
import type { BodyIn } from "../../src/record/kinds/index.ts";
import { sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore } from "../../src/record/store.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { parseCsv } from "../helpers/csv.ts";
import { runCommand } from "./helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "kennel-desk-cli-prn-checked-"));
const NOW = new Date("2026-11-24T12:00:00Z");
const clock = { now: () => NOW };
const TZ = "Europe/London";
let store: CareRecordStore | undefined;
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const cli = (args: string[]) =>
  runCommand(args, { KENNEL_TIMEZONE: TZ, LOG_LEVEL: "silent", KENNEL_DATA_DIR: dir }, { clock });

const PAST = "medicine checked first: discard by Tue 10 Nov, past it";
const BACK = "medicine checked first: handed back to Mrs Smith on Sun 22 Nov, its custody closed";

it("keeps what was checked about the medicine with the dose, and every surface says it", async () => {
  store = createStore(sqliteDriver({ dir }), clock, { origin: "https://api.kennel.example" });
  let n = 0;
  const append = (given: string, more: Partial<BodyIn<"prn">>) =>
    (store as CareRecordStore).append({
      kind: "prn",
      date: "2026-11-24",
      bookingId: 501,
      petId: 77,
      userId: "U0JANE",
      requestKey: `view:${++n}`,
      body: {
        item: "med:5",
        label: "Piriton 4mg",
        itemText: "Piriton 4mg PRN – only if scratching",
        reason: "scratching",
        givenAt: `2026-11-24T${given}:00.000Z`,
        userName: "Jane",
        petName: "Biscuit",
        ...more,
      },
    });
  // One kept before the field was (none), one past its discard-by, one handed back.
  await append("07:00", {});
  await append("09:00", { checked: { discardBy: "2026-11-10" } });
  await append("11:00", { checked: { handedBack: { to: "Mrs Smith", date: "2026-11-22" } } });

  const doses = await prnDoses({ record: store, clock }, { bookingId: 501 });
  expect(doses.map((d) => d.checked)).toEqual([
    undefined,
    { discardBy: "2026-11-10" },
    { handedBack: { to: "Mrs Smith", date: "2026-11-22" } },
  ]);

  // The dose's line, as the round sheet and Home draw it.
  const lines = doses.map((d) => lineText(prnDoseLine(d, TZ, "2026-11-24")));
  expect(lines[0]).not.toContain("medicine checked");
  expect(lines[1]).toContain(`by Jane for scratching · ${PAST}`);
  expect(lines[2]).toContain(BACK);

  // The stay's record (`record --booking`, the connector's care record).
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
  const stay: StayRecordView = { bookingId: 501, pets: [pet], problem: undefined, asNeeded: doses };
  const text = docText(stayRecordDoc(stay, "KD-501", { timezone: TZ }), {
    color: false,
    timezone: TZ,
    thisYear: "2026",
  });
  expect(text).toContain(`given 09:00, recorded 12:00 by Jane for scratching · ${PAST}`);
  expect(text).toContain(BACK);
  expect(text.match(/medicine checked first/g)).toHaveLength(2);
  await store.close();
  store = undefined;

  // `kennel-desk record DAY`.
  const day = await cli(["record", "2026-11-24"]);
  expect(day.code).toBe(0);
  expect(day.stdout).toContain(`Piriton 4mg given 09:00, recorded 12:00 by Jane for scratching · ${PAST}`);
  expect(day.stdout).toContain(`Piriton 4mg given 11:00, recorded 12:00 by Jane for scratching · ${BACK}`);
  expect(day.stdout.match(/medicine checked first/g)).toHaveLength(2);

  // The export: a column of its own, its days whole; empty for the dose kept without.
  const csv = await cli(["record", "export", "--from", "2026-11-24", "--to", "2026-11-24"]);
  expect(csv.code).toBe(0);
  const [header = [], ...rows] = parseCsv(csv.stdout);
  const col = (r: string[], name: string) => r[header.indexOf(name)];
  expect(header.slice(-4)).toEqual(["medicine_checked", "not_asked_why", "given_by", "record_head"]);
  const asNeeded = rows.filter((r) => col(r, "kind") === "as_needed");
  expect(asNeeded.map((r) => col(r, "medicine_checked"))).toEqual([
    "",
    "discard by 2026-11-10, past it",
    "handed back to Mrs Smith on 2026-11-22, its custody closed",
  ]);
  const json = await cli([
    "record",
    "export",
    "--from",
    "2026-11-24",
    "--to",
    "2026-11-24",
    "--format",
    "json",
  ]);
  const data = JSON.parse(json.stdout) as { asNeeded: Array<Record<string, unknown>> };
  expect(data.asNeeded.map((d) => d.medicine_checked)).toEqual([
    null,
    "discard by 2026-11-10, past it",
    "handed back to Mrs Smith on 2026-11-22, its custody closed",
  ]);
});
