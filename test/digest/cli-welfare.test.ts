/**
 * `kennel-desk digest --content welfare` (and `welfare-due`), for an external scheduler: the welfare
 * check's post per area, once a day, with its list kept in the record (the buttons need it); the pets
 * not checked in its thread; a dry run prints each as a reader sees it, and says when it is posted
 * already or its channel is not set. In-process, posting through
 * the loopback Slack stand-in, the record in a temporary folder (each test that posts, its own:
 * each test stands alone, in any order).
 */
import { describe, expect, it } from "vitest";
import { openCareRecord } from "../../src/record/open.ts";
import { runCommand } from "../cli/helpers.ts";
import { useTempFolders } from "../helpers/record-fixtures.ts";
import { welfareButtons } from "../helpers/welfare-slack.ts";
import { useDigestCommand } from "./command.ts";

const folder = useTempFolders("digest-welfare");
const dir = folder();
const { world, env, run } = useDigestCommand("2026-11-22T18:05:00Z", {
  KENNEL_DATA_DIR: dir,
  WELFARE_CHANNEL: "C0WELFARE",
  WELFARE_AREAS: "Kennel,Cattery",
  LOG_LEVEL: "silent",
});

describe("kennel-desk digest --content welfare", () => {
  it("--dry-run prints each area's check, posting nothing", async () => {
    const posts = world.slack.messages.length;
    const r = await run(["--dry-run", "--content", "welfare"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "── the evening welfare check (kennel) of Sun 22 Nov: would be posted in C0WELFARE ──",
    );
    expect(r.stdout).toContain("🩺 Evening welfare check, Sun 22 Nov · Cattery");
    expect(r.stdout).toMatch(/⬜ to check/);
    expect(world.slack.messages).toHaveLength(posts);
  });

  it("--dry-run with no channel for the check drafts it all the same and says the setting is missing, never a blank answer", async () => {
    const { WELFARE_CHANNEL: _, ...none } = env();
    const r = await run(["--dry-run", "--content", "welfare"], none);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "── the evening welfare check (kennel) of Sun 22 Nov: WELFARE_CHANNEL not set ──",
    );
    expect(r.stdout).toContain("🩺 Evening welfare check, Sun 22 Nov · Cattery");
    const json = await run(["--dry-run", "--json", "--content", "welfare"], none);
    const posts = JSON.parse(json.stdout);
    expect(posts.map((p: { kind: string }) => p.kind)).toContain("welfare:evening:kennel");
    // Not posted yet: neither said posted nor when.
    expect(posts[0]).not.toHaveProperty("alreadyPosted");
    expect(posts[0]).not.toHaveProperty("postedAt");
  });

  it("posts each area's check once, its list kept (the buttons carry its id); the pets not checked in its thread", async () => {
    // Its own record: the file's stays as no post has left it, for the dry runs beside.
    const own = { ...env(), KENNEL_DATA_DIR: folder() };
    const first = await run(["--content", "welfare"], own);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("Posted the evening welfare check (kennel) of Sun 22 Nov in C0WELFARE");
    const again = await run(["--content", "welfare"], own);
    expect(again.stdout).toContain(
      "Already posted in C0WELFARE: the evening welfare check (kennel) of Sun 22 Nov; nothing more posted.",
    );
    // A dry run says what a real post would do: nothing more, the check is posted already.
    const dry = await run(["--dry-run", "--content", "welfare"], own);
    expect(dry.stdout).toContain(
      "── the evening welfare check (kennel) of Sun 22 Nov: already posted: kept in the care record ──",
    );
    const json = await run(["--dry-run", "--json", "--content", "welfare"], own);
    expect(JSON.parse(json.stdout)[0]).toMatchObject({ kind: "welfare:evening:kennel", alreadyPosted: true });
    // Its own posts: the channel no other test of the file posts in.
    const posted = (kind: string) =>
      world.slack.messages.find((m) => m.channel === "C0WELFARE" && m.metadata?.event_payload.kind === kind);
    const cattery = posted("welfare:evening:cattery");
    expect(welfareButtons(cattery?.blocks, "wf_ok").length).toBeGreaterThan(0);
    const due = await run(["--content", "welfare-due"], { ...own, WELFARE_CHECK_BY: "18:01" });
    expect(due.code).toBe(0);
    const listing = posted("welfare-due:evening:cattery");
    expect(listing?.thread_ts).toBe(cattery?.ts);
    expect(JSON.stringify(listing?.blocks)).toContain("Not checked by 18:01");
  });

  it("--dry-run of a check posted already says when, and that a real run now would post nothing; it writes nothing", async () => {
    // Its own record and channel, the check posted at 18:05; the dry run asked at 18:40, the record as it stands.
    const own = { ...env(), KENNEL_DATA_DIR: folder(), WELFARE_CHANNEL: "C0WELFARE2" };
    expect((await run(["--content", "welfare"], own)).stdout).toContain(
      "Posted the evening welfare check (kennel) of Sun 22 Nov in C0WELFARE2",
    );
    const later = { now: () => new Date("2026-11-22T18:40:00Z") };
    const head = async () => {
      const { store } = await openCareRecord(
        { engine: "sqlite", dataDir: own.KENNEL_DATA_DIR },
        later,
        undefined,
      );
      try {
        return await store.head();
      } finally {
        await store.close();
      }
    };
    const before = await head();
    const posts = world.slack.messages.length;
    const dry = await runCommand(["digest", "--dry-run", "--content", "welfare"], own, {
      settleMs: 0,
      clock: later,
    });
    expect(dry.code, dry.stderr).toBe(0);
    for (const area of ["kennel", "cattery"])
      expect(dry.stdout).toContain(
        `── the evening welfare check (${area}) of Sun 22 Nov: already posted: kept in the care record ──\n\n` +
          "📌 Already posted at 18:05: the evening welfare check of Sun 22 Nov was posted and its list kept in the care record. A real run now would post nothing.",
      );
    expect(dry.stdout).toContain("🩺 Evening welfare check, Sun 22 Nov · Cattery");
    // --json says when too: the instant the check's list was kept.
    const json = await runCommand(["digest", "--dry-run", "--json", "--content", "welfare"], own, {
      settleMs: 0,
      clock: later,
    });
    expect(json.code, json.stderr).toBe(0);
    for (const area of ["kennel", "cattery"])
      expect(JSON.parse(json.stdout)).toContainEqual(
        expect.objectContaining({
          kind: `welfare:evening:${area}`,
          alreadyPosted: true,
          postedAt: "2026-11-22T18:05:00.000Z",
        }),
      );
    expect(await head()).toEqual(before);
    expect(world.slack.messages).toHaveLength(posts);
  });

  it("refuses a round that is not a welfare round, and the check off", async () => {
    const r = await run(["--dry-run", "--content", "welfare", "--round", "midday"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "The welfare check is made at the evening round (WELFARE_ROUNDS), not the midday.",
    );
    const off = await run(["--dry-run", "--content", "welfare"], { ...env(), WELFARE_ROUNDS: "off" });
    expect(off.stderr).toContain("The welfare check is off");
  });
});
