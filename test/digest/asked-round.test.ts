/**
 * /rounds for another day than today (src/digest/round-post.ts `askedRoundPost`), against the sandbox
 * and a real SQLite record: what a round asks is kept when it is posted on its day, so a past day's
 * round is refused, saying where that day's record is (never posted from today's answer, never a
 * "missed" the day did not ask), and a later day's is its sheet for reference, marked so, with no
 * buttons and nothing written. Today's is posted and kept, as before.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsageError } from "../../src/answers/failure.ts";
import { latestSheet } from "../../src/answers/sheets.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { askedRoundPost } from "../../src/digest/round-post.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { recordKennel } from "../../src/record/kennel.ts";
import { openCareRecord } from "../../src/record/open.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";

const TZ = "Europe/London";
const TODAY = "2026-11-22";
const NOW = new Date(`${TODAY}T10:00:00Z`);
const dir = mkdtempSync(join(tmpdir(), "kennel-desk-asked-round-"));
let sandbox: Sandbox;
let store: CareRecordStore;
let deps: Deps;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21, customers: 150, today: TODAY, timezone: TZ, awkward: true });
  const config = loadConfig({
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: TZ,
    KENNEL_DATA_DIR: dir,
  });
  const log = silentLogger();
  const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, {
    log,
    retryDelay: () => 0,
  });
  store = (await openCareRecord(config.record, { now: () => NOW }, recordKennel(config))).store;
  deps = { kennel, log, config, clock: { now: () => NOW }, record: store };
}, 60_000);
afterAll(async () => {
  await store?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

const blocksOf = (post: Awaited<ReturnType<typeof askedRoundPost>>) =>
  JSON.stringify([post.parent, ...post.replies].map((m) => m.blocks));

describe("/rounds for another day than today", () => {
  it("a past day's round is refused, saying where its record is and how to record late; nothing is written", async () => {
    const before = await store.head();
    const refused = await askedRoundPost(deps, "morning", "2026-11-21").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UsageError);
    const { message, whatToDo } = refused as UsageError;
    expect(message).toBe(
      "Sat 21 Nov has passed: its morning round cannot be posted now. What a round asks is kept when it is posted on its day, and a post now would ask what today's bookings say.",
    );
    expect(whatToDo).toContain("kennel-desk record morning 2026-11-21");
    expect(whatToDo).toContain("📄 Enter from paper…");
    expect(whatToDo).toContain("kennel-desk record enter morning 2026-11-21");
    expect(await store.head()).toEqual(before);
    expect(await latestSheet(deps, "2026-11-21", "morning")).toBeUndefined();
  });

  it("a later day's round is shown for reference, marked not kept, with no buttons; nothing is written", async () => {
    const before = await store.head();
    const post = await askedRoundPost(deps, "evening", "2026-11-23");
    const shown = blocksOf(post);
    expect(shown).toContain("Evening round");
    expect(shown).toContain(
      "🔎 For reference, not kept: what this round asks is kept when it is posted on Mon 23 Nov, and it is recorded from that post.",
    );
    expect(shown).not.toMatch(/"rec_(all|each):/);
    expect(shown).not.toContain('"type":"actions"');
    expect(post.payload).toBeUndefined();
    // Not a sheet, not what the round asks, not a care plan's draft: the record is as it was.
    expect(await store.head()).toEqual(before);
    expect(await latestSheet(deps, "2026-11-23", "evening")).toBeUndefined();
  });

  it("today's round is posted and kept, with its buttons, as before", async () => {
    const post = await askedRoundPost(deps, "evening", TODAY);
    expect(post.payload).toBeDefined();
    expect(blocksOf(post)).toMatch(/"rec_(all|each):/);
    expect(blocksOf(post)).not.toContain("For reference");
    expect(await latestSheet(deps, TODAY, "evening")).toBeDefined();
  });
});
