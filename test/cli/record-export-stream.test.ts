/**
 * The streamed exports and verify (issue 48) give what the whole-record code gave, on both engines,
 * on a record of several pages (2,600 entries, their sheets, welfare checks, plans, witnesses,
 * corrections, late entries and doses given if needed): CSV and JSON of a range, of a stay and of a
 * pet, byte for byte (the JSON's as-needed doses in the record's order, like its other arrays: they
 * were by time given), each item the rounds asked with nothing recorded after them; `record verify`
 * intact with the same head; `record audit` the same figures as the whole range read at once.
 */
import { describe, expect, it } from "vitest";
import { recordAudit } from "../../src/answers/audit.ts";
import { entryFacts } from "../../src/answers/kept-doses.ts";
import { dosesOwed, owedRounds } from "../../src/answers/obligations.ts";
import { plansOfStays } from "../../src/answers/plans.ts";
import { prnDoses, withPetNames } from "../../src/answers/prn.ts";
import { welfareRecords } from "../../src/answers/welfare-record.ts";
import { loadConfig, type RecordSettings } from "../../src/config.ts";
import { exportedKennel } from "../../src/record/kennel.ts";
import { openCareRecord } from "../../src/record/open.ts";
import { postgresDriver } from "../../src/record/postgres.ts";
import { sqliteDriver } from "../../src/record/sqlite.ts";
import type { CareRecordStore, Entry, EntryQuery } from "../../src/record/types.ts";
import { planExportRow } from "../../src/text/plan-record.ts";
import {
  csvHeadLine,
  csvLine,
  type ExportRow,
  exportRow,
  jsonRow,
  prnExportRow,
  recordCsv,
  unrecordedExportRow,
} from "../../src/text/record.ts";
import { welfareExportRow } from "../../src/text/welfare-record.ts";
import { localDate } from "../../src/time.ts";
import { FROM_THE_WORDS } from "../../src/words/unconfirmed.ts";
import { writeBusyRecord } from "../helpers/busy-record.ts";
import { useRecordEngines } from "../helpers/record-engines.ts";
import { runCommand } from "./helpers.ts";

const engines = useRecordEngines("kennel-desk-stream-");
const ZONE = "Europe/London";
const clock = { now: () => new Date("2026-10-20T12:00:00Z") };

/** Every dose the rounds of `days` asked, read at once, with its state beside the entries. */
async function dosesOf(
  deps: Parameters<typeof owedRounds>[0] & { clock: typeof clock },
  days: { from?: string | undefined; to?: string | undefined },
  entries: Entry[],
) {
  if (!days.from || !days.to) return [];
  const rounds = await owedRounds(deps, { from: days.from, to: days.to });
  return dosesOwed(deps, rounds, entries, deps.clock.now());
}

/** The export as the code before streaming made it: the whole range read, then written. */
async function wholeExport(store: CareRecordStore, query: EntryQuery, format: "csv" | "json") {
  const entries = await store.entries(query);
  const welfare = await welfareRecords(store, query);
  // Each dose with its high-alert witness and its pet's name (issue 46), as the export before streaming.
  const deps = { record: store, clock, config: loadConfig({ KENNEL_TIMEZONE: ZONE }) };
  const asNeeded = await withPetNames(deps, await prnDoses(deps, query));
  const stays = [...entries, ...welfare, ...asNeeded].flatMap((e) =>
    e.bookingId !== undefined ? [e.bookingId] : [],
  );
  const plans = await plansOfStays(
    store,
    query.bookingId !== undefined ? [query.bookingId] : stays,
    query.petId,
  );
  const head = await store.head();
  const facts = await entryFacts(deps, entries);
  // Every row names the record's kennel as it names itself now where it holds its earlier name or none.
  const kennel = exportedKennel(await store.kennel());
  const ours = <R extends ExportRow>(row: R): R => ({ ...row, kennel: kennel(row.kennel) });
  // Each item the range's rounds asked with nothing recorded, the range read at once (a stay's or a
  // pet's: from the record's first day to today).
  const began = await store.began();
  const days = {
    from: query.from ?? (began ? localDate(began, ZONE) : undefined),
    to: query.to ?? localDate(clock.now(), ZONE),
  };
  const unrecorded = (await dosesOf(deps, days, entries))
    .filter(
      (d) =>
        !d.entry &&
        (query.petId === undefined || d.petId === query.petId) &&
        (query.bookingId === undefined || d.bookingId === query.bookingId),
    )
    .map((d) => ours(unrecordedExportRow(d, ZONE)));
  if (format === "csv")
    return (
      recordCsv([], ZONE, undefined, [
        ...entries.map((e) => ours(exportRow(e, ZONE, facts))),
        ...welfare.map((w) => ours(welfareExportRow(w, ZONE))),
        ...plans.map((v) => ours(planExportRow(v, ZONE))),
        ...asNeeded.map((d) => ours(prnExportRow(d, ZONE))),
      ]) + [...unrecorded.map(csvLine), csvHeadLine(head, String(kennel(null)))].join("")
    );
  const bySeq = [...asNeeded].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  return `${JSON.stringify(
    {
      head,
      // Each row with every column of the CSV's (but its head's), null when empty.
      entries: entries.map((e) => jsonRow(ours(exportRow(e, ZONE, facts)))),
      // Every key always, [] when the range has none of it (as the docs list them).
      welfare: welfare.map((w) => jsonRow(ours(welfareExportRow(w, ZONE)))),
      plans: plans.map((v) => jsonRow(ours({ ...planExportRow(v, ZONE), plan: v.plan, changed: v.changed }))),
      asNeeded: bySeq.map((d) => jsonRow(ours(prnExportRow(d, ZONE)))),
      unrecorded: unrecorded.map(jsonRow),
      // The busy record counts no medicine in: its custody is there, empty.
      custody: [],
    },
    null,
    2,
  )}\n`;
}

