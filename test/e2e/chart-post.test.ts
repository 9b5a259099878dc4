import { afterAll, describe, expect, it } from "vitest";
import { kennelOrigin } from "../../src/record/kennel.ts";
import { temporaryRecord } from "../../src/record/open.ts";
import { type Harness, SIGNING_SECRET, useHarness } from "../helpers/bot.ts";
import { buttonValue, postSigned, tapBody } from "../helpers/slack.ts";

const DATE = "2026-11-22";
const TOMORROW = "2026-11-23";
const clock = { now: () => new Date(`${DATE}T19:00:30Z`) };
const CHANNEL = "C0ROUNDS";
const record = temporaryRecord(clock, "kennel-desk-chart-post-", {
  origin: kennelOrigin("http://127.0.0.1"),
});
// Registered before the bot's own: "after" hooks run last first, so the record closes once the bot has stopped.
afterAll(() => record.close());
let h: Harness;
useHarness(
  {
    record: record.store,
    clock,
    env: {
      ROUNDS_CHANNEL: CHANNEL,
      ROUNDS_TIMES: "07:30,12:00,18:00",
      DIGEST_SCHEDULE: "off",
      CHART_POST_AT: "19:00",
    },
  },
  (started) => {
    h = started;
  },
);

const chartPosts = () => h.slack.messages.filter((m) => m.metadata?.event_payload.kind === "chart");

describe("tomorrow's charts, the evening before", () => {
  it("posted once at CHART_POST_AT in the rounds channel, with 🖨 Chart for tomorrow", async () => {
    expect(h.bot.digest?.posts.find((p) => p.kind === "chart")).toMatchObject({
      channel: CHANNEL,
      time: "19:00",
    });
    expect((await h.bot.digest?.runPost("chart", DATE))?.result).toBe("posted");
    expect((await h.bot.digest?.runPost("chart", DATE))?.result).toBe("already-posted");
    expect(chartPosts()).toHaveLength(1);
    const post = chartPosts()[0];
    expect(post?.channel).toBe(CHANNEL);
    const text = JSON.stringify(post?.blocks);
    expect(text).toContain("Tomorrow's medication charts · Mon 23 Nov");
    expect(text).toMatch(/\d+ pets? with a medication, a page each/);
    expect(text).toContain("give and sign on the paper");
    expect(JSON.parse(buttonValue(post?.blocks, "day_chart") ?? "{}")).toMatchObject({ d: TOMORROW });
  }, 60_000);

  it("its button sends tomorrow's chart to the tapper alone, every due cell blank to sign", async () => {
    const post = chartPosts()[0] as NonNullable<ReturnType<typeof chartPosts>[number]>;
    const body = tapBody({
      user: "U0STAFF",
      trigger: "tcp1",
      on: { message: post, channelName: "rounds" },
      action: {
        action_id: "day_chart",
        block_id: "b",
        value: buttonValue(post.blocks, "day_chart") as string,
        action_ts: "1764100000.0001",
      },
    });
    const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(body) });
    expect(res.status).toBe(200);
    await h.slack.waitFor(() => [...h.slack.files.values()].some((f) => f.completed), 30_000);
    const file = [...h.slack.files.values()].find((f) => f.completed);
    expect(file?.filename).toBe(`chart-${TOMORROW}.html`);
    expect(file?.channel).toBe("DU0STAFF");
    const html = file?.bytes?.toString("utf8") ?? "";
    expect(html).toContain("Medication chart · Mon 23 Nov");
    // Nothing is recorded for tomorrow: every cell of the grid blank (to sign; a high-alert dose's
    // with a place for its witness's initials) or struck (nothing due).
    const cells = [...html.matchAll(/<td[^>]*data-key="[^"]*"[^>]*>([\s\S]*?)<\/td>/g)];
    expect(cells.length).toBeGreaterThan(0);
    for (const [, inner] of cells)
      expect((inner ?? "").replace(/<[^>]*>/g, "").trim()).toMatch(/^(wit\. ____)?$/);
  }, 60_000);
});
