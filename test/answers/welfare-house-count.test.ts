/**
 * The welfare post counts the house as the evening round's sheet counts it: each pet listed, and each
 * booking whose pets could not be matched (named at the post's foot, to check by hand). Before, its
 * head said "84 pets in house" while the round (and Home) said 89: the 7 not matched, listed at its
 * foot, were left out of the count. The sandbox's day with the awkward bookings, over loopback HTTP.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { roundReport } from "../../src/answers/rounds.ts";
import { type WelfareBoard, welfareLists } from "../../src/answers/welfare.ts";
import type { Deps } from "../../src/deps.ts";
import { lineText } from "../../src/present/doc.ts";
import { welfareMessageDoc } from "../../src/present/welfare.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { zonedInstant } from "../../src/time.ts";
import { roundTitle } from "../../src/words/house.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";

const TZ = "Europe/London";
const DAY = "2026-11-26";
let sandbox: Sandbox;
let deps: Deps;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21, customers: 150, today: DAY, timezone: TZ, awkward: true });
  const clock = { now: () => zonedInstant(DAY, "18:00", TZ) };
  deps = sandboxDeps(sandbox, clock, {
    env: { KENNEL_TIMEZONE: TZ, KENNEL_CACHE_TTL_S: "0" },
    retryDelayMs: 0,
  });
}, 60_000);
afterAll(() => sandbox.close());

it("the welfare post's head counts the pets not matched, and adds up with the evening round's", async () => {
  const round = await roundReport(deps, "evening", DAY, { keepPlans: false });
  const notMatched = round.totals.careMissing;
  const onRound = round.totals.pets + notMatched;
  // The day has bookings not matched, or the test would prove nothing.
  expect(notMatched).toBeGreaterThan(0);
  expect(roundTitle("evening", DAY, onRound)).toContain(`(${onRound} pets)`);

  const { lists } = await welfareLists(deps, "evening", DAY);
  expect(lists).toHaveLength(1);
  const list = lists[0] as WelfareBoard["list"];
  expect(list.unlisted).toHaveLength(notMatched);
  const board: WelfareBoard = {
    list,
    pets: list.pets.map((p) => ({ ...p, check: undefined, superseded: [], meal: undefined, flags: [] })),
    problem: undefined,
  };
  const doc = welfareMessageDoc(board, 0, { timezone: TZ });
  const head = doc.parts.find((p) => p.kind === "summary");
  const words = head && "lines" in head ? head.lines.map(lineText).join("\n") : "";
  expect(words).toContain(
    `${onRound} pets in house (${notMatched} with care details not matched: at the foot) · ✅ All normal: one tap`,
  );
  // Each one not matched is named at the foot.
  const foot = doc.parts.find((p) => p.kind === "note");
  const named = foot && "lines" in foot ? foot.lines.map(lineText).join("\n") : "";
  for (const u of list.unlisted.slice(0, 8)) expect(named).toContain(u);
});
