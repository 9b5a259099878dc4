/**
 * The walk-through (issue 45, its figure: "0 disagreements between surfaces over every dose of the
 * awkward house"): the sandbox's awkward house, its morning round kept at 07:30 as the bot keeps it,
 * the dose times' job asking again at noon (a pet checked out at 08:30 written as gone home), doses
 * recorded several ways (given on time, given late, a late entry, refused, not given with a reason,
 * the rest missed); then, that evening, each dose's state as every surface says it: the late and
 * missed replies' doses, `kennel-desk record`, the connector's get_care_record, the stay's record of
 * each booking, Home's figures and its late and missed list, the CSV and JSON exports and the audit.
 * Each surface says the part of the state it shows; every one must agree with the others.
 * Real loopback HTTP to the sandbox, a real SQLite record, the connector in-process.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordDay } from "../../src/answers/care-record.ts";
import { type DoseFigures, doseFigures } from "../../src/answers/doses.ts";
import { homeRecord } from "../../src/answers/home-record.ts";
import { type OwedDose, roundDoses } from "../../src/answers/obligations.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import { recordedStay } from "../../src/answers/stay.ts";
import type { Deps } from "../../src/deps.ts";
import type { DoseState } from "../../src/domain/doses.ts";
import { isMedicationItem } from "../../src/domain/record.ts";
import { createMcpServer } from "../../src/mcp/server.ts";
import { openCareRecord } from "../../src/record/open.ts";
import type { CareRecordStore, EntryInput } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { zonedInstant } from "../../src/time.ts";
import { runCommand } from "../cli/helpers.ts";
import { parseCsv } from "../helpers/csv.ts";
import { keepRounds } from "../helpers/rounds.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";

const TZ = "Europe/London";
const DAY = "2026-11-24";
const dir = mkdtempSync(join(tmpdir(), "kennel-desk-walk-through-"));
let sandbox: Sandbox;
let store: CareRecordStore;
/** The record's clock: each entry is recorded at its own moment. */
let recordAt = zonedInstant(DAY, "07:00", TZ).getTime();

/** Deps on the sandbox and the record, the clock at a local time of the day; no care cache. */
function depsAt(hhmm: string): Deps & { record: CareRecordStore } {
  const clock = { now: () => zonedInstant(DAY, hhmm, TZ) };
  const env = { KENNEL_TIMEZONE: TZ, KENNEL_CACHE_TTL_S: "0" };
  return { ...sandboxDeps(sandbox, clock, { env, retryDelayMs: 0 }), record: store };
}

const keyOf = (d: { bookingId: number | string; petId: number | string; item: string }) =>
  `${d.bookingId}|${d.petId}|${d.item}`;

/** A dose's state in words, as fine as a surface says it. */
function stateWords(s: DoseState): string {
  if (s.state === "not_due") return `not due: ${s.why}`;
  if (s.state !== "recorded") return s.state;
  const late = s.lateEntry ? " · late entry" : "";
  if (s.outcome !== "given") return `${s.outcome}${late}`;
  return `given ${s.timeliness === "on_time" ? "on time" : "late"}${late}`;
}

/** The words a CSV row says of a dose: its outcome and a late entry (the file does not say on time or late). */
const coarse = (words: string) => words.replace(/^given (on time|late)/, "given");

/** The doses the morning round asked, as the late and missed replies read them (the dose times' job). */
let replies: Map<string, string>;
let doses: OwedDose[];

