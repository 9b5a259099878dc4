/**
 * A controlled medicine counted at each handover the kennel sets (issue 49 item 4, MEDICINE_COUNT_AT)
 * over the sandbox's loopback HTTP and a real SQLite care record on an injected clock: counted in
 * at 07:40, nothing is due until the 19:30 handover; past it with no count the stock and the morning
 * post's medicines say which handover was missed; a count by two people after it settles it.
 */
import { expect, it } from "vitest";
import { stockNow } from "../../src/answers/custody-stock.ts";
import { countIn, countMedicine } from "../../src/answers/custody-write.ts";
import { currentPlan } from "../../src/answers/plans.ts";
import { keptSheets } from "../../src/answers/sheets.ts";
import type { Deps } from "../../src/deps.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import type { MedicineItem } from "../../src/domain/custody.ts";
import { medicinesPostDoc } from "../../src/present/custody.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { confirmAllPlans } from "../helpers/plans.ts";
import { useSandboxDeps } from "../helpers/sandbox-deps.ts";

const DATE = "2026-11-23";
const TZ = "Europe/London";
let now = Date.parse(`${DATE}T07:40:00Z`);
const clock = { now: () => new Date(now) };
let store: CareRecordStore;
let deps: Deps;

useSandboxDeps(
  { seed: 17, customers: 120, today: DATE, timezone: TZ },
  clock,
  { KENNEL_TIMEZONE: TZ, ROUNDS_TIMES: "08:00,12:00,18:00", MEDICINE_COUNT_AT: "07:30,19:30" },
  (started) => {
    ({ store, deps } = started);
  },
);

it("a controlled medicine not counted at a handover is overdue, naming the handover, until two people count it", async () => {
  await prepareRoundPost(deps, "morning", DATE);
  expect(await confirmAllPlans(store, deps.config, clock)).toBeGreaterThan(0);
  const [sheet] = await keptSheets(deps, { date: DATE });
  if (!sheet) throw new Error("the morning round's sheet was not kept");
  let found: { bookingId: number; petId: number; item: MedicineItem } | undefined;
  for (const pet of sheet.pets) {
    const plan = await currentPlan(deps, pet.bookingId, pet.petId);
    const item = plan?.plan.items.find((i) => i.key !== "meal");
    if (item && item.key !== "meal") {
      found = { bookingId: pet.bookingId, petId: pet.petId, item: item.key };
      break;
    }
  }
  if (!found) throw new Error("no medicated pet on the morning round");
  const jane = { userId: "U0JANE", userName: "Jane" };
  const tom = { userId: "U0TOM", userName: "Tom" };
  const inn = await countIn(deps, {
    ...found,
    label: "Tramadol 50mg",
    unit: "tablet",
    quantity: 28,
    ownerNameChecked: true,
    storage: "room",
    controlled: true,
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
