/**
 * End to end: the real Bolt app in HTTP mode, driven by signed slash-command and button requests,
 * answering through a loopback response_url, over the sandbox kennel API.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitViolations } from "../../src/blocks/limits.ts";
import type { Message } from "../../src/blocks/types.ts";
import { counts } from "../../src/domain/bookings.ts";
import { readBooking } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import { type Harness, SIGNING_SECRET, startHarness, withHarness } from "../helpers/bot.ts";
import {
  actionForm,
  type CommandInput,
  commandForm,
  postSigned,
  type Recorded,
  sign,
} from "../helpers/slack.ts";

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const events = () => `${h.url}/slack/events`;

/** The answer: not "⏳ Looking up…", nor the request that removes it once the answer is ready. */
function isFinal(r: Recorded): boolean {
  return r.body.delete_original !== true && !String(r.body.text ?? "").includes("Looking up");
}

async function command(
  input: CommandInput,
): Promise<{ answer: Recorded; all: Recorded[]; ackMs: number; id: string }> {
  const { form, id } = commandForm(h.slack, input);
  const res = await postSigned(events(), SIGNING_SECRET, form);
  expect(res.status).toBe(200);
  await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal));
  const all = h.slack.responsesFor(id);
  return { answer: all.find(isFinal) as Recorded, all, ackMs: res.ms, id };
}

async function click(button: { action_id: string; value: string }, user?: string) {
  const { form, id } = actionForm(h.slack, button, { user });
  const res = await postSigned(events(), SIGNING_SECRET, form);
  expect(res.status).toBe(200);
  await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal));
  return h.slack.responsesFor(id).find(isFinal) as Recorded;
}

/** The answer as text, a phone's no-break spaces read as spaces (so a phone is found, or its absence proved). */
const text = (r: Recorded) => JSON.stringify(r.body).replaceAll("\u00a0", " ");
const asMessage = (r: Recorded): Message => ({
  text: String(r.body.text),
  blocks: r.body.blocks as Message["blocks"],
});
type Btn = { action_id: string; value: string; text: { text: string } };
function buttons(r: Recorded): Btn[] {
  const out: Btn[] = [];
  for (const b of (r.body.blocks as Array<Record<string, unknown>>) ?? []) {
    if (b.type === "actions") out.push(...(b.elements as Btn[]));
    if (b.type === "section" && b.accessory) out.push(b.accessory as Btn);
  }
  return out;
}

