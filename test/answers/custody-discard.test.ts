/**
 * Opened-on and discard-by (issue 49 item 5) at the tap's use case, over the sandbox's loopback HTTP
 * and a real SQLite care record on an injected clock: a pet's dose from a medicine opened past its
 * days after opening asks first (the one tap opens its confirmation, with the medicine and its
 * discard-by day); another pet's, opened within its days, records in one tap; a pet whose medicine
 * was never counted in is not asked about discard-by.
 */
import { expect, it } from "vitest";
import { countIn } from "../../src/answers/custody-write.ts";
import { tapAsks } from "../../src/answers/record-tap.ts";
import { countInStart } from "../../src/domain/custody-rules.ts";
import { addDays } from "../../src/time.ts";
import { CUSTODY_DAY as DATE, medicatedMorning, useCustodyDay } from "./custody-day.ts";

const now = Date.parse(`${DATE}T07:40:00Z`);
const house = useCustodyDay({ now: () => new Date(now) });

it("a dose from a medicine past its discard-by asks first; one within it records in one tap", async () => {
  const { deps } = house;
  // Three pets with a routine medication due this morning, each from its confirmed plan.
  const { sheet, pets } = await medicatedMorning(
    house,
    3,
    (i, pet) => pet.due.some((d) => d.item === i.key) && countInStart(i).secondPerson === false,
  );
  const [stale, fresh, never] = pets;
  if (!stale || !fresh || !never) throw new Error("the sandbox's morning round has too few medicated pets");
  const jane = { userId: "U0JANE", userName: "Jane" };
  const countedIn = async (p: typeof stale, openedOn: string, key: string) => {
    const r = await countIn(deps, {
      bookingId: p.pet.bookingId,
      petId: p.pet.petId,
      item: p.item.key,
      label: "Eye drops",
      unit: "ml",
      quantity: 5,
      ownerNameChecked: true,
      openedOn,
      discardDays: 28,
      storage: "room",
      controlled: false,
      by: jane,
      requestKey: key,
    });
    expect(r.status).toBe("recorded");
  };
  // Opened 40 days ago with 28 days after opening: discard by 12 days ago. Opened yesterday: within.
  await countedIn(stale, addDays(DATE, -40), "k-stale");
  await countedIn(fresh, addDays(DATE, -1), "k-fresh");

  const asked = await tapAsks(deps, { sheet, pet: stale.pet, day: "today" }, "all");
  expect(asked.ask).toEqual({
    kind: "discard",
    words: expect.stringContaining("Eye drops: discard by Wed 11 Nov, past it"),
  });
  expect(JSON.stringify(asked.ask)).toContain("Check with the owner or the vet before giving it");
  expect((await tapAsks(deps, { sheet, pet: fresh.pet, day: "today" }, "all")).ask).toBeUndefined();
  expect((await tapAsks(deps, { sheet, pet: never.pet, day: "today" }, "all")).ask).toBeUndefined();
});
