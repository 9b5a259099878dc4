/**
 * The care day end to end, over the real Bolt app (signed requests, the Slack stand-in, the
 * sandbox): /inhouse, /rounds for each round, the going-home check, the round posts and tomorrow's
 * check (each once), the Home tab (staff and guest), all within Block Kit limits on the sandbox's
 * 150-pet day, and no contact detail in any channel post.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBot } from "../../src/app.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import type { Message } from "../../src/blocks/types.ts";
import type { Config } from "../../src/config.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { SANDBOX_REFERENCES } from "../../src/sandbox/data.ts";
import { type Harness, homePublished, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { channelPosts, contactValues } from "../helpers/privacy.ts";
import { actionForm, commandForm, postSigned, type Recorded } from "../helpers/slack.ts";

const TODAY = "2026-11-22";
const FULL_HOUSE = "2026-11-24";
let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    env: {
      DIGEST_CHANNEL: "C0FRONTDESK",
      ROUNDS_CHANNEL: "C0ROUNDS",
      TOMORROW_TIME: "17:00",
      // The test makes each post itself, at a time it chooses.
      DIGEST_SCHEDULE: "off",
    },
  });
});
afterAll(() => h.close());

const isFinal = (r: Recorded) =>
  !String(r.body.text ?? "").includes("Looking up") && r.body.delete_original !== true;

/**
 * A command's answers: every message the bot sent to its response_url, once the last has come, and
 * the message and thread it posted in the channel for a long answer.
 */
async function ask(command: string, text: string, user = "U0STAFF"): Promise<Array<Record<string, unknown>>> {
  const { form, id } = commandForm(h.slack, { command, text, user });
  const since = h.slack.timeline.reduce((n, e) => Math.max(n, e.id), 0);
  const threadPosts = () =>
    h.slack.timeline.filter(
      (e) => e.id > since && e.via === "postMessage" && e.channel === "C0FRONTDESK" && !e.metadata,
    );
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
  expect(res.status).toBe(200);
  await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal) || threadPosts().length > 0, 15_000);
  // Follow-up messages (a big round's thread) come right after the first, paced as Slack paces a
  // channel's posts: wait for quiet, and for the last part ("…–N of N").
  const complete = () => {
    const posts = threadPosts();
    const last = posts.at(-1);
    const m = /(\d+)–(\d+) of (\d+)/.exec(JSON.stringify((last?.blocks as unknown[] | undefined)?.[0] ?? ""));
    if (m) return m[2] === m[3];
    // A round's first message alone: complete when it lists as many rows as its title counts.
    const title = /round — [^"]*\((\d+) pets?\)/.exec(JSON.stringify(last?.text ?? ""));
    if (!title || posts.length !== 1) return true;
    return sectionTexts({ blocks: last?.blocks }).length >= Number(title[1]);
  };
  const until = Date.now() + 30_000;
  let n = -1;
  while (
    (n !== h.slack.responsesFor(id).length + threadPosts().length || !complete()) &&
    Date.now() < until
  ) {
    n = h.slack.responsesFor(id).length + threadPosts().length;
    await new Promise((r) => setTimeout(r, 300));
  }
  return [
    ...h.slack
      .responsesFor(id)
      .filter(isFinal)
      .map((r) => r.body),
    ...threadPosts().map((e) => ({ response_type: "in_channel", text: e.text, blocks: e.blocks })),
  ];
}

const asMessage = (b: Record<string, unknown>): Message => ({
  text: String(b.text ?? ""),
  blocks: (b.blocks ?? []) as Message["blocks"],
});
const sectionTexts = (b: Record<string, unknown>) =>
  ((b.blocks ?? []) as Array<{ type: string; text?: { text: string } }>)
    .filter((x) => x.type === "section")
    .map((x) => x.text?.text ?? "");

function expectFits(bodies: Array<Record<string, unknown>>) {
  for (const b of bodies) expect(limitViolations(asMessage(b))).toEqual([]);
}