describe("slash commands end to end", () => {
  it("/arrivals: for the channel, a header with the date and count, no contact details, within the limits", async () => {
    const { answer } = await command({ command: "/arrivals", text: "today" });
    expect(answer.body.response_type).toBe("in_channel");
    // The bookings that count (called-off and waitlisted ones are left out and counted apart).
    const count = (h.sandbox.main.arrivalsByDate.get("2026-11-22") ?? []).filter((b) =>
      counts(readBooking(b, silentLogger()) ?? {}),
    ).length;
    expect(count).toBeGreaterThan(0);
    expect(JSON.stringify(answer.body.blocks)).toContain(`Arrivals — Sun 22 Nov (${count})`);
    expect(limitViolations(asMessage(answer))).toEqual([]);
    for (const b of h.sandbox.main.arrivalsByDate.get("2026-11-22") ?? []) {
      expect(text(answer)).not.toContain(String(b.customerPhone));
      expect(text(answer)).not.toContain(String(b.customerEmail));
    }
  });

  it("/departures on a busy day pages with Next and Previous, every page within the limits", async () => {
    const day = h.sandbox.data.busyDays[0] as string;
    const total = h.sandbox.main.departuresByDate.get(day)?.length ?? 0;
    expect(total).toBeGreaterThan(100);
    const { answer } = await command({ command: "/departures", text: day });
    expect(limitViolations(asMessage(answer))).toEqual([]);
    const next = buttons(answer).find((b) => b.action_id === "day_page:next");
    expect(next).toBeDefined();
    const page2 = await click(next as Btn);
    expect(page2.body.replace_original).toBe(true);
    expect(page2.body.response_type).toBe("in_channel");
    expect(limitViolations(asMessage(page2))).toEqual([]);
    // Pages hold fewer entries when entries are long; page 2 starts where page 1 ended.
    const firstShown = Number(/showing 1–(\d+) of/.exec(text(answer))?.[1]);
    expect(text(page2)).toContain(`showing ${firstShown + 1}–`);
    expect(buttons(page2).some((b) => b.action_id === "day_page:prev")).toBe(true);
  });

  it("/booking REF: only the asker sees it, with the owner's contact details and the room", async () => {
    const booking = h.sandbox.main.bookings.find(
      (b) => b.roomName && !String(b.reference).includes("/"),
    ) as Record<string, unknown>;
    const { answer } = await command({ command: "/booking", text: String(booking.reference) });
    expect(answer.body.response_type).toBe("ephemeral");
    expect(text(answer)).toContain(String(booking.customerPhone));
    expect(text(answer)).toContain(String(booking.roomName));
    expect(limitViolations(asMessage(answer))).toEqual([]);
    const byId = await command({ command: "/booking", text: String(booking.bookingId) });
    expect(text(byId.answer)).toContain(String(booking.reference));
  });

  it("/booking with an unknown reference says what was not found, what to check and the request id to quote", async () => {
    const { answer } = await command({ command: "/booking", text: "NOPE-123" });
    expect(answer.body.response_type).toBe("ephemeral");
    expect(text(answer)).toMatch(/No booking with reference \\"NOPE-123\\" was found/);
    expect(text(answer)).toContain("Check the reference or id.");
    expect(text(answer)).toMatch(/Request id: `sbx-[^`]+` \(quote it to support\)/);
    expect(text(answer)).not.toMatch(/other businesses/);
  });

  it("/pet NAME with several matches lists them with buttons; a button opens the care summary", async () => {
    const { answer } = await command({ command: "/pet", text: "a" });
    const open = buttons(answer).find((b) => b.action_id.startsWith("pet_open"));
    expect(open).toBeDefined();
    const card = await click(open as Btn);
    expect(card.body.response_type).toBe("ephemeral");
    expect(text(card)).toMatch(/Medication/);
    expect(text(card)).toMatch(/Morning/);
    expect(limitViolations(asMessage(card))).toEqual([]);
  });

  it("/pet ID shows the schedule for every medication, escaped", async () => {
    const pet = h.sandbox.main.pets.find((p) => p.medication3 && !p.deleted) as Record<string, unknown>;
    const { answer } = await command({ command: "/pet", text: String(pet.petId) });
    // One row per drug: its instruction, then its own midday and evening instructions.
    expect(text(answer)).toMatch(/1\. [^\\]+ · midday: [^\\]+ · evening: /);
    expect(text(answer)).not.toContain("☀️ Morning");
    expect(text(answer)).toContain("3. ");
  });

  it("/customer NAME shows contacts, consent and pets, and pages the booking history", async () => {
    const booking = h.sandbox.main.bookings[0] as Record<string, unknown>;
    const customer = h.sandbox.main.customerById.get(booking.customerId as number) as Record<string, unknown>;
    const { answer } = await command({ command: "/customer", text: String(customer.customerId) });
    expect(answer.body.response_type).toBe("ephemeral");
    expect(text(answer)).toContain(String(customer.mobile));
    expect(text(answer)).toMatch(/Consent/);
    const history = buttons(answer).find((b) => b.action_id === "customer_bookings");
    const list = await click(history as Btn);
    expect(text(list)).toMatch(/Bookings of/);
    expect(limitViolations(asMessage(list))).toEqual([]);
  });

  it("/kennel help, status, bookings, customers, pets; anything unknown gets the help", async () => {
    expect(text((await command({ command: "/kennel", text: "help" })).answer)).toMatch(/what you can ask/);
    const status = text((await command({ command: "/kennel", text: "status" })).answer);
    expect(status).toMatch(/up and accepted the key/);
    // The link to Slack (HTTP mode here) and what is cached.
    expect(status).toContain("💬 Slack:* listening for Slack's requests");
    expect(status).toMatch(/Cache:\* on \(pet records/);
    const bookings = (await command({ command: "/kennel", text: "bookings today tomorrow status:confirmed" }))
      .answer;
    expect(text(bookings)).toMatch(/Bookings: Sun 22 Nov to Mon 23 Nov, status confirmed/);
    expect(text((await command({ command: "/kennel", text: "customers o" })).answer)).toMatch(
      /Customers matching/,
    );
    expect(text((await command({ command: "/kennel", text: "pets bis" })).answer)).toMatch(
      /Pets matching|Care summary|Medication/,
    );
    expect(text((await command({ command: "/kennel", text: "dance" })).answer)).toMatch(
      /I don't know “dance”/,
    );
  });

  it("an impossible date gets a clear message and no API call", async () => {
    const before = h.sandbox.requests.length;
    const { answer } = await command({ command: "/arrivals", text: "31 Feb" });
    expect(answer.body.response_type).toBe("ephemeral");
    expect(text(answer)).toMatch(/31 Feb is not a real date: there is no 31 February/);
    expect(h.sandbox.requests.length).toBe(before);
  });

  it("hostile text from the API is escaped: nobody is pinged", async () => {
    const pet = h.sandbox.main.pets.find(
      (p) => String(p.notes).includes("<!channel>") && !p.deleted,
    ) as Record<string, unknown>;
    const { answer } = await command({ command: "/pet", text: String(pet.petId) });
    expect(text(answer)).toContain("&lt;!channel&gt;");
    expect(text(answer)).not.toContain("<!channel>");
  });
});

describe("safety end to end", () => {
  it("refuses a bad signature and a replayed timestamp", async () => {
    const { form } = commandForm(h.slack, { command: "/arrivals" });
    const bad = await postSigned(events(), SIGNING_SECRET, form, { signature: "v0=deadbeef" });
    expect(bad.status).toBe(401);
    const old = Math.floor(Date.now() / 1000) - 10 * 60;
    const body = new URLSearchParams(form).toString();
    const replay = await postSigned(events(), SIGNING_SECRET, form, {
      timestamp: old,
      signature: sign(SIGNING_SECRET, old, body),
    });
    expect(replay.status).toBe(401);
  });

  it.each(["U0GUEST", "U0SINGLE"])(
    "refuses a guest (%s) in commands and buttons, showing no kennel data",
    async (user) => {
      const before = h.sandbox.requests.length;
      const { answer } = await command({ command: "/arrivals", user });
      expect(answer.body.response_type).toBe("ephemeral");
      expect(text(answer)).toMatch(/not available to guest accounts/);
      const card = await click(
        { action_id: "pet_open:1", value: JSON.stringify({ p: h.sandbox.main.pets[0]?.petId }) },
        user,
      );
      expect(text(card)).toMatch(/not available to guest accounts/);
      expect(h.sandbox.requests.length).toBe(before);
    },
  );

  it("the key and the tokens are in no payload and no log line", async () => {
    await command({ command: "/kennel", text: "status" });
    const everything = JSON.stringify([h.slack.responses, h.slack.api.map((a) => a.body)]);
    for (const secret of [h.sandbox.keys.main, SIGNING_SECRET]) {
      expect(everything).not.toContain(secret);
      for (const line of h.lines) expect(line).not.toContain(secret);
    }
    for (const line of h.lines) expect(line).not.toContain("xoxb-test-0000-bottoken");
  });

  it("serves /healthz and /readyz", async () => {
    const health = await fetch(`${h.url}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${h.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ state: "ok" });
  });
});

