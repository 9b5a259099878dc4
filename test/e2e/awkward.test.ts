/**
 * Care exact on real-world data (issues 20 and 32), on every surface: the terminal (the CLI
 * in-process), Slack (the real Bolt app over HTTP with the Slack stand-in) and the connector (the MCP
 * server in-process), all against the sandbox's awkward data set (src/sandbox/awkward-cases.ts) on
 * one day, with one care record (the bot's, read by the terminal and the connector as they open it)
 * in which Tyson (AW-BITE) is off his food. Each case says what the three surfaces show; they agree.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { temporaryRecord } from "../../src/record/open.ts";
import { cliRunner } from "../cli/helpers.ts";
import { type Harness, homePublished, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { actionForm, commandForm, postSigned, type Recorded } from "../helpers/slack.ts";
import { type Connected, connectInProcess, textOf } from "../mcp/harness.ts";
import { recordOffFood } from "../present/harness.ts";

const TODAY = "2026-11-22";
/** 09:00 in London: the morning round is the round now. */
const NOW = new Date(`${TODAY}T09:00:00Z`);
let h: Harness;
let mcp: Connected;
let homeOpens = 0;
const cli = cliRunner(
  () => h.sandbox,
  () => NOW,
);
/** The care record: the bot writes it; the terminal reads its folder, the connector the store. */
const record = temporaryRecord({ now: () => NOW }, "kennel-desk-awkward-");

beforeAll(async () => {
  // The bot's clock moves on only when the Home tab is opened again (it is rebuilt at most every 10 s).
  h = await startHarness({
    sandbox: { awkward: true, today: TODAY },
    clock: { now: () => new Date(NOW.getTime() + homeOpens * 11_000) },
    record: record.store,
  });
  await recordOffFood(record.store, h.sandbox, TODAY);
  mcp = await connectInProcess(h.sandbox, {}, undefined, record.store);
});
afterAll(async () => {
  await mcp?.close();
  await h?.close();
  await record.close();
});

const isFinal = (r: Recorded) =>
  !String(r.body.text ?? "").includes("Looking up") && r.body.delete_original !== true;

/** Everything a slash command answered, as one text (every message, every block). */
async function slack(command: string, text: string): Promise<string> {
  const postsBefore = h.slack.api.length;
  const { form, id } = commandForm(h.slack, { command, text, user: "U0STAFF" });
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
  expect(res.status).toBe(200);
  // A short answer comes through the response_url; a long one (a round sheet) as a message and its
  // thread through the Web API.
  const posted = () =>
    h.slack.api.slice(postsBefore).filter((a) => a.path === "/api/chat.postMessage").length;
  await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal) || posted() > 0, 15_000);
  let n = -1;
  while (n !== h.slack.responsesFor(id).length + posted()) {
    n = h.slack.responsesFor(id).length + posted();
    // Slack paces posts in a channel (about one a second once a burst is spent): wait out a gap.
    await new Promise((r) => setTimeout(r, 1_300));
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
  const r = await cli(args, { KENNEL_DATA_DIR: record.dir });
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
  // Slack draws the pet's name bold ("*Bess* (Huw Jenkins)"): matched as shown.
  const at = lines.findIndex((l) => l.replace(/\*/g, "").includes(who));
  expect(at, `${who} in:\n${text.slice(0, 3000)}`).toBeGreaterThan(-1);
  const out = [lines[at] as string];
  for (const l of lines.slice(at + 1)) {
    if (/^\s{5}/.test(l) || /^\*?(🚫|❔|🩺|💊|🍽|⚠️|📝)/.test(l.trim())) out.push(l);
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

/** A round's sheet on the terminal, in Slack and from the connector. */
const roundEverywhere = async (round: string) => ({
  terminal: await terminal(["rounds", round, TODAY]),
  slack: await slack("/rounds", `${round} ${TODAY}`),
  connector: await connector("get_round", { round, date: TODAY }),
});

/** Who is in house, every page of it, on the terminal, in Slack and from the connector. */
async function houseEverywhere() {
  const out = { terminal: "", slack: "", connector: "" };
  for (let page = 1; page < 20; page++) {
    const text = await terminal(["inhouse", TODAY, "--page", String(page)]);
    out.terminal += text;
    if (!text.includes(`(more: add --page ${page + 1})`)) break;
  }
  for (let page = 1; page < 20; page++) {
    const text = await connector("list_in_house", { date: TODAY, page });
    out.connector += text;
    if (!text.includes(`Ask for page ${page + 1} for more.`)) break;
  }
  // Slack: each page as its Next button opens it.
  for (let page = 1; page < 20; page++) {
    const value = JSON.stringify({ d: TODAY, p: page });
    const { form, id } = actionForm(h.slack, { action_id: "house_page:next", value });
    await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
    await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal), 15_000);
    const body = h.slack.responsesFor(id).find(isFinal)?.body;
    out.slack += slackText([body]);
    if (!JSON.stringify(body).includes('"house_page:next"')) break;
  }
  return out;
}

