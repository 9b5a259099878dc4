/** `kennel-desk digest` (in-process, as the command runs it), posting through the loopback Slack stand-in. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { webApi } from "@slack/bolt";
import { describe, expect, it } from "vitest";
import { limitViolations } from "../../src/blocks/limits.ts";
import type { Message } from "../../src/blocks/types.ts";
import { addDays } from "../../src/time.ts";
import { dayHeading } from "../../src/words/dates.ts";
import { useTempFolders } from "../helpers/record-fixtures.ts";
import { TODAY, useDigestCommand } from "./command.ts";

const { world, env, run } = useDigestCommand("2026-11-22T09:00:00Z", { DIGEST_CHANNEL: "C0MORNING" });
const folder = useTempFolders("digest-record");

describe("kennel-desk digest", () => {
  it("--dry-run prints each post as a reader sees it (the terminal's text of the same answer), posting nothing", async () => {
    const day = world.sandbox.data.busyDays[0] as string;
    const r = await run(["--date", day, "--dry-run", "--content", "departures,tomorrow"], env());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        `^── the departures of ${dayHeading(day)}: would be posted in C0MORNING ──\n\nDepartures — `,
      ),
    );
    expect(r.stdout).toContain(
      `── tomorrow's check of ${dayHeading(day)} (for ${dayHeading(addDays(day, 1))}): would be posted in C0MORNING ──`,
    );
    expect(r.stdout).toMatch(/Care details missing — arrivals /);
    expect(r.stdout).not.toContain('"blocks"');
    const rounds = await run(["--date", day, "--dry-run", "--content", "rounds", "--round", "dinner"], env());
    expect(rounds.code).toBe(0);
    expect(rounds.stdout).toMatch(
      /── the evening round's sheet of .*: ROUNDS_CHANNEL not set ──\n\nEvening round — /,
    );
    const json = await run(["--json"], {});
    expect(json.code).toBe(2);
    expect(json.stderr).toContain("--json goes with --dry-run");
    expect(world.slack.messages).toHaveLength(0);
  });

  it("--dry-run --json prints the Block Kit JSON and the text, posting nothing", async () => {
    const day = world.sandbox.data.busyDays[0] as string;
    const r = await run(["--date", day, "--dry-run", "--json"], {
      ...env(),
      DIGEST_CONTENT: "departures,arrivals",
    });
    expect(r.code).toBe(0);
    const posts = JSON.parse(r.stdout) as Array<{
      kind: string;
      date: string;
      parent: Message;
      replies: Message[];
    }>;
    expect(posts.map((p) => p.kind)).toEqual(["departures", "arrivals"]);
    expect(posts[0]?.date).toBe(day);
    expect(posts[0]?.parent.text).toMatch(/^Departures — /);
    for (const p of posts) for (const m of [p.parent, ...p.replies]) expect(limitViolations(m)).toEqual([]);
    expect(world.slack.messages).toHaveLength(0);
  });

  it("posts today's digest through the Web API, once; a second run posts nothing more", async () => {
    const first = await run([], env());
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Posted the departures of \w{3} \d+ \w{3} in C0MORNING/);
    const today = TODAY;
    const parents = () =>
      world.slack.messages.filter((m) => !m.thread_ts && m.metadata?.event_type === "kennel_digest");
    expect(parents()).toHaveLength(1);
    expect(parents()[0]?.metadata?.event_payload).toMatchObject({ date: today, kind: "departures" });
    const second = await run([], env());
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/Already posted in C0\w+: the departures of/);
    expect(parents()).toHaveLength(1);
  });

  it("--date a future day: posted once; the next run sees it (it was posted before that day began)", async () => {
    const future = addDays(TODAY, 3);
    const channel = { ...env(), DIGEST_CHANNEL: "C0FUTURE" };
    const first = await run(["--date", future], channel);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`Posted the departures of ${dayHeading(future)}`));
    const second = await run(["--date", future], channel);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/Already posted in C0\w+: the departures of/);
    const parents = world.slack.messages.filter(
      (m) => m.channel === "C0FUTURE" && !m.thread_ts && m.metadata?.event_type === "kennel_digest",
    );
    expect(parents).toHaveLength(1);
  });

  it("another app's look-alike of the day's post does not stop it: the command asks Slack who it is", async () => {
    const day = addDays(TODAY, 5);
    world.slack.posters.set("xoxb-other-app-cli", {
      user: "U0OTHERBOT",
      bot_id: "B0OTHER",
      app_id: "A0OTHER",
    });
    const other = new webApi.WebClient("xoxb-other-app-cli", { slackApiUrl: world.slack.apiUrl });
    await other.chat.postMessage({
      channel: "C0LOOKALIKE",
      text: "Departures",
      metadata: {
        event_type: "kennel_digest",
        event_payload: { date: day, kind: "departures", part: 1, parts: 1 },
      },
    });
    const asked = world.slack.api.length;
    const r = await run(["--date", day], { ...env(), DIGEST_CHANNEL: "C0LOOKALIKE" });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`Posted the departures of ${dayHeading(day)}`));
    const parents = world.slack.messages.filter((m) => m.channel === "C0LOOKALIKE" && !m.thread_ts);
    expect(parents.map((m) => m.bot_id)).toEqual(["B0OTHER", "BBOT"]);
    const calls = world.slack.api.slice(asked).map((a) => a.path);
    expect(calls.slice(0, 2)).toEqual(["/api/auth.test", "/api/bots.info"]);
  });

  it("exit 2 naming what is missing; exit 3 when the API fails", async () => {
    const missing = await run([], {
      KENNEL_API_KEY: world.sandbox.keys.main,
      KENNEL_API_BASE_URL: world.sandbox.url,
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/SLACK_BOT_TOKEN: is not set[\s\S]*DIGEST_CHANNEL: is not set/);
    const badDate = await run(["--date", "2026-02-30", "--dry-run"], env());
    expect(badDate.code).toBe(2);
    world.sandbox.setFaults({ errorRate: 1 });
    try {
      const down = await run(["--date", "2026-01-05"], env());
      expect(down.code).toBe(3);
      expect(down.stderr).toMatch(/had a problem on its side[\s\S]*Request id: sbx-/);
    } finally {
      world.sandbox.setFaults({});
    }
  });
});

// After the tests above, which count every post in the stand-in.
describe("kennel-desk digest --content rounds and the care record", () => {
  /** The round posted in `channel` by the command, its record in `dataDir`; it exits 0. */
  async function postRound(round: string, channel: string, dataDir: string) {
    const r = await run(["--content", "rounds", "--round", round], {
      ...env(),
      ROUNDS_CHANNEL: channel,
      KENNEL_DATA_DIR: dataDir,
    });
    expect(r.code, r.stderr).toBe(0);
    const posted = world.slack.messages.filter((m) => m.channel === channel);
    expect(posted.length).toBeGreaterThan(0);
    return { stderr: r.stderr, blocks: JSON.stringify(posted.map((m) => m.blocks)) };
  }

  it("--content rounds: the round is posted with the care record's buttons, as the bot posts it", async () => {
    const { stderr, blocks } = await postRound("evening", "C0ROUNDSCLI", folder());
    // Its pets' care plans just drafted, none confirmed: each pet's "Record each…" and "📋 Plan…"
    // (one tap comes once a plan is confirmed).
    expect(blocks).toMatch(/Record each…/);
    expect(blocks).toContain("📋 Plan…");
    expect(blocks).not.toMatch(/All given & eaten/);
    expect(stderr).not.toMatch(/without its record buttons/);
  });

  it("--content rounds --date: kept only for today; a later day's shown for reference, a past day's refused as /rounds says it", async () => {
    const dataDir = folder();
    const settings = { ...env(), ROUNDS_CHANNEL: "C0ROUNDSDATE", KENNEL_DATA_DIR: dataDir };
    const asked = (date: string, ...more: string[]) =>
      run(["--content", "rounds", "--round", "evening", "--date", date, ...more], settings);
    // A later day: never posted (its day's own post would find it posted already), nothing kept.
    const later = await asked(addDays(TODAY, 2));
    expect(later.code).toBe(2);
    expect(later.stderr).toContain(
      "The evening round of Tue 24 Nov is still to come: what a round asks is kept when it is posted on its day, so kennel-desk digest posts today's round only.",
    );
    expect(later.stderr).toContain("add --dry-run, or run kennel-desk rounds evening 2026-11-24");
    // Shown for reference, as /rounds shows it, on every part of its Block Kit.
    const shown = await asked(addDays(TODAY, 2), "--dry-run");
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(
      "🔎 For reference, not kept: what this round asks is kept when it is posted on Tue 24 Nov",
    );
    const json = await asked(addDays(TODAY, 2), "--dry-run", "--json");
    const [post] = JSON.parse(json.stdout) as Array<{ parent: Message; replies: Message[] }>;
    for (const m of [post?.parent, ...(post?.replies ?? [])])
      expect(JSON.stringify(m?.blocks)).toContain("🔎 For reference, not kept");
    // A past day: refused in /rounds' words, posted or not (a dry run too): never posted, its paper
    // chart is its record.
    for (const more of [[], ["--dry-run"]]) {
      const past = await asked(addDays(TODAY, -1), ...more);
      expect(past.code).toBe(2);
      expect(past.stderr).toContain(
        "No sheet was kept for the evening round of Sat 21 Nov: Kennel Desk never posted it, so it cannot say what was due, and a past day's round cannot be posted now",
      );
      expect(past.stderr).toContain("The paper chart stays that round's record");
    }
    expect(world.slack.messages.filter((m) => m.channel === "C0ROUNDSDATE")).toEqual([]);
    // Today's: posted and kept, as before.
    expect((await asked(TODAY)).code).toBe(0);
    expect(world.slack.messages.filter((m) => m.channel === "C0ROUNDSDATE").length).toBeGreaterThan(0);
  });

  it("--date typed as every command takes it; a round of another day refused before the Slack settings are asked", async () => {
    // No Slack settings at all: the date is refused first (never "fix the settings", then refused).
    const bare = {
      KENNEL_API_KEY: world.sandbox.keys.main,
      KENNEL_API_BASE_URL: world.sandbox.url,
      KENNEL_DATA_DIR: folder(),
    };
    const asked = (date: string, ...more: string[]) =>
      run(["--content", "rounds", "--round", "morning", "--date", date, ...more], bare);
    const past = await asked("yesterday");
    expect(past.code).toBe(2);
    expect(past.stderr).toContain("No sheet was kept for the morning round of Sat 21 Nov");
    expect(past.stderr).not.toMatch(/SLACK_BOT_TOKEN|ROUNDS_CHANNEL/);
    const written = await asked(addDays(TODAY, -1));
    expect(written.stderr).toContain("No sheet was kept for the morning round of Sat 21 Nov");
    expect(written.stderr).not.toMatch(/SLACK_BOT_TOKEN|ROUNDS_CHANNEL/);
    const later = await asked("+2");
    expect(later.code).toBe(2);
    expect(later.stderr).toContain("The morning round of Tue 24 Nov is still to come");
    expect(later.stderr).not.toMatch(/SLACK_BOT_TOKEN|ROUNDS_CHANNEL/);
    const shown = await asked("tomorrow", "--dry-run");
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain("── the morning round's sheet of Mon 23 Nov");
    const typo = await asked("yesterdy", "--dry-run");
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/did you mean yesterday/i);
  });

  it("--content rounds with a record that cannot be opened: posted without the buttons, and said", async () => {
    const notAFolder = join(folder(), "file");
    writeFileSync(notAFolder, "");
    const { stderr, blocks } = await postRound("morning", "C0ROUNDSCLI2", notAFolder);
    expect(stderr).toMatch(/without its record buttons/);
    expect(blocks).not.toMatch(/All given & eaten/);
  });
});
