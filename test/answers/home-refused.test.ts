/**
 * Home's "💊 Today's doses" accounts for every dose due, as the day's record does (a fresh try found
 * Home reading "given on time: 8 of 30 due · ❌ 18 missed · ⏰ 2 late" beside a record of "8 of 30 ·
 * ⏰ 1 given late · 2 still open · 18 missed · 1 refused": a dose given late and a refused one left
 * out, its figures adding up to 28). Over the sandbox and a real care record on an injected clock: a
 * dose refused, one not given and one given late are counted on Home, the refused and not given ones
 * named, and the figures add up to the doses due; the terminal's record says the same outcomes.
 */
import { expect, it } from "vitest";
import { recordDay } from "../../src/answers/care-record.ts";
import { roundDoses } from "../../src/answers/obligations.ts";
import { todayOverview } from "../../src/answers/today.ts";
import { homeBlocks } from "../../src/blocks/home.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import type { EntryInput } from "../../src/record/types.ts";
import { todayText } from "../../src/text/house.ts";
import { recordDayText } from "../../src/text/record.ts";
import { CUSTODY_DAY as DATE, useCustodyDay } from "./custody-day.ts";

const TZ = "Europe/London";
let now = Date.parse(`${DATE}T07:40:00Z`);
const house = useCustodyDay({ now: () => new Date(now) });

it("a dose refused, one not given and one given late are on Home: its figures add up to the doses due", async () => {
  const { deps, store } = house;
  await prepareRoundPost(deps, "morning", DATE);
  const doses = (await roundDoses(deps, "morning", DATE)).filter((d) => d.due.item !== "meal");
  const plain = doses.filter((d) => !d.due.highAlert);
  const [refused, notGiven, givenLate] = plain;
  if (!refused || !notGiven || !givenLate) throw new Error("the sandbox's morning round has too few doses");
  const entry = (d: typeof refused, e: Partial<EntryInput>, key: string): EntryInput => ({
    date: DATE,
    round: "morning",
    bookingId: d.bookingId,
    petId: d.petId,
    petName: d.petName,
    item: d.due.item,
    itemText: d.due.text,
    outcome: "given",
    userId: "U0JANE",
    userName: "Jane",
    requestKey: key,
    ...e,
  });
  // 07:50: one pet refuses its dose; another's is not given (vomited).
  now = Date.parse(`${DATE}T07:50:00Z`);
  await store.record([entry(refused, { outcome: "refused", reasonCode: "refused" }, "k-refused")]);
  await store.record([
    entry(
      notGiven,
      { outcome: "not_given", reasonCode: "vomited", reason: "vomited within 30 min" },
      "k-not",
    ),
  ]);
  // 09:00: one given late (past 08:45); the high-alert doses missed (closed 08:30), the rest late.
  now = Date.parse(`${DATE}T09:00:00Z`);
  await store.record([entry(givenLate, {}, "k-late")]);
  const today = await todayOverview(deps);
  const f = today.record?.doses?.figures;
  const missed = doses.length - plain.length;
  const late = plain.length - 3;
  expect(f).toMatchObject({ due: doses.length, onTime: 0, givenLate: 1, refused: 1, notGiven: 1, missed });
  // Every dose due is one of Home's figures.
  expect(1 + 1 + 1 + missed + late).toBe(doses.length);
  const figures = `given on time: 0 of ${doses.length} due (${doses.length} of them from the words, plan not confirmed) · ⏰ 1 given late · ❌ ${missed} missed · ⏰ ${late} late · ⚠️ 1 refused · ⚠️ 1 not given`;
  const refusedLine = `⚠️ refused: ${refused.petName}`;
  const notGivenLine = /⚠️ not given: [^"\n]+ · morning · vomited within 30 min · recorded 07:50 by Jane/;
  const blocks = homeBlocks(today, TZ);
  // Slack's limits: no section's text past 3000 characters.
  for (const b of blocks) if ("text" in b && b.text) expect(b.text.text.length).toBeLessThanOrEqual(3000);
  const slack = JSON.stringify(blocks);
  expect(slack).toContain(`*💊 Today's doses:* ${figures}`);
  expect(slack).toContain(refusedLine);
  expect(slack).toMatch(/⚠️ refused: [^"]+ · morning · 07:50 · Jane/);
  expect(slack).toMatch(notGivenLine);
  const text = todayText(today, { color: false, timezone: TZ, thisYear: "2026" });
  expect(text).toContain(`💊 Today's doses: ${figures}`);
  expect(text).toContain(refusedLine);
  expect(text).toMatch(notGivenLine);
  // One source: Home's states read from the figures, the late ones among the open ones.
  expect(f).toMatchObject({ open: late, openLate: late });
  // Named first after the high-alert doses missed (each named, whatever Home's cap), before the
  // other missed and the late ones: a refusal is never lost past Home's eight named behind a
  // morning of misses.
  const listed = today.record?.doses?.named ?? [];
  const high = listed.filter((o) => o.highAlert).length;
  expect(high).toBe(missed);
  const named = listed.filter((o) => !o.highAlert).map((o) => o.state);
  expect(named.slice(0, 2)).toEqual(["refused", "not_given"]);
  expect(named.indexOf("late")).toBeGreaterThan(named.indexOf("not_given"));
  // The day's record says the same outcomes in the same words and order.
  const day = recordDayText(await recordDay({ ...deps, record: store }, "test", { date: DATE }), {
    color: false,
    timezone: TZ,
    thisYear: "2026",
  });
  expect(day).toContain(
    `💊 given on time: 0 of ${doses.length} due (${doses.length} of them from the words, plan not confirmed) · ⏰ 1 given late · ${late} still open · ${missed} missed · ⚠️ 1 refused · ⚠️ 1 not given`,
  );
}, 60_000);
