/**
 * The plans post of a round ("Care plans to confirm · Evening round, Sun 22 Nov"), as posted and as
 * drawn again after a person saves or confirms a plan on it (issue 34): each pet in its state now,
 * a confirmed one kept on the post (✅ plan confirmed, by whom and when), and the summary saying
 * what is left to confirm. The items are src/present/plan.ts's.
 */
import type { ActionOf, Doc, Part } from "./doc.ts";
import { type PlanView, plansToConfirmDoc, planViewState } from "./plan.ts";

export function plansPostDoc(
  heading: string,
  views: PlanView[],
  timezone: string,
  action?: ActionOf<PlanView>,
): Doc {
  const doc = plansToConfirmDoc(heading, views, timezone, action);
  const left = views.filter((v) => planViewState(v) !== "confirmed");
  const done = views.length - left.length;
  if (done === 0) return doc;
  // The summary of the plans still to confirm, and how many here are confirmed since it was posted.
  const leftSummary = left.length
    ? (plansToConfirmDoc(heading, left, timezone).parts.find((p) => p.kind === "summary")?.lines ?? [])
    : [];
  const confirmed =
    left.length === 0
      ? `✅ Every plan here is confirmed (${done}): their doses are due as each plan says`
      : `✅ ${done} confirmed since this was posted`;
  const summary: Part = { kind: "summary", lines: [...leftSummary, [{ text: confirmed }]] };
  return {
    fallback: `Care plans to confirm · ${heading}: ${left.length} to confirm, ${done} confirmed`,
    parts: doc.parts.map((p) => (p.kind === "summary" ? summary : p)),
  };
}
