/**
 * The manager's daily review (issue 50), end to end: the real Bolt app over HTTP with the Slack
 * stand-in, the sandbox and a SQLite record. After the day's last round the bot posts the day's
 * figures (from the kept sheets beside the entries) once; "✅ Reviewed…" opens a form whose note is
 * kept in the care record (who and when, in the chain) before Slack hears back; the post is drawn
 * again with the review on it; `record audit` counts the day reviewed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { owedRound } from "../../src/answers/obligations.ts";
import { reviewEveryButton } from "../../src/blocks/review.ts";
import { isMedicationItem } from "../../src/domain/record.ts";
import { runCommand } from "../cli/helpers.ts";
import { type Harness, SIGNING_SECRET } from "../helpers/bot.ts";
import { roundsBot } from "../helpers/paper.ts";
import { buttonValue, postSigned, submissionBody, tapBody } from "../helpers/slack.ts";

const DATE = "2026-11-22";
let at = Date.parse(`${DATE}T07:40:00Z`);
const clock = { now: () => new Date(at) };
const CHANNEL = "C0ROUNDS";
let h: Harness;
const { record } = roundsBot(clock, "kennel-desk-review-", (started) => {
  h = started;
  h.slack.users.set("U0MGR", { id: "U0MGR", real_name: "Morgan Lee", profile: { display_name: "Morgan" } });
});

/** Every text of a message's blocks, joined. */
const textOf = (blocks: unknown): string => JSON.stringify(blocks ?? []).replace(/\\n/g, "\n");

