/**
 * Today's doses on the Home tab (issue 35), over the sandbox's loopback HTTP and a real care record
 * on an injected clock: "💊 Today's doses: given on time: N of M due" (the medication doses the day's
 * kept sheets asked, once their window has opened), how many are due, late and missed now, and each
 * late or missed dose by name, room, drug, round and its window's time; the same words in Slack and
 * in the terminal.
 */
import { expect, it } from "vitest";
import { roundDoses } from "../../src/answers/obligations.ts";
import { todayOverview } from "../../src/answers/today.ts";
import { homeBlocks } from "../../src/blocks/home.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import { todayText } from "../../src/text/house.ts";
import { CUSTODY_DAY as DATE, useCustodyDay } from "./custody-day.ts";

const TZ = "Europe/London";
let now = Date.parse(`${DATE}T07:40:00Z`);
const house = useCustodyDay({ now: () => new Date(now) });

it("given on time: N of M due; the late and missed doses named, missed first; Slack and the terminal alike", async () => {
  const { deps, store } = house;
  // Before any window has opened: nothing to say.
  now = Date.parse(`${DATE}T06:30:00Z`);
  expect((await todayOverview(deps)).record?.doses).toBeUndefined();
  // 07:40: the morning round posted (its sheet kept), one pet's medication given on time.
  now = Date.parse(`${DATE}T07:40:00Z`);
  await prepareRoundPost(deps, "morning", DATE);
  const doses = (await roundDoses(deps, "morning", DATE)).filter((d) => d.due.item !== "meal");
  const plain = doses.find((d) => !d.due.highAlert);
  if (!plain) throw new Error("the sandbox's morning round has no ordinary dose");
  await store.record([
    {
      date: DATE,
      round: "morning",
      bookingId: plain.bookingId,
      petId: plain.petId,
      petName: plain.petName,
      item: plain.due.item,
      itemText: plain.due.text,
      outcome: "given",
      userId: "U0JANE",
      userName: "Jane",
      requestKey: "k-home-1",
    },
  ]);
  // 09:00: the high-alert drugs' windows closed at 08:30 (missed: Zoë's gabapentin, and Buster's insulin,
  // printed from the words and chased though its plan is not confirmed); the others late since 08:45.
  now = Date.parse(`${DATE}T09:00:00Z`);
  const highAlert = doses.filter((x) => x.due.highAlert).length;
  expect(highAlert).toBe(2);
  const today = await todayOverview(deps);
  const d = today.record?.doses;
  const late = doses.length - 1 - highAlert;
  expect(d?.figures).toMatchObject({
    due: doses.length,
    onTime: 1,
    missed: highAlert,
    open: late,
    openLate: late,
  });
  expect(d?.named[0]).toMatchObject({
    state: "missed",
    petName: "Zoë",
    room: "Kennel 2",
    round: "morning",
  });
  const slack = JSON.stringify(homeBlocks(today, TZ));
  // No plan is confirmed here: every dose is due from the words, and says so.
  const line = `given on time: 1 of ${doses.length} due (${doses.length} of them from the words, plan not confirmed) · ❌ ${highAlert} missed · ⏰ ${late} late`;
  expect(slack).toContain(`*💊 Today's doses:* ${line}`);
  expect(slack).toContain(
    "❌ missed: Zoë (Kennel 2) 💉 Gabapentin 100 mg (plan not confirmed) · morning · window closed 08:30",
  );
  expect(slack).toMatch(/⏰ late: [^"]+ · morning · window closes 10:00/);
  const text = todayText(today, { color: false, timezone: TZ, thisYear: "2026" });
  expect(text).toContain(`💊 Today's doses: ${line}`);
  expect(text).toContain(
    "❌ missed: Zoë (Kennel 2) 💉 Gabapentin 100 mg (plan not confirmed) · morning · window closed 08:30",
  );
  // 09:10: the other high-alert dose given after its window closed, by Jane alone; by 10:00 no one
  // has witnessed it. Home says so beside the figures (a fresh try saw only "given on time").
  const insulin = doses.find((x) => x.due.highAlert && x.petName !== "Zoë");
  if (!insulin) throw new Error("the sandbox's morning round has no second high-alert dose");
  now = Date.parse(`${DATE}T09:10:00Z`);
  await store.record([
    {
      date: DATE,
      round: "morning",
      bookingId: insulin.bookingId,
      petId: insulin.petId,
      petName: insulin.petName,
      item: insulin.due.item,
      itemText: insulin.due.text,
      outcome: "given",
      userId: "U0JANE",
      userName: "Jane",
      requestKey: "k-home-2",
    },
  ]);
  expect((await todayOverview(deps)).record?.doses?.figures.unwitnessed).toEqual({
    unwitnessed: 0,
    noPaperWitness: 0,
  });
  now = Date.parse(`${DATE}T10:00:00Z`);
  const after = await todayOverview(deps);
  expect(after.record?.doses?.figures.unwitnessed).toEqual({ unwitnessed: 1, noPaperWitness: 0 });
  expect(JSON.stringify(homeBlocks(after, TZ))).toMatch(/\*💊 Today's doses:\* [^"]+ · 💉 1 unwitnessed/);
  expect(todayText(after, { color: false, timezone: TZ, thisYear: "2026" })).toMatch(
    /💊 Today's doses: .+ · 💉 1 unwitnessed/,
  );
}, 60_000);
