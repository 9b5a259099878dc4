/**
 * Two lines that would read alike, told apart: one pet's two doses of one round named by the same
 * words (the same drug written in two of the kennel system's medication slots, "Chloramphenicol 1%
 * eye drops" in medication 1 and in medication 4). Each such line gets the words that differ: its
 * own instruction when the others' differ from it, else its slot ("medication 4"), else its place
 * ("dose 2 of 2"). Lines that read apart already get nothing. The same on Home, the day's review
 * and the dose times' replies.
 */
import type { ItemKey } from "../record/types.ts";

/** What a line names: whose dose (pet and round), the words it shows, and the item's own. */
export interface Named {
  /** The pet and the round ("100005-5105|morning"): lines of two pets or rounds never collide. */
  whose: string;
  /** The words the line shows for the item ("Chloramphenicol 1% eye drops"). */
  shown: string;
  item?: ItemKey | string | undefined;
  /** The item's own instruction ("one drop in the left eye"). */
  text?: string | undefined;
}

/** "medication 4": the kennel system's slot, as the plan and the chart name it. */
const slotWords = (item: string | undefined) => {
  const slot = /^med:(\d)$/.exec(item ?? "")?.[1];
  return slot ? `medication ${slot}` : undefined;
};

const norm = (s: string | undefined) => (s ?? "").trim().replace(/\s+/g, " ").toLowerCase();

/** The first of `words` no other line of the group has (and the line does not show already). */
function firstUnique(i: number, group: number[], words: (string | undefined)[][], shown: string) {
  const n = words[i]?.length ?? 0;
  for (let k = 0; k < n; k++) {
    const w = words[i]?.[k];
    if (!w || norm(w) === norm(shown)) continue;
    if (group.every((j) => j === i || norm(words[j]?.[k]) !== norm(w))) return w;
  }
  return undefined;
}

/**
 * For each line, the words that tell it from another line of the same pet and round showing the
 * same words, or undefined when none does.
 */
export function apartWords(lines: readonly Named[]): (string | undefined)[] {
  const groups = new Map<string, number[]>();
  lines.forEach((l, i) => {
    const key = `${l.whose}|${norm(l.shown)}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const words = lines.map((l) => [l.text, slotWords(l.item)]);
  const out: (string | undefined)[] = lines.map(() => undefined);
  for (const all of groups.values()) {
    // Two lines of one item are one dose said twice (given early, and unwitnessed): not two doses.
    const doseOf = (i: number) => String((lines[i] as Named).item ?? `#${i}`);
    const doses = [...new Set(all.map(doseOf))];
    if (doses.length < 2) continue;
    const group = doses.map((d) => all.find((i) => doseOf(i) === d) as number);
    for (const i of all) {
      const place = doses.indexOf(doseOf(i));
      const first = group[place] as number;
      out[i] =
        firstUnique(first, group, words, (lines[first] as Named).shown) ??
        `dose ${place + 1} of ${doses.length}`;
    }
  }
  return out;
}