describe("slow API", () => {
  it("acks well inside 3 s while the API takes longer than Slack waits (3.5 s), shows Looking up… and then replaces it", async () => {
    await withHarness(
      {
        sandbox: { faults: { latencyMs: 3_500 } },
        loadingAfterMs: 1500,
        timeoutMs: 20_000,
      },
      async (slow) => {
        slow.slack.users.set("U0STAFF", { id: "U0STAFF" });
        const { form, id } = commandForm(slow.slack, { command: "/booking", text: "HP-XXXX" });
        const res = await postSigned(`${slow.url}/slack/events`, SIGNING_SECRET, form);
        expect(res.status).toBe(200);
        expect(res.ms).toBeLessThan(1_000);
        await slow.slack.waitFor(() => slow.slack.responsesFor(id).length >= 2, 15_000);
        const [first, second] = slow.slack.responsesFor(id);
        expect(String(first?.body.text)).toMatch(/Looking up/);
        expect(second?.body.replace_original).toBe(true);
        expect(JSON.stringify(second?.body)).toMatch(/No booking with reference/);
      },
    );
  }, 60_000);
});

describe("the morning post inside the bot", () => {
  it("started after 07:00 with DIGEST_CHANNEL set: posts today's departures once, marked late", async () => {
    await withHarness({ env: { DIGEST_CHANNEL: "C0MORNING" } }, async (withDigest) => {
      const posts = () => withDigest.slack.messages.filter((m) => m.metadata?.event_type === "kennel_digest");
      await withDigest.slack.waitFor(() => posts().length > 0);
      expect(posts()).toHaveLength(1);
      expect(posts()[0]?.metadata?.event_payload).toMatchObject({
        date: "2026-11-22",
        kind: "departures",
        late: true,
      });
      await withDigest.bot.digest?.runDay("2026-11-22");
      expect(posts()).toHaveLength(1);
    });
  });
});

