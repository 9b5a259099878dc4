/**
 * The dose times' replies as rules (issue 35), pure, on given instants: when each kind of reply is
 * true (a nudge 15 minutes before a high-alert window opens, until the dose is late; late while it
 * is late; missed on the day its window closed), doses at the same instant in one reply, nothing for
 * a dose recorded; the instants a job wakes at, by the settings and by a care plan's own window.
 */
import { describe, expect, it } from "vitest";
import {
  type AlertDose,
  alertInstant,
  alertsAt,
  doseInstants,
  namesHighAlert,
  settingsInstants,
} from "../../src/domain/dose-alerts.ts";
import { doseState, doseWindow, DEFAULT_DOSE_SETTINGS as S, type WindowOf } from "../../src/domain/doses.ts";
import type { DueItem } from "../../src/domain/record.ts";
import { localDate } from "../../src/time.ts";

const TIMES = { morning: "08:00", midday: "12:00", evening: "18:00" };
const DATE = "2026-11-26";
let id = 0;

function dose(
  due: Partial<DueItem> & WindowOf,
  recordedAt?: string,
  o: { date?: string; tz?: string; round?: "morning" | "evening" } = {},
): AlertDose {
  const window = doseWindow(due, o.date ?? DATE, o.round ?? "morning", TIMES, o.tz ?? "UTC", S);
  const item: DueItem = { item: "med:1", label: "Rimadyl 50 mg", text: "Rimadyl 50 mg: one tablet", ...due };
  return {
    bookingId: 100 + ++id,
    petId: 500 + id,
    petName: `Pet ${id}`,
    room: `Kennel ${id}`,
    due: item,
    window,
    state: doseState(
      window,
      `${DATE}T00:00:00.000Z`,
      recordedAt ? { outcome: "given", recordedAt, givenAt: undefined } : undefined,
    ),
  };
}

const today = { today: DATE, localDate: (iso: string) => localDate(iso, "UTC") };
const at = (doses: AlertDose[], t: string) =>
  alertsAt(DATE, "morning", doses, `${DATE}T${t}.000Z`, today).map(
    (a) => `${a.kind} ${a.at.slice(11, 19)} ${a.doses.map((d) => d.petName).join("+")}`,
  );

describe("the replies true at an instant", () => {
  it("a 08:00 dose with the defaults: late from 08:45:01 while it is late, missed from 10:00:01; none once recorded", () => {
    const d = dose({});
    expect(alertInstant("late", d.window)).toBe(`${DATE}T08:45:01.000Z`);
    expect(alertInstant("missed", d.window)).toBe(`${DATE}T10:00:01.000Z`);
    expect(at([d], "08:45:00")).toEqual([]);
    expect(at([d], "08:45:01")).toEqual([`late 08:45:01 ${d.petName}`]);
    expect(at([d], "10:00:00")).toEqual([`late 08:45:01 ${d.petName}`]);
    // Past its window: missed only (a start at 10:30 never says "late" of it).
    expect(at([d], "10:00:01")).toEqual([`missed 10:00:01 ${d.petName}`]);
    expect(at([d], "23:59:59")).toEqual([`missed 10:00:01 ${d.petName}`]);
    // Recorded by then (even after its window): in no reply.
    expect(at([dose({}, `${DATE}T08:30:00.000Z`)], "08:45:01")).toEqual([]);
    expect(at([dose({}, `${DATE}T09:00:00.000Z`)], "10:00:01")).toEqual([]);
  });

  it("a high-alert drug: its nudge 15 minutes before its window opens, until it is late; late at 08:15:01, missed at 08:30:01", () => {
    const d = dose({ highAlert: true, label: "Caninsulin" });
    expect(alertInstant("nudge", d.window)).toBe(`${DATE}T06:45:00.000Z`);
    expect(at([d], "06:44:59")).toEqual([]);
    expect(at([d], "06:45:00")).toEqual([`nudge 06:45:00 ${d.petName}`]);
    expect(at([d], "08:15:00")).toEqual([`nudge 06:45:00 ${d.petName}`]);
    expect(at([d], "08:15:01")).toEqual([`late 08:15:01 ${d.petName}`]);
    expect(at([d], "08:30:01")).toEqual([`missed 08:30:01 ${d.petName}`]);
    expect(namesHighAlert({ doses: [d] })).toBe(true);
    // No nudge for an ordinary dose, nor for a high-alert one recorded.
    expect(at([dose({})], "06:45:00")).toEqual([]);
    expect(at([dose({ highAlert: true }, `${DATE}T06:40:00.000Z`)], "06:45:00")).toEqual([]);
  });

  it("doses at the same instant share one reply; another instant is a reply of its own", () => {
    const [a, b] = [dose({}), dose({ item: "meal", label: "meal" })];
    const high = dose({ highAlert: true });
    // A care plan's own window (120 minutes for a high-alert drug) makes it late at 08:45 too.
    const planned = dose({ highAlert: true, window: { afterMinutes: 120 } });
    const all = [a, b, high, planned] as AlertDose[];
    expect(at(all, "08:45:01")).toEqual([
      `missed 08:30:01 ${high.petName}`,
      `late 08:45:01 ${a?.petName}+${b?.petName}+${planned.petName}`,
    ]);
    expect(at(all, "08:20:00")).toEqual([
      `nudge 06:45:00 ${planned.petName}`,
      `late 08:15:01 ${high.petName}`,
    ]);
    const [late] = alertsAt(DATE, "morning", all, `${DATE}T08:45:01.000Z`, today);
    expect(late && namesHighAlert(late)).toBe(true);
  });

  it("a missed reply is said on the day its window closed: not the next morning", () => {
    const d = dose({});
    const tomorrow = { today: "2026-11-27", localDate: today.localDate };
    expect(alertsAt(DATE, "morning", [d], "2026-11-27T07:00:00.000Z", tomorrow)).toEqual([]);
  });
});

describe("the instants a job wakes at", () => {
  it("by the settings: each round's normal late and missed, and a high-alert nudge, late and missed", () => {
    const got = settingsInstants(DATE, "morning", TIMES, "UTC", S).map(
      (i) => `${i.kind} ${i.at.slice(11, 19)}`,
    );
    expect(got.sort()).toEqual(
      ["late 08:45:01", "missed 10:00:01", "nudge 06:45:00", "late 08:15:01", "missed 08:30:01"].sort(),
    );
  });

  it("a care plan's own window adds its own; each instant once", () => {
    const doses = [dose({}), dose({}), dose({ window: { beforeMinutes: 0, afterMinutes: 20 } })];
    const got = doseInstants(DATE, "morning", doses).map((i) => `${i.kind} ${i.at.slice(11, 19)}`);
    expect(got).toEqual(["late 08:45:01", "missed 10:00:01", "late 08:10:01", "missed 08:20:01"]);
  });

  it("in the kennel's local time on the days the clocks change (Europe/London)", () => {
    const london = (date: string) =>
      settingsInstants(date, "morning", TIMES, "Europe/London", S)
        .filter((i) => i.kind === "late")
        .map((i) => i.at);
    // 08:00 BST on 29 March is 07:00 UTC; 08:00 GMT on 25 October is 08:00 UTC.
    expect(london("2026-03-29")).toContain("2026-03-29T07:45:01.000Z");
    expect(london("2026-10-25")).toContain("2026-10-25T08:45:01.000Z");
  });
});