describe("/inhouse", () => {
  it("every pet in house by room, in natural order, with a summary; for the channel", async () => {
    const [answer] = await ask("/inhouse", "");
    expect(answer?.response_type).toBe("in_channel");
    const text = JSON.stringify(answer);
    expect(text).toContain("In house — Sun 22 Nov");
    // The house counted as what it counts (issue 45): now, and the day's whole.
    expect(text).toMatch(
      /\d+ pets in house now · \d+ in house today · \d+ rooms · 🏠 \d+ going home today · 🛬 \d+ arriving today/,
    );
    expectFits([answer as Record<string, unknown>]);
    // A room's name is the first line of its first stay's section.
    const rooms = sectionTexts(answer as Record<string, unknown>)
      .map((t) => /^\*([^*\n]+)\*\n/.exec(t)?.[1])
      .filter((r): r is string => r !== undefined);
    expect(rooms.length).toBeGreaterThan(3);
    const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
    const named = rooms.filter((r) => r !== "no room");
    expect(named).toEqual([...named].sort(collator.compare));
  });

  it("on the 150-pet day: pages within every limit, each stay once", async () => {
    const [first] = await ask("/inhouse", FULL_HOUSE);
    expectFits([first as Record<string, unknown>]);
    const total = Number(/of (\d+) stays/.exec(JSON.stringify(first))?.[1]);
    expect(total).toBeGreaterThan(100);
    const seen = new Set<string>();
    let value = JSON.stringify({ d: FULL_HOUSE, p: 1 });
    for (let page = 1; page < 30; page++) {
      const { form, id } = actionForm(h.slack, { action_id: "house_page:next", value });
      await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
      await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal), 15_000);
      const body = h.slack.responsesFor(id).find(isFinal)?.body as Record<string, unknown>;
      expectFits([body]);
      // A stay's first line (after its room's name, on the room's first stay).
      for (const t of sectionTexts(body)) seen.add(t.split("\n").find((l) => l.includes(" · ")) as string);
      const next = (
        (body.blocks as Array<{ type: string; elements?: Array<{ action_id: string; value: string }> }>) ?? []
      )
        .flatMap((b) => b.elements ?? [])
        .find((e) => e.action_id === "house_page:next");
      if (!next) break;
      value = next.value;
    }
    expect(seen.size).toBeGreaterThan(100);
  });
});

describe("/rounds", () => {
  it.each(["morning", "midday", "evening"])(
    "%s: every pet in house by room, for the channel, within the limits",
    async (round) => {
      const bodies = await ask("/rounds", round);
      expect(bodies[0]?.response_type).toBe("in_channel");
      expect(JSON.stringify(bodies[0])).toContain(
        `${round[0]?.toUpperCase()}${round.slice(1)} round — Sun 22 Nov`,
      );
      expectFits(bodies);
    },
  );

  it("an evening-only medication: in the evening round with the drug's name, and no dose in the midday round", async () => {
    const biscuit = (bodies: Array<Record<string, unknown>>) =>
      bodies.flatMap(sectionTexts).find((t) => t.includes("Biscuit") && t.includes("Müller")) ?? "";
    const evening = biscuit(await ask("/rounds", "evening"));
    const midday = biscuit(await ask("/rounds", "midday"));
    expect(evening).toMatch(/💊 Rimadyl 50 mg · evening: Half a tablet with dinner/);
    expect(midday).toContain("Rimadyl 50 mg · nothing this round (given at the evening round)");
    expect(midday).not.toContain("with dinner");
  });

  it("on the 150-pet day (its morning round, before the one-night stays go home): the sheet continues in a thread, every message within the limits", async () => {
    const bodies = await ask("/rounds", `morning ${FULL_HOUSE}`);
    expect(bodies.length).toBeGreaterThan(1);
    expectFits(bodies);
    const pets = Number(/\((\d+) pets\)/.exec(JSON.stringify(bodies[0]))?.[1]);
    expect(pets).toBeGreaterThan(140);
    expect(bodies.flatMap(sectionTexts).length).toBe(pets);
  });

  it("the sheet lists the pets in house at the round's time: one gone home that morning is counted, not listed", async () => {
    const gone = (h.sandbox.main.departuresByDate.get(TODAY) ?? [])
      .map((b) => b as { checkOutDate?: string; customerName?: string; status?: string; roomName?: string })
      .find(
        (b) =>
          b.checkOutDate &&
          // Due out after 09:00 (the clock) and before noon: one due out before 09:00 and still
          // checked in is past its check-out, and kept on every sheet ("still here?", issue 32).
          b.checkOutDate > `${TODAY}T09:00:00Z` &&
          b.checkOutDate < `${TODAY}T12:00:00Z` &&
          // Not one whose status says it has left: that is on none of today's sheets.
          /confirmed|checked_in/.test(String(b.status)) &&
          b.roomName,
      );
    expect(gone).toBeDefined();
    const evening = await ask("/rounds", "evening");
    expect(JSON.stringify(evening[0])).toMatch(/\d+ gone home before it/);
    const owner = String(gone?.customerName);
    expect(
      evening.flatMap(sectionTexts).some((t) => t.includes(owner) && t.includes(String(gone?.roomName))),
    ).toBe(false);
    const morning = await ask("/rounds", "morning");
    expect(morning.flatMap(sectionTexts).some((t) => t.includes(owner))).toBe(true);
  });

  it("a bad round or date is answered to the asker alone, with no API call", async () => {
    const before = h.sandbox.requests.length;
    const [answer] = await ask("/rounds", "evening 31 Feb");
    expect(answer?.response_type).toBe("ephemeral");
    expect(h.sandbox.requests.length).toBe(before);
  });
});

