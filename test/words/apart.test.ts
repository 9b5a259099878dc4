/** Lines that read alike told apart, and one dose said twice (early, then unwitnessed) never called two. */
import { expect, it } from "vitest";
import { apartWords } from "../../src/words/apart.ts";

const whose = "7-3|morning";

it("two slots of one drug: each its slot; one dose on two lines: nothing to tell apart", () => {
  expect(
    apartWords([
      { whose, shown: "Chloramphenicol 1% eye drops", item: "med:1" },
      { whose, shown: "Chloramphenicol 1% eye drops", item: "med:4" },
    ]),
  ).toEqual(["medication 1", "medication 4"]);
  // The same item named twice (an exception each: given early, and with no witness) is one dose.
  expect(
    apartWords([
      { whose, shown: "Caninsulin", item: "med:1" },
      { whose, shown: "Caninsulin", item: "med:1" },
    ]),
  ).toEqual([undefined, undefined]);
  // Beside a second slot, both lines of the first say the first's words.
  expect(
    apartWords([
      { whose, shown: "Caninsulin", item: "med:1" },
      { whose, shown: "Caninsulin", item: "med:2" },
      { whose, shown: "Caninsulin", item: "med:1" },
    ]),
  ).toEqual(["medication 1", "medication 2", "medication 1"]);
});
