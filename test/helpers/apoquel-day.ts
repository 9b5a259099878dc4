/**
 * A day of the sandbox's kennel (Tue 24 Nov 2026, London; rounds at 08:00, 12:00 and 18:00) on
 * which every pet in all day with its fifth slot free takes "Apoquel 16 mg, one tablet", with no
 * time: due from the words at each round, its plan not confirmed; the morning round kept. Real
 * loopback HTTP to the sandbox and a real SQLite record (test/answers/once-given.test.ts,
 * once-given-late.test.ts, plan-now-open.test.ts, plan-now-reads.test.ts).
 */
import { currentPlan, keepPlan } from "../../src/answers/plans.ts";
import { latestSheet } from "../../src/answers/sheets.ts";
import type { Deps } from "../../src/deps.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import type { Round } from "../../src/domain/care.ts";
import type { Plan } from "../../src/domain/plan/types.ts";
import { MEDICATION_FIELDS } from "../../src/kennel/record-schemas.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { zonedInstant } from "../../src/time.ts";
import { scratchRecord } from "./record.ts";
import { sandboxDeps } from "./sandbox-deps.ts";

export const TZ = "Europe/London";
export const DAY = "2026-11-24";
export const APOQUEL = "Apoquel 16 mg, one tablet";
export type PetRef = { bookingId: number; petId: number };

/**
 * The Apoquel day: `start(n)` opens the sandbox and the record, keeps the morning round and answers
 * the first `n` pets on its sheet with Apoquel due from the words and no high-alert drug; `depsAt`:
 * the bot's deps at a time of the day (the clock set there); `confirm`: at 12:10 Jane confirms a
 * pet's plan, Apoquel at `rounds` only; `close` after the file's tests.
 */
export function apoquelDay() {
  let sandbox: Sandbox | undefined;
  let store: CareRecordStore | undefined;
  let now = zonedInstant(DAY, "07:00", TZ);
  const depsAt = (hhmm: string): Deps & { record: CareRecordStore } => {
    now = zonedInstant(DAY, hhmm, TZ);
    const clock = { now: () => now };
    const env = { KENNEL_TIMEZONE: TZ, KENNEL_CACHE_TTL_S: "0", ROUNDS_TIMES: "08:00,12:00,18:00" };
    return {
      ...sandboxDeps(sandbox as Sandbox, clock, { env, retryDelayMs: 0 }),
      record: store as CareRecordStore,
    };
  };
  const start = async (n: number): Promise<PetRef[]> => {
    sandbox = await startSandbox({ seed: 21, customers: 60, today: DAY, timezone: TZ });
    store = scratchRecord({ now: () => now });
    const free = [...sandbox.main.petById.values()].filter(
      (p) => !MEDICATION_FIELDS[4].some((f) => (p as Record<string, unknown>)[f]),
    );
    for (const p of free) (p as Record<string, unknown>).medication5 = APOQUEL;
    const post = await prepareRoundPost(depsAt("08:00"), "morning", DAY);
    if (!post.payload) throw new Error("the morning round was not kept");
    const sheet = await latestSheet(depsAt("08:00"), DAY, "morning");
    const found: PetRef[] = [];
    for (const p of sheet?.pets ?? []) {
      const due = p.due.find((d) => d.item === "med:5");
      const plan = await currentPlan(depsAt("08:00"), p.bookingId, p.petId);
      if (!due?.unconfirmed || !plan || plan.plan.items.some((i) => i.highAlert)) continue;
      found.push({ bookingId: p.bookingId, petId: p.petId });
      if (found.length === n) break;
    }
    return found;
  };
  const confirm = async (p: PetRef, rounds: Round[]): Promise<void> => {
    const v = await currentPlan(depsAt("12:10"), p.bookingId, p.petId);
    if (!v) throw new Error("no plan kept");
    const plan = confirmedByJane(v.plan, rounds);
    await keepPlan(depsAt("12:10"), {
      plan,
      date: DAY,
      supersedes: v.id,
      userId: "U0JANE",
      petName: v.petName,
    });
  };
  const close = async () => {
    await store?.close();
    await sandbox?.close();
  };
  return { depsAt, start, confirm, close, store: () => store as CareRecordStore };
}

/** The plan as Jane confirms it at 12:10: every item set by her, Apoquel (med:5) at `rounds` only. */
const confirmedByJane = (plan: Plan, rounds: Round[]): Plan => ({
  ...plan,
  items: plan.items.map((i) => ({
    ...i,
    readBy: "person" as const,
    doubts: [],
    ...(i.key === "med:5"
      ? {
          kind: { kind: "routine" as const },
          when: {
            rounds: rounds.map((round) => ({ round, why: "set by Jane" })),
            days: { every: "day" },
            steps: [],
          },
        }
      : {}),
  })) as Plan["items"],
  confirmations: [{ userId: "U0JANE", userName: "Jane", at: zonedInstant(DAY, "12:10", TZ).toISOString() }],
});