describe("care that cannot be matched", () => {
  it("a booking naming a pet the customer's records do not have says so, in /booking and on the round sheet", async () => {
    const [card] = await ask("/booking", SANDBOX_REFERENCES.unmatched);
    // The card gives a step to take, never only "open the booking" (a fresh try found it sent back).
    expect(JSON.stringify(card)).toContain(
      "❔ care details not matched (Biccy): look the pet up with /pet Biccy or /customer",
    );
    const sheet =
      (await ask("/rounds", "morning")).flatMap(sectionTexts).find((t) => t.includes("Biccy")) ?? "";
    expect(sheet).toContain("care details not matched: open the booking, and check this pet's care by hand");
  });
});

describe("the going-home check in /departures", () => {
  it("money stands out, medication to hand back by name, grooming notes; the summary counts each", async () => {
    const [answer] = await ask("/departures", "");
    const text = JSON.stringify(answer);
    expect(text).toMatch(/\*🔴 \d+ unpaid\*/);
    expect(text).toMatch(/💊 \d+ medications? to hand back/);
    expect(text).toMatch(/💊 hand back: [^\\]+ \(/);
    expect(text).toContain("*🔴 UNPAID*");
    expectFits([answer as Record<string, unknown>]);
  });
});

describe("the scheduled posts", () => {
  const posted = (kind: string) =>
    h.slack.messages.filter((m) => m.metadata?.event_payload.kind === kind && !m.thread_ts);

  it("each round posted once per day in ROUNDS_CHANNEL, complete, within the limits; a second run posts nothing", async () => {
    for (const round of ["morning", "midday", "evening"]) {
      await h.bot.digest?.runPost(`rounds:${round}`, TODAY, { retry: false });
      await h.bot.digest?.runPost(`rounds:${round}`, TODAY, { retry: false });
      expect(posted(`rounds:${round}`)).toHaveLength(1);
      expect(posted(`rounds:${round}`)[0]?.channel).toBe("C0ROUNDS");
    }
    for (const m of h.slack.messages.filter((x) => x.channel === "C0ROUNDS")) {
      expect(limitViolations({ text: m.text, blocks: m.blocks as Message["blocks"] })).toEqual([]);
    }
  });

  it("the 150-pet day's round: a parent and thread replies, each a numbered part", async () => {
    await h.bot.digest?.runPost("rounds:morning", FULL_HOUSE, { retry: false });
    const parent = h.slack.messages.find(
      (m) =>
        m.metadata?.event_payload.kind === "rounds:morning" &&
        m.metadata.event_payload.date === FULL_HOUSE &&
        !m.thread_ts,
    );
    const replies = h.slack.messages.filter((m) => m.thread_ts === parent?.ts);
    expect(replies.length).toBeGreaterThan(0);
    expect(parent?.metadata?.event_payload.parts).toBe(replies.length + 1);
    for (const m of [parent, ...replies])
      expect(limitViolations({ text: String(m?.text), blocks: m?.blocks as Message["blocks"] })).toEqual([]);
  });

  it("a restart (a second bot on the same Slack) posts nothing more; two instances at once leave one post", async () => {
    const config = h.config;
    const second = createBot(
      {
        kennel: createKennelClient(config.kennel as NonNullable<Config["kennel"]>, { log: silentLogger() }),
        log: silentLogger(),
        config,
        clock: { now: () => new Date(`${TODAY}T19:00:00Z`) },
        record: h.record,
      },
      { slack: config.slack as NonNullable<Config["slack"]>, digest: { settleMs: 50 }, warmCare: false },
    );
    await second.digest?.runPost("rounds:evening", TODAY, { retry: false });
    expect(posted("rounds:evening").filter((m) => m.metadata?.event_payload.date === TODAY)).toHaveLength(1);
    const day = "2026-11-25";
    await Promise.all([
      h.bot.digest?.runPost("rounds:midday", day, { retry: false }),
      second.digest?.runPost("rounds:midday", day, { retry: false }),
    ]);
    expect(posted("rounds:midday").filter((m) => m.metadata?.event_payload.date === day)).toHaveLength(1);
  });

  it("tomorrow's check: the arrivals whose care details are missing, each with an Owner's contacts button that answers only the clicker", async () => {
    await h.bot.digest?.runPost("tomorrow", TODAY, { retry: false });
    const parent = posted("tomorrow")[0];
    expect(parent?.channel).toBe("C0FRONTDESK");
    const all = [parent, ...h.slack.messages.filter((m) => m.thread_ts === parent?.ts)];
    const text = JSON.stringify(all);
    expect(text).toContain("Care details missing — arrivals Mon 23 Nov");
    const buttons = all.flatMap((m) =>
      ((m?.blocks ?? []) as Array<{ accessory?: { action_id: string; value: string } }>).flatMap((b) =>
        b.accessory ? [b.accessory] : [],
      ),
    );
    const contact = buttons.find((b) => b.action_id.startsWith("owner_contacts"));
    expect(contact).toBeDefined();
    const { form, id } = actionForm(h.slack, contact as { action_id: string; value: string }, {
      channel: "C0FRONTDESK",
    });
    await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
    await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal));
    const answer = h.slack.responsesFor(id).find(isFinal)?.body;
    expect(answer?.response_type).toBe("ephemeral");
    expect(JSON.stringify(answer)).toMatch(/📞 /);
  });
});

