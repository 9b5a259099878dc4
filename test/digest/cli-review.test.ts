/**
 * `kennel-desk digest --content review` (issue 50): the manager's daily review on demand, for an
 * external scheduler or to see it: read from the care record (opened for a dry run too), posted once
 * in ROUNDS_CHANNEL, nothing posted for a day with no round kept. In-process, posting through the
 * loopback Slack stand-in, the record in a temporary folder.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useTempFolders } from "../helpers/record-fixtures.ts";
import { useDigestCommand } from "./command.ts";

const dir = useTempFolders("digest-review")();
const { world, env, run } = useDigestCommand("2026-11-22T21:30:00Z", {
  KENNEL_DATA_DIR: dir,
  ROUNDS_CHANNEL: "C0ROUNDS",
  LOG_LEVEL: "silent",
});
const reviews = () => world.slack.messages.filter((m) => m.metadata?.event_payload.kind === "review");

describe("kennel-desk digest --content review", () => {
  it("no care record yet: said (exit 3), never made, even by a dry run; nothing posted", async () => {
    for (const args of [
      ["--dry-run", "--content", "review"],
      ["--content", "review"],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stderr).toContain("There is no care record at");
    }
    expect(existsSync(join(dir, "care-record.sqlite"))).toBe(false);
    expect(reviews()).toHaveLength(0);
  });

  it("after a round is kept: --dry-run prints the review from the record; then posted once in ROUNDS_CHANNEL", async () => {
    const round = await run(["--content", "rounds", "--round", "morning"]);
    expect(round.code, round.stderr).toBe(0);
    const dry = await run(["--dry-run", "--content", "review"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("── the day's review of Sun 22 Nov: would be posted in C0ROUNDS ──");
    expect(dry.stdout).toContain("Day's review · Sun 22 Nov");
    expect(dry.stdout).toMatch(/\d+ of \d+ doses given on time/);
    expect(reviews()).toHaveLength(0);
    const posted = await run(["--content", "review"]);
    expect(posted.stdout).toContain("Posted the day's review of Sun 22 Nov in C0ROUNDS");
    const again = await run(["--content", "review"]);
    expect(again.stdout).toContain(
      "Already posted in C0ROUNDS: the day's review of Sun 22 Nov; nothing more posted.",
    );
    expect(reviews()).toHaveLength(1);
    // A day with no round kept: nothing to review, nothing posted.
    const before = await run(["--content", "review", "--date", "2026-11-21"]);
    expect(before.code, before.stderr).toBe(0);
    expect(before.stdout).toContain(
      "Nothing to post for the day's review of Sat 21 Nov (no round was kept that day).",
    );
    expect(reviews()).toHaveLength(1);
    expect(JSON.stringify(reviews()[0]?.blocks)).toContain("day_review");
  });

  it("without ROUNDS_CHANNEL it says which setting, posting nothing (a dry run still prints)", async () => {
    const { ROUNDS_CHANNEL: _, ...rest } = env();
    const r = await run(["--content", "review"], rest);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("ROUNDS_CHANNEL");
    expect((await run(["--dry-run", "--content", "review"], rest)).stdout).toContain(
      "ROUNDS_CHANNEL not set",
    );
  });

  it("--content chart: tomorrow's charts to print, posted once in ROUNDS_CHANNEL with 🖨 Chart for that day", async () => {
    const dry = await run(["--dry-run", "--content", "chart"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("── the day's chart of Sun 22 Nov: would be posted in C0ROUNDS ──");
    expect(dry.stdout).toContain("🖨 Tomorrow's medication charts · Mon 23 Nov");
    const posted = await run(["--content", "chart"]);
    expect(posted.stdout).toContain("Posted the day's chart of Sun 22 Nov in C0ROUNDS");
    const post = world.slack.messages.find((m) => m.metadata?.event_payload.kind === "chart");
    expect(JSON.stringify(post?.blocks)).toContain('\\"d\\":\\"2026-11-23\\"');
  });
});
