/**
 * Nothing recorded is lost: the bot, as its own process (`node src/main.ts`, HTTP mode), is killed
 * with SIGKILL during a burst of taps on a round post. After a restart on the same store, every tap
 * that was answered (its pet shown recorded in a chat.update) is in the store, once; Slack then
 * re-delivers every tap, and still each pet's items are recorded once. On both engines.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAll } from "../../src/blocks/buttons.ts";
import type { RecordSettings } from "../../src/config.ts";
import { openCareRecord } from "../../src/record/open.ts";
import type { Entry } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { localDate } from "../../src/time.ts";
import { freePort } from "../helpers/net.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { actionPayload, type Button, buttonsOf, roundPostOf } from "../helpers/record-slack.ts";
import { commandForm, postSigned, type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";

const SECRET = "8f14e45fceea167a5a36dedd4bea2543";
const TZ = "Europe/London";
const CHANNEL = "C0ROUNDS";
const pg = usePostgres();
let sandbox: Sandbox;
let slack: SlackStandIn;
const folders: string[] = [];

beforeAll(async () => {
  // The bot runs on the real clock: the sandbox's today is today.
  sandbox = await startSandbox({ seed: 21, customers: 150, today: localDate(new Date(), TZ), timezone: TZ });
  slack = await startSlackStandIn();
  slack.users.set("U0STAFF", { id: "U0STAFF", team_id: "T1" });
}, 30_000);
afterAll(async () => {
  await slack.close();
  await sandbox.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function startBot(port: number, store: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ["src/main.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      LOG_LEVEL: "warn",
      KENNEL_API_KEY: sandbox.keys.main,
      KENNEL_API_BASE_URL: sandbox.url,
      KENNEL_TIMEZONE: TZ,
      SLACK_BOT_TOKEN: "xoxb-test-0000-kill",
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: slack.apiUrl,
      PORT: String(port),
      ...store,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += String(d);
  });
  child.stderr?.on("data", (d) => {
    out += String(d);
  });
  const exit = new Promise<void>((r) => child.on("exit", () => r()));
  return { child, out: () => out, exit };
}

async function healthy(port: number, out: () => string): Promise<void> {
  const until = Date.now() + 20_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`the bot did not start: ${out()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Pets shown recorded ("✅ …" in their section) in any chat.update the bot made. */
function shownRecorded(since: number): Set<string> {
  const out = new Set<string>();
  for (const r of slack.api.slice(since).filter((x) => x.path === "/api/chat.update")) {
    for (const b of (r.body.blocks ?? []) as Array<{ block_id?: string; text?: { text?: string } }>) {
      const m = /^kd_pet:(\d+):(\d+):(\d+)$/.exec(b.block_id ?? "");
      if (m && (b.text?.text ?? "").slice(Number(m[3])).includes("✅")) out.add(`${m[1]}:${m[2]}`);
    }
  }
  return out;
}

const engines: Array<{
  name: string;
  settings: () => Promise<{ env: Record<string, string>; record: RecordSettings }>;
  skip: boolean;
}> = [
  {
    name: "SQLite",
    skip: false,
    settings: async () => {
      const dir = mkdtempSync(join(tmpdir(), "kennel-desk-kill-"));
      folders.push(dir);
      return { env: { KENNEL_DATA_DIR: dir }, record: { engine: "sqlite", dataDir: dir } };
    },
  },
  {
    name: "PostgreSQL",
    skip: !pg.available,
    settings: async () => {
      const url = await pg.freshDatabase();
      return { env: { DATABASE_URL: url.toString() }, record: { engine: "postgres", url } };
    },
  },
];

