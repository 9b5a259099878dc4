/**
 * `record audit`'s "gave N recorded by someone else" (src/answers/audit-who.ts PeopleCount): a dose
 * counts once to who gave it, by the entry that stands. A fresh try (T13): Sam gave Biscuit's Apoquel
 * once, Jane recorded it and then corrected its time (the correction carrying Sam as its giver), and the
 * audit said "Sam: gave 2".
 */
import { expect, it } from "vitest";
import { PeopleCount } from "../../src/answers/audit-who.ts";
import type { Entry } from "../../src/record/types.ts";

const sam = { userId: "U0SAM", name: "Sam" };
const entry = (id: number, over: Partial<Entry>) =>
  ({ id, userName: "Jane", outcome: "given", givenBy: sam, ...over }) as Entry;

it("counts a dose once to who gave it: a correction carrying the giver, not the entry it corrects too", () => {
  const people = new PeopleCount();
  people.entries([entry(39, {}), entry(40, { supersedes: 39 })]);
  expect(people.people).toEqual([
    expect.objectContaining({ name: "Jane", given: 1, corrections: 1, gave: 0 }),
    expect.objectContaining({ name: "Sam", given: 0, gave: 1 }),
  ]);
});

it("counts none to the giver of a dose struck as recorded in error, and the giver a correction names instead", () => {
  const people = new PeopleCount();
  people.entries([
    entry(1, {}),
    entry(2, { outcome: "in_error", supersedes: 1, givenBy: undefined }),
    entry(3, {}),
    entry(4, { supersedes: 3, givenBy: { userId: "U0ALEX", name: "Alex" } }),
  ]);
  // Sam's doses: one struck, one corrected to Alex's: none of them his.
  expect(people.people.map((p) => [p.name, p.gave])).toEqual([
    ["Alex", 1],
    ["Jane", 0],
  ]);
});