describe("the day's review", () => {
  it("is posted once after the last round, and a review is kept before the ack, then shown", async () => {
    // No round was posted on Saturday: nothing to review, nothing posted.
    expect((await h.bot.digest?.runPost("review", "2026-11-21"))?.result).toBe("nothing-to-post");
    // The morning round is posted (its sheet kept); nothing recorded, so its doses are missed by night.
    expect((await h.bot.digest?.runPost("rounds:morning", DATE))?.result).toBe("posted");
    at = Date.parse(`${DATE}T21:00:00Z`);
    expect((await h.bot.digest?.runPost("review", DATE))?.result).toBe("posted");
    // Once: a second run (another replica's, or a restart) finds it claimed.
    expect((await h.bot.digest?.runPost("review", DATE))?.result).toBe("already-posted");
    const posts = h.slack.timeline.filter((m) => m.metadata?.event_payload.kind === "review");
    expect(posts).toHaveLength(1);
    const post = posts[0] as (typeof posts)[number];
    expect(post.channel).toBe(CHANNEL);
    const shown = textOf(post.blocks);
    expect(shown).toContain("Day's review · Sun 22 Nov");
    expect(shown).toMatch(/Sun 22 Nov: 0 of \d+ doses given on time · \d+ missed/);
    expect(shown).toContain("❌ missed: ");
    // Each named with its room: two pets of one name are two pets.
    expect(shown).toMatch(/❌ missed: [^·\n]+ \([^)]+\) · /);
    // A high-alert dose missed comes first (never left among "and N more"), marked 💉.
    const firstNamed = shown.split("\n").find((l) => l.includes("❌ missed: "));
    expect(firstNamed).toContain("💉 ");
    expect(shown).toContain("Not reviewed yet.");
    const value = buttonValue(post.blocks, "day_review");
    expect(value).toBeDefined();
    // The tap opens the form.
    const tap = tapBody({
      user: "U0MGR",
      name: "morgan",
      trigger: "trv1",
      on: { message: post, channelName: "rounds" },
      action: {
        action_id: "day_review",
        block_id: "b",
        value,
        action_ts: "1764100001.0001",
        text: "✅ Reviewed…",
      },
    });
    expect(
      (await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(tap) })).status,
    ).toBe(200);
    await h.slack.waitFor(() => [...h.slack.modals.values()].some((m) => m.trigger_id === "trv1"), 10_000);
    const modal = [...h.slack.modals.values()].find((m) => m.trigger_id === "trv1") as NonNullable<
      ReturnType<typeof h.slack.modals.get>
    >;
    expect(await record.store.log({ kind: "review", date: DATE })).toHaveLength(0);
    // The day has missed doses: the note is asked for, the hint says about what; an empty one is
    // refused at the field, nothing kept (a fresh try saw an empty form accepted over 63 missed).
    const field = (
      modal.view.blocks as Array<{ block_id?: string; optional?: boolean; hint?: { text: string } }>
    ).find((b) => b.block_id === "note");
    expect(field?.optional).toBe(false);
    expect(field?.hint?.text).toMatch(/^\d+ missed.*: say what was done about them/);
    const empty = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
      payload: JSON.stringify(
        submissionBody(modal, {
          user: "U0MGR",
          name: "morgan",
          trigger: "trv0",
          values: { note: { note: { type: "plain_text_input", value: "  " } } },
        }),
      ),
    });
    expect(empty.status).toBe(200);
    expect(JSON.parse(empty.text || "{}")).toMatchObject({
      response_action: "errors",
      errors: { note: expect.stringContaining("say what was done about them") },
    });
    expect(await record.store.log({ kind: "review", date: DATE })).toHaveLength(0);
    // Submitted: kept, then acknowledged (the response comes after the commit), then drawn again.
    const note = "Bobby's missed Rimadyl: vet told <!channel>";
    const submitted = submissionBody(modal, {
      user: "U0MGR",
      name: "morgan",
      trigger: "trv2",
      values: { note: { note: { type: "plain_text_input", value: note } } },
    });
    const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
      payload: JSON.stringify(submitted),
    });
    expect(res.status).toBe(200);
    const kept = await record.store.log({ kind: "review", date: DATE });
    expect(kept).toHaveLength(1);
    expect(kept[0]?.body).toEqual({ v: 1, userName: expect.stringMatching(/Morgan/), note });
    expect(kept[0]?.userId).toBe("U0MGR");
    await h.slack.waitFor(
      () => h.slack.api.some((r) => r.path === "/api/chat.update" && r.body.ts === post.ts),
      10_000,
    );
    const redrawn = textOf(h.slack.timeline.find((m) => m.id === post.id)?.blocks);
    expect(redrawn).toMatch(/✅ Reviewed by Morgan 21:00: Bobby's missed Rimadyl: vet told &lt;!channel&gt;/);
    expect(redrawn).not.toContain("Not reviewed yet.");
    // The audit counts the day reviewed.
    const { code, stdout } = await runCommand(
      ["record", "audit", "--days", "1", "--json"],
      { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", KENNEL_DATA_DIR: record.dir },
      { clock },
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout).reviewed).toEqual({ days: 1, reviewed: 1, notReviewed: [] });
  }, 60_000);

  it("📋 Show all N names every dose it counts in the post's thread, through the tap pipeline", async () => {
    const post = h.slack.timeline.find((m) => m.metadata?.event_payload.kind === "review");
    if (!post) throw new Error("no review post");
    // This day's review names all 15 it counts (the button shows past 15: test/digest/full-house-missed.test.ts);
    // a tap on it lists them from the record again, every one.
    const all = textOf(post.blocks)
      .split("\n")
      .filter((l) => l.includes("❌ missed: ")).length;
    expect(all).toBe(15);
    const value = reviewEveryButton.encode({ d: DATE });
    const before = h.slack.timeline.length;
    const tap = tapBody({
      user: "U0MGR",
      name: "morgan",
      trigger: "trv3",
      on: { message: post, channelName: "rounds" },
      action: {
        action_id: "review_every",
        block_id: "b",
        value,
        action_ts: "1764100002.0001",
        text: "📋 Show all",
      },
    });
    expect(
      (await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(tap) })).status,
    ).toBe(200);
    await h.slack.waitFor(() => h.slack.timeline.slice(before).some((m) => m.thread_ts === post.ts), 10_000);
    const replies = h.slack.timeline.slice(before).filter((m) => m.thread_ts === post.ts);
    const listed = replies
      .map((m) => textOf(m.blocks))
      .join("\n")
      .split("\n")
      .filter((l) => /(❌ missed|⚠️ refused|⚠️ not given|given (early|late)): /.test(l));
    expect(listed).toHaveLength(all);
    expect(new Set(listed).size).toBe(all);
  }, 60_000);

  it("the chart reads the morning's doses from its kept sheet: missed by night, the rounds not posted named", async () => {
    const out = join(record.dir, "charts");
    const { code, stderr } = await runCommand(
      ["chart", DATE, "--out", out],
      {
        KENNEL_TIMEZONE: "Europe/London",
        LOG_LEVEL: "silent",
        KENNEL_DATA_DIR: record.dir,
        KENNEL_API_KEY: h.sandbox.keys.main,
        KENNEL_API_BASE_URL: h.sandbox.url,
        ROUNDS_TIMES: "07:30,12:00,18:00",
      },
      { clock },
    );
    expect(stderr).toMatch(/written/);
    expect(code).toBe(0);
    const html = readFileSync(join(out, `chart-${DATE}.html`), "utf8");
    // What the morning round asked when it was kept (its obligation), each medication's cell.
    const kept = await owedRound({ record: record.store, config: h.config }, DATE, "morning");
    const meds = (kept?.pets ?? []).flatMap((p) =>
      p.items.filter((i) => isMedicationItem(i.item)).map((i) => ({ ...p, item: i.item })),
    );
    expect(meds.length).toBeGreaterThan(0);
    for (const k of meds) {
      const key = `${k.bookingId}|${k.petId}|${DATE}|morning|${k.item}`;
      const cell = new RegExp(`<td data-key="${key.replace(/\|/g, "\\|")}">(.*?)</td>`).exec(html);
      expect(cell?.[1], key).toContain("missed");
    }
    // The midday and evening rounds were never posted: what is due there is the plan now, and said.
    expect(html).toContain(
      "rounds not posted yet (Sun 22 Nov midday and evening) show what the care plans make due now",
    );
  }, 60_000);
});
