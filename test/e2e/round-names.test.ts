/**
 * The kennel's own words in Slack, over the real Bolt app (signed requests, the Slack stand-in, the
 * sandbox): /rounds by every name of every round and by the kennel's own (ROUNDS_NAMES, shown in the
 * title), slash dates in the kennel's order, suggestions for typos answered to the asker alone with no
 * API call, and /kennel help for one command.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { commandForm, postSigned, type Recorded } from "../helpers/slack.ts";

let h: Harness;

beforeAll(async () => {
  // Sunday 22 November 2026 09:00 in London: day first (dmy), from the time zone.
  h = await startHarness({ env: { ROUNDS_NAMES: "Breakfast,Lunch,Dinner" } });
});
afterAll(() => h.close());

const isFinal = (r: Recorded) =>
  !String(r.body.text ?? "").includes("Looking up") && r.body.delete_original !== true;

let asked = 0;

/**
 * The command's first answer (a response_url answer, or the parent of a long answer posted as a
 * message and its thread through the Web API), and how many kennel API requests it made.
 */
async function ask(
  command: string,
  text: string,
): Promise<{ body: Record<string, unknown>; requests: number }> {
  const before = h.sandbox.requests.length;
  // A channel of its own for each question: Slack paces posts per channel, so an earlier answer's
  // thread may still be arriving in another channel, never in this one.
  const channel = `C0ASK${++asked}`;
  const parentPost = () =>
    h.slack.timeline.find(
      (e) => e.via === "postMessage" && e.channel === channel && !e.thread_ts && !e.metadata,
    );
  const { form, id } = commandForm(h.slack, { command, text, channel });
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
  expect(res.status).toBe(200);
  await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal) || parentPost() !== undefined, 15_000);
  const answered = h.slack.responsesFor(id).find(isFinal)?.body as Record<string, unknown> | undefined;
  const posted = parentPost();
  const body =
    answered ??
    ({ response_type: "in_channel", text: posted?.text, blocks: posted?.blocks } as Record<string, unknown>);
  return { body, requests: h.sandbox.requests.length - before };
}

const header = (b: Record<string, unknown>) =>
  ((b.blocks ?? []) as Array<{ type: string; text?: { text: string } }>).find((x) => x.type === "header")
    ?.text?.text ?? "";

const ROUNDS: Array<[string, string]> = [
  ["am", "Morning round (Breakfast)"],
  ["breakfast", "Morning round (Breakfast)"],
  ["MORNING", "Morning round (Breakfast)"],
  ["noon", "Midday round (Lunch)"],
  ["Lunch", "Midday round (Lunch)"],
  ["midday", "Midday round (Lunch)"],
  ["PM", "Evening round (Dinner)"],
  ["dinner", "Evening round (Dinner)"],
  ["tea", "Evening round (Dinner)"],
  ["supper", "Evening round (Dinner)"],
  ["night", "Evening round (Dinner)"],
  ["evening", "Evening round (Dinner)"],
];

describe("/rounds by the names staff use", () => {
  for (const [word, title] of ROUNDS) {
    it(`/rounds ${word} tomorrow: ${title}, for the channel`, async () => {
      const { body } = await ask("/rounds", `${word} tomorrow`);
      expect(body.response_type).toBe("in_channel");
      expect(header(body)).toMatch(new RegExp(`^${title.replace(/[()]/g, "\\$&")} — Mon 23 Nov`));
    });
  }

  it("a slash date in the kennel's order (day first here), the round after it", async () => {
    const { body } = await ask("/rounds", "25/12 lunch");
    expect(header(body)).toMatch(/^Midday round \(Lunch\) — Fri 25 Dec/);
  });
});

describe("words the bot cannot read: said to the asker alone, with no API call", () => {
  it.each([
    ["a mistyped round: did you mean", "/rounds", "lunhc", "Did you mean lunch?"],
    [
      "an impossible slash date is impossible",
      "/rounds",
      "tea 31/02",
      "is impossible: the kennel writes dates day first",
    ],
    ["a mistyped day: did you mean tomorrow?", "/arrivals", "tomorow", "Did you mean tomorrow?"],
  ])("%s (%s %s)", async (_what, command, text, said) => {
    const { body, requests } = await ask(command, text);
    expect(body.response_type).toBe("ephemeral");
    expect(JSON.stringify(body)).toContain(said);
    expect(requests).toBe(0);
  });
});

describe("help typed after a command", () => {
  for (const [command, text] of [
    ["/rounds", "help"],
    ["/rounds", "--help"],
    ["/arrivals", "-h"],
    ["/inhouse", "HELP"],
  ] as const) {
    it(`${command} ${text}: that command's help, to the asker alone, with no API call`, async () => {
      const { body, requests } = await ask(command, text);
      expect(body.response_type).toBe("ephemeral");
      expect(JSON.stringify(body)).toContain(`Help: ${command}`);
      expect(JSON.stringify(body)).not.toContain("is not a date I know");
      expect(requests).toBe(0);
    });
  }
});

describe("the day commands", () => {
  it("/departures 24.12 is 24 December", async () => {
    const { body } = await ask("/departures", "24.12");
    expect(body.response_type).toBe("in_channel");
    expect(JSON.stringify(body)).toContain("Thu 24 Dec");
  });
});

describe("/kennel help", () => {
  it("lists the rounds' other names and says how slash dates are read", async () => {
    const text = JSON.stringify((await ask("/kennel", "help")).body);
    expect(text).toContain("evening (pm, dinner, tea, supper, night)");
    expect(text).toContain("Dates written 24/12 or 24.12 are read day first (24/12 is 24 December)");
  });

  it("/kennel help rounds answers that command's help, with examples", async () => {
    const { body, requests } = await ask("/kennel", "help rounds");
    expect(body.response_type).toBe("ephemeral");
    expect(header(body)).toBe("Help: /rounds");
    const text = JSON.stringify(body);
    expect(text).toContain("midday (noon, lunch)");
    expect(text).toContain("/rounds lunch");
    expect(text).not.toContain("/arrivals [date]");
    expect(requests).toBe(0);
  });

  it("a mistyped command: did you mean", async () => {
    expect(JSON.stringify((await ask("/kennel", "help rouns")).body)).toContain("Did you mean rounds?");
    expect(JSON.stringify((await ask("/kennel", "stauts")).body)).toContain("Did you mean status?");
  });
});
