/**
 * Entering a round from the chart on paper (issue 50): what a cell written on the paper records.
 * Initials and a time: given. A code of the chart's key (src/domain/chart.ts CHART_KEY): R refused,
 * V vomited, W withheld, N none left, A asleep as instructed, each a dose not given with its reason
 * from the list. Pure: the record's words and rules, no Slack and no I/O.
 */
import type { ItemKey, MedicationOutcome, NotGivenReason } from "../record/types.ts";
import type { ChartCode } from "./chart.ts";

/** What a cell of the paper says: given, or one of the chart's codes. */
export type PaperMark = "given" | ChartCode;

export const PAPER_MARKS: readonly PaperMark[] = ["given", "R", "V", "W", "N", "A"];

/** A mark as the form and the terminal name it. */
export const PAPER_MARK_WORDS: Record<PaperMark, string> = {
  given: "given (initials and a time)",
  R: "R · refused",
  V: "V · vomited",
  W: "W · withheld",
  N: "N · none left",
  A: "A · asleep as instructed",
};

/** The entry a mark makes: its outcome and, for a code, its reason from the list. */
export function paperOutcome(mark: PaperMark): { outcome: MedicationOutcome; reasonCode?: NotGivenReason } {
  switch (mark) {
    case "given":
      return { outcome: "given" };
    case "R":
      return { outcome: "refused", reasonCode: "refused" };
    case "V":
      return { outcome: "not_given", reasonCode: "vomited" };
    case "W":
      return { outcome: "not_given", reasonCode: "vet_withheld" };
    case "N":
      return { outcome: "not_given", reasonCode: "none_left" };
    case "A":
      return { outcome: "not_given", reasonCode: "asleep" };
  }
}

/** A mark as typed ("given", "g", "r", "V"…); undefined when it is none of them. */
export function paperMarkOf(raw: string): PaperMark | undefined {
  const t = raw.trim().toLowerCase();
  if (t === "given" || t === "g" || t === "✓") return "given";
  return PAPER_MARKS.find((m) => m !== "given" && m.toLowerCase() === t);
}

/** The initials or name written on the paper: at most 60 characters (the record keeps it as written). */
export const PAPER_BY_MAX = 60;

/** A dose's field at fault: its mark (the dose itself), its time, or who gave it; `note`: the words beside it. */
export type PaperField = "mark" | "time" | "by";

/** A dose's field as a form names it, and its key in the errors: "time:med:1". */
export const paperField = (field: PaperField | "note", item: ItemKey) => `${field}:${item}`;
