/**
 * A correction of one of two slots of one drug given (src/answers/both-slots.ts: the plan's "one dose
 * or two?" not answered, both given with "Both given: I have checked" ticked, each entry's note saying
 * "both slots given: checked by Jane"). The correction writes a new entry that supersedes the old one;
 * when it still says given and its twin still stands given, the new entry carries the old entry's
 * words as they were, naming who checked then, and no tick is asked again.
 *
 * Why carry rather than ask again: the tick attests a check made before the second dose was given, by
 * the person who made it. A correction that leaves the slot given (a note, a time, the reason put
 * right) gives no new dose, so there is nothing new to check; asking the tick again would have whoever
 * corrects it (often the next day, never there at the round) sign a check they did not make, or tick
 * it only to get the form through, and the record would name them instead of Jane. A vet or an
 * inspector trusts the attestation made at the time, by its maker, kept word for word on every later
 * version of the entry; who corrected it, and when, is the new entry's own (its author, its
 * `supersedes`). So:
 *
 * - the corrected entry said so: its words are carried on the new one;
 * - it did not, its twin's entry does (the twin was the second dose, ticked on a later form): the
 *   pair's check stands on the record, nothing asked and nothing added;
 * - neither says so (an entry from before the tick): asked, as a second dose is;
 * - a correction to not given or refused, or its twin no longer given: nothing carried, nothing asked.
 *
 * Pure: the pet's current entries of the round are passed in.
 */
import type { Entry, ItemKey, Outcome } from "../record/types.ts";
import { bothGivenIn } from "../words/not-due.ts";

export interface Carried {
  /** The slots corrected, still given, whose pair's check stands on the record: never asked again. */
  settled: Set<ItemKey>;
  /** The words carried onto each such slot's new entry, as its corrected entry had them. */
  words: Map<ItemKey, string>;
}

/**
 * Of the form's choices, the corrections of a slot given that stay given, their twin still given
 * (chosen given here, or its current entry given and left as it is), in `groups` (the pairs).
 */
export function carriedChecks(
  groups: readonly (readonly ItemKey[])[],
  choices: readonly { item: ItemKey; outcome: Outcome }[],
  current: readonly Entry[],
): Carried {
  const out: Carried = { settled: new Set(), words: new Map() };
  const entryOf = (item: ItemKey) => current.find((e) => e.item === item && e.supersededBy === undefined);
  const chosen = new Map(choices.map((c) => [c.item, c.outcome]));
  const given = (item: ItemKey) => (chosen.get(item) ?? entryOf(item)?.outcome) === "given";
  for (const c of choices) {
    const old = entryOf(c.item);
    if (c.outcome !== "given" || old?.outcome !== "given") continue;
    const twins = (groups.find((g) => g.includes(c.item)) ?? []).filter((i) => i !== c.item && given(i));
    if (twins.length === 0) continue;
    const own = bothGivenIn(old.note);
    if (own) out.words.set(c.item, own);
    if (own || twins.some((t) => bothGivenIn(entryOf(t)?.note))) out.settled.add(c.item);
  }
  return out;
}