/** Records `outcome` for a dose, given at `givenMin` and recorded at `recordedMin` minutes past its window's opening. */
async function record(
  d: OwedDose,
  outcome: EntryInput["outcome"],
  givenMin: number,
  recordedMin: number,
  extra: Partial<EntryInput> = {},
) {
  const open = Date.parse(d.window.opensAt);
  recordAt = open + recordedMin * 60_000;
  await store.record([
    {
      date: d.date,
      round: d.round,
      bookingId: d.bookingId,
      petId: d.petId,
      petName: d.petName,
      item: d.due.item,
      itemText: d.due.text,
      outcome,
      ...(outcome === "given" ? { givenAt: new Date(open + givenMin * 60_000).toISOString() } : {}),
      userId: "U0SAM",
      userName: "Sam",
      requestKey: `walk-${d.bookingId}-${d.petId}-${d.due.item.replace(":", "")}`,
      ...extra,
    },
  ]);
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21, customers: 60, today: DAY, timezone: TZ, awkward: true });
  ({ store } = await openCareRecord(
    { engine: "sqlite", dataDir: dir },
    { now: () => new Date(recordAt) },
    undefined,
  ));
  // The morning round kept at 07:30, Bobby (AW-EARLY) still checked in then; he goes home at 08:30,
  // and the dose times' job asks again at noon (who went home since is written as such).
  const bobby = sandbox.main.bookingByReference.get("AW-EARLY") as { status?: string };
  const left = bobby.status;
  bobby.status = "Checked In";
  await keepRounds(depsAt("07:30"), [DAY], ["morning"]);
  bobby.status = left;
  const asked = (await roundDoses(depsAt("12:00"), "morning", DAY, { keep: true })).filter(
    (d) => isMedicationItem(d.due.item) && d.state.state !== "not_due",
  );
  const lateAt = (d: OwedDose) => (Date.parse(d.window.lateAt) - Date.parse(d.window.opensAt)) / 60_000;
  const closes = (d: OwedDose) => (Date.parse(d.window.closesAt) - Date.parse(d.window.opensAt)) / 60_000;
  const [onTime, late, lateEntry, refused, notGiven] = asked;
  if (!onTime || !late || !lateEntry || !refused || !notGiven)
    throw new Error("the awkward house's morning asks fewer than five doses");
  await record(onTime, "given", 10, 12);
  await record(late, "given", lateAt(late) + 5, lateAt(late) + 6);
  await record(lateEntry, "given", 15, closes(lateEntry) + 60);
  await record(refused, "refused", 0, 20, { reason: "spat it out" });
  await record(notGiven, "not_given", 0, 25, { reasonCode: "vomited", reason: "vomited before breakfast" });
  // Every item the round asked, meals too (a meal of a pet gone home is not due either).
  doses = await roundDoses(depsAt("21:00"), "morning", DAY, { keep: true });
  replies = new Map(doses.map((d) => [keyOf({ ...d, item: d.due.item }), stateWords(d.state)]));
}, 90_000);