describe("the Home tab", () => {
  const openHome = (user: string) => homePublished(h, `Ev${user}${Date.now()}`, user);

  it("staff: today at a glance, each figure with a button that answers its list", async () => {
    const view = (await openHome("U0STAFF")).view;
    const text = JSON.stringify(view);
    expect(text).toContain("Today — Sun 22 Nov");
    for (const label of [
      "Arrivals",
      "Departures",
      "In house",
      "Departures with money to take",
      "Medication this round",
      "Care details missing for tomorrow",
    ]) {
      expect(text).toContain(label);
    }
    expect(text).not.toMatch(/\*: \?/);
    expect(view.blocks.length).toBeLessThanOrEqual(100);
    const { form, id } = actionForm(h.slack, {
      action_id: "home_list:inhouse",
      value: JSON.stringify({ l: "inhouse" }),
    });
    await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
    await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal), 15_000);
    const answer = h.slack.responsesFor(id).find(isFinal)?.body;
    expect(answer?.response_type).toBe("ephemeral");
    expect(JSON.stringify(answer)).toContain("In house — Sun 22 Nov");
  });

  it("a guest sees the refusal and no kennel data", async () => {
    const before = h.sandbox.requests.length;
    const text = JSON.stringify((await openHome("U0GUEST")).view);
    expect(text).toMatch(/not available to guest accounts/);
    expect(text).not.toContain("Arrivals");
    expect(h.sandbox.requests.length).toBe(before);
  });
});

describe("privacy", () => {
  it("no contact detail in any channel post of these features", () => {
    const contacts = contactValues(h.sandbox);
    const posts = channelPosts(h.slack).join("\n");
    expect(posts.length).toBeGreaterThan(1000);
    for (const c of contacts) expect(posts).not.toContain(c);
    expect(SANDBOX_REFERENCES.demo).toBeTruthy();
  });
});
