/** A round's line for a pet whose care is not on its sheet reads as one sentence, whatever the reason. */
import { expect, it } from "vitest";
import { byHandWords, careWarningWords } from "../../src/words/care.ts";

it.each([
  ["not_loaded", "care details could not be loaded: check this pet's care by hand"],
  ["not_matched", "care details not matched: open the booking, and check this pet's care by hand"],
  [
    "no_customer",
    "care details could not be loaded: no customer on the booking, and check this pet's care by hand",
  ],
])("care %s: %s", (status, words) => {
  expect(byHandWords(careWarningWords({ status, unmatched: [] }))).toBe(words);
});