describe("ALLOWED_CHANNELS", () => {
  it("refuses commands elsewhere, politely", async () => {
    await withHarness({ env: { ALLOWED_CHANNELS: "C0FRONTDESK" } }, async (limited) => {
      const { form, id } = commandForm(limited.slack, { command: "/arrivals", channel: "C0RANDOM" });
      await postSigned(`${limited.url}/slack/events`, SIGNING_SECRET, form);
      await limited.slack.waitFor(() => limited.slack.responsesFor(id).length > 0);
      expect(JSON.stringify(limited.slack.responsesFor(id)[0]?.body)).toMatch(
        /answers only in <#C0FRONTDESK>/,
      );
    });
  });
});

describe("KENNEL_RAW_RESPONSES=1", () => {
  it("answers carry the API's JSON in code blocks, split within the limits: a message and its thread", async () => {
    await withHarness({ env: { KENNEL_RAW_RESPONSES: "1" } }, async (raw) => {
      const day = raw.sandbox.data.busyDays[0] as string;
      const { form } = commandForm(raw.slack, { command: "/departures", text: day });
      await postSigned(`${raw.url}/slack/events`, SIGNING_SECRET, form);
      const inChannel = () => raw.slack.messages.filter((m) => m.channel === "C0FRONTDESK");
      await raw.slack.waitFor(() => inChannel().length >= 2);
      // Every part posted: the command's work is no longer in flight (a condition, not a sleep).
      await raw.slack.waitFor(() => raw.bot.deps.inflight.size === 0);
      const parts = inChannel();
      expect(parts.length).toBeGreaterThan(1);
      expect(parts.slice(1).every((p) => p.thread_ts === parts[0]?.ts)).toBe(true);
      for (const p of parts) {
        expect(limitViolations({ text: p.text, blocks: p.blocks as Message["blocks"] })).toEqual([]);
        expect(JSON.stringify(p.blocks)).toContain("```");
      }
      const first = raw.sandbox.main.departuresByDate.get(day)?.[0] as Record<string, unknown>;
      expect(JSON.stringify(parts.map((p) => p.blocks))).toContain(String(first.reference));
    });
  });
});

describe("response_url failing", () => {
  it("the answer still reaches the asker through the Web API", async () => {
    const { form, id } = commandForm(h.slack, { command: "/kennel", text: "help" });
    h.slack.failing.add(id);
    await postSigned(events(), SIGNING_SECRET, form);
    await h.slack.waitFor(() =>
      h.slack.api.some((a) => a.path === "/api/chat.postEphemeral" && a.body.user === "U0STAFF"),
    );
    const sent = h.slack.api.find((a) => a.path === "/api/chat.postEphemeral");
    expect(JSON.stringify(sent?.body)).toMatch(/what you can ask/);
  });
});
