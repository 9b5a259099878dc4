/**
 * A dose the round's sheet prints for a pet still here past its check-out ("⚠️ past check-out (Wed 2
 * Dec 10:00): still here?") can be recorded there (a carer's fresh try: Jess's evening
 * Phenobarbital, given at 18:20, was refused "That is after Jess went home"): a time after the
 * booking's check-out, up to now, stands, and its entry's note says it was given past the booking's
 * check-out. A pet whose booking says it has gone home stays refused as before. Written over a real
 * care record (SQLite), from "✏️ Record each…" and from the one tap's confirmation.
 */
import { describe, expect, it } from "vitest";
import { checkGiven } from "../../src/answers/late-entry.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import { recordAllDue } from "../../src/answers/record-round.ts";
import { type Sheet, type SheetPet, saveSheet } from "../../src/answers/sheets.ts";
import { notedPastCheckOut } from "../../src/answers/stay-times.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { silentLogger } from "../../src/log.ts";
import { zonedInstant } from "../../src/time.ts";
import { scratchRecord } from "../helpers/record.ts";

const TZ = "Europe/London";
const config = loadConfig({ KENNEL_TIMEZONE: TZ, ROUNDS_TIMES: "08:00,12:00,18:00" });
const sheet = { date: "2026-12-03", round: "evening" } as Sheet;
const pet = {
  bookingId: 22,
  petId: 7,
  name: "Jess",
  due: [{ item: "med:1", label: "Phenobarbital", text: "Phenobarbital 30 mg", highAlert: true }],
} as unknown as SheetPet;
const log = { warn: () => undefined } as unknown as Deps["log"];
const CHECK_OUT = "2026-12-02T10:00:00Z";

function depsWith(status: string): Pick<Deps, "config" | "clock" | "kennel" | "log"> {
  const booking = { bookingId: 22, status, checkInDate: "2026-11-28T09:00:00Z", checkOutDate: CHECK_OUT };
  const kennel = { getBooking: async () => ({ data: booking }) } as unknown as Deps["kennel"];
  return { config, clock: { now: () => zonedInstant("2026-12-03", "18:50", TZ) }, kennel, log };
}

const given = { date: "2026-12-03", time: "18:20" };
const writes = [{ item: "med:1" as const, outcome: "given" as const }];

describe("a dose given past the booking's check-out", () => {
  it("of a pet still checked in (on the sheet past its check-out) is recorded, its note saying so", async () => {
    const checked = await checkGiven(depsWith("Checked In"), sheet, pet, given, writes);
    expect(checked).toEqual({
      ok: true,
      givenAt: new Map([["med:1", "2026-12-03T18:20:00.000Z"]]),
      pastCheckOut: "past the booking's check-out (Wed 2 Dec 10:00): still here",
    });
    if (!checked.ok) return;
    const noted = notedPastCheckOut(
      writes.map((w) => ({ ...w, note: "late: owner's call", givenAt: checked.givenAt.get(w.item) })),
      checked.pastCheckOut,
    );
    expect(noted.ok && noted.writes[0]?.note).toBe(
      "late: owner's call · past the booking's check-out (Wed 2 Dec 10:00): still here",
    );
    // Later than now is refused still.
    const later = await checkGiven(depsWith("Checked In"), sheet, pet, { ...given, time: "19:30" }, writes);
    expect(later).toMatchObject({ ok: false, field: "time" });
  });

  it("of a pet whose booking says it went home stays refused", async () => {
    expect(await checkGiven(depsWith("Checked Out"), sheet, pet, given, writes)).toEqual({
      ok: false,
      field: "time",
      error:
        "That is after Jess went home (Wed 2 Dec 2026, 10:00, the booking's check-out): say when it was given.",
    });
  });

  it("a note too long to hold the words is refused at its field", () => {
    const noted = notedPastCheckOut(
      [{ item: "med:1" as const, note: "x".repeat(480), givenAt: "2026-12-03T18:20:00.000Z" }],
      "past the booking's check-out (Wed 2 Dec 10:00): still here",
    );
    expect(noted.ok).toBe(false);
  });
});

it("written over the care record, from Record each… and from the one tap, each entry's note says so", async () => {
  const clock = { now: () => zonedInstant("2026-12-03", "18:50", TZ) };
  const store = scratchRecord(clock);
  const kept = await saveSheet(
    { record: store },
    {
      v: 1,
      date: "2026-12-03",
      round: "evening",
      fallback: "Evening round",
      messages: [{ parts: [] }],
      pets: [
        { ...(pet as object), oneTap: true, message: 0 } as SheetPet,
        { ...(pet as object), bookingId: 23, petId: 8, name: "Moss", oneTap: true, message: 0 } as SheetPet,
      ],
    },
  );
  const [jess, moss] = kept.pets as [SheetPet, SheetPet];
  const deps = { ...depsWith("Checked In"), record: store, log: silentLogger() };
  const who = { userId: "U0JANE", userName: "Jane" };
  const checked = await checkGiven(deps, kept, jess, given, writes);
  if (!checked.ok) throw new Error(checked.error);
  const noted = notedPastCheckOut(
    writes.map((w) => ({ ...w, givenAt: checked.givenAt.get(w.item) })),
    checked.pastCheckOut,
  );
  if (!noted.ok) throw new Error("refused");
  const each = await recordEach(deps, kept, jess, { writes: noted.writes, ifNeeded: [] }, who, "k-jess");
  expect(each.status).toBe("done");
  const tap = await checkGiven(deps, kept, moss, given, writes);
  if (!tap.ok) throw new Error(tap.error);
  const all = await recordAllDue(deps, kept, moss, who, "k-moss", {
    givenAt: tap.givenAt,
    note: tap.pastCheckOut,
  });
  expect(all.status).toBe("recorded");
  const entries = await store.entries({ date: "2026-12-03" });
  expect(entries.map((e) => [e.petName, e.outcome, e.givenAt, e.note])).toEqual([
    [
      "Jess",
      "given",
      "2026-12-03T18:20:00.000Z",
      "past the booking's check-out (Wed 2 Dec 10:00): still here",
    ],
    [
      "Moss",
      "given",
      "2026-12-03T18:20:00.000Z",
      "past the booking's check-out (Wed 2 Dec 10:00): still here",
    ],
  ]);
  await store.close();
});
