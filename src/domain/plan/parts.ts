/**
 * Several drugs in one medication slot (issue 42): "Vetmedin 5mg 1 tab BID, Fortekor 5mg 1 tab AM"
 * on one line, or a midday or evening field naming another drug than the instruction's. Each drug is
 * read on its own, as if it had its own slot; the slot is one item of the record (its key), due at
 * the rounds any of its drugs is due, with the drugs due that round named.
 */
import { isNoFood } from "../care.ts";
import { knownDrugsIn } from "./drugs.ts";
import { drugKey } from "./same-drug.ts";
import type { SourceField } from "./types.ts";

/** Where a line passes from one drug to the next: a comma, semicolon, plus, "and", "&", a new line. */
const BETWEEN = /(?:[,;+\n]|\band\b|&|\balso\b)\s*$/i;

/**
 * The line's words for each drug it names, in order ("Vetmedin 5mg 1 tab BID", "Fortekor 5mg 1 tab
 * AM"); undefined when it names one. A drug is a new one when a known drug of another generic name
 * follows a comma, semicolon, "+", "and" or "&".
 */
export function drugSegments(text: string): string[] | undefined {
  const known = knownDrugsIn(text);
  const cuts: number[] = [];
  let generic = known[0]?.generic;
  for (const k of known.slice(1)) {
    if (k.generic === generic) continue;
    if (!BETWEEN.test(text.slice(0, k.index))) continue;
    cuts.push(k.index);
    generic = k.generic;
  }
  if (cuts.length === 0) return undefined;
  const bounds = [0, ...cuts, text.length];
  const segments = bounds.slice(0, -1).map((from, i) =>
    text
      .slice(from, bounds[i + 1])
      .replace(/(?:[,;+\s]|\band\b|&|\balso\b)+$/i, "")
      .trim(),
  );
  return segments.every(Boolean) ? segments : undefined;
}

/** Does a midday or evening field name another drug than the instruction ("Fortekor 5mg 1 tab" beside "Vetmedin…")? */
export function namesAnotherDrug(main: SourceField | undefined, field: SourceField | undefined): boolean {
  if (!main || !field || isNoFood(field.words)) return false;
  const other = drugKey(field.words);
  if (other === undefined) return false;
  const mine = drugKey(main.words);
  return mine !== undefined && other !== mine && knownDrugsIn(field.words).length > 0;
}
