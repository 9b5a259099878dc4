/**
 * Entering a round from the chart on paper (issue 50): what a cell written on the paper records.
 * Initials and a time: given. A code of the chart's key (src/domain/chart.ts CHART_KEY): R refused,
 * V vomited, W withheld, N none left, A asleep as instructed, each a dose not given with a reason
 * code that claims no more than the letter, and the letter's own words (a W says nothing of why:
 * the code "other", "withheld", with the words written beside it). Pure: no Slack and no I/O.
 */
import type { Entry, ItemKey, MedicationOutcome, NotGivenReason } from "../record/types.ts";
import { type ChartCode, chartCode } from "./chart.ts";

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

/**
 * The entry a mark makes: its outcome, its reason code, and the words the letter says, no more. V
 * is the list's "vomited" (the dose was taken from the pack), but only "vomited": the paper says
 * nothing of "within 30 min". W is "withheld", the list's "other": the paper says nothing of by
 * whom (the vet, not in kennel…), so the code claims nothing either; the words beside it say why.
 */
export function paperOutcome(mark: PaperMark): {
  outcome: MedicationOutcome;
  reasonCode?: NotGivenReason;
  words?: string;
} {
  switch (mark) {
    case "given":
      return { outcome: "given" };
    case "R":
      return { outcome: "refused", reasonCode: "refused" };
    case "V":
      return { outcome: "not_given", reasonCode: "vomited", words: "vomited" };
    case "W":
      return { outcome: "not_given", reasonCode: "other", words: "withheld" };
    case "N":
      return { outcome: "not_given", reasonCode: "none_left", words: "none left" };
    case "A":
      return { outcome: "not_given", reasonCode: "asleep", words: "asleep as instructed" };
  }
}

/**
 * A dose not given's reason as the paper said it: the letter's words, then the words written beside
 * it ("withheld: owner brought own"); a W with nothing beside it says where it came from
 * ("withheld (W on the paper chart)"), its code "other" needing words of its own.
 */
export function paperReason(mark: PaperMark, note: string | undefined): string | undefined {
  const { words } = paperOutcome(mark);
  if (!words) return undefined;
  if (note) return `${words}: ${note}`;
  return mark === "W" ? `${words} (W on the paper chart)` : words;
}

/** How the audit counts a dose not given entered from the paper as V or W: apart from the list's reasons. */
export const PAPER_AUDIT_REASONS = ["paper_vomited", "paper_withheld"] as const;
export type PaperAuditReason = (typeof PAPER_AUDIT_REASONS)[number];

/**
 * A dose not given entered from the paper is counted by its letter where the list's reason its code
 * stands in for would claim more than the paper says: V is vomited, never "within 30 min"; W is
 * withheld, on whose decision not said (its code "other", which the list names "other"). The record
 * keeps no plain "withheld" code (`vet_withheld` says by the vet), so the audit counts these apart.
 * R, N and A claim what their code does: undefined, counted by their code.
 */
export function paperAuditReason(
  e: Pick<Entry, "outcome" | "reasonCode" | "paper">,
): PaperAuditReason | undefined {
  if (!e.paper || e.outcome !== "not_given") return undefined;
  const code = chartCode(e);
  return code === "V" ? "paper_vomited" : code === "W" ? "paper_withheld" : undefined;
}

/** A mark as typed ("given", "g", "r", "V"…); undefined when it is none of them. */
export function paperMarkOf(raw: string): PaperMark | undefined {
  const t = raw.trim().toLowerCase();
  if (t === "given" || t === "g" || t === "✓") return "given";
  return PAPER_MARKS.find((m) => m !== "given" && m.toLowerCase() === t);
}

/** The initials or name written on the paper: at most 60 characters (the record keeps it as written). */
export const PAPER_BY_MAX = 60;

/**
 * A dose's field at fault: its mark (the dose itself), its time, who gave it, or a high-alert dose's
 * witness; `note`: the words beside it.
 */
export type PaperField = "mark" | "time" | "by" | "witness";

/** A dose's fields besides its mark, as written on the form: the time, the giver, a witness, words beside it. */
export type PaperWritten = "time" | "by" | "witness" | "note";

/**
 * What a dose's fields hold besides its mark, in the form's order. A dose with none of them and no
 * mark is left (nothing on the paper); one with any of them but no mark is half-filled, and refused
 * (the whole form, nothing written): what the paper marks is never guessed from a time or a giver.
 */
export function paperWritten(cell: Partial<Record<PaperWritten, string | undefined>>): PaperWritten[] {
  return (["time", "by", "witness", "note"] as const).filter((f) => cell[f]?.trim());
}

/** A dose's field as a form names it, and its key in the errors: "time:med:1". */
export const paperField = (field: PaperField | "note", item: ItemKey) => `${field}:${item}`;
