/**
 * The preview's server without a browser: the page's requests reach the real bot as Slack sends
 * them (a signed app_home_opened event, a click on the Home tab with no channel and no response_url,
 * slash commands as staff or as a guest), and the answers land where Slack would show them.
 */
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { recordAll } from "../../src/blocks/buttons.ts";
import { PREVIEW_CHANNEL, PREVIEW_USERS, visibleTo } from "../../src/preview/server.ts";
import { SANDBOX_REFERENCES } from "../../src/sandbox/data.ts";
import { zonedInstant } from "../../src/time.ts";
import { messageAfter, usePreview } from "../helpers/preview.ts";
import { blocksOf } from "../helpers/slack.ts";

const TZ = "Europe/London";
// The preview's care record goes with it (registered before the preview's own "after" hook, which
// runs first: hooks after the tests run last first).
afterAll(() => expect(existsSync(preview().record.dir)).toBe(false));
const preview = usePreview({ timezone: TZ });

describe("the preview's one clock", () => {
  it("each message is stamped on the kennel's clock the bot runs on, never the computer's", async () => {
    const at = (m: { ts: string }) => Number(m.ts.split(".")[0]) * 1000;
    const posted = preview().slack.timeline.filter((m) => m.author === "bot" && !m.ephemeral);
    // The seeded morning round posted at 07:30 on that clock, the midday one at 12:00: stamped then,
    // whatever the hour on this computer (its own clock would stamp both the same minute).
    const between = (from: string, to: string) =>
      posted.some(
        (m) =>
          at(m) >= zonedInstant(preview().clock.today, from, TZ).getTime() &&
          at(m) < zonedInstant(preview().clock.today, to, TZ).getTime(),
      );
    expect(between("07:30", "07:40")).toBe(true);
    expect(between("12:00", "12:10")).toBe(true);
  });
});

describe("the preview's care record", () => {
  it("is an embedded store in a temporary folder of its own, ready for the round posts' taps", async () => {
    expect(preview().record.dir.startsWith(tmpdir())).toBe(true);
    // The bot writes to the preview's store (through the staff names' follow-up: src/answers/staff-names.ts).
    expect(preview().bot.deps.record?.engine).toBe("sqlite");
    expect(await preview().bot.deps.record?.head()).toEqual(await preview().record.store.head());
    expect(await preview().record.store.health()).toMatchObject({ ok: true, engine: "sqlite" });
  });
});

