/** The chart on paper's cells (issue 50): the record's dose state in a paper chart's words and codes. */
import { describe, expect, it } from "vitest";
import { CHART_KEY, chartCell, inHouseAtRound } from "../../src/domain/chart.ts";
import type { DoseState } from "../../src/domain/doses.ts";
import type { Entry, NotGivenReason } from "../../src/record/types.ts";

const entry = (e: Partial<Entry>): Entry =>
  ({ outcome: "given", userName: "Jane Doe", recordedAt: "2026-11-24T07:40:00Z", ...e }) as Entry;
const recorded = (e: Entry, lateEntry = false): DoseState => ({
  state: "recorded",
  outcome: e.outcome,
  ...(e.outcome === "given" ? { timeliness: "on_time" as const } : {}),
  lateEntry,
  givenAt: e.givenAt ?? e.recordedAt,
  recordedAt: e.recordedAt,
});

describe("a chart's cell", () => {
  it("given: the initials of who gave it and when, a late entry keeping both times", () => {
    const e = entry({ givenAt: "2026-11-24T07:35:00Z", recordedAt: "2026-11-24T11:00:00Z" });
    expect(chartCell(recorded(e, true), e)).toEqual({
      kind: "given",
      initials: "JD",
      givenAt: "2026-11-24T07:35:00Z",
      timeliness: "on_time",
      lateEntry: true,
      recordedAt: "2026-11-24T11:00:00Z",
    });
  });

  it("a high-alert dose given: its witness's initials, awaiting one, or unwitnessed for good", () => {
    const e = entry({ givenAt: "2026-11-24T07:35:00Z" });
    expect(
      chartCell(recorded(e), e, { state: "witnessed", by: "Tom Brown", at: "2026-11-24T07:44:00Z" }),
    ).toMatchObject({
      kind: "given",
      initials: "JD",
      witness: { state: "witnessed", initials: "TB" },
    });
    expect(chartCell(recorded(e), e, { state: "awaiting", until: "2026-11-24T07:55:00Z" })).toMatchObject({
      witness: { state: "awaiting" },
    });
    expect(chartCell(recorded(e), e, { state: "unwitnessed" })).toMatchObject({
      witness: { state: "unwitnessed" },
    });
    // A dose that needs no witness says nothing of one.
    expect(chartCell(recorded(e), e)).not.toHaveProperty("witness.state");
  });

  it("not given: the code of each reason from the list, W for any other, R for refused", () => {
    const codes: Record<NotGivenReason, string> = {
      refused: "R",
      vomited: "V",
      vet_withheld: "W",
      not_in_kennel: "W",
      none_left: "N",
      asleep: "A",
      other: "W",
    };
    for (const [reasonCode, code] of Object.entries(codes)) {
      const e = entry({ outcome: "not_given", reasonCode: reasonCode as NotGivenReason, reason: "why" });
      expect(chartCell(recorded(e), e)).toMatchObject({ kind: "not_given", code, why: "why" });
    }
    const refused = entry({ outcome: "refused" });
    expect(chartCell(recorded(refused), refused)).toMatchObject({ kind: "not_given", code: "R" });
    const unstated = entry({ outcome: "not_given", reason: "owner asked" });
    expect(chartCell(recorded(unstated), unstated)).toMatchObject({ code: "W", why: "owner asked" });
    // Every code a cell can hold is in the key printed on each page.
    expect(CHART_KEY.map((k) => k.code).sort()).toEqual(["A", "N", "R", "V", "W"]);
  });

  it("open: blank to sign, or missed once its window closed", () => {
    expect(chartCell({ state: "due" }, undefined)).toEqual({ kind: "open", state: "due" });
    expect(chartCell({ state: "missed" }, undefined)).toEqual({ kind: "open", state: "missed" });
  });

  it("struck only where the pet is not in house at the round: an arrival's evening dose keeps its place to sign", () => {
    const evening = Date.parse("2026-11-24T18:00:00Z");
    const stay = (checkIn: string | undefined, checkOut?: string, stillHere?: boolean) => ({
      checkIn,
      checkOut,
      stillHere,
    });
    // Arriving in the afternoon: in house for the evening round, not for the morning's.
    expect(inHouseAtRound(stay("2026-11-24T15:00:00Z"), evening)).toBe(true);
    expect(inHouseAtRound(stay("2026-11-24T15:00:00Z"), Date.parse("2026-11-24T07:30:00Z"))).toBe(false);
    // Arriving after the round's time, or gone home before it: not in house.
    expect(inHouseAtRound(stay("2026-11-24T19:00:00Z"), evening)).toBe(false);
    expect(inHouseAtRound(stay("2026-11-20T10:00:00Z", "2026-11-24T17:30:00Z"), evening)).toBe(false);
    // Still checked in past its check-out (the sheet's "still here?"): in house.
    expect(inHouseAtRound(stay("2026-11-20T10:00:00Z", "2026-11-24T17:30:00Z", true), evening)).toBe(true);
    // Its arrival not known: in house, never struck.
    expect(inHouseAtRound(stay(undefined), evening)).toBe(true);
    // The record holds the evening insulin "not due: arrives 19:05" (its arrival not known, seen
    // then) while the booking has the pet here at the round: blank to sign, never struck.
    const arrives = { state: "not_due", why: "arrives_later", at: "2026-11-24T19:05:00Z" } as const;
    expect(chartCell(arrives, undefined, undefined, true)).toEqual({ kind: "open", state: "due" });
    // Arriving after its window closed, as the booking says too: never struck silently, the owner asked.
    expect(chartCell(arrives, undefined, undefined, false)).toEqual({
      kind: "not_due",
      arrives: "2026-11-24T19:05:00Z",
    });
    // Gone home before the window closed: struck, as the record says, whatever the booking's dates.
    const gone = { state: "not_due", why: "gone_home", at: "2026-11-24T17:40:00Z" } as const;
    expect(chartCell(gone, undefined, undefined, true)).toEqual({ kind: "not_due" });
  });

  it("initials as a paper chart writes them: any script, a one-word name's first letter, markup not read", () => {
    const who = (userName: string) => {
      const e = entry({ userName });
      return (chartCell(recorded(e), e) as { initials: string }).initials;
    };
    expect(who("Jane <b>Doe</b>")).toBe("JD");
    // A one-word name: its first letter ("Alex" A, never "Ale"); one written as initials stays so.
    expect(who("Sam")).toBe("S");
    expect(who("Alex")).toBe("A");
    expect(who("alex")).toBe("A");
    expect(who("TB")).toBe("TB");
    expect(who("JDW")).toBe("JDW");
    expect(who("zoë van der berg")).toBe("ZVD");
    expect(who("Анна Петрова")).toBe("АП");
    expect(who("")).toBe("?");
  });
});
