/**
 * The bound of a dose recorded in error's words, as docs/care-record.md says it, is the form's (a
 * fresh try: the form said "At most 470 characters", the docs 480): the field is the one a dose not
 * given says its own words in, its max_length and its hint WHY_MAX.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { WHY_MAX } from "../../src/blocks/record-items.ts";

it("says the in-error words' bound the form has", () => {
  const docs = readFileSync(new URL("../../docs/care-record.md", import.meta.url), "utf8").replace(
    /\s+/g,
    " ",
  );
  const said =
    /\*In your words\* \(required, at most (\d+) characters: "Say why it was recorded in error/.exec(docs);
  expect(Number(said?.[1])).toBe(WHY_MAX);
  expect(WHY_MAX).toBe(470);
});
