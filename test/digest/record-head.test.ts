/**
 * The morning post names the care record's head ("🔏 care record #12 · 9f3a5c1e0b7d24aa…"), so a copy of
 * it sits in Slack, outside the kennel's own database; a record that cannot be read leaves it out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { composePost } from "../../src/digest/compose.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { StoreError } from "../../src/record/errors.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { scratchRecord, withFaults } from "../helpers/record.ts";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 17, customers: 120, today: "2026-11-22", timezone: "Europe/London" });
});
afterAll(() => sandbox.close());

function deps(record: ReturnType<typeof scratchRecord> | undefined) {
  const config = loadConfig({
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: "Europe/London",
  });
  const log = silentLogger();
  const kennel = createKennelClient(config.kennel as NonNullable<typeof config.kennel>, { log });
  return {
    kennel,
    log,
    config,
    clock: { now: () => new Date("2026-11-22T07:00:00Z") },
    ...(record ? { record } : {}),
  };
}

describe("the morning post and the record's head", () => {
  it("names the head at the parent's foot, in full enough to tell two apart", async () => {
    const record = scratchRecord();
    await record.record([
      {
        date: "2026-11-21",
        round: "evening",
        bookingId: 1,
        petId: 2,
        petName: "Biscuit",
        item: "meal",
        itemText: "kibble",
        outcome: "ate_all",
        userId: "U1",
        userName: "Jane",
        requestKey: "r1",
      },
    ]);
    const head = await record.head();
    const post = await composePost(deps(record), "departures", "2026-11-22");
    const parent = JSON.stringify("parent" in post ? post.parent : post);
    expect(parent).toContain(`🔏 care record #${head.seq} · ${head.hash.slice(0, 16)}…`);
    expect(JSON.stringify("replies" in post ? post.replies : [])).not.toContain("care record #");
  });

  it("leaves it out when there is no record, an empty one, or one that cannot be read", async () => {
    for (const record of [
      undefined,
      scratchRecord(),
      withFaults(scratchRecord(), {
        head: async () => {
          throw new StoreError("unavailable", "down", "try again", "test");
        },
      }),
    ]) {
      const post = await composePost(deps(record), "arrivals", "2026-11-22");
      expect(JSON.stringify(post)).not.toContain("care record #");
    }
  });
});
