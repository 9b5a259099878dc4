/**
 * Home's "💊 Today's doses" names a pet's late doses; one drug written in two of its slots (the plan's
 * "one dose or two?" not answered) is named twice there, and each says to ask before giving both, as
 * the round sheet and the late reply do: two open slots are never read as two doses owed. Over the
 * sandbox (one pet's drug copied into its free second slot) and a real care record, the clock injected.
 */
import { expect, it } from "vitest";
import { roundReport } from "../../src/answers/rounds.ts";
import { todayOverview } from "../../src/answers/today.ts";
import { homeBlocks } from "../../src/blocks/home.ts";
import type { Deps } from "../../src/deps.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import { MEDICATION_FIELDS } from "../../src/kennel/record-schemas.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";
import { todayText } from "../../src/text/house.ts";
import { TWO_SLOTS_ASK } from "../../src/words/not-due.ts";
import { useSandboxDeps } from "../helpers/sandbox-deps.ts";

const TZ = "Europe/London";
const DATE = "2026-11-23";
let now = Date.parse(`${DATE}T07:40:00Z`);
const clock = { now: () => new Date(now) };
let world: { sandbox: Sandbox; deps: Deps };
useSandboxDeps(
  { seed: 17, customers: 120, today: DATE, timezone: TZ },
  clock,
  { KENNEL_TIMEZONE: TZ, ROUNDS_TIMES: "08:00,12:00,18:00", KENNEL_CACHE_TTL_S: "0" },
  (started) => {
    world = started;
  },
);

it("both slots of one drug late: Home names each with the question to ask before giving both", async () => {
  const { sandbox, deps } = world;
  // A pet on the morning round with no medication: one drug written in two of its slots.
  const report = await roundReport(deps, "morning", DATE, { keepPlans: false });
  const petId = report.pets.find(
    (x) =>
      x.sheet &&
      !x.pet?.flags.fasting &&
      MEDICATION_FIELDS.flat().every((f) => !sandbox.main.petById.get(x.pet?.pet.petId ?? -1)?.[f]),
  )?.pet?.pet.petId;
  const pet = petId === undefined ? undefined : sandbox.main.petById.get(petId);
  if (!pet) throw new Error("no pet on the morning round without medication");
  pet.medication = "Owner's own Metacam 1.5ml with breakfast";
  pet.medication2 = "Kennel stock Metacam 1.5ml with breakfast";
  await prepareRoundPost(deps, "morning", DATE);
  now = Date.parse(`${DATE}T09:00:00Z`);
  const today = await todayOverview(deps);
  const named = (today.record?.doses?.named ?? []).filter((d) => d.pet?.endsWith(`-${pet.petId}`));
  if (named.length === 0) throw new Error("the pet was not on the morning round");
  expect(named.map((d) => [d.item, d.twoSlots])).toEqual([
    ["med:1", true],
    ["med:2", true],
  ]);
  const slack = JSON.stringify(homeBlocks(today, TZ));
  const text = todayText(today, { color: false, timezone: TZ, thisYear: "2026" });
  for (const shown of [slack, text]) expect(shown.split(TWO_SLOTS_ASK).length - 1).toBeGreaterThanOrEqual(2);
  // Other pets' doses say nothing of it.
  const others = (today.record?.doses?.named ?? []).filter((d) => !d.pet?.endsWith(`-${pet.petId}`));
  expect(others.some((d) => d.twoSlots)).toBe(false);
});
