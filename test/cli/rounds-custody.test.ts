/**
 * `kennel-desk rounds` says a medicine handed back as /rounds does (a fresh try: the terminal left out
 * "handed back to Mr Pugh…: the kennel holds none" that Slack showed): a round not posted yet, or a
 * later day's shown for reference, reads each pet's medicines as held now, over the sandbox and a
 * real SQLite care record.
 */
import { expect, it } from "vitest";
import { countIn, handBack } from "../../src/answers/custody-write.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import type { Deps } from "../../src/deps.ts";
import { draftSheet } from "../../src/present/round-sheet.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";
import { useSandboxRecord } from "../helpers/sandbox-deps.ts";
import { cliRunner } from "./helpers.ts";

const TZ = "Europe/London";
const TODAY = "2026-11-22";
const NOW = new Date(`${TODAY}T10:00:00Z`);
let sandbox: Sandbox;
let deps: Deps;
let dir: string;
const cli = cliRunner(
  () => sandbox,
  () => NOW,
);
useSandboxRecord(
  { seed: 21, customers: 150, today: TODAY, timezone: TZ, awkward: true },
  { now: () => NOW },
  "kennel-desk-cli-rounds-custody-",
  (started) => {
    ({ sandbox, deps, dir } = started);
  },
);

it("a medicine handed back says the kennel holds none on the terminal's sheet, today's not posted and tomorrow's", async () => {
  // Its plans drafted into the record (as /rounds does), so a medicine of them can be counted in.
  const sheet = draftSheet(await roundReport(deps, "evening", TODAY), { timezone: TZ });
  const pet = sheet.pets.find((p) => p.due.some((d) => d.item !== "meal"));
  const item = pet?.due.find((d) => d.item !== "meal")?.item;
  if (!pet || !item) throw new Error("no pet with a medication on the evening round");
  const JANE = { userId: "U0JANE", userName: "Jane" };
  const inn = await countIn(deps, {
    bookingId: pet.bookingId,
    petId: pet.petId,
    item: item as never,
    label: "Phenobarbital 60 mg",
    unit: "tablet",
    quantity: 30,
    ownerNameChecked: true,
    storage: "room",
    controlled: false,
    by: JANE,
    requestKey: "t-in",
  });
  if (inn.status !== "recorded") throw new Error(`not counted in: ${JSON.stringify(inn)}`);
  const handed = await handBack(deps, { custodyId: inn.value.id, quantity: 30, to: "Mr Pugh", by: JANE });
  expect(handed.status).toBe("recorded");
  const WORDS = "💊 Phenobarbital 60 mg: handed back to Mr Pugh on Sun 22 Nov: the kennel holds none";
  for (const day of [TODAY, "tomorrow"]) {
    const run = await cli(["rounds", "evening", day], { KENNEL_DATA_DIR: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(WORDS);
  }
});
