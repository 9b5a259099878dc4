/**
 * A stay's exceptions (src/domain/stay.ts): each refusal, dose not given and dose missed, as the
 * front desk reads them to the owner and an inspector reads them on the record; and which missed
 * doses were one drug in two slots the plan's "one dose or two?" had not answered (src/domain/
 * day-dose.ts): the round asked both and neither was recorded, so they may be one dose, never less
 * than the truth. The counts stay as the rounds asked them. Pure: the stay's items are passed in.
 */
import type { Entry } from "../record/types.ts";
import type { Round } from "./care.ts";
import { type DoseWindow, keepsNoTime } from "./doses.ts";
import type { OwedDose } from "./obligations.ts";

/** What the exceptions read of a stay's item (src/domain/stay.ts StayItem). */
interface ExceptionItem {
  date: string;
  round: Round;
  /** The round's time (ISO 8601, UTC). */
  at: string;
  label: string;
  entry: Entry | undefined;
  unconfirmed?: boolean | undefined;
  twoSlots?: true | undefined;
}

export interface StayException {
  date: string;
  round: Round;
  label: string;
  /** Due from the words, the pet's care plan not confirmed. */
  unconfirmed?: boolean | undefined;
  /** Missed, one drug in two slots its round asked and missed both of (StayItem's `twoSlots`). */
  twoSlots?: true | undefined;
  /**
   * refused / not_given: recorded so; missed: its window closed with nothing recorded; late: given
   * after its late time, in its window; after_window: given after its window closed; early: given
   * before its window opened (the last three with the dose times only: src/domain/stay-doses.ts).
   */
  kind: "refused" | "not_given" | "missed" | "late" | "early" | "after_window";
  /** When it was recorded (a late dose: when given), or for a missed dose the round's time (ISO 8601, UTC). */
  at: string;
  /** The reason or note given, when one was. */
  why: string | undefined;
  who: string | undefined;
  /** Not given with no time of its own (keepsNoTime): `at` is only when it was recorded, and said so. */
  untimed?: true | undefined;
  /** Given off its time (early, late, after its window): its window as its round kept it, said beside it. */
  window?: DoseWindow | undefined;
}

const missed = (d: OwedDose) => !d.entry && d.state.state === "missed";

/**
 * A dose missed that is one drug in two slots, the plan's question not answered (its `twoSlots`),
 * whose other slot the same round asked of the pet was missed too: both asked, neither recorded.
 * One recorded settles the other (never missed then), so nothing is said of it.
 */
export function missedInTwoSlots(d: OwedDose, pet: readonly OwedDose[]): boolean {
  if (!d.due.twoSlots || !missed(d)) return false;
  const same = d.sameDrugAs ?? [];
  return pet.some(
    (o) =>
      o !== d &&
      o.bookingId === d.bookingId &&
      o.petId === d.petId &&
      o.date === d.date &&
      o.round === d.round &&
      same.includes(o.due.item) &&
      missed(o),
  );
}

/** Refusals, doses not given and doses missed, in the stay's order. */
export function exceptionsOf(doses: readonly ExceptionItem[]): StayException[] {
  return doses.flatMap((d): StayException[] => {
    const e = d.entry;
    const base = {
      date: d.date,
      round: d.round,
      label: d.label,
      ...(d.unconfirmed ? { unconfirmed: true } : {}),
    };
    if (!e)
      return [
        {
          ...base,
          ...(d.twoSlots ? { twoSlots: true as const } : {}),
          kind: "missed",
          at: d.at,
          why: undefined,
          who: undefined,
        },
      ];
    if (e.outcome !== "refused" && e.outcome !== "not_given") return [];
    // A late entry or one from the paper chart: when it happened, as written, not when it was typed in.
    const untimed = keepsNoTime(e) ? { untimed: true as const } : {};
    return [
      {
        ...base,
        kind: e.outcome,
        at: e.givenAt ?? e.recordedAt,
        why: e.reason ?? e.note,
        who: e.userName,
        ...untimed,
      },
    ];
  });
}
