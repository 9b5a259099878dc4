/**
 * A row's head on the medication chart (src/present/chart.ts): the drug, high-alert marked; the
 * plan's reading; the rounds its cells make due where the reading does not name them all, and why;
 * what a person must settle before giving; the words as written.
 */
import type { ChartPet, ChartRow } from "../answers/chart.ts";
import { ROUNDS, type Round } from "../domain/care.ts";
import { roundsWords } from "../domain/house-routine.ts";
import type { RoundNames } from "../domain/round-names.ts";
import { chartHandedBackWords, dueRoundsWords } from "../words/chart.ts";
import { checkWords, itemKeyWords, readingWords } from "../words/plan.ts";
import { type Line, line, strong, toned, whole } from "./doc.ts";

export const isHighAlert = (row: ChartRow) => Boolean(row.plan?.highAlert ?? row.due?.highAlert);

/**
 * A row's open question, as the sheet and the plan ask it ("⚠️ Check: is this also given at
 * breakfast?", "the same medicine is in another entry (medication 2): one dose or two?"), with what to
 * do on paper: ask before giving.
 */
function doubtLines(plan: NonNullable<ChartRow["plan"]>): Line[] {
  if (plan.readBy === "person") return [];
  const out: Line[] = [];
  if (plan.doubts.length) {
    const check = whole(
      checkWords({ doubts: plan.doubts, unplaced: plan.unplaced, allergies: plan.allergies }),
    );
    // A question ends with its own mark: "…at breakfast? Ask before giving.", never "?:".
    const ask = /[?.!]$/.test(check) ? " Ask before giving." : ": ask before giving.";
    out.push(line(toned("alert", `⚠️ ${check}${ask}`)));
  }
  if (plan.sameDrugAs.length && !plan.doubts.includes("same_drug"))
    out.push(
      line(
        toned(
          "alert",
          `⚠️ The same medicine is also in ${plan.sameDrugAs.map(itemKeyWords).join(", ")}: one dose or two? Ask before giving.`,
        ),
      ),
    );
  return out;
}

/**
 * Why the sheet shows a dose the reading does not place: the instruction (a field with no time of
 * day) is shown at the morning round by the sheet's own rule; words with no time at all, at every round.
 */
function becauseOf(
  due: readonly Round[],
  read: readonly Round[],
  plan: ChartRow["plan"],
): "morning" | "no_time" | undefined {
  const fields = plan?.source.fields ?? [];
  const instruction = fields.some((f) => /^medication\d*$/.test(f.field));
  if (
    due.length === ROUNDS.length &&
    read.length === 0 &&
    fields.length > 0 &&
    fields.every((f) => /^medication\d*$/.test(f.field))
  )
    return "no_time";
  return due.includes("morning") && !read.includes("morning") && instruction ? "morning" : undefined;
}

/**
 * The rounds the row's cells make due on the pet's chart (a place to sign, or a dose recorded that a
 * round asked: one recorded only if given, no round asking it, makes none due), when
 * the plan's reading printed above does not name them all: named, with why, so a vet never reads a
 * row as evening-only whose morning cell asks for a dose. A plan not confirmed is due at each round
 * whose sheet shows the kennel system's words for it (src/domain/plan/round.ts), never a time the
 * words do not give.
 */
function dueRoundsLine(pet: ChartPet, row: ChartRow, names: RoundNames | undefined): Line[] {
  const due = ROUNDS.filter((r) =>
    Object.entries(pet.cells).some(
      ([k, c]) =>
        k.endsWith(`|${r}|${row.item}`) &&
        // A dose no round asked (recorded only if given) never makes its round due.
        (c.kind === "open" || ((c.kind === "given" || c.kind === "not_given") && !c.notAsked)),
    ),
  );
  const plan = row.plan;
  const read = ROUNDS.filter((r) => plan?.when.rounds.some((d) => d.round === r));
  if (due.length === 0 || due.every((r) => read.includes(r))) return [];
  const name = (rs: readonly Round[]) => roundsWords(rs.map((r) => names?.[r] ?? r));
  const words = dueRoundsWords({
    due: due.length === ROUNDS.length ? "every round" : name(due),
    read: read.length ? name(read) : undefined,
    unconfirmed: Boolean(row.due?.unconfirmed || plan?.readBy === "nobody"),
    because: becauseOf(due, read, plan),
  });
  return [line(toned("alert", words))];
}

/** A row's head: the drug (high-alert marked), the plan's reading of it, the rounds due, the words as written. */
export function rowHead(pet: ChartPet, row: ChartRow, names: RoundNames | undefined): Line[] {
  const plan = row.plan;
  const name = plan?.what.name ?? row.due?.label ?? row.item;
  const alert = plan?.highAlert ?? (isHighAlert(row) ? { word: "high-alert" } : undefined);
  const reading = plan ? readingWords(plan) : "";
  const words = plan?.what.text ?? row.due?.text ?? "";
  const rounds = dueRoundsLine(pet, row, names);
  return [
    line(strong(whole(name)), alert && toned("alert", ` ⚠️ high-alert (${whole(alert.word)})`)),
    ...(reading ? [line(whole(reading))] : []),
    ...(rounds.length
      ? rounds
      : row.due?.unconfirmed || (plan && plan.readBy === "nobody")
        ? [line(toned("warn", "plan not confirmed: due from the words"))]
        : []),
    // What a person must settle before giving (never only on the plan: this paper is read without it).
    ...(plan ? doubtLines(plan) : []),
    ...(row.handedBack
      ? [line(toned("alert", chartHandedBackWords(row.handedBack.date, whole(row.handedBack.to))))]
      : []),
    ...(words && words !== name ? [line(toned("muted", whole(words)))] : []),
  ];
}
