/**
 * A controlled medicine counted at each handover the kennel sets (issue 49 item 4, MEDICINE_COUNT_AT)
 * over the sandbox's loopback HTTP and a real SQLite care record on an injected clock: counted in
 * at 07:40, nothing is due until the 19:30 handover; past it with no count the stock and the morning
 * post's medicines say which handover was missed; a count by two people after it settles it.
 */
import { expect, it } from "vitest";
import { stockNow } from "../../src/answers/custody-stock.ts";
import { countIn, countMedicine } from "../../src/answers/custody-write.ts";
import { medicinesPostDoc } from "../../src/present/custody-post.ts";
import { docText } from "../../src/text/doc.ts";
import { TRAMADOL_PACK } from "../helpers/custody-fixtures.ts";
import { CUSTODY_DAY as DATE, medicatedMorning, useCustodyDay } from "./custody-day.ts";

const TZ = "Europe/London";
let now = Date.parse(`${DATE}T07:40:00Z`);
const clock = { now: () => new Date(now) };
const house = useCustodyDay(clock, { MEDICINE_COUNT_AT: "07:30,19:30" });

it("a controlled medicine not counted at a handover is overdue, naming the handover, until two people count it", async () => {
  const { deps } = house;
  const [medicated] = (await medicatedMorning(house, 1)).pets;
  if (!medicated) throw new Error("no medicated pet on the morning round");
  const found = { bookingId: medicated.pet.bookingId, petId: medicated.pet.petId, item: medicated.item.key };
  const jane = { userId: "U0JANE", userName: "Jane" };
  const tom = { userId: "U0TOM", userName: "Tom" };
  const inn = await countIn(deps, {
    ...found,
    ...TRAMADOL_PACK,
    by: jane,
    witness: tom,
    requestKey: "k-in",
  });
  if (inn.status !== "recorded") throw new Error(`not counted in: ${JSON.stringify(inn)}`);
  const due = async () =>
    (await stockNow(deps)).held.find((h) => h.medicine.first.id === inn.value.id)?.countDue;

  // 19:00: counted in at 07:40, after the 07:30 handover; the next is 19:30: nothing overdue.
  now = Date.parse(`${DATE}T19:00:00Z`);
  expect((await due())?.overdue).toBe(false);
  // 19:31: the 19:30 handover passed with no count.
  now = Date.parse(`${DATE}T19:31:00Z`);
  expect(await due()).toMatchObject({ overdue: true, at: "19:30", due: DATE });
  const post = medicinesPostDoc(await stockNow(deps), TZ);
  if (!post) throw new Error("the medicines post says nothing of the missed handover count");
  expect(docText(post, { color: false, timezone: TZ, thisYear: "2026" })).toContain(
    "not counted at the 19:30 handover (Mon 23 Nov)",
  );
  // 19:40: Jane and Tom count it: settled until the next handover.
  now = Date.parse(`${DATE}T19:40:00Z`);
  const counted = await countMedicine(deps, {
    custodyId: inn.value.id,
    counted: 28,
    by: jane,
    witness: tom,
    requestKey: "k-count",
  });
  expect(counted.status).toBe("recorded");
  expect((await due())?.overdue).toBe(false);
  // The next morning's 07:30 handover, missed: overdue again, that one named.
  now = Date.parse(`2026-11-24T07:45:00Z`);
  expect(await due()).toMatchObject({ overdue: true, at: "07:30", due: "2026-11-24" });
}, 120_000);
