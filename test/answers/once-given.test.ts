/**
 * A dose its confirmed plan gives at one round a day, given today at another round, says so where it
 * is due (a carer's fresh try: Biscuit's "Apoquel 16 mg, one tablet" had no time, its plan not
 * confirmed, so the morning round asked it from the words; at midday Jane confirmed the plan as
 * "evening only"; the morning dose was then recorded given 08:00; the evening post said only "💊
 * Apoquel 16 mg", its form only the dose, and "✅ All given & eaten" recorded it in one tap: a second
 * dose). The evening post's line, drawn and drawn again, and the pet's ✏️ Record each… say it first;
 * the pet has no one tap; the dose is still due there. A drug its plan gives at two rounds, given at
 * the first, says nothing. Real loopback HTTP to the sandbox and a real SQLite record.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { roundDoses } from "../../src/answers/obligations.ts";
import { recordItems } from "../../src/answers/record-round.ts";
import { tapAsks } from "../../src/answers/record-tap.ts";
import { latestSheet, petOf } from "../../src/answers/sheets.ts";
import type { PostMessages } from "../../src/digest/posts.ts";
import { keptRoundPost, prepareRoundPost } from "../../src/digest/round-post.ts";
import type { Round } from "../../src/domain/care.ts";
import { recordFormItems } from "../../src/present/record-form.ts";
import { zonedInstant } from "../../src/time.ts";
import { apoquelDay, DAY, type PetRef, TZ } from "../helpers/apoquel-day.ts";

const SAYS =
  "given today at the morning round by Jane 08:00 — its plan gives it once a day: check before giving it again";
const day = apoquelDay();
const { depsAt } = day;
let once: PetRef | undefined;
let twice: PetRef | undefined;
let evening: PostMessages | undefined;

/** 12:10 Jane confirms the pet's plan; 12:20 its morning Apoquel is recorded given at 08:00 (a late entry). */
async function confirmThenRecordMorning(p: PetRef, rounds: Round[]): Promise<void> {
  await day.confirm(p, rounds);
  const deps = depsAt("12:20");
  const sheet = await latestSheet(deps, DAY, "morning");
  const pet = sheet && petOf(sheet, p.bookingId, p.petId);
  if (!sheet || !pet) throw new Error("the pet is not on the morning sheet");
  const givenAt = zonedInstant(DAY, "08:00", TZ).toISOString();
  const write = { item: "med:5" as const, outcome: "given" as const, givenAt };
  const r = await recordItems(
    deps,
    sheet,
    pet,
    [write],
    { userId: "U0JANE", userName: "Jane" },
    `am-${p.petId}`,
  );
  if (r.status !== "recorded") throw new Error(`the morning dose was not recorded: ${r.status}`);
}

/** A pet's text on a post (its sections) and its buttons' words. */
function petOnPost(post: PostMessages | undefined, p: PetRef): { text: string; buttons: string[] } {
  type B = { block_id?: string; text?: { text?: string }; elements?: Array<{ text?: { text?: string } }> };
  const blocks = [post?.parent, ...(post?.replies ?? [])].flatMap(
    (m) => ((m as { blocks?: unknown[] } | undefined)?.blocks ?? []) as B[],
  );
  const text = blocks
    .filter((b) => b.block_id?.startsWith(`kd_pet:${p.bookingId}:${p.petId}:`))
    .map((b) => b.text?.text ?? "")
    .join("\n");
  const act = blocks.find((b) => b.block_id === `kd_act:${p.bookingId}:${p.petId}`);
  return { text, buttons: (act?.elements ?? []).map((e) => e.text?.text ?? "") };
}

beforeAll(async () => {
  // Pets in all day with their fifth slot free: Apoquel with no time, due from the words at each round.
  const found = await day.start(2);
  [once, twice] = found;
  if (!once || !twice) throw new Error("no two pets on the morning sheet with Apoquel due from its words");
  await confirmThenRecordMorning(once, ["evening"]);
  await confirmThenRecordMorning(twice, ["morning", "evening"]);
  evening = await prepareRoundPost(depsAt("18:00"), "evening", DAY);
}, 90_000);

afterAll(() => day.close());

it("a dose its plan gives in the evening only, given at the morning round: the evening post and form say it, no one tap", async () => {
  const p = once as PetRef;
  const sheet = await latestSheet(depsAt("18:05"), DAY, "evening");
  const pet = sheet && petOf(sheet, p.bookingId, p.petId);
  if (!sheet || !pet) throw new Error("the pet is not on the evening sheet");
  // Due by its confirmed plan, as the round kept it: never hidden.
  expect(pet.due.find((d) => d.item === "med:5")).toMatchObject({ label: "Apoquel 16 mg" });
  expect(pet.due.find((d) => d.item === "med:5")?.unconfirmed).toBeFalsy();
  // The post as posted, and drawn again: the line says it; Record each… only.
  for (const post of [evening, await keptRoundPost(depsAt("18:05"), "evening", DAY)]) {
    const { text, buttons } = petOnPost(post, p);
    expect(text).toContain(`☑️ Apoquel 16 mg ${SAYS}`);
    expect(buttons).toContain("✏️ Record each…");
    expect(buttons).not.toContain("✅ All given & eaten");
  }
  // ✏️ Record each… says it first in the dose's hint.
  const asks = await tapAsks(depsAt("18:05"), { sheet, pet, day: "today" }, "each");
  const item = recordFormItems(pet, new Map(), undefined, asks.settled).find((f) => f.item === "med:5");
  expect(item?.hint.startsWith(`☑️ ${SAYS} · `)).toBe(true);
  // Still chased as its round kept it: late once its window has closed.
  const doses = await roundDoses(depsAt("20:30"), "evening", DAY);
  const dose = doses.find(
    (d) => d.petId === p.petId && d.bookingId === p.bookingId && d.due.item === "med:5",
  );
  expect(dose?.state.state).toMatch(/late|missed/);
  // A one tap from a post drawn before the morning's entry is refused too (Record each… only).
  const tap = await tapAsks(depsAt("20:35"), { sheet, pet, day: "today" }, "all");
  expect(tap.onceGiven).toBe(true);
}, 90_000);

it("a dose its plan gives at two rounds, given at the first: the evening says nothing of it", async () => {
  const p = twice as PetRef;
  const sheet = await latestSheet(depsAt("18:05"), DAY, "evening");
  const pet = sheet && petOf(sheet, p.bookingId, p.petId);
  if (!sheet || !pet) throw new Error("the pet is not on the evening sheet");
  expect(pet.due.some((d) => d.item === "med:5")).toBe(true);
  const { text } = petOnPost(evening, p);
  expect(text).toContain("Apoquel 16 mg");
  expect(text).not.toContain("its plan gives it once a day");
  const asks = await tapAsks(depsAt("18:05"), { sheet, pet, day: "today" }, "each");
  const item = recordFormItems(pet, new Map(), undefined, asks.settled).find((f) => f.item === "med:5");
  expect(item?.hint).not.toContain("once a day");
  const tap = await tapAsks(depsAt("18:05"), { sheet, pet, day: "today" }, "all");
  expect(tap.onceGiven).toBe(false);
}, 90_000);
