/**
 * The private confirmation of doses given by someone the form named (src/listeners/tapper-words.ts
 * givenByOtherOnTimeWords): a round's dose given on time and a dose given if needed on the same
 * ✏️ Record each… are said in one message, each with its own time; a dose given if needed by who
 * recorded it is not said.
 */
import { expect, it } from "vitest";
import type { PrnDose } from "../../src/domain/prn.ts";
import { givenByOtherOnTimeWords } from "../../src/listeners/tapper-words.ts";
import type { Entry } from "../../src/record/types.ts";

const sheet = { date: "2026-12-03", round: "midday" as const };
const pet = { name: "Milo", due: [] };
const alex = { userId: "U0ALEX", name: "Alex" };
const round = {
  item: "med:1",
  itemText: "Metronidazole 200 mg",
  outcome: "given",
  userId: "U0JANE",
  userName: "Jane",
  givenBy: alex,
  recordedAt: "2026-12-03T13:03:00Z",
} as unknown as Entry;
const dose = (o: Partial<PrnDose>) =>
  ({
    id: 1,
    date: "2026-12-03",
    bookingId: 1,
    petId: 1,
    userId: "U0JANE",
    userName: "Jane",
    item: "med:2",
    label: "Piriton 4mg",
    itemText: "Piriton 4mg if itchy",
    reason: "scratching",
    givenAt: "2026-12-03T11:50:00Z",
    recordedAt: "2026-12-03T13:03:00Z",
    ...o,
  }) as PrnDose;

it("says a dose given if needed by another with the round's doses, in one message", () => {
  const sam = dose({ givenBy: { userId: "U0SAM", name: "Sam" } });
  expect(givenByOtherOnTimeWords(sheet, pet, [round], "Europe/London", [sam])).toBe(
    "✅ Recorded Metronidazole 200 mg given 13:03 by Alex (Milo's midday round, Thu 3 Dec); Piriton 4mg given if needed 11:50 by Sam (Milo, Thu 3 Dec).",
  );
  expect(givenByOtherOnTimeWords(sheet, pet, [], "Europe/London", [sam])).toBe(
    "✅ Recorded Piriton 4mg given if needed 11:50 by Sam (Milo, Thu 3 Dec).",
  );
  // Given by who recorded it (no one named, or themself): nothing to say.
  const own = [dose({}), dose({ givenBy: { userId: "U0JANE", name: "Jane" } })];
  expect(givenByOtherOnTimeWords(sheet, pet, [], "Europe/London", own)).toBeUndefined();
});
