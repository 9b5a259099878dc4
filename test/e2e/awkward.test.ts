/**
 * Care exact on real-world data (issue 20), on every surface: the terminal (the CLI in-process),
 * Slack (the real Bolt app over HTTP with the Slack stand-in) and the connector (the MCP server
 * in-process), all against the sandbox's awkward data set (src/sandbox/awkward.ts) on one day.
 * Each case says what the three surfaces show; they agree.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliRunner } from "../cli/helpers.ts";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { commandForm, postSigned, type Recorded, sign } from "../helpers/slack.ts";
import { type Connected, connectInProcess, textOf } from "../mcp/harness.ts";

const TODAY = "2026-11-22";
/** 09:00 in London: the morning round is the round now. */
const NOW = new Date(`${TODAY}T09:00:00Z`);
let h: Harness;
let mcp: Connected;
const cli = cliRunner(
  () => h.sandbox,
  () => NOW,
);

beforeAll(async () => {
  h = await startHarness({ sandbox: { awkward: true, today: TODAY }, clock: { now: () => NOW } });
  mcp = await connectInProcess(h.sandbox);
});
afterAll(async () => {
  await mcp?.close();
  await h?.close();
});

const isFinal = (r: Recorded) =>
  !String(r.body.text ?? "").includes("Looking up") && r.body.delete_original !== true;

/** Everything a slash command answered, as one text (every message, every block). */
async function slack(command: string, text: string): Promise<string> {
  const postsBefore = h.slack.api.length;
  const { form, id } = commandForm(h.slack, { command, text, user: "U0STAFF" });
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
  expect(res.status).toBe(200);
  await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal), 15_000);
  let n = -1;
  while (n !== h.slack.responsesFor(id).length) {
    n = h.slack.responsesFor(id).length;
    await new Promise((r) => setTimeout(r, 150));
  }
  // Round sheets go to a thread: the stand-in records those posts too.
  const posts = h.slack.api
    .slice(postsBefore)
    .filter((a) => a.path === "/api/chat.postMessage")
    .map((a) => a.body);
  return slackText([
    ...h.slack
      .responsesFor(id)
      .filter(isFinal)
      .map((r) => r.body),
    ...posts,
  ]);
}

/** Block Kit as readable text: every "text" string, unescaped. */
function slackText(bodies: unknown[]): string {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        if (k === "text" && typeof x === "string") out.push(x);
        else walk(x);
      }
    }
  };
  walk(bodies);
  return out.join("\n").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

