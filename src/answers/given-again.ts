/**
 * A dose its confirmed plan gives at this round alone, or owed once a day by its words (no time
 * given, plan not confirmed), recorded given on ✏️ Record each… while the day's entries show it
 * given at another round (src/answers/once-given.ts): refused at its field,
 * nothing written, typed values kept, unless its "Given again: I have checked" is ticked; then it is
 * written, its entry's note saying who checked ("given again today: checked by Jane"), so the record,
 * the replies and the audit show it was deliberate. Read again at submission: a form opened before
 * the other round's entry (it said nothing then) is checked as one opened after it.
 *
 * The tick is asked even when the form said it first (its item's hint: "☑️ given today at the
 * morning round by Jane 08:00 — its plan gives it once a day: …"): a hint is small grey words under a
 * select a carer picks "given" from at a glance, and a second dose of a drug given once a day is the
 * harm this guards against; and the submission cannot tell which form it is (the sealed metadata does
 * not say what the form showed), so one rule holds for both. The tick is on the form from the start
 * for each dose that may need it (src/blocks/record-items.ts againTick); a dose given elsewhere on a
 * form with no tick for it (`untickable`: given there after the form was opened) is refused, and the
 * form drawn again with the tick and what was typed (src/listeners/actions/record-submit.ts); past
 * Slack's deadline, with words to open the form again.
 */
import type { Deps } from "../deps.ts";
import { noteAdded } from "../domain/note-added.ts";
import { isMedicationItem } from "../domain/record.ts";
import type { ItemKey, Outcome } from "../record/types.ts";
import { givenAgainRefused, givenAgainWords, onceGivenWords } from "../words/not-due.ts";
import { onceGivenOfPet } from "./once-given.ts";
import type { Who } from "./record-round.ts";
import type { Sheet, SheetPet } from "./sheets.ts";

interface Choice {
  item: ItemKey;
  outcome: Outcome;
  note?: string | undefined;
}

/**
 * The form's choices checked for such a dose given: refused (the errors at each such dose's field)
 * when its tick is not ticked (`ticked`; `offered`: the doses the form has the tick for); else the
 * choices, each such dose's note saying who checked (too long a note is refused at it). A dose
 * recorded given at this round already (`recordedGiven`: a note changed, a correction) is no new dose.
 * `untickable`: each such dose the form has no tick for, with its refusal's words as the form drawn
 * again with the tick says them.
 */
export async function checkGivenAgain<C extends Choice>(
  deps: Pick<Deps, "record" | "config">,
  sheet: Pick<Sheet, "date" | "round">,
  pet: Pick<SheetPet, "bookingId" | "petId">,
  form: {
    choices: C[];
    ticked: ReadonlySet<string>;
    offered: ReadonlySet<string>;
    recordedGiven?: ReadonlySet<ItemKey> | undefined;
  },
  who: Pick<Who, "userName">,
): Promise<
  | { ok: true; choices: C[] }
  | { ok: false; errors: Record<string, string>; untickable?: Map<ItemKey, string> | undefined }
> {
  const given = form.choices
    .filter((c) => c.outcome === "given" && isMedicationItem(c.item) && !form.recordedGiven?.has(c.item))
    .map((c) => c.item);
  if (given.length === 0) return { ok: true, choices: form.choices };
  const elsewhere = await onceGivenOfPet(deps, sheet, pet, given);
  const errors: Record<string, string> = {};
  const untickable = new Map<ItemKey, string>();
  const checked = new Set<ItemKey>();
  for (const [item, g] of elsewhere) {
    const given = onceGivenWords(g, deps.config.timezone);
    if (form.ticked.has(item)) checked.add(item);
    else errors[`it:${item}`] = givenAgainRefused(given, form.offered.has(item));
    if (!form.ticked.has(item) && !form.offered.has(item))
      untickable.set(item, givenAgainRefused(given, true));
  }
  const words = givenAgainWords(who.userName);
  const choices = form.choices.map((c) => {
    if (!checked.has(c.item)) return c;
    const added = noteAdded(c.note, words);
    if (added.tooLong) errors[`note:${c.item}`] = added.tooLong;
    return { ...c, note: added.note };
  });
  if (!Object.keys(errors).length) return { ok: true, choices };
  return { ok: false, errors, ...(untickable.size ? { untickable } : {}) };
}
