/**
 * The plan's form as a document (issue 44): the plan (src/present/plan.ts), each question of its
 * doubts with its answers in the kennel's words after the item it is about, and what stands between
 * the person and Confirm: the questions left ("Answer 2 questions to confirm"), a colleague for a
 * high-alert plan the person confirmed first ("Ask a colleague to confirm (high-alert drug)"), who
 * confirmed first for the second person, or the kennel system's words changed since it was drafted
 * (issue 46: read it again, nothing to confirm). The form itself is Slack's (src/blocks/plan.ts).
 */
import { openQuestions, type Question, shownQuestions } from "../domain/plan/questions.ts";
import type { ChangedItem } from "../domain/plan/state.ts";
import type { PlanItem } from "../domain/plan/types.ts";
import { dayHeading, timeOf } from "../words/dates.ts";
import { ASK_A_COLLEAGUE, CHANGED_NOW, changedWords, confirmedFirstWords } from "../words/plan.ts";
import { answerNumberWords, answerWords, openWords, questionWords } from "../words/plan-questions.ts";
import { type Doc, type Line, type Part, strong, toned, whole } from "./doc.ts";
import { type PlanView, planDoc, planViewState } from "./plan.ts";

/** The plan's form as a person sees it: the plan, its questions and their answers so far. */
/** What each part of a form too long for one says (src/blocks/plan.ts), and an item's words there. */
export { itemKeyWords, planContinuedWords, planGoesOnWords, planPartWords } from "../words/plan.ts";

export interface PlanForm {
  view: PlanView;
  questions: Question[];
  chosen: ReadonlyMap<string, string>;
  /** Who is looking: the first confirmer of a high-alert plan is asked to find a colleague. */
  viewer: string;
  /** The kennel system's words changed since it was drafted (issue 46): shown, nothing to confirm. */
  changedNow?: ChangedItem[] | undefined;
}

/** A question as the form asks it: numbered, its words, its answers', the one chosen, the part it follows. */
export interface FormQuestion {
  id: string;
  n: number;
  words: string;
  answers: Array<{ id: string; words: string }>;
  chosen: string | undefined;
  /** The index of the part (the item) it comes after. */
  after: number;
}

export interface PlanFormDoc extends Doc {
  /** The item each item part is (by the part's index). */
  items: Map<number, PlanItem["key"]>;
  /** The version an item's "✏️ Edit…" opens (none: no edit, the words changed or nothing kept). */
  edit: number | undefined;
  questions: FormQuestion[];
  /** What stands between the person and Confirm, or who confirms next. */
  standing: string | undefined;
  /** The submit's words, when the person may confirm now. */
  confirm: "Confirm" | "Confirm (2nd person)" | undefined;
}

/** What stands between the person and Confirm. */
function standingWords(f: PlanForm, open: Question[], timezone: string): string | undefined {
  const plan = f.view.plan;
  const state = planViewState(f.view);
  if (f.changedNow?.length || state === "confirmed") return undefined;
  if (open.length) return openWords(open);
  if (state !== "awaiting_second") return undefined;
  if (plan.confirmations.some((c) => c.userId === f.viewer)) return ASK_A_COLLEAGUE;
  const first = plan.confirmations[0];
  return first
    ? confirmedFirstWords(
        whole(first.userName),
        `${dayHeading(first.at.slice(0, 10))} ${timeOf(first.at, timezone)}`,
      )
    : undefined;
}

export function planFormDoc(f: PlanForm, timezone: string): PlanFormDoc {
  const v = f.view;
  const plan = planDoc(v, timezone);
  const changed: Part[] = f.changedNow?.length
    ? [
        {
          kind: "text",
          lines: [
            [toned("alert", `⚠️ ${CHANGED_NOW}`)],
            ...f.changedNow.map((c) => [toned("warn", whole(changedWords(c)))]),
          ],
        },
      ]
    : [];
  // The form's first line names the pet and its kennel whole (its title has room for the name only).
  const head = plan.parts.flatMap((p): Part[] =>
    p.kind === "title" ? [{ kind: "text", lines: [[strong(p.text)]] }] : [],
  );
  const parts = [...head, ...changed, ...plan.parts.filter((p) => p.kind !== "title")];
  const items = new Map<number, PlanItem["key"]>();
  let n = 0;
  parts.forEach((p, i) => {
    if (p.kind === "item") items.set(i, v.plan.items[n++]?.key as PlanItem["key"]);
  });
  const shown = shownQuestions(f.questions, f.chosen);
  const at = (key: PlanItem["key"] | undefined) =>
    [...items].find(([, k]) => k === key)?.[0] ?? parts.length - 1;
  const questions = shown.map((q, i) => ({
    id: q.id,
    n: i + 1,
    words: questionWords(q, v.plan.items),
    answers: q.answers.map((a) => ({ id: a.id, words: answerWords(q, a, v.plan.items) })),
    chosen: f.chosen.get(q.id),
    after: at(q.items.at(-1)),
  }));
  const open = openQuestions(f.questions, f.chosen);
  const state = planViewState(v);
  const mine = v.plan.confirmations.some((c) => c.userId === f.viewer);
  const may =
    v.versionId !== undefined &&
    !f.changedNow?.length &&
    state !== "confirmed" &&
    state !== "changed_in_source" &&
    open.length === 0 &&
    !(state === "awaiting_second" && mine);
  return {
    fallback: plan.fallback,
    parts,
    items,
    edit: f.changedNow?.length ? undefined : v.versionId,
    questions,
    standing: standingWords(f, open, timezone),
    confirm: may ? (state === "awaiting_second" ? "Confirm (2nd person)" : "Confirm") : undefined,
  };
}

/**
 * A question as its form asks it: its words (its number bold), and each answer's choice. An answer
 * longer than a choice's `room` (its doses and rounds) is never cut there: the choices are numbered
 * ("Answer 1"…) and each answer's words are whole among the question's lines, above them.
 */
export function questionChoices(q: FormQuestion, room: number): { lines: Line[]; choices: string[] } {
  const head: Line = [strong(`${q.n}.`), { text: ` ${q.words}` }];
  if (q.answers.every((a) => a.words.length <= room))
    return { lines: [head], choices: q.answers.map((a) => a.words) };
  return {
    lines: [
      head,
      ...q.answers.map((a, i): Line => [strong(`${answerNumberWords(i + 1)}:`), { text: ` ${a.words}` }]),
    ],
    choices: q.answers.map((_, i) => answerNumberWords(i + 1)),
  };
}
