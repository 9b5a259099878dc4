/**
 * KENNEL_NAME: the kennel's own name, as its staff and its inspector know it ("Hillside Boarding
 * Kennels"). The kennel API does not say it (its records carry only the business's id), so printed
 * pages named the kennel by the API's address. Optional: unset, the pages name the API's address
 * alone, as before. Shown on the stay's printable page and its index, and on the medication chart,
 * beside the kennel API's address and the record's kennel id, never instead of them.
 */
import { bad, type Check, type EnvReader, ok } from "./reader.ts";

/** The longest name kept: a page's heading, not a paragraph. */
const KENNEL_NAME_MAX = 80;

function kennelName(value: string): Check<string> {
  const name = value.replace(/\s+/g, " ");
  if ([...name].length > KENNEL_NAME_MAX)
    return bad(
      `is ${[...name].length} characters long; a kennel's name is at most ${KENNEL_NAME_MAX}.`,
      "Give the kennel's name as its staff say it, for example KENNEL_NAME=Hillside Boarding Kennels.",
    );
  return ok(name);
}

export function readKennelName(r: EnvReader): string | undefined {
  return r.read("KENNEL_NAME", { fallback: undefined, parse: kennelName, words: true });
}
