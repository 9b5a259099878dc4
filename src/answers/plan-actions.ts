/**
 * A person confirms a pet's care plan, or sets its items (issue 34): the write beside the read
 * (src/answers/plans.ts). What is confirmed or set is the version the person saw (a button's or a
 * form's version id): one that has been replaced since (the kennel system's words changed, someone
 * else confirmed or edited it) is refused, nothing written, and the person is shown the current one.
 * A high-alert plan needs a second, different person: the first confirmer's second tap is refused.
 *
 * Confirm carries the answers to the plan form's questions (issue 44): the items they settle are the
 * person's, set and confirmed in one version. Confirm and Save first ask the kennel system for the
 * pet's words now (issue 46): words changed since the plan was drafted write nothing, and the person
 * is shown them. A Save that changes nothing writes nothing: the confirmations stand.
 */
import type { Deps } from "../deps.ts";
import { applyAnswers, planQuestions, type QuestionContext } from "../domain/plan/questions.ts";
import { type ChangedItem, confirmPlan, planState, setItem } from "../domain/plan/state.ts";
import type { Person, PlanItem, PlanState } from "../domain/plan/types.ts";
import { AlreadyReplacedError } from "../record/errors.ts";
import { localDate } from "../time.ts";
import {
  currentPlan,
  keepPlan,
  type PlanVersion,
  planVersion,
  planVersions,
  wordsChangedSince,
} from "./plans.ts";
import type { Who } from "./record-round.ts";

export type PlanWrite =
  | { status: "written"; version: PlanVersion; state: PlanState }
  /** Nothing written: the same request came again (Slack re-delivering it): its version. */
  | { status: "duplicate"; version: PlanVersion; state: PlanState }
  /** Nothing written: a Save that changed nothing (the version, its confirmations kept). */
  | { status: "unchanged"; version: PlanVersion; state: PlanState }
  /** Nothing written: the kennel system's words changed since it was drafted (each item's, before and after). */
  | { status: "words_changed"; version: PlanVersion; changed: ChangedItem[] }
  | {
      status: "refused";
      why:
        | "no_store"
        | "unknown"
        /** Replaced since the person saw it: `current` is the one to look at. */
        | "not_current"
        | "same_person"
        | "already_confirmed"
        | "items_unread";
      current?: PlanVersion | undefined;
      keys?: PlanItem["key"][];
    };

const personOf = (deps: Pick<Deps, "clock">, who: Who): Person => ({
  userId: who.userId,
  userName: who.userName,
  at: deps.clock.now().toISOString(),
});

/** The version a person acts on, when it is still the pet's current one. */
async function actOn(
  deps: Pick<Deps, "record">,
  versionId: number,
): Promise<{ ok: true; version: PlanVersion } | Extract<PlanWrite, { status: "refused" }>> {
  if (!deps.record) return { status: "refused", why: "no_store" };
  const version = await planVersion(deps, versionId);
  if (!version) return { status: "refused", why: "unknown" };
  const current = await currentPlan(deps, version.plan.bookingId, version.plan.petId);
  if (current?.id !== version.id) return { status: "refused", why: "not_current", current };
  return { ok: true, version };
}

async function keep(
  deps: Pick<Deps, "record" | "config" | "clock">,
  from: PlanVersion,
  plan: PlanVersion["plan"],
  who: Who,
  requestKey: string,
): Promise<PlanWrite> {
  try {
    const { version, duplicate } = await keepPlan(deps, {
      plan,
      date: localDate(deps.clock.now(), deps.config.timezone),
      supersedes: from.id,
      userId: who.userId,
      requestKey,
      petName: from.petName,
      room: from.room,
    });
    return { status: duplicate ? "duplicate" : "written", version, state: planState(version.plan) };
  } catch (error) {
    if (!(error instanceof AlreadyReplacedError)) throw error;
    const current = await currentPlan(deps, plan.bookingId, plan.petId);
    return { status: "refused", why: "not_current", current };
  }
}

/** The days a plan's questions are answered by: today, the stay's first day (its first version's), the date order. */
export async function questionContext(
  deps: Pick<Deps, "record" | "config" | "clock">,
  version: PlanVersion,
): Promise<QuestionContext> {
  const first = (await planVersions(deps, version.plan.bookingId, version.plan.petId))[0] ?? version;
  return {
    today: localDate(deps.clock.now(), deps.config.timezone),
    arrival: first.date,
    dateOrder: deps.config.dateOrder,
  };
}

type Deps4 = Pick<Deps, "record" | "config" | "clock" | "log" | "kennel">;

/**
 * A person confirms the version they saw, with their answers to its questions (question id → answer
 * id, from the plan form): the items the answers settle become theirs, and the plan is confirmed in
 * the same version. The words now are checked first: changed, nothing is written.
 */
export async function confirmVersion(
  deps: Deps4,
  versionId: number,
  who: Who,
  requestKey: string,
  answers: ReadonlyMap<string, string> = new Map(),
): Promise<PlanWrite> {
  const on = await actOn(deps, versionId);
  if (!("ok" in on)) return on;
  const changed = await wordsChangedSince(deps, on.version.plan);
  if (changed.length) return { status: "words_changed", version: on.version, changed };
  const person = personOf(deps, who);
  const questions = planQuestions(on.version.plan, await questionContext(deps, on.version));
  const settled = applyAnswers(on.version.plan, questions, answers, person);
  const answered = settled.reduce((p, item) => setItem(p, item, person), on.version.plan);
  const r = confirmPlan(answered, person);
  if (!r.ok) {
    if (r.why === "changed_in_source") return { status: "refused", why: "not_current", current: on.version };
    return { status: "refused", why: r.why, ...(r.why === "items_unread" ? { keys: r.keys } : {}) };
  }
  const written = await keep(deps, on.version, r.plan, who, requestKey);
  deps.log.info(
    {
      plan: versionId,
      bookingId: r.plan.bookingId,
      petId: r.plan.petId,
      answered: settled.map((i) => i.key),
      userId: who.userId,
      result: written.status,
    },
    "care plan confirmed",
  );
  return written;
}

/**
 * A person sets items of the version they saw: a new version, to be confirmed again. Nothing set
 * that differs from the version (a Save with nothing changed) writes nothing: its confirmations
 * stand. The words now are checked first: changed, nothing is written.
 */
export async function setItems(
  deps: Deps4,
  versionId: number,
  items: PlanItem[],
  who: Who,
  requestKey: string,
): Promise<PlanWrite> {
  const on = await actOn(deps, versionId);
  if (!("ok" in on)) return on;
  const changed = await wordsChangedSince(deps, on.version.plan);
  if (changed.length) return { status: "words_changed", version: on.version, changed };
  // As the item would be kept (a person's), beside the item now: who set it aside, the same or not.
  const same = (i: PlanItem) => {
    const was = on.version.plan.items.find((x) => x.key === i.key);
    const bare = (x: PlanItem) => JSON.stringify({ ...x, setBy: undefined });
    return was !== undefined && bare({ ...i, readBy: "person" }) === bare(was);
  };
  if (items.every(same))
    return { status: "unchanged", version: on.version, state: planState(on.version.plan) };
  const person = personOf(deps, who);
  const plan = items.reduce((p, item) => setItem(p, item, person), on.version.plan);
  const written = await keep(deps, on.version, plan, who, requestKey);
  deps.log.info(
    { plan: versionId, items: items.map((i) => i.key), userId: who.userId, result: written.status },
    "care plan items set",
  );
  return written;
}
