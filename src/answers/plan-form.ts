/**
 * What a pet's plan form shows (issue 44): the pet's current version (a button drawn with an older
 * one opens the plan as it stands: a sheet is older than an edit) and the questions of its doubts,
 * with the answers a person has chosen so far (only those of its questions, kept).
 */
import type { Deps } from "../deps.ts";
import { planQuestions, type Question } from "../domain/plan/questions.ts";
import type { PlanView } from "../present/plan.ts";
import { questionContext } from "./plan-actions.ts";
import { currentPlan, planVersion } from "./plans.ts";

export interface PlanFormData {
  view: PlanView;
  questions: Question[];
  /** The answers chosen so far, each to one of its questions. */
  chosen: Map<string, string>;
}

/** The form of the plan a button or a form names: its pet's current version; undefined when it is none. */
export async function planFormData(
  deps: Pick<Deps, "record" | "config" | "clock">,
  versionId: number,
  chosen: Record<string, string> = {},
): Promise<PlanFormData | undefined> {
  const named = await planVersion(deps, versionId);
  if (!named) return undefined;
  const v = (await currentPlan(deps, named.plan.bookingId, named.plan.petId)) ?? named;
  const questions = planQuestions(v.plan, await questionContext(deps, v));
  const kept = new Map(
    Object.entries(chosen).filter(([q, a]) =>
      questions.some((x) => x.id === q && x.answers.some((y) => y.id === a)),
    ),
  );
  return {
    view: { versionId: v.id, plan: v.plan, changed: v.changed, petName: v.petName, room: v.room },
    questions,
    chosen: kept,
  };
}
