/**
 * The fault matrix: every command, a button and the morning post, against every fault the sandbox
 * can inject and each Slack-side fault. For each cell: the asker gets a clear answer in Slack within
 * 10 s of the ack (the morning post: retried and posted later), exactly once, the log carries the
 * request id, and the bot still answers afterwards. The matrix is printed as a table.
 */
import { webApi } from "@slack/bolt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../src/config.ts";
import { DigestJob } from "../../src/digest/job.ts";
import { webClientSlack } from "../../src/digest/slack.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { Access } from "../../src/listeners/access.ts";
import { silentLogger } from "../../src/log.ts";
import type { Faults } from "../../src/sandbox/server.ts";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { actionForm, commandForm, postSigned, type Recorded } from "../helpers/slack.ts";

const TIMEOUT_MS = 1_500;
const WITHIN_MS = 10_000;

interface Cmd {
  name: string;
  /** The request, from `user` (default U0STAFF). */
  send(h: Harness, user?: string): { form: Record<string, string>; id: string };
  /** The normal answer, when no fault hides it. */
  ok: RegExp;
}

let h: Harness;
let down: Harness;

function commands(): Cmd[] {
  const s = h.sandbox;
  const busy = s.data.busyDays[0] as string;
  const ref = String(s.main.bookings.find((b) => !String(b.reference).includes("/"))?.reference);
  const customer = String(s.main.customers[4]?.secondname);
  const pet = s.main.pets.find((p) => !p.deleted) as Record<string, unknown>;
  const cmd = (name: string, command: string, text: string, ok: RegExp): Cmd => ({
    name,
    ok,
    send: (x, user) => commandForm(x.slack, { command, text, ...(user ? { user } : {}) }),
  });
  return [
    cmd("/arrivals", "/arrivals", "today", /Arrivals — Sun 22 Nov/),
    cmd("/departures", "/departures", busy, /Departures — Tue 24 Nov/),
    cmd("/booking", "/booking", ref, new RegExp(`Booking ${ref}`)),
    cmd("/pet", "/pet", String(pet.name), /Pets matching|Medication/),
    cmd("/customer", "/customer", customer, /Customers matching|Consent/),
    cmd("/kennel status", "/kennel", "status", /Kennel API status/),
    cmd("/kennel bookings", "/kennel", "bookings today", /Bookings: Sun 22 Nov/),
    cmd("/kennel customers", "/kennel", `customers ${customer}`, /Customers matching|Consent/),
    cmd("/kennel pets", "/kennel", `pets ${String(pet.name)}`, /Pets matching|Medication/),
    {
      name: "button: Next",
      ok: /showing \d+–\d+ of/,
      send: (x, user) =>
        actionForm(
          x.slack,
          { action_id: "day_page_next", value: JSON.stringify({ k: "departures", d: busy, p: 2 }) },
          user ? { user } : {},
        ),
    },
    {
      name: "button: pet",
      ok: /Medication/,
      send: (x, user) =>
        actionForm(
          x.slack,
          { action_id: `pet_open:${pet.petId}`, value: JSON.stringify({ p: pet.petId }) },
          user ? { user } : {},
        ),
    },
  ];
}

interface Column {
  name: string;
  faults?: Faults;
  /** What the asker is told (for API faults): null means the normal answer is expected. */
  says: RegExp | null;
  /** The API's request id is in the answer and the log. */
  requestId: boolean;
  slack?: "429" | "500" | "response_url";
  harness?: () => Harness;
}

const COLUMNS: Column[] = [
  { name: "no fault", says: null, requestId: false },
  { name: "API down", says: /could not be reached|cannot be reached/, requestId: false, harness: () => down },
  {
    name: "500",
    faults: { forceStatus: 500 },
    says: /problem on its side \(HTTP 500\)|cannot be reached/,
    requestId: true,
  },
  {
    name: "503",
    faults: { forceStatus: 503 },
    says: /problem on its side \(HTTP 503\)|cannot be reached/,
    requestId: true,
  },
  {
    name: "429",
    faults: { rateLimitRate: 1, retryAfterSeconds: 1 },
    says: /too many requests|cannot be reached/,
    requestId: true,
  },
  {
    name: "slow",
    faults: { latencyMs: 4_000 },
    says: /did not answer within 1500 ms|cannot be reached/,
    requestId: true,
  },
  {
    name: "bad JSON",
    faults: { malformedRate: 1 },
    says: /could not read|does not lead to the kennel API/,
    requestId: true,
  },
  {
    name: "HTML",
    faults: { wrongAddress: true },
    says: /does not seem to point at the kennel API|does not lead to the kennel API/,
    requestId: false,
  },
  { name: "401", faults: { forceStatus: 401 }, says: /rejected the API key/, requestId: true },
  { name: "wrong types", faults: { corruptRate: 1 }, says: null, requestId: false },
  { name: "pages grow", faults: { growingTotals: true }, says: null, requestId: false },
  { name: "Slack 429", slack: "429", says: null, requestId: false },
  { name: "Slack 500", slack: "500", says: /could not confirm your account/, requestId: false },
  { name: "response_url fails", slack: "response_url", says: null, requestId: false },
];

