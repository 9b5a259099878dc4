/**
 * The plans post of a round ("Care plans to confirm · Evening round, Sun 22 Nov"), as posted and as
 * drawn again after a person saves or confirms a plan (issue 34), from whichever button (issue 44):
 * each pet in its state now, a confirmed one kept on the post (✅ plan confirmed, by whom and when),
 * and the summary counting the whole post from the record ("📋 15 to confirm · ✅ 2 confirmed since
 * posted"), so a post split into a thread never keeps the counts it was posted with. Each pet's
 * button says the shortest way to its confirmation: its questions to answer, or Confirm. The items
 * are src/present/plan.ts's.
 */
import type { Round } from "../domain/care.ts";
import { roundWord } from "../domain/rounds.ts";
import { plural } from "../domain/text.ts";
import { dayHeading } from "../words/dates.ts";
import type { ActionOf, Doc, Line, Part } from "./doc.ts";
import { type PlanView, plansToConfirmDoc, planViewState, questionsOf } from "./plan.ts";

/** A plans post's heading: "Evening round, Sun 22 Nov". */
export const plansHeading = (round: Round, date: string) => `${roundWord(round)} round, ${dayHeading(date)}`;

/** The post's summary, from every pet on it now: what is left, and what was confirmed since. */
function summaryLines(all: PlanView[], heading: string, timezone: string): Line[] {
  const left = all.filter((v) => planViewState(v) !== "confirmed");
  const done = all.length - left.length;
  if (left.length === 0)
    return [[{ text: `✅ Every plan here is confirmed (${done}): their doses are due as each plan says` }]];
  const asked = left.reduce((n, v) => n + questionsOf(v), 0);
  const counts = [
    `📋 ${left.length} to confirm`,
    done ? `✅ ${done} confirmed since posted` : "",
    asked ? `❔ ${plural(asked, "question")} to answer, one tap each` : "",
  ]
    .filter(Boolean)
    .join(" · ");
  const rest =
    plansToConfirmDoc(heading, left, timezone).parts.find((p) => p.kind === "summary")?.lines ?? [];
  return [[{ text: counts }], ...rest];
}

/**
 * The post (or one message of it): `views` its pets now; `all` every pet of the whole post now (the
 * summary counts them; default: these).
 */
export function plansPostDoc(
  heading: string,
  views: PlanView[],
  timezone: string,
  action?: ActionOf<PlanView>,
  all: PlanView[] = views,
): Doc {
  const doc = plansToConfirmDoc(heading, views, timezone, action);
  const left = all.filter((v) => planViewState(v) !== "confirmed").length;
  const summary: Part = { kind: "summary", lines: summaryLines(all, heading, timezone) };
  return {
    fallback: `Care plans to confirm · ${heading}: ${left} to confirm, ${all.length - left} confirmed`,
    parts: doc.parts.map((p) => (p.kind === "summary" ? summary : p)),
  };
}
