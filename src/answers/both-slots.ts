/**
 * One drug in two slots ("Owner's own Metacam 1.5ml" in medication 1, "Kennel stock Metacam 1.5ml"
 * in medication 2) whose plan's "one dose or two?" is not answered (the kept round's `sameDrugAs`,
 * src/domain/day-dose.ts): a ✏️ Record each… form that records both slots given is refused at the
 * second slot's field, nothing written, unless its "Both given: I have checked" is ticked; then both
 * are written, each entry's note saying who checked ("both slots given: checked by Jane"), so the
 * record, the replies and the audit show it was deliberate. One slot given and the other not: as ever.
 * A correction of such an entry that keeps it given, its twin still given, carries its words on the
 * new entry, naming who checked then (src/domain/both-carried.ts); a correction to not given, none.
 */
import type { Deps } from "../deps.ts";
import { carriedChecks } from "../domain/both-carried.ts";
import { sameDrugGroups } from "../domain/day-dose.ts";
import { noteAdded } from "../domain/note-added.ts";
import { owedPetOf } from "../domain/obligations.ts";
import type { ItemKey, Outcome } from "../record/types.ts";
import { BOTH_GIVEN_REFUSED, bothGivenWords } from "../words/not-due.ts";
import { owedRounds } from "./obligations.ts";
import { markedEntries } from "./paper-marks.ts";
import type { Who } from "./record-round.ts";
import type { Sheet, SheetPet } from "./sheets.ts";

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

/** The pet's current entries of the round, read only when a choice corrects a slot recorded given. */
async function currentOf(
  deps: Pick<Deps, "record">,
  sheet: Pick<Sheet, "date" | "round">,
  pet: SheetPet,
  form: { choices: Choice[]; recordedGiven?: ReadonlySet<ItemKey> | undefined },
) {
  if (!form.choices.some((c) => c.outcome === "given" && form.recordedGiven?.has(c.item))) return [];
  const key = { date: sheet.date, round: sheet.round, bookingId: pet.bookingId, petId: pet.petId };
  return (await markedEntries(deps, key)).filter((e) => e.supersededBy === undefined);
}

/** Each choice with the words its note adds (a check carried, else the tick's), too long a note refused. */
function withWords<C extends Choice>(
  choices: C[],
  words: ReadonlyMap<ItemKey, string>,
  errors: Record<string, string>,
) {
  return choices.map((c) => {
    const add = words.get(c.item);
    if (!add || c.note?.includes(add)) return c;
    const added = noteAdded(c.note, add);
    if (added.tooLong) errors[`note:${c.item}`] = added.tooLong;
    return { ...c, note: added.note };
  });
}

/**
 * The form's choices checked for both slots of one drug given: refused (the errors on each second
 * slot's field) when its tick is not ticked (`ticked`: the slots whose group's tick is); else the
 * choices, each of those given saying who checked in its note (too long a note is refused at it). A
 * correction of a slot given that stays given, its twin still given, carries the check as the record
 * has it and is not asked again (src/domain/both-carried.ts says why).
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
  if (groups.length === 0) return { ok: true, choices: form.choices };
  const carried = carriedChecks(groups, form.choices, await currentOf(deps, sheet, pet, form));
  const errors: Record<string, string> = {};
  const words = new Map(carried.words);
  for (const group of groups) {
    const both = group.filter((i) => given.has(i));
    // Asked at a slot this form gives: both recorded before, or a correction carrying its check, nothing new here.
    const here = both.filter((i) => changed.has(i) && !carried.settled.has(i)).at(-1);
    if (both.length < 2 || !here) continue;
    if (!group.some((i) => form.ticked.has(i))) errors[`it:${here}`] = BOTH_GIVEN_REFUSED;
    else for (const i of both) if (!words.has(i)) words.set(i, bothGivenWords(who.userName));
  }
  const choices = withWords(form.choices, words, errors);
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, choices };
}
