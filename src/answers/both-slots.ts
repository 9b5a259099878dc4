/**
 * One drug in two slots ("Owner's own Metacam 1.5ml" in medication 1, "Kennel stock Metacam 1.5ml"
 * in medication 2) whose plan's "one dose or two?" is not answered (the kept round's `sameDrugAs`,
 * src/domain/day-dose.ts): a ✏️ Record each… form that records both slots given is refused at the
 * second slot's field, nothing written, unless its "Both given: I have checked" is ticked; then both
 * are written, each entry's note saying who checked ("both slots given: checked by Jane"), so the
 * record, the replies and the audit show it was deliberate. One slot given and the other not: as ever.
 */
import type { Deps } from "../deps.ts";
import { sameDrugGroups } from "../domain/day-dose.ts";
import { owedPetOf } from "../domain/obligations.ts";
import type { ItemKey, Outcome } from "../record/types.ts";
import { BOTH_GIVEN_REFUSED, bothGivenWords } from "../words/not-due.ts";
import { owedRounds } from "./obligations.ts";
import type { Who } from "./record-round.ts";
import type { Sheet, SheetPet } from "./sheets.ts";

/** The longest note the record keeps (src/record/types.ts). */
const NOTE_MAX = 500;

/** The pet's groups of slots of one drug, "one dose or two?" not answered, as its round was kept. */
async function keptGroups(
  deps: Pick<Deps, "record" | "config">,
  sheet: Pick<Sheet, "date" | "round">,
  pet: SheetPet,
): Promise<ItemKey[][]> {
  if (!deps.record) return [];
  const rounds = await owedRounds(deps, { date: sheet.date }, sheet.round);
  const kept = rounds.find((r) => r.round === sheet.round);
  const items = (kept && owedPetOf(kept, pet.bookingId, pet.petId)?.items) ?? [];
  return sameDrugGroups(
    items,
    pet.due.map((d) => d.item),
  );
}

interface Choice {
  item: ItemKey;
  outcome: Outcome;
  note?: string | undefined;
}

/**
 * The form's choices checked for both slots of one drug given: refused (the errors on each second
 * slot's field) when its tick is not ticked (`ticked`: the slots whose group's tick is); else the
 * choices, each of those given saying who checked in its note (too long a note is refused at it).
 */
export async function checkBothSlots<C extends Choice>(
  deps: Pick<Deps, "record" | "config">,
  sheet: Pick<Sheet, "date" | "round">,
  pet: SheetPet,
  form: { choices: C[]; ticked: ReadonlySet<string>; recordedGiven?: ReadonlySet<ItemKey> | undefined },
  who: Pick<Who, "userName">,
): Promise<{ ok: true; choices: C[] } | { ok: false; errors: Record<string, string> }> {
  // A slot recorded given at this round and left as it is on the form counts too: a twin given on a
  // later form is the second dose as much as one given beside it.
  const changed = new Set(form.choices.map((c) => c.item));
  const kept = [...(form.recordedGiven ?? [])].filter((i) => !changed.has(i));
  const given = new Set([...form.choices.filter((c) => c.outcome === "given").map((c) => c.item), ...kept]);
  if (given.size < 2) return { ok: true, choices: form.choices };
  const groups = await keptGroups(deps, sheet, pet);
  const errors: Record<string, string> = {};
  const checked = new Set<ItemKey>();
  for (const group of groups) {
    const both = group.filter((i) => given.has(i));
    // Asked at a slot this form gives: both recorded before, nothing new here.
    const here = both.filter((i) => changed.has(i)).at(-1);
    if (both.length < 2 || !here) continue;
    if (group.some((i) => form.ticked.has(i))) for (const i of both) checked.add(i);
    else errors[`it:${here}`] = BOTH_GIVEN_REFUSED;
  }
  const words = bothGivenWords(who.userName);
  const choices = form.choices.map((c) =>
    checked.has(c.item) ? { ...c, note: [c.note, words].filter(Boolean).join(" · ") } : c,
  );
  for (const c of choices)
    if (checked.has(c.item) && Array.from(c.note ?? "").length > NOTE_MAX)
      errors[`note:${c.item}`] =
        `At most ${NOTE_MAX - words.length - 3} characters here, with “${words}” added.`;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, choices };
}
