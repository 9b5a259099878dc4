/**
 * A kept round's open dose, once its pet's plan is confirmed, says what the plan now says of it (a
 * carer's fresh try: Biscuit's "Apoquel 16 mg, one tablet" had no time and its plan was not
 * confirmed, so the morning round kept it due from the words; at midday Jane confirmed the plan as
 * "evening only", and the morning post drawn again still said "❌ missed: … Apoquel 16 mg (plan not
 * confirmed) · check the record before giving it": a carer gives a catch-up dose at midday, then the
 * evening's). What the round asked stays as kept (still missed), and the plan's words are beside it:
 * on the post drawn again and on the pet's ✏️ Record each… form. Real loopback HTTP to the sandbox and
 * a real SQLite record.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { roundDoses } from "../../src/answers/obligations.ts";
import { tapAsks } from "../../src/answers/record-tap.ts";
import { latestSheet, petOf } from "../../src/answers/sheets.ts";
import { todayOverview } from "../../src/answers/today.ts";
import { alertMessages, plansOfClaims } from "../../src/digest/dose-alert-editor.ts";
import { claimAlert } from "../../src/digest/dose-alert-records.ts";
import { keptRoundPost } from "../../src/digest/round-post.ts";
import { alertsAt } from "../../src/domain/dose-alerts.ts";
import { recordFormItems } from "../../src/present/record-form.ts";
import { localDate } from "../../src/time.ts";
import { APOQUEL, apoquelDay, DAY, type PetRef, TZ } from "../helpers/apoquel-day.ts";

const WORDS =
  "its plan, confirmed since this round asked it from the words (Jane 12:10), gives it at the evening round, not this one — do not give a catch-up dose without checking";
const day = apoquelDay();
const { depsAt } = day;
let pet: PetRef | undefined;

beforeAll(async () => {
  // A pet in all day with its fifth slot free, not fasting, no high-alert drug: Apoquel with no time.
  [pet] = await day.start(1);
  if (!pet) throw new Error("no pet on the morning sheet with Apoquel due from its words");
}, 60_000);

afterAll(() => day.close());

it("the morning post drawn again and the form say the confirmed plan gives it in the evening; still missed", async () => {
  const p = pet as { bookingId: number; petId: number };
  // 12:10: Jane confirms the plan as "evening only".
  await day.confirm(p, ["evening"]);
  // 12:15: the morning post drawn again: the dose is still missed as the round asked it, with the plan's words beside it.
  const post = await keptRoundPost(depsAt("12:15"), "morning", DAY);
  const blocks = [post?.parent, ...(post?.replies ?? [])].flatMap(
    (m) =>
      ((m as { blocks?: unknown[] } | undefined)?.blocks ?? []) as Array<{
        block_id?: string;
        text?: { text?: string };
      }>,
  );
  const section = blocks.find((b) => b.block_id?.startsWith(`kd_pet:${p.bookingId}:${p.petId}:`))?.text?.text;
  expect(section).toContain("✅ plan confirmed · confirmed by Jane");
  expect(section).toMatch(/❌ (missed: [^\n]*Apoquel 16 mg \(plan not confirmed\)|\d+ missed)/);
  expect(section).toContain(`📋 Apoquel 16 mg: ${WORDS}`);
  // The pet's ✏️ Record each… says it first on the dose's item.
  const sheet = await latestSheet(depsAt("12:15"), DAY, "morning");
  const onSheet = sheet && petOf(sheet, p.bookingId, p.petId);
  if (!sheet || !onSheet) throw new Error("the pet is not on the kept sheet");
  const asks = await tapAsks(depsAt("12:15"), { sheet, pet: onSheet, day: "today" }, "each");
  const item = recordFormItems(onSheet, new Map(), undefined, asks.settled).find((f) => f.item === "med:5");
  expect(item?.hint).toBe(`📋 ${WORDS} · ${APOQUEL}`);
  // The missed reply, drawn as the dose times' job draws it (posted now, or again as entries come), says it beside the dose.
  const deps = depsAt("12:15");
  const at = deps.clock.now().toISOString();
  const doses = await roundDoses(deps, "morning", DAY);
  const alerts = alertsAt(DAY, "morning", doses, at, { today: DAY, localDate: (i) => localDate(i, TZ) });
  const missed = alerts.find(
    (a) => a.kind === "missed" && a.doses.some((d) => d.petId === p.petId && d.due.item === "med:5"),
  );
  if (!missed) throw new Error("no missed reply names the pet's Apoquel");
  const { claim } = await claimAlert(day.store(), missed, 1, at);
  const reply = JSON.stringify(
    alertMessages(deps, claim, DAY, [], { plans: await plansOfClaims(deps, [claim]) }),
  );
  expect(reply).toContain(`${APOQUEL} (plan not confirmed) (not recorded today) (📋 ${WORDS})`);
  // Home names the missed dose with the plan's words beside it.
  const home = (await todayOverview(depsAt("12:15"))).record?.doses?.named ?? [];
  const named = home.find((d) => d.pet === `${p.bookingId}-${p.petId}` && d.item === "med:5");
  expect(named).toMatchObject({ state: "missed", round: "morning", planNow: `📋 ${WORDS}` });
}, 90_000);
