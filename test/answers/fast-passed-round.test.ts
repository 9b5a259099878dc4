/**
 * Luna (AW-NBM, Kennel 6: "NIL BY MOUTH – op at 10:00", evening "Half meal") on the awkward data set,
 * over real loopback HTTP: the morning sheet, before the op, says she fasts; the evening sheet and
 * Home at 13:00, past the op's time, show the fast's words whole with "ask before feeding", never a
 * bare "🚫 fasting" beside her meal, and never drop it.
 */
import { describe, expect, it } from "vitest";
import { type RoundPet, type RoundReport, roundReport } from "../../src/answers/rounds.ts";
import { todayOverview } from "../../src/answers/today.ts";
import type { Deps } from "../../src/deps.ts";
import { dueItems } from "../../src/domain/record.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";
import { roundText } from "../../src/text/index.ts";
import { zonedInstant } from "../../src/time.ts";
import { sandboxDeps, useSandboxDeps } from "../helpers/sandbox-deps.ts";
import { PLAIN } from "../text/fixtures.ts";

const DAY = "2026-11-22";
const TZ = "Europe/London";
let sandbox: Sandbox;
useSandboxDeps(
  { seed: 21, customers: 60, today: DAY, timezone: TZ, awkward: true },
  { now: () => zonedInstant(DAY, "09:00", TZ) },
  {},
  (s) => {
    sandbox = s.sandbox;
  },
);
const depsAt = (hhmm: string): Deps =>
  sandboxDeps(sandbox, { now: () => zonedInstant(DAY, hhmm, TZ) }, { retryDelayMs: 0 });

const LUNA = "NIL BY MOUTH – op at 10:00";
const luna = (r: RoundReport) => r.pets.find((p) => p.booking.reference === "AW-NBM") as RoundPet;
const lunaText = (r: RoundReport) => roundText({ ...r, pets: [luna(r)] }, PLAIN);

describe("a fast for an op at 10:00, before and after it", () => {
  it("the morning round: fasting, the words as ever, no meal due", async () => {
    const morning = await roundReport(depsAt("07:30"), "morning", DAY);
    expect(lunaText(morning)).toContain(`🚫 fasting: ${LUNA}`);
    expect(lunaText(morning)).not.toContain("ask before feeding");
    expect(dueItems(luna(morning).sheet as NonNullable<RoundPet["sheet"]>).map((d) => d.item)).toEqual([]);
  });

  it("the evening round: her meal beside the words whole and 'ask before feeding', not a bare fast; not chased", async () => {
    const evening = await roundReport(depsAt("18:30"), "evening", DAY);
    const text = lunaText(evening);
    expect(text).toContain("🍽 evening: Half meal");
    expect(text).toContain(`🚫 fasting for an op at 10:00, now past: ask before feeding: ${LUNA}`);
    expect(text).not.toContain(`🚫 fasting: ${LUNA}`);
    expect(dueItems(luna(evening).sheet as NonNullable<RoundPet["sheet"]>).map((d) => d.item)).toEqual([]);
  });

  it("Home at 13:00: still under Fasting, after those fasting now, saying the op is past: ask before feeding", async () => {
    const today = await todayOverview(depsAt("13:00"));
    expect(today.round).toBe("midday");
    const fasting = today.fasting ?? [];
    expect(fasting).toContain(
      `Luna (Kennel 6), fasting for an op at 10:00, now past: ask before feeding: ${LUNA}`,
    );
    expect(fasting).not.toContain(`Luna (Kennel 6): ${LUNA}`);
    expect(fasting.at(-1)).toContain("Luna (Kennel 6)");
  });
});