describe("1. matching never borrows a pet", () => {
  it("'Daisy' under a customer whose only pet is Bonnie: not matched, never Bonnie's Vetmedin", async () => {
    // Before: Bonnie and her Vetmedin were shown for Daisy on /booking, /inhouse and every round.
    for (const [surface, text] of Object.entries(await bookingEverywhere("AW-DAISY"))) {
      // The booking's own card: a step that leads elsewhere than the booking.
      expect(text, surface).toContain("care details not matched (Daisy): look the pet up with /pet Daisy");
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
      // The booking's own card: a step that leads elsewhere than the booking.
      expect(text, surface).toContain("care details not matched (Daisy): look the pet up with /pet Daisy");
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
      // Issue 32: from the time its words state; the morning's meal as usual beside it.
      expect(blockOf(text, "Owain Hughes"), surface).toContain("🚫 fasting from 20:00: Fasting from 8pm");
      expect(blockOf(text, "Owain Hughes"), surface).toContain("🍽 morning: 200 g kibble");
    }
    for (const [surface, text] of Object.entries(await bookingEverywhere("AW-NBM"))) {
      expect(text, surface).toMatch(/🚫 \*?Fasting:?\*?:? NIL BY MOUTH – op at 10:00/i);
    }
    const home = await homeText();
    expect(home).toContain("🚫 *Fasting:*");
    expect(home).toContain("Luna (Kennel 6): NIL BY MOUTH – op at 10:00");
    // Issue 32: the nil-by-mouth list says from when.
    expect(home).toContain("Milo (Kennel 7), from 20:00: Fasting from 8pm");
  });
});