async function cli(args: string[], env: Record<string, string>) {
  return runCommand(args, { KENNEL_TIMEZONE: ZONE, LOG_LEVEL: "silent", ...env }, { clock });
}

const envOf = (s: RecordSettings): Record<string, string> =>
  s.engine === "sqlite" ? { KENNEL_DATA_DIR: s.dataDir } : { DATABASE_URL: s.url.href };

describe.each(engines)("the streamed record commands ($name)", (engine) => {
  it.skipIf(engine.skip)(
    "export (CSV, JSON; a range, a stay, a pet), verify and audit give what the whole record gave",
    async () => {
      const settings = await engine.settings();
      const driver =
        settings.engine === "sqlite"
          ? sqliteDriver({ dir: settings.dataDir })
          : postgresDriver({ url: settings.url });
      const written = await writeBusyRecord(driver, { from: "2026-10-01", pets: 30, entries: 2_600 });
      await driver.close();
      expect(written.entries).toBe(2_600);
      const store = (await openCareRecord(settings, clock, undefined)).store;
      const env = envOf(settings);
      const some = await store.entries({ date: "2026-10-04" });
      const stay = some[0]?.bookingId as number;
      const cases: Array<[string[], EntryQuery]> = [
        [["--from", "2026-10-01", "--to", "2026-10-31"], { from: "2026-10-01", to: "2026-10-31" }],
        [["--from", "2026-10-03", "--to", "2026-10-06"], { from: "2026-10-03", to: "2026-10-06" }],
        [["--booking", String(stay)], { bookingId: stay }],
        [["--pet", "10"], { petId: 10 }],
      ];
      for (const [args, query] of cases) {
        for (const format of ["csv", "json"] as const) {
          const streamed = await cli(["record", "export", ...args, "--format", format], env);
          expect(streamed.code, args.join(" ")).toBe(0);
          expect(streamed.stdout, `${format} ${args.join(" ")}`).toBe(
            await wholeExport(store, query, format),
          );
        }
      }
      // A pet nothing in the record names (a mistyped id), no kennel API to ask: not found (exit 1),
      // never read as an empty record.
      const nobody = await cli(["record", "export", "--pet", "99999", "--format", "json"], env);
      expect(nobody.code).toBe(1);
      expect(nobody.stderr).toContain("0 entries of pet 99999");
      expect(nobody.stderr).toContain("No pet 99999 was found: the care record has nothing of pet 99999");
      expect(nobody.stderr).toContain(
        "Check its id: kennel-desk pet NAME shows each pet of that name with its id.",
      );
      const pet10 = await cli(["record", "export", "--pet", "10", "--format", "json"], env);
      expect(pet10.stderr).not.toContain("should have some");
      // A range of pages: more entries than one page holds, and every kind of row in it.
      const csv = (await cli(["record", "export", "--from", "2026-10-01", "--to", "2026-10-31"], env)).stdout;
      expect(csv.split("\r\n").length).toBeGreaterThan(2_900);
      for (const kind of [
        ",round,",
        ",welfare",
        ",care_plan,",
        ",as_needed,",
        ",unrecorded,",
        ",record_head,",
      ])
        expect(csv).toContain(kind);
      // A dose due from the words (the plan not confirmed) says so in its row, streamed as whole.
      expect(csv).toContain(`,"${FROM_THE_WORDS}",`);

      const verified = await cli(["record", "verify", "--json"], env);
      expect(JSON.parse(verified.stdout)).toMatchObject({ ok: true, head: await store.head() });
      // The audit a week at a time adds up to the whole range read at once.
      const config = loadConfig({ KENNEL_TIMEZONE: ZONE });
      const audited = await cli(["record", "audit", "--days", "20", "--json"], env);
      const whole = await recordAudit({ record: store, config, clock }, 20, "x", 366);
      expect({ ...JSON.parse(audited.stdout), where: "x" }).toEqual(JSON.parse(JSON.stringify(whole)));
      await store.close();
    },
    300_000,
  );
});
