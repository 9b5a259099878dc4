/**
 * What entering a pet's round from the paper kept (issue 50), as the record reads it back, for both
 * places that enter it ("📄 Enter from paper…" in Slack and `kennel-desk record enter`): each dose's
 * entry with its paper mark, its state against the window its round kept (a dose given early, late or
 * after its window said so), and a high-alert dose's witness as kept. One document draws it
 * (src/present/paper-entered.ts).
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import type { DoseState, DoseWindow } from "../domain/doses.ts";
import { needsWitness, type WitnessState, witnessState } from "../domain/witness.ts";
import type { Entry } from "../record/types.ts";
import { dosesOwed, type OwedRound } from "./obligations.ts";
import { withPaperMarks } from "./paper-marks.ts";
import type { Sheet, SheetPet } from "./sheets.ts";

export interface PaperEntered {
  petName: string;
  date: string;
  round: Round;
  /** Who entered it (Slack's user, or the terminal's `--by`). */
  by: string;
  doses: Array<{
    label: string;
    entry: Entry;
    /** The dose's state against the window its round kept; none when the round kept none. */
    state: DoseState | undefined;
    /** The window its round kept, said beside a dose given off its time; none when it kept none. */
    window?: DoseWindow | undefined;
    /** A high-alert dose given: its witness as kept (on the paper, or none there). */
    witness: WitnessState | undefined;
  }>;
}

/**
 * The entries one paper entry wrote (or had written before, delivered again), read back as kept,
 * against `owed`: what the round kept, as the caller read it to find the pet (src/answers/paper-enter.ts).
 */
export async function paperEntered(
  deps: Pick<Deps, "record" | "config" | "clock">,
  sheet: Pick<Sheet, "date" | "round">,
  pet: SheetPet,
  written: Entry[],
  by: string,
  owed: OwedRound | undefined,
): Promise<PaperEntered> {
  const now = deps.clock.now();
  const entries = await withPaperMarks(deps, written);
  // An item no round asked has no window of its own (the settings' now): the mark alone.
  const states = new Map(
    (owed ? dosesOwed(deps, [owed], entries, now) : []).flatMap((d) =>
      d.entry ? [[d.entry.id, { state: d.state, window: d.unasked ? undefined : d.window }]] : [],
    ),
  );
  const doses = entries.map((e) => {
    const due = pet.due.find((d) => d.item === e.item);
    return {
      label: due?.label ?? e.item,
      entry: e,
      state: states.get(e.id)?.state,
      window: states.get(e.id)?.window,
      witness: needsWitness(e, due?.highAlert) ? witnessState(e, undefined, now.toISOString()) : undefined,
    };
  });
  return { petName: pet.name, date: sheet.date, round: sheet.round, by, doses };
}