afterAll(async () => {
  await store?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The doses on which `surface` disagrees with the replies: "key: replies say X, surface says Y". */
function disagreements(surface: Map<string, string>, how: (words: string) => string = (w) => w): string[] {
  const keys = new Set([...replies.keys(), ...surface.keys()]);
  return [...keys].flatMap((k) => {
    const a = replies.get(k);
    const b = surface.get(k);
    return a !== undefined && b !== undefined && how(a) === b
      ? []
      : [`${k}: the replies say ${a}, this says ${b}`];
  });
}

/** The figures the replies' states make (the dose times' counting). */
const figuresOf = (): DoseFigures => doseFigures(doses.map((d) => ({ ...d })));

describe("the awkward house's morning, every dose on every surface", () => {
  it("the day holds every state: given on time, given late, a late entry, refused, not given, missed, not due: gone home", () => {
    const states = new Set(replies.values());
    for (const s of [
      "given on time",
      "given late",
      "given on time · late entry",
      "refused",
      "not_given",
      "missed",
      "not due: gone_home",
    ])
      expect(states).toContain(s);
  });

  it("kennel-desk record: 0 disagreements", async () => {
    const day = await recordDay(depsAt("21:00"), "test", { date: DAY, round: "morning" });
    const said = new Map(
      (day.rounds[0]?.pets ?? []).flatMap((p) =>
        (p.due ?? []).map((d) => [keyOf({ ...p, item: d.item }), stateWords(d.state)] as const),
      ),
    );
    expect(disagreements(said)).toEqual([]);
    // The day's record also reads the witnesses: its one high-alert dose given had none in time.
    expect(day.doses).toEqual({ ...figuresOf(), unwitnessed: { unwitnessed: 1, noPaperWitness: 0 } });
  });

  it("the connector's get_care_record: 0 disagreements", async () => {
    const server = createMcpServer(depsAt("21:00"));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "walk-through", version: "1.0.0" });
    await client.connect(clientSide);
    try {
      const r = await client.callTool({
        name: "get_care_record",
        arguments: { date: DAY, round: "morning" },
      });
      const data = r.structuredContent as unknown as Awaited<ReturnType<typeof recordDay>>;
      const said = new Map(
        data.rounds[0]?.pets.flatMap((p) =>
          (p.due ?? []).map((d) => [keyOf({ ...p, item: d.item }), stateWords(d.state)] as const),
        ),
      );
      expect(disagreements(said)).toEqual([]);
    } finally {
      await client.close();
      await server.close();
    }
  });

  /** Each stay's record's states of the morning's items, by dose. */
  async function staysSay(bookings: Iterable<number>): Promise<Map<string, string>> {
    const said = new Map<string, string>();
    for (const bookingId of bookings) {
      const { stay } = await recordedStay(depsAt("21:00"), bookingId);
      for (const p of stay.pets)
        for (const i of p.items)
          if (i.date === DAY && i.round === "morning")
            said.set(keyOf({ bookingId, petId: p.petId, item: i.item }), stateWords(i.state));
    }
    return said;
  }
  /** The stays still checked in with no check-out date (AW-OPEN) or past it (AW-STAY). */
  const openEnded = () =>
    new Set(
      ["AW-OPEN", "AW-STAY"].map(
        (r) => (sandbox.main.bookingByReference.get(r) as { bookingId: number }).bookingId,
      ),
    );

  it("each stay's record: 0 disagreements", async () => {
    const others = [...new Set(doses.map((d) => d.bookingId))].filter((b) => !openEnded().has(b));
    const said = await staysSay(others);
    const asked = (k: string) => !openEnded().has(Number(k.split("|")[0]));
    expect(disagreements(said).filter(asked)).toEqual([]);
    expect(said.size).toBe(doses.filter((d) => !openEnded().has(d.bookingId)).length);
  });

  // The stay's record of a stay with no check-out date, or still checked in past it, read its days up
  // to its check-out (or its check-in) only: today's kept morning was "unkept" there, its missed meal not shown.
  it("each stay's record, of a stay with no check-out date or past it: 0 disagreements", async () => {
    const said = await staysSay(openEnded());
    const mine = doses.filter((d) => openEnded().has(d.bookingId));
    expect(mine.length).toBeGreaterThan(0);
    for (const d of mine) expect(said.get(keyOf({ ...d, item: d.due.item }))).toBe(stateWords(d.state));
  });

  it("Home: its figures, and each missed dose named: 0 disagreements", async () => {
    const deps = depsAt("21:00");
    const home = await homeRecord(deps, await roundReport(deps, "evening", DAY), DAY);
    const f = figuresOf();
    expect(home.doses?.figures).toMatchObject({ ...f, due: expect.any(Number) });
    const named = (home.doses?.named ?? []).filter((o) => o.round === "morning" && o.state === "missed");
    const missed = doses.filter((d) => d.state.state === "missed" && isMedicationItem(d.due.item));
    expect(named.map((o) => `${o.petName}|${o.label}|${o.state}`).sort()).toEqual(
      missed.map((d) => `${d.petName}|${d.due.label}|missed`).sort(),
    );
  });

  it("the CSV and JSON exports and the audit, made with no kennel API settings: 0 disagreements", async () => {
    const cli = async (args: string[]) => {
      const env = { KENNEL_TIMEZONE: TZ, LOG_LEVEL: "silent", KENNEL_DATA_DIR: dir };
      const { code, stdout } = await runCommand(args, env, {
        clock: { now: () => zonedInstant(DAY, "21:00", TZ) },
      });
      expect(code).toBe(0);
      return stdout;
    };
    const [head = [], ...rows] = parseCsv(
      await cli(["record", "export", "--from", DAY, "--to", DAY, "--format", "csv"]),
    );
    const col = (name: string) => head.indexOf(name);
    const said = new Map<string, string>();
    for (const r of rows) {
      const item = r[col("item")] ?? "";
      if (r[col("round")] !== "morning" || !item || r[col("superseded_by")]) continue;
      const key = keyOf({ bookingId: r[col("booking_id")] ?? "", petId: r[col("pet_id")] ?? "", item });
      const outcome = r[col("outcome")] ?? "";
      if (r[col("kind")] === "unrecorded")
        said.set(
          key,
          outcome === "not_due"
            ? `not due: ${/gone home/.test(r[col("reason")] ?? "") ? "gone_home" : "arrives_later"}`
            : outcome,
        );
      else
        said.set(
          key,
          `${outcome === "given" ? "given" : outcome}${r[col("late_entry")] ? " · late entry" : ""}`,
        );
    }
    expect(disagreements(said, coarse)).toEqual([]);
    const json = JSON.parse(
      await cli(["record", "export", "--from", DAY, "--to", DAY, "--format", "json"]),
    ) as {
      unrecorded?: Array<{ round: string; item: string; outcome: string }>;
    };
    const unrecorded = (json.unrecorded ?? []).filter(
      (r) => r.round === "morning" && isMedicationItem(r.item as never),
    );
    expect(unrecorded.map((r) => r.outcome).sort()).toEqual(
      doses
        .filter((d) => d.state.state !== "recorded" && isMedicationItem(d.due.item))
        .map((d) => (d.state.state === "not_due" ? "not_due" : d.state.state))
        .sort(),
    );
    const audit = JSON.parse(await cli(["record", "audit", "--days", "1", "--json"]));
    const f = figuresOf();
    expect(audit.doses).toMatchObject({
      due: f.due,
      onTime: f.onTime,
      givenLate: f.givenLate,
      lateEntries: f.lateEntries,
      missed: f.missed,
      refused: f.refused,
      notGiven: f.notGiven,
    });
  });
});
