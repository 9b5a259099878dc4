/**
 * Home names a dose not given with its words, not only "other" (a fresh try found "⚠️ not given:
 * Biscuit (Kennel 7) Apoquel 16 mg · morning · other · recorded 13:00 by Jane", the words typed for
 * "other" dropped): the reason as kept, escaped for Slack's mrkdwn, whole up to the round post's 150
 * characters and past them shortened with where it is whole, as the round post says it.
 */
import { expect, it } from "vitest";
import { roundDoses } from "../../src/answers/obligations.ts";
import { todayOverview } from "../../src/answers/today.ts";
import { homeBlocks } from "../../src/blocks/home.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import type { EntryInput } from "../../src/record/types.ts";
import { todayText } from "../../src/text/house.ts";
import { CUSTODY_DAY as DATE, useCustodyDay } from "./custody-day.ts";

const TZ = "Europe/London";
let now = Date.parse(`${DATE}T07:40:00Z`);
const house = useCustodyDay({ now: () => new Date(now) });
const OTHER = "other: recorded on the wrong pet: the tablet went to <@U0BOSS> & *Scout*";
const LONG = `other: ${"the strip in his bag was empty and the office spare was locked away ".repeat(4)}END`;

it("names a dose not given for another reason with its words, escaped, capped as the round post caps them", async () => {
  const { deps, store } = house;
  await prepareRoundPost(deps, "morning", DATE);
  const plain = (await roundDoses(deps, "morning", DATE)).filter(
    (d) => d.due.item !== "meal" && !d.due.highAlert,
  );
  const [first, second] = plain;
  if (!first || !second) throw new Error("the sandbox's morning round has too few doses");
  const entry = (d: typeof first, reason: string, key: string): EntryInput => ({
    date: DATE,
    round: "morning",
    bookingId: d.bookingId,
    petId: d.petId,
    petName: d.petName,
    item: d.due.item,
    itemText: d.due.text,
    outcome: "not_given",
    reasonCode: "other",
    reason,
    userId: "U0JANE",
    userName: "Jane",
    requestKey: key,
  });
  now = Date.parse(`${DATE}T07:50:00Z`);
  await store.record([entry(first, OTHER, "k-other")]);
  await store.record([entry(second, LONG, "k-long")]);
  const today = await todayOverview(deps);
  const text = todayText(today, { color: false, timezone: TZ, thisYear: "2026" });
  expect(text).toContain(`· morning · ${OTHER} · recorded 07:50 by Jane`);
  expect(text).not.toMatch(/· other · recorded/);
  // Past 150 characters: shortened at a word, with where it is whole.
  expect(text).toContain("(all of it: the stay record) · recorded 07:50 by Jane");
  expect(text).not.toContain("END");
  const slack = JSON.stringify(homeBlocks(today, TZ));
  expect(slack).toContain(
    "· morning · other: recorded on the wrong pet: the tablet went to &lt;@U0BOSS&gt; &amp; *Scout* · recorded 07:50 by Jane",
  );
  expect(slack).not.toContain("<@U0BOSS>");
}, 60_000);