const isFinal = (r: Recorded) =>
  !String(r.body.text ?? "").includes("Looking up") && r.body.delete_original !== true;

interface Cell {
  ok: boolean;
  note: string;
}

async function runCell(x: Harness, c: Cmd, col: Column, user?: string): Promise<Cell> {
  const { form, id } = c.send(x, user);
  if (col.slack === "response_url") x.slack.failing.add(id);
  const apiBefore = x.slack.api.length;
  const res = await postSigned(`${x.url}/slack/events`, SIGNING_SECRET, form);
  if (res.status !== 200) return { ok: false, note: `ack ${res.status}` };
  const acked = Date.now();
  const answers = (): Array<Record<string, unknown>> =>
    col.slack === "response_url"
      ? x.slack.api
          .slice(apiBefore)
          .filter((a) => a.path === "/api/chat.postEphemeral" || a.path === "/api/chat.postMessage")
          .map((a) => a.body)
          .filter((b) => !String(b.text).includes("Looking up"))
      : x.slack
          .responsesFor(id)
          .filter(isFinal)
          .map((r) => r.body);
  try {
    await x.slack.waitFor(() => answers().length > 0, WITHIN_MS);
  } catch {
    return { ok: false, note: "no answer within 10 s" };
  }
  const elapsed = Date.now() - acked;
  await new Promise((r) => setTimeout(r, 150)); // anything posted twice would arrive now
  const all = answers();
  if (all.length !== 1) return { ok: false, note: `${all.length} answers` };
  const text = JSON.stringify(all[0]);
  const expected = col.says ?? c.ok;
  // /kennel status answers every API fault with the state itself.
  const statusWords = /Kennel API status/;
  if (!expected.test(text) && !(c.name === "/kennel status" && statusWords.test(text))) {
    return { ok: false, note: `unclear: ${text.slice(0, 160)}` };
  }
  if (col.requestId && c.name !== "/kennel status") {
    const rid = /Request id: `([^`]+)`/.exec(text)?.[1];
    if (!rid) return { ok: false, note: "no request id in the answer" };
    if (!h.lines.some((l) => l.includes(rid)) && !down.lines.some((l) => l.includes(rid))) {
      return { ok: false, note: "request id not logged" };
    }
  }
  if (elapsed > WITHIN_MS) return { ok: false, note: `answered after ${elapsed} ms` };
  return { ok: true, note: `${elapsed} ms` };
}

async function digestCell(col: Column): Promise<Cell> {
  if (col.slack === "response_url") return { ok: true, note: "n/a (no response_url)" };
  const x = col.harness?.() ?? h;
  const channel = `C0MATRIX${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const config = x.config;
  let now = Date.parse("2026-11-22T07:00:00Z");
  const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, {
    log: silentLogger(),
    retryDelay: () => 0,
  });
  const client = new webApi.WebClient("xoxb-test-0000-bottoken", {
    slackApiUrl: x.slack.apiUrl,
    retryConfig: { retries: 2, minTimeout: 50, maxTimeout: 200 },
  });
  x.slack.now = () => now;
  let slept = 0;
  const job = new DigestJob({
    deps: { kennel, log: silentLogger(), config, clock: { now: () => new Date(now) } },
    slack: webClientSlack(client),
    settings: { channel, time: "07:00", kinds: ["departures"] },
    settleMs: 0,
    sleep: async (ms) => {
      now += ms;
      // The fault clears after the first wait: the post must come, once.
      if (++slept === 1) {
        h.sandbox.setFaults({});
        x.slack.broken.clear();
      }
      return slept < 50;
    },
  });
  const outcome = await job.runDay("2026-11-22");
  x.slack.now = () => Date.now();
  const posts = x.slack.messages.filter(
    (m) => m.channel === channel && !m.thread_ts && m.metadata?.event_type === "kennel_digest",
  );
  const result = outcome.kinds.departures?.result;
  if (col.name === "API down") {
    // The API never comes back here: it keeps trying, posts the notice, and posts nothing twice.
    const notices = x.slack.messages.filter(
      (m) => m.channel === channel && m.metadata?.event_type === "kennel_digest_notice",
    );
    return notices.length === 1 && posts.length === 0
      ? { ok: true, note: "notice once, retrying" }
      : { ok: false, note: `${notices.length} notices, ${posts.length} posts` };
  }
  if (posts.length !== 1) return { ok: false, note: `${posts.length} posts (${result})` };
  return { ok: true, note: slept ? `posted after ${slept} retr${slept === 1 ? "y" : "ies"}` : "posted" };
}