async function terminal(args: string[]): Promise<string> {
  const r = await cli(args);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

async function connector(tool: string, args: Record<string, unknown>): Promise<string> {
  const r = await mcp.call(tool, args);
  expect(r.isError, textOf(r)).toBeFalsy();
  return textOf(r);
}

/** The lines of the block that begins at the line naming `who`, up to the next pet or room. */
function blockOf(text: string, who: string): string {
  const lines = text.split("\n");
  const at = lines.findIndex((l) => l.includes(who));
  expect(at, `${who} in:\n${text.slice(0, 3000)}`).toBeGreaterThan(-1);
  const out = [lines[at] as string];
  for (const l of lines.slice(at + 1)) {
    if (/^\s{5}/.test(l) || /^(🚫|❔|🩺|💊|🍽|⚠️)/.test(l.trim())) out.push(l);
    else break;
  }
  return out.join("\n");
}

/** The booking card on all three surfaces. */
const bookingEverywhere = async (ref: string) => ({
  terminal: await terminal(["booking", ref]),
  slack: await slack("/booking", ref),
  connector: await connector("get_booking", { reference: ref }),
});

/** A round's sheet on the terminal and in Slack (the connector has no round tool yet). */
const roundEverywhere = async (round: string) => ({
  terminal: await terminal(["rounds", round, TODAY]),
  slack: await slack("/rounds", `${round} ${TODAY}`),
});

describe("1. matching never borrows a pet", () => {
  it("'Daisy' under a customer whose only pet is Bonnie: not matched, never Bonnie's Vetmedin", async () => {
    // Before: Bonnie and her Vetmedin were shown for Daisy on /booking, /inhouse and every round.
    for (const [surface, text] of Object.entries(await bookingEverywhere("AW-DAISY"))) {
      expect(text, surface).toContain("care details not matched: open the booking (Daisy)");
      expect(text, surface).not.toContain("Vetmedin");
      expect(text, surface).not.toContain("Bonnie");
    }
    const sheets = await roundEverywhere("evening");
    for (const [surface, text] of Object.entries(sheets)) {
      const row = blockOf(text, "Gwen Pryce");
      expect(row, surface).toContain("care details not matched");
      expect(row, surface).not.toContain("Vetmedin");
    }
  });

  it("'Scout & Daisy' with one pet booked: Scout's care, and Daisy reported", async () => {
    // Before: Daisy was dropped and the card said nothing was missing.
    for (const [surface, text] of Object.entries(await bookingEverywhere("AW-SCOUT"))) {
      expect(text, surface).toContain("Apoquel 16 mg");
      expect(text, surface).toContain("care details not matched: open the booking (Daisy)");
    }
  });

  it("'2 dogs' under a customer with a dog and a cat: nobody's care is guessed", async () => {
    for (const [surface, text] of Object.entries(await bookingEverywhere("AW-DOGS"))) {
      expect(text, surface).toContain("2 dogs: no pet named");
      expect(text, surface).not.toContain("Galliprant");
    }
  });
});

describe("2. who is in house", () => {
  it("a stay with no check-out date is in house, marked; one checked out is off the evening sheet; a 19:00 arrival is on it", async () => {
    const sheets = await roundEverywhere("evening");
    for (const [surface, text] of Object.entries(sheets)) {
      // Before: in house nowhere, while /booking said "Checked In".
      const jasper = blockOf(text, "Nia Lloyd");
      expect(jasper, surface).toContain("no check-out date");
      expect(jasper, surface).toContain("one tablet with dinner");
      // Before: counted, not named, on the 18:00 sheet.
      const pip = blockOf(text, "Rhys Evans");
      expect(pip, surface).toContain("arrives 19:00");
      expect(pip, surface).toContain("4 units after dinner");
      expect(pip, surface).toContain("Diabetic food, 150 g");
      // Before: "Checked Out" and still on the evening sheet with its dose.
      expect(text, surface).not.toContain("Dafydd Owen");
      expect(text, surface).not.toContain("1 ml with dinner");
    }
    const arrivals = await connector("list_arrivals", { date: TODAY });
    expect(arrivals).toContain("Caninsulin 4 units");
  });
});

describe("3. statuses by whole words", () => {
  it("'Cancellation Requested' is a stay until cancelled, on the sheet and shown with its status", async () => {
    // Before: hidden as if cancelled.
    for (const [surface, text] of Object.entries(await roundEverywhere("midday"))) {
      expect(blockOf(text, "Lowri Williams"), surface).toContain("Cardisure 2.5 mg · midday: one tablet");
    }
    for (const [surface, text] of Object.entries(await bookingEverywhere("AW-ASK"))) {
      expect(text, surface).toContain("Cancellation Requested");
    }
  });
});

describe("4. diets as written, fasting first", () => {
  it("a morning diet 'Nil' is no food this round, never the general diet; fasting words raise 🚫 first", async () => {
    for (const [surface, text] of Object.entries(await roundEverywhere("morning"))) {
      const rolo = blockOf(text, "Ceri Jones");
      expect(rolo, surface).toContain("Nil (no food this round)");
      expect(rolo, surface).not.toContain("Chicken and rice");
      // Before: no flag, and the card said "no special care".
      const luna = blockOf(text, "Eira Thomas").split("\n");
      expect(luna[1], surface).toContain("🚫 fasting: NIL BY MOUTH – op at 10:00");
      expect(blockOf(text, "Owain Hughes"), surface).toContain("🚫 fasting: Fasting from 8pm");
    }
    for (const [surface, text] of Object.entries(await bookingEverywhere("AW-NBM"))) {
      expect(text, surface).toMatch(/🚫 \*?Fasting:?\*?:? NIL BY MOUTH – op at 10:00/i);
    }
    const home = await homeText();
    expect(home).toContain("🚫 *Fasting:*");
    expect(home).toContain("Luna (Kennel 6): NIL BY MOUTH – op at 10:00");
  });
});

describe("5. unreadable is not none", () => {
  it("an allergies value of an unexpected type says it could not be read, never 'none recorded'", async () => {
    for (const [surface, text] of Object.entries(await bookingEverywhere("AW-UNREAD"))) {
      expect(text, surface).toContain("allergies could not be read: check the record");
      expect(text, surface).not.toMatch(/Allergies:?\*?:? none recorded/);
    }
    for (const [surface, text] of Object.entries(await roundEverywhere("morning"))) {
      expect(blockOf(text, "Sian Davies"), surface).toContain(
        "❔ allergies could not be read: check the record",
      );
    }
  });

  it("a customer's pet list without the care fields is completed from /pets/{id}", async () => {
    // Before: "no medication" on every card, while /pet showed the drug.
    for (const [surface, text] of Object.entries(await bookingEverywhere("AW-LISTLESS"))) {
      expect(text, surface).toContain("Metacam 1.5 ml");
    }
  });
});

describe("6. drug names, listed twice, allergy in notes, none known, payment", () => {
  it("the drug's name from its evening instruction when the instruction says 'AM'", async () => {
    for (const [surface, text] of Object.entries(await roundEverywhere("evening"))) {
      expect(blockOf(text, "Gethin Rees"), surface).toContain("Selgian 20 mg · evening");
    }
  });

  it("a drug in two slots, and an allergy only in the medical notes, are on the sheets", async () => {
    for (const [surface, text] of Object.entries(await roundEverywhere("morning"))) {
      expect(blockOf(text, "Heledd Parry"), surface).toContain(
        "Rimadyl 50 mg listed twice: check it is not a double dose",
      );
      expect(blockOf(text, "Mari Roberts"), surface).toContain(
        "🩺 medical notes: Allergic to chicken – itchy skin",
      );
    }
    for (const [surface, text] of Object.entries(await bookingEverywhere("AW-TWICE"))) {
      expect(text, surface).toContain("listed twice: check it is not a double dose");
    }
  });

  it("'None known' is no allergy", async () => {
    for (const [surface, text] of Object.entries(await bookingEverywhere("AW-NKA"))) {
      expect(text, surface).not.toMatch(/allergies: None known/i);
    }
  });

  it("payment not recorded is counted 'to check' in the going-home summary and on the Home tab", async () => {
    const surfaces = {
      terminal: await terminal(["departures", TODAY]),
      slack: await slack("/departures", TODAY),
      connector: await connector("list_departures", { date: TODAY }),
    };
    for (const [surface, text] of Object.entries(surfaces)) {
      expect(text, surface).toContain("1 payment not recorded: to check");
    }
    expect(await homeText()).toContain("Departures with payment not recorded (to check):* 1");
  });
});

/** The Home tab as text, as published for a staff member opening it. */
async function homeText(): Promise<string> {
  const before = h.slack.api.filter((a) => a.path === "/api/views.publish").length;
  const body = JSON.stringify({
    token: "x",
    team_id: "T1",
    api_app_id: "A1",
    type: "event_callback",
    event_id: `EvHome${Date.now()}`,
    event_time: 1_700_000_000,
    event: { type: "app_home_opened", user: "U0STAFF", channel: "D1", tab: "home", event_ts: "1.1" },
  });
  const ts = Math.floor(Date.now() / 1000);
  const res = await fetch(`${h.url}/slack/events`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-slack-request-timestamp": String(ts),
      "x-slack-signature": sign(SIGNING_SECRET, ts, body),
    },
    body,
  });
  expect(res.status).toBe(200);
  await h.slack.waitFor(
    () => h.slack.api.filter((a) => a.path === "/api/views.publish").length > before,
    15_000,
  );
  const published = h.slack.api.filter((a) => a.path === "/api/views.publish").at(-1)?.body as {
    view: unknown;
  };
  const view = typeof published.view === "string" ? JSON.parse(published.view) : published.view;
  return slackText([view]);
}
