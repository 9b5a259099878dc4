/**
 * Home names a late or missed dose that carries a double-dose warning whatever the cap, after the
 * high-alert ones (a fresh try found Biscuit's late Apoquel, "☑️ given today at the morning round …
 * its plan gives it once a day", hidden behind "and 32 more"): given today elsewhere (`onceGiven`),
 * one drug in two slots (`twoSlots`), its plan now (`planNow`). Over the sandbox's day and a real care
 * record, its three rounds posted and nothing recorded: three doses past Home's cap are given each
 * warning, and each is named, never counted in "and N more"; Block Kit's limits kept.
 */
import { expect, it } from "vitest";
import { todayOverview } from "../../src/answers/today.ts";
import { homeBlocks } from "../../src/blocks/home.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import { todayText } from "../../src/text/house.ts";
import { TWO_SLOTS_ASK } from "../../src/words/not-due.ts";
import { CUSTODY_DAY as DATE, useCustodyDay } from "./custody-day.ts";

const TZ = "Europe/London";
let now = Date.parse(`${DATE}T07:40:00Z`);
const house = useCustodyDay({ now: () => new Date(now) });
const ONCE =
  "☑️ given today at the morning round by Jane 08:00 — its plan gives it once a day: check before giving it again";
const PLAN = "📋 its plan now: evening only";

it("a late or missed dose with a double-dose warning is named on Home whatever the cap", async () => {
  const { deps } = house;
  for (const [round, at] of [
    ["morning", "07:40"],
    ["midday", "11:40"],
    ["evening", "17:40"],
  ] as const) {
    now = Date.parse(`${DATE}T${at}:00Z`);
    await prepareRoundPost(deps, round, DATE);
  }
  now = Date.parse(`${DATE}T19:00:00Z`);
  const today = await todayOverview(deps);
  const doses = today.record?.doses;
  if (!doses) throw new Error("no doses on Home");
  const before = todayText(today, { color: false, timezone: TZ, thisYear: "2026" });
  const hidden = before.match(/and (\d+) more/);
  expect(hidden).not.toBeNull();
  // The last three named: behind "and N more" as they stand.
  const last = doses.named.slice(-3);
  expect(last.every((o) => o.state === "late" || o.state === "missed")).toBe(true);
  const warnings = [{ onceGiven: ONCE }, { twoSlots: true as const }, { planNow: PLAN }];
  const named = doses.named.map((o) => {
    const i = last.indexOf(o);
    return i < 0 ? o : { ...o, ...warnings[i] };
  });
  const warned = { ...today, record: { ...today.record, doses: { ...doses, named } } } as typeof today;
  const blocks = homeBlocks(warned, TZ);
  for (const b of blocks) if ("text" in b && b.text) expect(b.text.text.length).toBeLessThanOrEqual(3000);
  const text = todayText(warned, { color: false, timezone: TZ, thisYear: "2026" });
  for (const view of [JSON.stringify(blocks), text]) {
    expect(view).toContain(ONCE);
    expect(view).toContain(PLAN);
    expect(view).toContain(TWO_SLOTS_ASK);
  }
  expect(text).toContain(`and ${Number(hidden?.[1]) - 3} more`);
}, 60_000);