describe("5. unreadable is not none", () => {
  it("an allergies value of an unexpected type says it could not be read, never 'none recorded'", async () => {
    for (const [surface, text] of Object.entries(await bookingEverywhere("AW-UNREAD"))) {
      // Said once, at the allergies' own field (never again in a ❔ line above it).
      expect(text, surface).toMatch(/Allergies:?\*?:? could not be read: check the record/);
      expect(text, surface).not.toContain("allergies could not be read");
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
      // The plan's question until a person settles it (issue 44), the same on every surface; the
      // button's name only beside its button: none here (this Slack post has no buttons, its record
      // not this kennel API's; beside the button: test/digest/asked-round.test.ts).
      const toby = blockOf(text, "Heledd Parry");
      expect(toby, surface).toContain("Rimadyl is in two slots: one dose or two?");
      expect(toby, surface).not.toContain("📋 Plan…");
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

describe("issue 32: notes that carry danger, a pet still here, numbers whole, flags from the answers", () => {
  it("1. notes of danger are a ⚠️ line of their own on every sheet, list and card", async () => {
    for (const [surface, text] of Object.entries(await roundEverywhere("evening"))) {
      // Before: the sheet showed only Tyson's diet, and Dylan's seizure plan nowhere.
      const tyson = blockOf(text, "Rhian Vaughan");
      expect(tyson, surface).toContain("⚠️ notes: AGGRESSIVE with other dogs – muzzle on walks");
      expect(tyson, surface).toContain("⚠️ evaluation notes: Escape artist: do NOT walk with other dogs");
      expect(blockOf(text, "Gareth Pugh"), surface).toContain(
        "⚠️ notes: Seizure plan: if a fit lasts > 5 min call the vet",
      );
      expect(blockOf(text, "Bess (Huw Jenkins)"), surface).toContain(
        "⚠️ notes: Feed separately from Max, food aggressive",
      );
    }
    for (const [surface, text] of Object.entries(await houseEverywhere())) {
      expect(text, surface).toContain("⚠️ Tyson, notes: AGGRESSIVE with other dogs – muzzle on walks");
    }
    for (const [surface, text] of Object.entries(await bookingEverywhere("AW-BITE"))) {
      // Before: "no medication, allergies or special care recorded".
      expect(text, surface).toContain("⚠️ evaluation notes: Escape artist: do NOT walk with other dogs");
      expect(text, surface).not.toContain("no medication, allergies or special care recorded");
    }
  });

  it("2. a stay still checked in past its check-out is on every list and sheet; one checked out at 08:30 leaves the later sheets", async () => {
    for (const [surface, text] of Object.entries(await roundEverywhere("evening"))) {
      // Before: on no sheet, and her phenobarbital with her.
      const jess = blockOf(text, "Sioned Ellis");
      expect(jess, surface).toContain("⚠️ past check-out (Sat 21 Nov 10:00): still here?");
      expect(jess, surface).toContain("Phenobarbital 30 mg");
      expect(text, surface).not.toContain("Iwan Powell");
    }
    for (const [surface, text] of Object.entries(await houseEverywhere())) {
      expect(text, surface).toContain("⚠️ past check-out (Sat 21 Nov 10:00): still here?");
      expect(text, surface).toContain("🏠 checked out 08:30");
    }
    for (const [surface, text] of Object.entries(await roundEverywhere("morning"))) {
      expect(blockOf(text, "Iwan Powell"), surface).toContain("🏠 checked out 08:30");
    }
  });

  it("3, 4, 9. a dose with a decimal comma whole; one cat called Salt & Pepper; another customer's pet not shown", async () => {
    for (const [surface, text] of Object.entries(await roundEverywhere("evening"))) {
      // Before: "💊 Vetmedin 2"; two unmatched pets "Salt, Pepper"; Moss's Metacam on the sheet.
      expect(blockOf(text, "Alun Hopkins"), surface).toContain("💊 Vetmedin 2,5 mg · evening");
      expect(blockOf(text, "Megan Rowlands"), surface).toContain("Felimazole 2.5 mg · evening: one tablet");
      expect(blockOf(text, "Moss (Nerys Harries)"), surface).toContain("care details not matched");
      expect(text, surface).not.toContain("Metacam 2 ml");
    }
    for (const [surface, text] of Object.entries(await bookingEverywhere("AW-OTHER"))) {
      // The booking's own card: a step that leads elsewhere than the booking.
      expect(text, surface).toContain("care details not matched (Moss): look the pet up with /pet Moss");
      expect(text, surface).not.toContain("Metacam");
    }
    for (const [surface, text] of Object.entries(await bookingEverywhere("AW-SALT"))) {
      expect(text, surface).toContain("Felimazole 2.5 mg");
      expect(text, surface).not.toContain("care details not matched");
    }
  });

  it("6. the off-food flag on every surface: Slack, the terminal, --json and the connector", async () => {
    // Before: on Slack's /inhouse and round post only.
    for (const [surface, text] of Object.entries(await roundEverywhere("evening"))) {
      expect(blockOf(text, "Rhian Vaughan"), surface).toContain("🍽 off food: 2 meals");
    }
    for (const [surface, text] of Object.entries(await houseEverywhere())) {
      expect(text, surface).toContain("🍽 off food: 2 meals (Tyson)");
    }
    const json = JSON.parse(await terminal(["rounds", "evening", TODAY, "--json"])) as {
      pets: Array<{ booking: { reference?: string }; offFood?: { meals: number } }>;
    };
    expect(json.pets.find((p) => p.booking.reference === "AW-BITE")?.offFood?.meals).toBe(2);
    const board = JSON.parse(await terminal(["inhouse", TODAY, "--json"])) as {
      entries: Array<{ booking: { reference?: string }; offFood?: Array<{ meals: number }> }>;
    };
    expect(board.entries.find((e) => e.booking.reference === "AW-BITE")?.offFood?.[0]?.meals).toBe(2);
  });

  it('10. status:"Checked In" is one value', async () => {
    const surfaces = {
      terminal: await terminal(["bookings", "status:Checked In"]),
      slack: await slack("/kennel", 'bookings status:"Checked In"'),
    };
    for (const [surface, text] of Object.entries(surfaces)) {
      // Before: the status "Checked" and the search text "In": no bookings.
      expect(text, surface).toContain("status Checked In");
      expect(text, surface).toContain("AW-OPEN");
      expect(text, surface).toContain("AW-STAY");
    }
  });
});

/** The Home tab as text, as published for a staff member opening it. */
async function homeText(): Promise<string> {
  homeOpens++;
  const { view } = await homePublished(h, `EvHome${Date.now()}`);
  return slackText([view]);
}
