/**
 * Vet advice and a flag's resolution are dated the kennel's day they were recorded, not the flag's:
 * an export of that day holds them, its `item_text` says when advice was sought in the kennel's words,
 * and an advice recorded before this rule (dated the flag's day) still reads with its flag.
 */
import { describe, expect, it } from "vitest";
import { loadFlag, recordAdvice, resolveFlag } from "../../src/answers/welfare-flags.ts";
import { welfareRecords } from "../../src/answers/welfare-record.ts";
import { loadConfig } from "../../src/config.ts";
import { welfareExportRow } from "../../src/text/welfare-record.ts";
import { captureLogger } from "../helpers/log.ts";
import { scratchRecord } from "../helpers/record.ts";

const ZONE = "Europe/London";
const who = { userId: "U0JANE", userName: "Jane" };

async function flagged() {
  let now = new Date("2026-12-01T18:00:00Z");
  const clock = { now: () => now };
  const record = scratchRecord(clock);
  const deps = { record, log: captureLogger().log, clock, config: loadConfig({ KENNEL_TIMEZONE: ZONE }) };
  const at = (iso: string) => {
    now = new Date(iso);
  };
  const opened = await record.append({
    kind: "welfare_flag",
    date: "2026-12-01",
    bookingId: 7,
    petId: 70,
    requestKey: "welfare-flag:test",
    body: {
      v: 1,
      bookingId: 7,
      petId: 70,
      petName: "Biscuit",
      sign: "stool:loose",
      entries: [
        { kind: "check", id: 1, date: "2026-11-30", round: "evening", at: "2026-11-30T17:30:00Z" },
        { kind: "check", id: 2, date: "2026-12-01", round: "evening", at: "2026-12-01T17:45:00Z" },
      ],
    },
  });
  const flag = await loadFlag(deps, opened.entry.id);
  if (!flag) throw new Error("no flag");
  return { deps, record, flag, at };
}

describe("vet advice and a resolution are dated the day they were recorded", () => {
  it("an export of the day they were recorded holds them, the time sought in the kennel's words", async () => {
    const { deps, record, flag, at } = await flagged();
    at("2026-12-02T13:07:40Z");
    const sought = "2026-12-02T13:07:15.118Z";
    await recordAdvice(deps, flag, { vet: "Riverside Vets", sought, advice: "bland diet 48 h" }, who, "r1");
    await resolveFlag(deps, flag, "normal since", who, "r2");

    const day = await welfareRecords(record, { from: "2026-12-02", to: "2026-12-02" });
    expect(day.map((r) => [r.kind, r.date])).toEqual([
      ["welfare_advice", "2026-12-02"],
      ["welfare_resolved", "2026-12-02"],
    ]);
    const advice = welfareExportRow(day[0] as (typeof day)[number], ZONE);
    expect(advice.item_text).toBe(`flag ${flag.id}: vet advice from Riverside Vets, sought Wed 2 Dec 13:07`);
    expect(advice.item_text).not.toContain("T13:07");
    // The flag's own day holds the flag only.
    const first = await welfareRecords(record, { from: "2026-12-01", to: "2026-12-01" });
    expect(first.map((r) => r.kind)).toEqual(["welfare_flag"]);
    // The flag still reads with its advice and its resolution.
    const now = await loadFlag(deps, flag.id);
    expect(now?.advice.map((a) => a.vet)).toEqual(["Riverside Vets"]);
    expect(now?.resolved?.why).toBe("normal since");
  });

  it("an advice recorded before the rule, dated the flag's day, still reads with its flag", async () => {
    const { deps, record, flag } = await flagged();
    await record.append({
      kind: "welfare_advice",
      date: "2026-12-01",
      bookingId: 7,
      petId: 70,
      userId: who.userId,
      requestKey: "welfare-advice:old",
      body: {
        v: 1,
        flag: flag.id,
        vet: "Old Vets",
        sought: "2026-12-02T09:00:00.000Z",
        advice: "wait",
        userName: "Jane",
        request: "old",
      },
    });
    expect((await loadFlag(deps, flag.id))?.advice.map((a) => a.vet)).toEqual(["Old Vets"]);
    const rows = await welfareRecords(record, { from: "2026-12-01", to: "2026-12-01" });
    const old = rows.find((r) => r.kind === "welfare_advice");
    expect(old && welfareExportRow(old, ZONE).item_text).toBe(
      `flag ${flag.id}: vet advice from Old Vets, sought Wed 2 Dec 09:00`,
    );
  });
});
