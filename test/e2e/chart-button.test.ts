import { describe, expect, it } from "vitest";
import { keptSheets } from "../../src/answers/sheets.ts";
import { isMedicationItem } from "../../src/domain/record.ts";
import { type Harness, homeOpened, SIGNING_SECRET } from "../helpers/bot.ts";
import { roundsBot } from "../helpers/paper.ts";
import { svgModules, textModules } from "../helpers/qr.ts";
import { buttonValue, postSigned, tapBody } from "../helpers/slack.ts";

const DATE = "2026-11-22";
const clock = { now: () => new Date(`${DATE}T07:40:00Z`) };
const CHANNEL = "C0ROUNDS";
let h: Harness;
const { record } = roundsBot(clock, "kennel-desk-chart-", (started) => {
  h = started;
});

/** A name as the page writes it (HTML-escaped). */
const inHtml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

let taps = 0;

/** A tap on "🖨 Chart": on the round post, or on the user's Home tab. */
async function tapChart(user: string, on: "post" | "home", value: string) {
  const post = h.slack.messages.find((m) => m.channel === CHANNEL && buttonValue(m.blocks, "day_chart"));
  const home = h.slack.views.get(user);
  const body = tapBody({
    user,
    trigger: `tch${++taps}`,
    on:
      on === "post"
        ? { message: post as NonNullable<typeof post>, channelName: "rounds" }
        : { modal: { id: `V${user}`, view: { type: "home", blocks: home?.blocks ?? [] } } },
    action: { action_id: "day_chart", block_id: "b", value, action_ts: `17641000${taps}.0001` },
  });
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(body) });
  expect(res.status).toBe(200);
}

/** What the person was told privately (an ephemeral in the channel, or a message in the app's DM). */
const toldTo = (user: string) =>
  h.slack.timeline.filter((m) => (m.ephemeral && m.user === user) || m.channel === user).map((m) => m.text);

/** What the staff member is told privately after one tap on the round post's "🖨 Chart" for `date`. */
async function toldOnTap(date: string, timeoutMs: number): Promise<string> {
  const before = toldTo("U0STAFF").length;
  await tapChart("U0STAFF", "post", JSON.stringify({ d: date }));
  await h.slack.waitFor(() => toldTo("U0STAFF").length > before, timeoutMs);
  return toldTo("U0STAFF").slice(before).join("\n");
}

const completed = () => [...h.slack.files.values()].filter((f) => f.completed);

