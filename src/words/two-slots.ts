/**
 * One drug in two slots, the plan's "one dose or two?" not answered, both missed at one round: said
 * as one drug in the day's review (src/present/review.ts), so nobody counts two missed doses of an
 * NSAID where there may have been one ("❌ missed: Otis (Kennel 2) · Owner's own Metacam 1.5ml /
 * Kennel stock Metacam 1.5ml (one drug in two slots: medication 1 and 2; one dose or two? not
 * answered on its plan) · morning").
 */

/** "medication 1 and 2": the slots, as the plan and the chart name them (a key not a slot, as it is). */
function slotsWords(items: readonly string[]): string {
  const slots = items.map((i) => /^med:(\d+)$/.exec(i)?.[1] ?? i);
  const listed = slots.length > 1 ? `${slots.slice(0, -1).join(", ")} and ${slots.at(-1)}` : (slots[0] ?? "");
  return `medication ${listed}`;
}

/** The drug's names (each once, in the slots' order) and what they are: one drug in two slots. */
export function twoSlotsMissedWords(t: { items: readonly string[]; labels: readonly string[] }): {
  names: string;
  what: string;
} {
  return {
    names: [...new Set(t.labels)].join(" / "),
    what: `(one drug in two slots: ${slotsWords(t.items)}; one dose or two? not answered on its plan)`,
  };
}

/** Beside the day's missed figure: "2 of them one drug in two slots" (`n`: the slots missed in pairs). */
export const missedInSlotsWords = (n: number): string =>
  n === 2 ? "2 of them one drug in two slots" : `${n} of them drugs each in two slots`;