/** A new access check with nothing cached, as at start: the bot knows its own workspace (auth.test). */
function freshAccess(x: Harness): void {
  x.bot.deps.access = new Access([], x.bot.deps.clock, x.bot.deps.log);
  x.bot.deps.access.setWorkspace({ teamId: x.slack.teamId });
}

beforeAll(async () => {
  // Each cell must reach the API: with the care cache on, a pet read by an earlier cell hides the fault.
  h = await startHarness({ timeoutMs: TIMEOUT_MS, env: { KENNEL_CACHE_TTL_S: "0" } });
  down = await startHarness({
    timeoutMs: TIMEOUT_MS,
    env: { KENNEL_API_BASE_URL: "http://127.0.0.1:9/api/v1" },
  });
}, 60_000);

afterAll(async () => {
  await h.close();
  await down.close();
});

describe("the fault matrix", () => {
  it("every cell holds", async () => {
    const cmds = commands();
    const rows: Record<string, Record<string, Cell>> = {};
    for (const col of COLUMNS) {
      const x = col.harness?.() ?? h;
      h.sandbox.setFaults(col.faults ?? {});
      if (col.slack === "500") x.slack.broken.add("users.info");
      let results: Array<{ c: Cmd; cell: Cell }>;
      if (col.slack === "429" || col.slack === "500") {
        // Each cell must meet the fault, not a cached access check: a fresh check, and each cell a user
        // of its own (rate limited for that user alone), so each asks users.info itself. In parallel.
        freshAccess(x);
        results = await Promise.all(
          cmds.map(async (c, i) => {
            const user = `U0CELL${i}`;
            x.slack.users.set(user, { id: user });
            if (col.slack === "429") x.slack.rateLimited.set(`users.info:${user}`, 1);
            const apiBefore = x.slack.api.length;
            const cell = await runCell(x, c, col, user);
            const asked = x.slack.api
              .slice(apiBefore)
              .filter((a) => a.path === "/api/users.info" && a.body.user === user).length;
            // A 429 is waited out and asked again; a 500 is the answer however often it is asked.
            const met = col.slack === "429" ? x.slack.rateLimited.get(`users.info:${user}`) === 0 : asked > 0;
            return { c, cell: met || !cell.ok ? cell : { ok: false, note: "the fault was not met" } };
          }),
        );
      } else if (col.slack === "response_url") {
        // One at a time: answers through the Web API must be told apart.
        results = [];
        for (const c of cmds) {
          freshAccess(x);
          results.push({ c, cell: await runCell(x, c, col) });
        }
      } else {
        results = await Promise.all(cmds.map(async (c) => ({ c, cell: await runCell(x, c, col) })));
      }
      for (const { c, cell } of results) {
        rows[c.name] ??= {};
        (rows[c.name] as Record<string, Cell>)[col.name] = cell;
      }
      x.slack.broken.clear();
      x.slack.rateLimited.clear();
      h.sandbox.setFaults(col.faults ?? {});
      const digest = await digestCell(col);
      rows["morning post"] ??= {};
      (rows["morning post"] as Record<string, Cell>)[col.name] = digest;
      h.sandbox.setFaults({});
      x.slack.broken.clear();
      // Nothing crashed: the bot still answers.
      const alive = await runCell(
        x,
        {
          name: "alive",
          ok: /what you can ask/,
          send: (y) => commandForm(y.slack, { command: "/kennel", text: "help" }),
        },
        { name: "alive", says: null, requestId: false },
      );
      rows.alive ??= {};
      (rows.alive as Record<string, Cell>)[col.name] = alive;
    }
    const names = Object.keys(rows);
    const header = `| | ${COLUMNS.map((c) => c.name).join(" | ")} |`;
    const rule = `|---|${COLUMNS.map(() => "---").join("|")}|`;
    const lines = names.map(
      (n) =>
        `| ${n} | ${COLUMNS.map((c) => (rows[n]?.[c.name]?.ok ? "✓" : `✗ ${rows[n]?.[c.name]?.note ?? "?"}`)).join(" | ")} |`,
    );
    console.log(
      [
        "",
        "Fault matrix (✓: a clear answer in Slack within 10 s, once, request id logged; the morning post: posted once after the fault)",
        header,
        rule,
        ...lines,
      ].join("\n"),
    );
    const failures = names.flatMap((n) =>
      COLUMNS.filter((c) => !rows[n]?.[c.name]?.ok).map(
        (c) => `${n} × ${c.name}: ${rows[n]?.[c.name]?.note}`,
      ),
    );
    expect(failures).toEqual([]);
  }, 300_000);
});