describe.each(engines)("SIGKILL during a burst of taps ($name)", ({ settings, skip }) => {
  it.skipIf(skip)(
    "every answered tap is in the store once; re-delivered taps add nothing",
    async () => {
      const { env, record } = await settings();
      const port = await freePort();
      let bot = startBot(port, env);
      try {
        await healthy(port, bot.out);
        const { form, id } = commandForm(slack, { command: "/rounds", text: "evening", channel: CHANNEL });
        slack.responseTarget(id, { channel: CHANNEL, user: "U0STAFF" });
        const since = slack.timeline.at(-1)?.id ?? 0;
        await postSigned(`http://127.0.0.1:${port}/slack/events`, SECRET, form);
        const buttons = (await roundPostOf(slack, since)).flatMap((m) =>
          buttonsOf(m.blocks, recordAll).map((b) => ({ entryId: m.id, b })),
        );
        expect(buttons.length).toBeGreaterThan(20);
        const taps = buttons.map(({ entryId, b }) => ({
          b,
          payload: actionPayload(slack, entryId, b, "U0STAFF"),
        }));
        const updatesBefore = slack.api.filter((r) => r.path === "/api/chat.update").length;
        const apiBefore = slack.api.length;

        // The burst: a tap every 15 ms, as staff around a round would; killed once five are answered.
        let killed = false;
        const sent = (async () => {
          const posts: Array<Promise<unknown>> = [];
          for (const t of taps) {
            if (killed) break;
            posts.push(
              postSigned(`http://127.0.0.1:${port}/slack/events`, SECRET, {
                payload: JSON.stringify(t.payload.body),
              }).catch(() => undefined),
            );
            await new Promise((r) => setTimeout(r, 15));
          }
          await Promise.all(posts);
        })();
        await slack.waitFor(
          () => slack.api.filter((r) => r.path === "/api/chat.update").length >= updatesBefore + 5,
          30_000,
        );
        killed = true;
        bot.child.kill("SIGKILL");
        await bot.exit;
        await sent;
        const answered = shownRecorded(apiBefore);
        expect(answered.size).toBeGreaterThan(0);

        // Restarted on the same store: what was answered is there, once.
        const opened = await openCareRecord(record, { now: () => new Date() }, undefined);
        const byPet = (entries: Entry[]) => {
          const m = new Map<string, Entry[]>();
          for (const e of entries)
            m.set(`${e.bookingId}:${e.petId}`, [...(m.get(`${e.bookingId}:${e.petId}`) ?? []), e]);
          return m;
        };
        const check = (entries: Entry[], mustHave: Set<string>) => {
          const pets = byPet(entries);
          for (const key of mustHave) {
            const t = taps.find((x) => `${x.b.state.b}:${x.b.state.p}` === key) as { b: Button };
            expect(
              pets
                .get(key)
                ?.map((e) => e.item)
                .sort(),
            ).toEqual(t.b.state.i.map(([item]) => item).sort());
          }
          for (const [, list] of pets) {
            // One tap, one request: never an item twice, never two requests for one pet.
            expect(new Set(list.map((e) => e.item)).size).toBe(list.length);
            expect(new Set(list.map((e) => e.requestKey)).size).toBe(1);
          }
        };
        const atKill = await opened.store.entries({});
        check(atKill, answered);
        // The kill came during the burst: some taps were not (all) written.
        expect(byPet(atKill).size).toBeLessThan(taps.length);
        bot = startBot(port, env);
        await healthy(port, bot.out);
        // Slack re-delivers every tap it got no answer to (here: all of them, again).
        for (const t of taps) {
          await postSigned(`http://127.0.0.1:${port}/slack/events`, SECRET, {
            payload: JSON.stringify(t.payload.body),
          });
        }
        const all = new Set(taps.map((t) => `${t.b.state.b}:${t.b.state.p}`));
        const until = Date.now() + 30_000;
        while (byPet(await opened.store.entries({})).size < all.size && Date.now() < until) {
          await new Promise((r) => setTimeout(r, 200));
        }
        check(await opened.store.entries({}), all);
        await opened.store.close();
      } finally {
        bot.child.kill("SIGKILL");
        await bot.exit;
      }
    },
    120_000,
  );
});