async function post(path: string, body: Record<string, unknown>) {
  const res = await fetch(`${preview().url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const blockText = (blocks: unknown[] | undefined) => JSON.stringify(blocks ?? []);

describe("the preview's server", () => {
  it("opening the Home tab as staff publishes today's figures, each with a button", async () => {
    await expect(post("/preview/home", {})).resolves.toMatchObject({ status: 200, body: { ok: true } });
    await preview().slack.waitFor(() => preview().slack.views.has(PREVIEW_USERS.staff), 15_000);
    const view = preview().slack.views.get(PREVIEW_USERS.staff);
    expect(view?.type).toBe("home");
    const text = blockText(view?.blocks);
    expect(text).toMatch(/Today — /);
    expect(text).toMatch(/In house:\*? \d+/);
    expect(text).toContain("home_list");
  });

  it("a click on the Home tab answers its list in the app's messages with the clicker, not in the channel", async () => {
    type Accessory = { action_id: string; value: string; text: { text: string } };
    const blocks = (preview().slack.views.get(PREVIEW_USERS.staff)?.blocks ?? []) as Array<{
      accessory?: Accessory;
    }>;
    const button = blocks.map((b) => b.accessory).find((a) => a?.text.text === "Show in house");
    expect(button).toBeDefined();
    const before = preview().slack.timeline.length;
    await post("/preview/action", { home: true, actionId: button?.action_id, value: button?.value });
    await preview().slack.waitFor(
      () => visibleTo(preview().slack, PREVIEW_USERS.staff).dm.some((m) => /^In house — /.test(m.text)),
      15_000,
    );
    // The list's messages (the preview's own scheduled posts may come meanwhile, on the real clock).
    const added = preview()
      .slack.timeline.slice(before)
      .filter((m) => /In house — /.test(m.text ?? ""));
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((m) => m.channel === PREVIEW_USERS.staff)).toBe(true);
    expect(visibleTo(preview().slack, PREVIEW_USERS.guest).dm).toHaveLength(0);
  });

  it("Home's 🖨 Chart sends today's medication chart as a file in the app's messages, which the page opens", async () => {
    type Element = { action_id: string; value: string };
    const blocks = (preview().slack.views.get(PREVIEW_USERS.staff)?.blocks ?? []) as Array<{
      elements?: Element[];
    }>;
    const button = blocks.flatMap((b) => b.elements ?? []).find((e) => e.action_id === "day_chart");
    expect(button, "the preview's Home has the Chart button").toBeDefined();
    await post("/preview/action", { home: true, actionId: button?.action_id, value: button?.value });
    const shared = () => visibleTo(preview().slack, PREVIEW_USERS.staff).dm.find((m) => m.files?.length);
    await preview().slack.waitFor(() => shared() !== undefined, 30_000);
    expect(shared()?.text).toMatch(/^🖨 The medication chart for /);
    const file = shared()?.files?.[0];
    expect(file?.name).toMatch(/^chart-\d{4}-\d{2}-\d{2}\.html$/);
    const res = await fetch(`${preview().url}/preview/file/${file?.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const page = await res.text();
    expect(page).toContain("Medication chart · ");
    expect(page).toContain("R refused");
    // The dose given if needed at 12:20 (the preview's seed) is in its row, with who and why, and the
    // row is a place to sign at every round, never struck (a fresh look found it missing).
    const cells = [...page.matchAll(/<td[^>]*data-key="[^"]*"[^>]*>([\s\S]*?)<\/td>/g)].map((m) =>
      (m[1] ?? "").replace(/<[^>]*>/g, ""),
    );
    expect(cells.some((c) => /^\p{L}{1,3} 12:20 \(.+\)$/u.test(c.trim()))).toBe(true);
    expect((await fetch(`${preview().url}/preview/file/F999`)).status).toBe(404);
  }, 60_000);

  it("a tap from the page is recorded under Jane, the name the seed and the docs give its person", async () => {
    // The midday round's one pet left to record (the seed's late dose: src/preview/dose-seed.ts).
    const midday = preview().slack.timeline.find((m) => !m.thread_ts && /^Midday round — /.test(m.text));
    const parts = preview().slack.timeline.filter(
      (m) => m === midday || (m.thread_ts === midday?.ts && /^Midday round — /.test(m.text)),
    );
    const entries = async () => await preview().record.store.entries({});
    const recorded = new Set(
      (await entries()).filter((e) => e.round === "midday").map((e) => `${e.bookingId}:${e.petId}`),
    );
    const tap = parts
      .flatMap((m) =>
        blocksOf(m).flatMap((b) => (b.elements ?? []).map((e) => ({ m, e, ids: recordAll.decode(e.value) }))),
      )
      .find(
        ({ e, ids }) =>
          recordAll.pattern.test(e.action_id ?? "") && ids && !recorded.has(`${ids.b}:${ids.p}`),
      );
    expect(tap, "the midday sheet has a pet left to record in one tap").toBeDefined();
    await post("/preview/action", {
      messageId: tap?.m.id,
      actionId: tap?.e.action_id,
      value: tap?.e.value,
      blockId: "b",
    });
    const mine = async () => (await entries()).filter((e) => e.userId === PREVIEW_USERS.staff);
    await expect.poll(async () => (await mine()).length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(new Set((await mine()).map((e) => e.userName))).toEqual(new Set(["Jane"]));
    // The sheet drawn again names her as it names Sam: "✅ 13:01 Jane", never "you".
    await preview().slack.waitFor(
      () => preview().slack.timeline.some((m) => /\d\d:\d\d Jane/.test(JSON.stringify(m.blocks ?? []))),
      15_000,
    );
    expect(preview().slack.timeline.some((m) => /\d\d:\d\d you\b/.test(JSON.stringify(m.blocks ?? [])))).toBe(
      false,
    );
  });

  it("a guest opening the Home tab sees the refusal and no figures; a guest's command is refused too", async () => {
    await post("/preview/home", { as: "guest" });
    await preview().slack.waitFor(() => preview().slack.views.has(PREVIEW_USERS.guest), 15_000);
    const text = blockText(preview().slack.views.get(PREVIEW_USERS.guest)?.blocks);
    expect(text).toMatch(/not available to guest accounts/);
    expect(text).not.toMatch(/Today — |In house|home_list/);

    await post("/preview/command", { text: "/inhouse", as: "guest" });
    await preview().slack.waitFor(
      () =>
        visibleTo(preview().slack, PREVIEW_USERS.guest).channel.some((m) => /guest accounts/.test(m.text)),
      15_000,
    );
    const refusal = preview().slack.timeline.find(
      (m) => /guest accounts/.test(m.text) && m.channel === PREVIEW_CHANNEL,
    );
    expect(refusal).toMatchObject({ ephemeral: true, user: PREVIEW_USERS.guest });
    // Staff do not see the guest's refusal; the guest does not see staff's answers.
    expect(visibleTo(preview().slack, PREVIEW_USERS.staff).channel).not.toContainEqual(refusal);
  });

  it("the /booking suggestion's reference exists in the sandbox", async () => {
    await post("/preview/command", { text: `/booking ${SANDBOX_REFERENCES.demo}` });
    await preview().slack.waitFor(
      () => preview().slack.timeline.some((m) => m.text.startsWith(`Booking ${SANDBOX_REFERENCES.demo}`)),
      15_000,
    );
  });

  it("/rounds midday tomorrow answers tomorrow's midday round in the channel", async () => {
    // After today's midday round post (the preview's seed: src/preview/dose-seed.ts).
    const before = preview().slack.timeline.length;
    await post("/preview/command", { text: "/rounds midday tomorrow" });
    const round = await messageAfter(preview(), before, /^Midday round — /, 15_000);
    expect(round).toMatchObject({ ephemeral: false, channel: PREVIEW_CHANNEL });
    const tomorrow = new Date(`${preview().sandbox.data.today}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    expect(round?.text).toContain(String(tomorrow.getUTCDate()));
  });

  it("/kennel status warns about nothing the preview set itself (its own channel, with the bot in it)", async () => {
    const status = async () => {
      const before = preview().slack.timeline.length;
      await post("/preview/command", { text: "/kennel status" });
      const answer = () =>
        preview()
          .slack.timeline.slice(before)
          .find((m) => /Kennel API status/.test(JSON.stringify(m.blocks)));
      await preview().slack.waitFor(() => answer() !== undefined, 15_000);
      return JSON.stringify(answer()?.blocks);
    };
    // Who can read the posts is looked up at start, in the background: ask until it has been.
    let text = await status();
    for (let i = 0; i < 20 && /being checked/.test(text); i++) text = await status();
    expect(text).toMatch(/no guest accounts among its 2 members/);
    expect(text).not.toMatch(/⚠️|no members found|check that the bot is in the channel|could not check/);
  });

  it("/rounds and /inhouse are preview commands; an unknown one gets Slackbot's answer naming them", async () => {
    await post("/preview/command", { text: "/dance" });
    const answer = preview().slack.timeline.findLast((m) => m.author === "system");
    expect(answer?.text).toMatch(/\/dance is not a Kennel Desk command/);
    expect(answer?.text).toContain("/inhouse");
    expect(answer?.text).toContain("/rounds");
  });
});
