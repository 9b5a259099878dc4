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
import { currentPlan, keepPlan } from "../../src/answers/plans.ts";
import { tapAsks } from "../../src/answers/record-tap.ts";
import { latestSheet, petOf } from "../../src/answers/sheets.ts";
import { todayOverview } from "../../src/answers/today.ts";
import type { Deps } from "../../src/deps.ts";
import { alertMessages, plansOfClaims } from "../../src/digest/dose-alert-editor.ts";
import { claimAlert } from "../../src/digest/dose-alert-records.ts";
import { keptRoundPost, prepareRoundPost } from "../../src/digest/round-post.ts";
import { alertsAt } from "../../src/domain/dose-alerts.ts";
import type { Plan } from "../../src/domain/plan/types.ts";
import { MEDICATION_FIELDS } from "../../src/kennel/record-schemas.ts";
import { recordFormItems } from "../../src/present/record-form.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { localDate, zonedInstant } from "../../src/time.ts";
import { scratchRecord } from "../helpers/record.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";

const TZ = "Europe/London";
const DAY = "2026-11-24";
const APOQUEL = "Apoquel 16 mg, one tablet";
const WORDS =
  "its plan, confirmed since this round asked it from the words (Jane 12:10), gives it at the evening round, not this one — do not give a catch-up dose without checking";
let sandbox: Sandbox;
let store: CareRecordStore;
let now = zonedInstant(DAY, "07:00", TZ);
let pet: { bookingId: number; petId: number } | undefined;

function depsAt(hhmm: string): Deps & { record: CareRecordStore } {
  now = zonedInstant(DAY, hhmm, TZ);
  const clock = { now: () => now };
  const env = { KENNEL_TIMEZONE: TZ, KENNEL_CACHE_TTL_S: "0", ROUNDS_TIMES: "08:00,12:00,18:00" };
  return { ...sandboxDeps(sandbox, clock, { env, retryDelayMs: 0 }), record: store };
}

/** The plan as Jane confirms it: every item set by her, Apoquel at the evening round only. */
const confirmedEveningOnly = (plan: Plan): Plan => ({
  ...plan,
  items: plan.items.map((i) => ({
    ...i,
    readBy: "person" as const,
    doubts: [],
    ...(i.key === "med:5"
      ? {
          kind: { kind: "routine" as const },
          when: {
            rounds: [{ round: "evening" as const, why: "set by Jane" }],
            days: { every: "day" },
            steps: [],
          },
        }
      : {}),
  })) as Plan["items"],
  confirmations: [{ userId: "U0JANE", userName: "Jane", at: zonedInstant(DAY, "12:10", TZ).toISOString() }],
});

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21, customers: 60, today: DAY, timezone: TZ });
  store = scratchRecord({ now: () => now });
  // A pet in all day with its fifth slot free, not fasting, no high-alert drug: Apoquel with no time.
  const free = [...sandbox.main.petById.values()].filter(
    (p) => !MEDICATION_FIELDS[4].some((f) => (p as Record<string, unknown>)[f]),
  );
  for (const p of free) (p as Record<string, unknown>).medication5 = APOQUEL;
  const post = await prepareRoundPost(depsAt("08:00"), "morning", DAY);
  if (!post.payload) throw new Error("the morning round was not kept");
  const sheet = await latestSheet(depsAt("08:00"), DAY, "morning");
  for (const p of sheet?.pets ?? []) {
    const due = p.due.find((d) => d.item === "med:5");
    const plan = await currentPlan(depsAt("08:00"), p.bookingId, p.petId);
    if (!due?.unconfirmed || !plan || plan.plan.items.some((i) => i.highAlert)) continue;
    pet = { bookingId: p.bookingId, petId: p.petId };
    break;
  }
  if (!pet) throw new Error("no pet on the morning sheet with Apoquel due from its words");
}, 60_000);

afterAll(async () => {
  await store?.close();
  await sandbox?.close();
});

it("the morning post drawn again and the form say the confirmed plan gives it in the evening; still missed", async () => {
  const p = pet as { bookingId: number; petId: number };
  // 12:10: Jane confirms the plan as "evening only".
  const v = await currentPlan(depsAt("12:10"), p.bookingId, p.petId);
  if (!v) throw new Error("no plan kept");
  await keepPlan(depsAt("12:10"), {
    plan: confirmedEveningOnly(v.plan),
    date: DAY,
    supersedes: v.id,
    userId: "U0JANE",
    petName: v.petName,
  });
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
  const { claim } = await claimAlert(store, missed, 1, at);
  const reply = JSON.stringify(
    alertMessages(deps, claim, DAY, [], { plans: await plansOfClaims(deps, [claim]) }),
  );
  expect(reply).toContain(`${APOQUEL} (plan not confirmed) (not recorded today) (📋 ${WORDS})`);
  // Home names the missed dose with the plan's words beside it.
  const home = (await todayOverview(depsAt("12:15"))).record?.doses?.named ?? [];
  const named = home.find((d) => d.pet === `${p.bookingId}-${p.petId}` && d.item === "med:5");
  expect(named).toMatchObject({ state: "missed", round: "morning", planNow: `📋 ${WORDS}` });
}, 90_000);
