/**
 * `kennel-desk digest --content rounds --dry-run` of today's round already posted: it says so and
 * shows the sheet kept when it was posted (what was due, written once) with its record, as
 * `kennel-desk rounds` and /rounds show it, never the bookings as they say now; nothing is written.
 * In-process, a pet's diet changed in the sandbox after the round was kept, the record in a temporary folder.
 */
import { expect, it } from "vitest";
import { roundReport } from "../../src/answers/rounds.ts";
import { latestSheet } from "../../src/answers/sheets.ts";
import { recordKennel } from "../../src/record/kennel.ts";
import { openCareRecord } from "../../src/record/open.ts";
import { runCommand } from "../cli/helpers.ts";
import { useTempFolders } from "../helpers/record-fixtures.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";
import { TODAY, useDigestCommand } from "./command.ts";

const dir = useTempFolders("digest-rounds-kept")();
const at = "2026-11-22T21:30:00Z";
const clock = { now: () => new Date(at) };
const { world, env, run } = useDigestCommand(at, {
  KENNEL_DATA_DIR: dir,
  ROUNDS_CHANNEL: "C0ROUNDS",
  LOG_LEVEL: "silent",
});
const NEW_DIET = "Zanzibar diet, 42 g";

it("a round already kept: the dry run says it is posted and shows the sheet as kept, not the bookings now", async () => {
  const posted = await run(["--content", "rounds", "--round", "morning"]);
  expect(posted.code, posted.stderr).toBe(0);
  const keptSheet = async () => (await runCommand(["rounds", "morning", TODAY], env(), { clock })).stdout;
  // A pet on the kept sheet given another diet in the kennel API since: the bookings now say otherwise.
  const { store } = await openCareRecord(
    { engine: "sqlite", dataDir: dir },
    clock,
    recordKennel({ kennel: { baseUrl: world.sandbox.url } }),
  );
  const sheet = await latestSheet({ record: store }, TODAY, "morning");
  await store.close();
  const pet = world.sandbox.main.petById.get(sheet?.pets[0]?.petId as number) as Record<string, unknown>;
  const diet = sheet?.pets[0]?.due.find((d) => d.item === "meal")?.text as string;
  pet.dietaryRequirementsAm = NEW_DIET;
  pet.dietaryRequirements = null;
  // The terminal only reads: it shows the bookings now and keeps nothing.
  const now = await runCommand(["rounds", "morning", TODAY, "--json"], env(), { clock });
  expect(now.stdout).toContain(NEW_DIET);
  // /rounds in Slack (a surface that keeps plans) drafts the changed plan again into the record.
  const slack = await openCareRecord(
    { engine: "sqlite", dataDir: dir },
    clock,
    recordKennel({ kennel: { baseUrl: world.sandbox.url } }),
  );
  const asked = await roundReport(
    sandboxDeps(world.sandbox, clock, { record: slack.store, env: { KENNEL_TIMEZONE: "Europe/London" } }),
    "morning",
    TODAY,
  );
  await slack.store.close();
  expect(JSON.stringify(asked.pets)).toContain(NEW_DIET);

  const expected = (await keptSheet()).trim();
  const head = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, undefined);
  const seq = (await head.store.head()).seq;
  await head.store.close();
  const dry = await run(["--dry-run", "--content", "rounds", "--round", "morning"]);
  expect(dry.code, dry.stderr).toBe(0);
  expect(dry.stdout).toContain(
    "── the morning round's sheet of Sun 22 Nov: already posted: kept in the care record ──",
  );
  expect(dry.stdout).toContain(
    "📌 Already posted: the morning round of Sun 22 Nov was posted and its sheet kept in the care record.",
  );
  // The sheet as kept, line for line as `kennel-desk rounds` shows it: the diet it asked, and the
  // change since said beside it, as /rounds says it.
  expect(dry.stdout).toContain(expected);
  expect(dry.stdout).toContain(`meal: was "${diet}`);

  const json = await run(["--dry-run", "--json", "--content", "rounds", "--round", "morning"]);
  expect(json.code, json.stderr).toBe(0);
  const [post] = JSON.parse(json.stdout) as Array<{ alreadyPosted?: boolean; payload?: { sheet: number } }>;
  expect(post?.alreadyPosted).toBe(true);
  expect(post?.payload?.sheet).toBe(sheet?.id);
  // A dry run writes nothing.
  const after = await openCareRecord(
    { engine: "sqlite", dataDir: dir },
    clock,
    recordKennel({ kennel: { baseUrl: world.sandbox.url } }),
  );
  expect((await after.store.head()).seq).toBe(seq);
  await after.store.close();
});