describe("🖨 Chart", () => {
  it("on the round post: its day's chart, as an HTML file in the tapper's messages with the app, never the channel", async () => {
    expect((await h.bot.digest?.runPost("rounds:morning", DATE))?.result).toBe("posted");
    const post = h.slack.messages.find((m) => m.channel === CHANNEL && buttonValue(m.blocks, "day_chart"));
    expect(post, "the round post has 🖨 Chart").toBeDefined();
    expect(JSON.stringify(post?.blocks)).toContain("🖨 Chart");
    await tapChart("U0STAFF", "post", buttonValue(post?.blocks, "day_chart") as string);
    await h.slack.waitFor(() => completed().length === 1, 30_000);
    const file = completed()[0] as NonNullable<ReturnType<typeof completed>[number]>;
    expect(file.filename).toBe(`chart-${DATE}.html`);
    expect(file.channel).toBe("DU0STAFF");
    const html = file.bytes?.toString("utf8") ?? "";
    expect(file.bytes?.length).toBe(file.length);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain("Medication chart · Sun 22 Nov");
    expect(html).toContain("R refused");
    expect(html).toContain("A asleep as instructed");
    // Every pet with a medication on the kept sheet has its page.
    const [sheet] = await keptSheets({ record: record.store }, { date: DATE });
    const medicated = (sheet?.pets ?? []).filter((p) => p.due.some((d) => isMedicationItem(d.item)));
    expect(medicated.length).toBeGreaterThan(0);
    for (const p of medicated) expect(html, p.name).toContain(inHtml(p.name));
    // Each page's QR code opens Kennel Desk in the workspace, as Slack named the app and team at
    // start (auth.test, bots.info), with what to type beside it.
    const codes = [...html.matchAll(/<div class="qr">(<svg[\s\S]*?<\/svg>)<p>([\s\S]*?)<\/p><\/div>/g)];
    expect(codes.length).toBe(medicated.length);
    const link = "https://slack.com/app_redirect?app=A1&team=T1";
    for (const [, svg, words] of codes) {
      expect(svgModules(svg as string)).toEqual(textModules(link));
      expect((words as string).replace(/<[^>]+>/g, "")).toMatch(
        /^Scan to open Kennel Desk in Slack, then \/booking \S+$/,
      );
    }
    // Shared in the app's DM with its words; nothing with a file in the channel; the tapper told where.
    const shared = h.slack.timeline.filter((m) => m.files?.length);
    expect(shared.map((m) => m.channel)).toEqual(["DU0STAFF"]);
    expect(shared[0]?.text).toMatch(/The medication chart for Sun 22 Nov: \d+ pets? with a medication/);
    await h.slack.waitFor(() => toldTo("U0STAFF").some((t) => t.includes("in your messages")), 10_000);
    const told = h.slack.timeline.find((m) => m.ephemeral && m.text.includes("in your messages"));
    expect(told?.channel).toBe(CHANNEL);
    // The upload went as files.uploadV2 sends it: the URL asked for, the bytes, then completed.
    const calls = h.slack.api.map((r) => r.path.replace(/\/upload\/.*/, "/upload"));
    const steps = ["/api/files.getUploadURLExternal", "/upload", "/api/files.completeUploadExternal"];
    expect(calls.filter((c) => steps.includes(c))).toEqual(steps);
  }, 60_000);

  it("on Home: today's chart, the same page", async () => {
    await homeOpened(h, "EvChart1");
    const home = h.slack.views.get("U0STAFF");
    const value = buttonValue(home?.blocks, "day_chart");
    expect(value, "Home has 🖨 Chart").toBeDefined();
    await tapChart("U0STAFF", "home", value as string);
    await h.slack.waitFor(() => completed().length === 2, 30_000);
    const file = completed()[1];
    expect(file?.filename).toBe(`chart-${DATE}.html`);
    expect(file?.channel).toBe("DU0STAFF");
    const html = file?.bytes?.toString("utf8") ?? "";
    expect(html).toContain("Medication chart · Sun 22 Nov");
    expect(html).toContain("R refused");
  }, 60_000);

  it("a guest gets no chart, and is told why", async () => {
    const before = h.slack.files.size;
    await tapChart("U0GUEST", "post", JSON.stringify({ d: DATE }));
    await h.slack.waitFor(() => toldTo("U0GUEST").length > 0, 10_000);
    expect(toldTo("U0GUEST").join("\n")).toMatch(/🔒/);
    expect(h.slack.files.size).toBe(before);
  }, 60_000);

  it("Slack refusing the file (an app installed without files:write): the tapper is told what happened and what to do", async () => {
    h.slack.scopes = ["commands", "chat:write", "users:read", "channels:history", "im:write"];
    try {
      const told = await toldOnTap(DATE, 15_000);
      expect(told).toContain("No chart for Sun 22 Nov: Slack refused: missing_scope.");
      expect(told).toContain("Reinstall the app from manifest.yml");
    } finally {
      h.slack.scopes = undefined;
    }
    // Slack's file server failing: said in words too, never "unexpected".
    h.slack.broken.add("upload");
    try {
      const told = await toldOnTap(DATE, 20_000);
      expect(told).toContain("No chart for Sun 22 Nov: Slack answered with an error (HTTP 500).");
      expect(told).toContain("Try again in a minute");
    } finally {
      h.slack.broken.delete("upload");
    }
    expect(completed()).toHaveLength(2);
  }, 60_000);

  it("the kennel API down: the tapper is told what happened, with its request id", async () => {
    h.sandbox.setFaults({ errorRate: 1 });
    try {
      const files = h.slack.files.size;
      const told = await toldOnTap("2026-11-23", 30_000);
      expect(told).toContain("No chart for Mon 23 Nov: The kennel API had a problem on its side (HTTP 500).");
      expect(told).toMatch(/Request id: `sbx-[\w-]+` \(quote it to support\)/);
      expect(h.slack.files.size).toBe(files);
    } finally {
      h.sandbox.setFaults({});
    }
  }, 60_000);

  it("a day with no pet to chart: no file, the tapper told why (as kennel-desk chart writes none)", async () => {
    const files = h.slack.files.size;
    expect(await toldOnTap("2027-06-01", 30_000)).toContain(
      "🖨 No pet is in house on Tue 1 Jun: no chart to print.",
    );
    expect(h.slack.files.size).toBe(files);
  }, 60_000);
});
