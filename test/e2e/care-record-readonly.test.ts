/**
 * The care record on a read-only SQLite file, from Slack: the bot (its own process, as a user who
 * cannot write the file; as root, without root's capabilities) starts and answers; a round's sheet
 * is shown whole, without record buttons (it cannot be kept), saying why and what to do; nothing is
 * written, and every command keeps answering. (A tap when the record fails is in
 * care-record-faults.test.ts.)
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore } from "../../src/record/store.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { localDate } from "../../src/time.ts";
import { freePort } from "../helpers/net.ts";
import { commandForm, postSigned, type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";
import { type Spawned, spawnBot, untilHealthy } from "../helpers/spawn.ts";

const SECRET = "8f14e45fceea167a5a36dedd4bea2543";
const TZ = "Europe/London";
const CHANNEL = "C0ROUNDS";
/**
 * The day asked about, named in each command: the bot runs on the real clock in its own process,
 * and a round is kept only on its own day, so the sandbox's today is today (the round asked names
 * the day again when it is sent: a run near midnight asks the bot's today).
 */
const DAY = localDate(new Date(), TZ);
let sandbox: Sandbox;
let slack: SlackStandIn;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21, customers: 150, today: DAY, timezone: TZ });
  slack = await startSlackStandIn();
  slack.users.set("U0STAFF", { id: "U0STAFF", team_id: "T1" });
  dir = mkdtempSync(join(tmpdir(), "kennel-desk-readonly-bot-"));
  // A record with one entry, then read-only for everyone.
  const store = createStore(sqliteDriver({ dir }), { now: () => new Date() });
  await store.record([
    {
      date: "2026-01-01",
      round: "morning",
      bookingId: 1,
      petId: 1,
      petName: "Earlier",
      item: "meal",
      itemText: "kibble",
      outcome: "ate_all",
      userId: "U0STAFF",
      userName: "staff",
      requestKey: "before",
    },
  ]);
  await store.close();
  for (const file of readdirSync(dir)) chmodSync(join(dir, file), 0o444);
  chmodSync(dir, 0o555);
}, 60_000);

afterAll(async () => {
  await slack.close();
  await sandbox.close();
  chmodSync(dir, 0o700);
  rmSync(dir, { recursive: true, force: true });
});

function startBot(port: number): Spawned {
  const env = {
    LOG_LEVEL: "warn",
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: TZ,
    SLACK_BOT_TOKEN: "xoxb-test-0000-readonly",
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_API_URL: slack.apiUrl,
    PORT: String(port),
    KENNEL_DATA_DIR: dir,
  };
  // Root writes through any file mode: the bot then runs without root's powers (setpriv drops every
  // capability), so the file's modes hold for it, wherever the checkout is.
  const asRoot = process.getuid?.() === 0;
  return asRoot
    ? spawnBot(env, {
        command: "setpriv",
        args: ["--inh-caps=-all", "--bounding-set=-all", "--", process.execPath, "src/main.ts"],
      })
    : spawnBot(env);
}

describe("a read-only care record, from Slack", () => {
  it("the sheet is shown without buttons and says why; nothing is written; commands keep answering", async () => {
    const port = await freePort();
    const bot = startBot(port);
    try {
      await untilHealthy(port, bot);
      const url = `http://127.0.0.1:${port}/slack/events`;
      const { form, id } = commandForm(slack, {
        command: "/rounds",
        text: `evening ${localDate(new Date(), TZ)}`,
        channel: CHANNEL,
      });
      slack.responseTarget(id, { channel: CHANNEL, user: "U0STAFF" });
      const since = slack.timeline.at(-1)?.id ?? 0;
      await postSigned(url, SECRET, form);
      // The whole sheet is shown; its record buttons are not (its sheet cannot be kept in a
      // read-only record, so nothing could check what they record), and the post says so.
      // The round's parent (not "⏳ Looking up…", shown to the asker alone while it is slow).
      const parent = (m: (typeof slack.timeline)[number]) => m.id > since && !m.thread_ts && !m.ephemeral;
      await slack.waitFor(() => slack.timeline.some(parent), 20_000);
      const message = slack.timeline.find(parent);
      const shown = JSON.stringify(message?.blocks);
      expect(shown).toContain("The care record could not be used");
      expect(shown).toContain("cannot be written");
      expect(shown).toContain("Record this round from the next post, or run /rounds again");
      expect(shown).not.toContain('"rec_all:');
      expect(slack.api.filter((r) => r.path === "/api/chat.update")).toHaveLength(0);

      // Every command keeps answering.
      const inhouse = commandForm(slack, { command: "/inhouse", text: DAY, channel: CHANNEL });
      slack.responseTarget(inhouse.id, { channel: CHANNEL, user: "U0STAFF" });
      await postSigned(url, SECRET, inhouse.form);
      await slack.waitFor(
        () => slack.responsesFor(inhouse.id).some((r) => String(JSON.stringify(r.body)).includes("In house")),
        20_000,
      );
    } finally {
      bot.child.kill("SIGKILL");
      await bot.exit;
    }
    // Nothing was written: the record holds only what it held before.
    chmodSync(dir, 0o700);
    const check = createStore(sqliteDriver({ dir }), { now: () => new Date() });
    expect((await check.entries({})).map((e) => e.requestKey)).toEqual(["before"]);
    await check.close();
  }, 90_000);
});
