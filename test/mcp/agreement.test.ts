/**
 * The connector and Slack agree. On the same sandbox days, list_arrivals and list_departures give
 * the same count, the same order and the same care facts as the day report Slack's /arrivals and
 * /departures are drawn from (src/answers/day.ts `dayReport`, fetched here with a client of its
 * own). Before, the connector listed every booking the API returned (15 departures where Slack
 * said 10), in the API's order, with no care flags. list_in_house and get_round say what Slack's
 * /inhouse and /rounds render: the same stays and pets, the same counts, the same medication rows,
 * and no contact details. Both read one care record, with a pet off its food (issue 32: the flag is
 * the answers', so the connector says it as Slack does). Slack's assistant, which draws Block Kit,
 * gets each card's Block Kit beside the text (issue 33): the same document, line for line.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DayReport, dayReport } from "../../src/answers/day.ts";
import { type HouseReport, houseReport } from "../../src/answers/house.ts";
import { bookingView } from "../../src/answers/records.ts";
import { type RoundReport, roundReport } from "../../src/answers/rounds.ts";
import { houseMessages } from "../../src/blocks/house.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import { roundMessages } from "../../src/blocks/rounds.ts";
import type { Block, Message } from "../../src/blocks/types.ts";
import type { Config } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { careOf } from "../../src/domain/care.ts";
import type { DayEntry } from "../../src/domain/day.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import { drawsBlockKit } from "../../src/mcp/tool.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { AWKWARD_CASES } from "../../src/sandbox/awkward.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { captureLogger } from "../helpers/log.ts";
import { visibleOfMessages, visibleOfText } from "../helpers/visible.ts";
import { offFoodRecord } from "../present/harness.ts";
import { CLOCK, type Connected, connectInProcess, type Result, textOf } from "./harness.ts";

let sandbox: Sandbox;
let mcp: Connected;
/** The same connector as Slack's assistant reaches it: a client that draws Block Kit. */
let slackbot: Connected;
const BLOCK_KIT = {
  extensions: { "io.slack/block-kit": { mimeTypes: ["application/vnd.slack.blocks+json"] } },
};
/** Slack's side: its own kennel client, so nothing is shared with the connector but the API. */
let slackDeps: Deps;
/** The care record both sides read: Tyson (AW-BITE) off his food. */
let record: CareRecordStore;
/** A booking whose petNames name no pet of its customer: its care must say "not matched". */
let messy: { bookingId: number; date: string };

beforeAll(async () => {
  // With the awkward data set (issue 20): bookings and pets as real kennels type them.
  sandbox = await startSandbox({
    seed: 21,
    customers: 150,
    today: "2026-11-22",
    timezone: "Europe/London",
    awkward: true,
  });
  const day = sandbox.data.busyDays[0] as string;
  const pets = (id: unknown) => sandbox.main.pets.filter((p) => p.customerId === id && !p.deleted);
  const victim = sandbox.main.bookings.find(
    (b) =>
      String(b.checkOutDate ?? "").startsWith(day) &&
      b.status === "confirmed" &&
      pets(b.customerId).length >= 2,
  ) as Record<string, unknown>;
  victim.petNames = "Ghost & Shadow (visiting)";
  victim.numberOfPets = 2;
  messy = { bookingId: victim.bookingId as number, date: day };
  record = await offFoodRecord(sandbox, sandbox.data.today, CLOCK);
  mcp = await connectInProcess(sandbox, {}, undefined, record);
  slackbot = await connectInProcess(sandbox, {}, undefined, record, BLOCK_KIT);
  const { log } = captureLogger([sandbox.keys.main]);
  const kennel = createKennelClient(mcp.deps.config.kennel as NonNullable<Config["kennel"]>, { log });
  slackDeps = { kennel, log, config: mcp.deps.config, clock: CLOCK, record };
});
afterAll(async () => {
  await mcp.close();
  await slackbot?.close();
  await record.close();
  await sandbox.close();
});

/** The awkward data set's references (src/sandbox/awkward.ts). */
function awkwardReferences(): string[] {
  return Object.keys(AWKWARD_CASES);
}

/** What the front desk acts on, per booking: care status, and each pet's medication names and allergies. */
function careFacts(e: DayEntry) {
  return {
    bookingId: e.booking.bookingId,
    status: e.care?.status,
    unmatched: e.care?.unmatched,
    pets: (e.care?.pets ?? []).map((p) => ({
      petId: p.pet.petId,
      medications: p.flags.medications,
      allergies: p.flags.allergies ?? null,
    })),
  };
}

type ToolDay = DayReport & { textPage: { page: number; pages: number; from: number } };

/**
 * Every page of a day tool's text, in order, with its structured content: the whole day on every
 * page (every entry, the day's totals), whichever page the text shows.
 */
async function wholeDayFromTool(kind: "arrivals" | "departures", date: string) {
  const pages: Array<{ report: ToolDay; text: string }> = [];
  for (let page = 1; ; page++) {
    const r = await mcp.call(`list_${kind}`, { date, page });
    expect(r.isError, textOf(r)).toBeFalsy();
    const report = r.structuredContent as unknown as ToolDay;
    pages.push({ report, text: textOf(r) });
    expect(report.textPage.page).toBe(page);
    expect(report.entries).toEqual(pages[0]?.report.entries);
    if (page >= report.textPage.pages) return pages;
  }
}

describe.each(["arrivals", "departures"] as const)("list_%s agrees with the day report", (kind) => {
  // The sandbox's 150-pet day (today + 2), today, and an ordinary day a week on.
  it.each(["2026-11-24", "2026-11-22", "2026-11-29"])(
    "%s: same count, order and care facts",
    async (date) => {
      const slack = await dayReport(slackDeps, kind, date, { wholeDay: true });
      const pages = await wholeDayFromTool(kind, date);
      const entries = pages[0]?.report.entries ?? [];

      // Count: the summary's count, the day's totals, and every entry in the structured content.
      for (const p of pages) expect(p.report.totals).toEqual(slack.totals);
      expect(entries).toHaveLength(slack.totals.bookings);
      expect(pages[0]?.report.totals.leftOut).toEqual(slack.totals.leftOut);
      // What the API listed = what is shown + what was left out (and said).
      const api =
        kind === "arrivals"
          ? await slackDeps.kennel.listArrivals(date)
          : await slackDeps.kennel.listDepartures(date);
      const { calledOff, waitlisted } = slack.totals.leftOut;
      expect(entries.length + calledOff + waitlisted).toBe(api.data.length);

      // Order: booking ids, page after page, as the whole day.
      expect(entries.map((e) => e.booking.bookingId)).toEqual(slack.entries.map((e) => e.booking.bookingId));
      // Pages as Slack pages them, each saying how to ask for the next.
      const slackPage2 = await dayReport(slackDeps, kind, date, { page: 2 });
      expect(pages).toHaveLength(slackPage2.pages);
      if (slackPage2.pages > 1) expect(pages[1]?.report.textPage.from).toBe(slackPage2.from);
      for (const [n, p] of pages.slice(0, -1).entries())
        expect(p.text).toContain(`Ask for page ${n + 2} for more.`);

      // Care facts: status, and each pet's medication names and allergies.
      expect(entries.map(careFacts)).toEqual(slack.entries.map(careFacts));

      // The text says them too, page by page: every medication by name (to give, or to hand back);
      // at arrivals every allergy. (The departures text is the going-home check: money, medication to
      // hand back, grooming notes.)
      for (const p of pages) {
        const { from } = p.report.textPage;
        const next = pages[p.report.textPage.page]?.report.textPage.from ?? entries.length;
        for (const e of entries.slice(from, next)) {
          for (const pet of e.care?.pets ?? []) {
            for (const m of pet.flags.medications) expect(p.text).toContain(m);
            if (kind === "arrivals" && pet.flags.allergies) expect(p.text).toContain(pet.flags.allergies);
          }
        }
      }
    },
  );
});

describe("care that cannot be matched is said, never silently dropped", () => {
  it("a booking whose petNames name none of the customer's pets is not_matched on both, and the text says so", async () => {
    const slack = await dayReport(slackDeps, "departures", messy.date, { wholeDay: true });
    const pages = await wholeDayFromTool("departures", messy.date);
    const find = (list: DayEntry[]) => list.find((e) => e.booking.bookingId === messy.bookingId);
    const whole = pages[0]?.report.entries ?? [];
    const viaTool = find(whole);
    expect(viaTool?.care?.status).toBe("not_matched");
    expect(viaTool?.care?.unmatched).toEqual(["Ghost", "Shadow"]);
    expect(careFacts(viaTool as DayEntry)).toEqual(careFacts(find(slack.entries) as DayEntry));
    // Counted in the summary of every page (the day's count), whichever page it is on.
    const notMatched = whole.filter((e) => e.care?.status === "not_matched").length;
    for (const p of pages) {
      expect(p.report.totals.careNotMatched).toBe(notMatched);
      expect(p.text).toContain(`❔ ${notMatched} with care details not matched`);
    }
  });
});

describe("get_booking agrees with /booking", () => {
  it("the unmatched booking: the same care, and the text says the care was not matched", async () => {
    const r = await mcp.call("get_booking", { id: messy.bookingId });
    expect(r.isError, textOf(r)).toBeFalsy();
    const slack = await bookingView(slackDeps, String(messy.bookingId));
    const viaTool = r.structuredContent as unknown as DayEntry;
    expect(viaTool.care?.status).toBe("not_matched");
    expect(careFacts(viaTool)).toEqual(careFacts(slack as unknown as DayEntry));
    expect(textOf(r)).toMatch(/care details not matched/);
  });

  it("a booking with medicated pets: the same care facts, and each medication's instruction, midday and evening in the text", async () => {
    // The sandbox's busiest days: over a hundred arrivals and departures between them.
    const days = await Promise.all(
      ["2026-11-22", "2026-11-23", "2026-11-24"].flatMap((d) =>
        (["arrivals", "departures"] as const).map((k) => dayReport(slackDeps, k, d, { wholeDay: true })),
      ),
    );
    const medicated = days
      .flatMap((d) => d.entries)
      .filter(
        (e) =>
          e.care?.status === "matched" &&
          e.care.pets.some((p) => p.care.medications.some((m) => m.midday || m.evening)),
      );
    expect(medicated.length).toBeGreaterThan(0);
    for (const e of medicated.slice(0, 3)) {
      const ref = e.booking.reference as string;
      const r = await mcp.call("get_booking", { reference: ref });
      expect(r.isError, textOf(r)).toBeFalsy();
      const slack = await bookingView(slackDeps, ref);
      const data = r.structuredContent as unknown as DayEntry;
      expect(careFacts(data)).toEqual(careFacts(slack as unknown as DayEntry));
      const lines = textOf(r).split("\n");
      for (const p of slack.care.pets) {
        for (const m of p.care.medications) {
          const row = lines.find((l) => m.instruction && l.includes(m.instruction) && l.includes("midday"));
          expect(row, `${m.instruction} in:\n${textOf(r)}`).toBeDefined();
          if (m.midday) expect(row).toContain(m.midday);
          if (m.evening) expect(row).toContain(m.evening);
          expect(row).not.toMatch(/morning:/i);
        }
      }
    }
  });
});

describe("the awkward cases (issue 20): get_booking agrees with /booking", () => {
  const refs = awkwardReferences();
  it.each(refs)(
    "%s: the same care status, unmatched names, medications, allergies and flags",
    async (ref) => {
      const r = await mcp.call("get_booking", { reference: ref });
      expect(r.isError, textOf(r)).toBeFalsy();
      const slack = await bookingView(slackDeps, ref);
      const viaTool = r.structuredContent as unknown as DayEntry;
      const flags = (e: DayEntry) =>
        (e.care?.pets ?? []).map((p) => ({
          fasting: p.flags.fasting ?? null,
          unreadable: p.flags.unreadable,
          listedTwice: p.flags.listedTwice,
          allergyInNotes: p.flags.allergyInNotes ?? null,
        }));
      expect(careFacts(viaTool)).toEqual(careFacts(slack as unknown as DayEntry));
      expect(flags(viaTool)).toEqual(flags(slack as unknown as DayEntry));
      // Never another pet's care: Daisy's booking shows no pet at all, and says so.
      if (ref === "AW-DAISY") {
        expect(viaTool.care?.status).toBe("not_matched");
        expect(viaTool.care?.pets).toEqual([]);
        // The booking's own card: a step that leads elsewhere than the booking.
        expect(textOf(r)).toContain("care details not matched (Daisy): look the pet up with /pet Daisy");
      }
    },
  );
});

describe("get_pet shows medication as the spec says", () => {
  it("each medication: its instruction, then its own midday and evening instructions; never 'morning'", async () => {
    // The pets as the client reads them (absent values as undefined), with two or more medications.
    const candidates = sandbox.main.pets.filter((p) => !p.deleted && p.medication2);
    const medicated: Pet[] = [];
    for (const p of candidates.slice(0, 12)) {
      const pet = (await slackDeps.kennel.getPet(p.petId as number)).data;
      if (careOf(pet).medications.some((m) => m.midday || m.evening)) medicated.push(pet);
    }
    expect(medicated.length).toBeGreaterThan(0);
    for (const pet of medicated.slice(0, 5)) {
      const r = await mcp.call("get_pet", { petId: pet.petId as number });
      expect(r.isError, textOf(r)).toBeFalsy();
      const text = textOf(r);
      const lines = text.split("\n");
      for (const m of careOf(pet).medications) {
        const row = lines.find((l) => m.instruction && l.includes(m.instruction));
        expect(row, `${m.instruction} in:\n${text}`).toBeDefined();
        const at = (word: string) => (row as string).indexOf(word);
        // Instruction first, then midday, then evening, on the drug's own row.
        expect(at("midday")).toBeGreaterThan(at(m.instruction as string));
        expect(at("evening")).toBeGreaterThan(at("midday"));
        if (m.midday) expect(row).toContain(m.midday);
        if (m.evening) expect(row).toContain(m.evening);
        expect(row).not.toMatch(/morning:/i);
      }
      const data = r.structuredContent as { care: { medications: Array<Record<string, unknown>> } };
      expect(data.care.medications.every((m) => !("morning" in m))).toBe(true);
    }
  });
});

/** What Slack shows of a message's blocks, as plain text: every section and context, unescaped. */
function shown(messages: Message[]): string[] {
  const plain = (t: string) => t.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  const texts = (b: Block): string[] => {
    const block = b as { type: string; text?: { text: string }; elements?: Array<{ text?: string }> };
    if (block.type === "section" && block.text) return [block.text.text];
    if (block.type === "context") return (block.elements ?? []).map((e) => e.text ?? "");
    return [];
  };
  return messages.flatMap((m) => (m.blocks ?? []).flatMap(texts)).map(plain);
}
const folded = (t: string) => t.replace(/\s+/g, " ").trim();
/** A line Slack draws bold ("*🍽 off food: 2 meals*") as the words it shows. */
const unbold = (t: string) => t.replace(/^\*(.*)\*$/, "$1");

describe("list_in_house agrees with /inhouse", () => {
  it("the 150-pet day: every stay as data, each page's text with the counts and care Slack shows", async () => {
    const date = sandbox.data.fullHouseDay;
    const slack = await houseReport(slackDeps, date, { wholeDay: true });
    type ToolHouse = HouseReport & { textPage: { page: number; pages: number; from: number } };
    const first = await mcp.call("list_in_house", { date });
    expect(first.isError, textOf(first)).toBeFalsy();
    const data = first.structuredContent as unknown as ToolHouse;
    // The whole day, in Slack's order, with the day's counts.
    expect(data.entries.map((e) => e.booking.bookingId)).toEqual(
      slack.entries.map((e) => e.booking.bookingId),
    );
    expect(data.totals).toEqual(slack.totals);
    expect(data.entries.map(careFacts)).toEqual(slack.entries.map(careFacts));
    expect(data.textPage.pages).toBeGreaterThan(1);
    for (let page = 1; page <= data.textPage.pages; page++) {
      const r = page === 1 ? first : await mcp.call("list_in_house", { date, page });
      const text = textOf(r);
      const slackPage = await houseReport(slackDeps, date, { page });
      const lines = shown(houseMessages(slackPage, "Europe/London", "2026"));
      // The summary Slack shows (the day's counts beside "page N of M") is the text's summary.
      const summary = lines[0] as string;
      expect(summary).toContain(`page ${page} of ${data.textPage.pages}`);
      expect(text).toContain(summary);
      expect((r.structuredContent as unknown as ToolHouse).textPage.from).toBe(slackPage.from);
      // Each stay's care on the page: every medication by name, every allergy.
      for (const e of slackPage.entries) {
        for (const pet of e.care?.pets ?? []) {
          for (const m of pet.flags.medications) expect(text).toContain(m);
          if (pet.flags.allergies) expect(text).toContain(pet.flags.allergies);
        }
      }
      if (page < data.textPage.pages) expect(text).toContain(`Ask for page ${page + 1} for more.`);
    }
  });
});

describe("list_in_house agrees with /inhouse on the awkward day (issue 32), with a record", () => {
  it("the same stays, the same flags (off food, past check-out, checked out at, notes of danger), the same lines", async () => {
    const date = sandbox.data.today;
    const slack = await houseReport(slackDeps, date, { wholeDay: true });
    const r = await mcp.call("list_in_house", { date });
    expect(r.isError, textOf(r)).toBeFalsy();
    const data = r.structuredContent as unknown as HouseReport;
    const marks = (x: HouseReport) =>
      x.entries.map((e) => ({
        id: e.booking.bookingId,
        offFood: (e.offFood ?? []).map((f) => [f.petId, f.meals]),
        pastCheckOut: e.pastCheckOut ?? null,
        checkedOutAt: e.checkedOutAt ?? null,
        danger: (e.care?.pets ?? []).map((p) => (p.flags.dangerNotes ?? []).map((n) => n.text)),
      }));
    expect(marks(data)).toEqual(marks(slack));
    expect(marks(slack).some((m) => m.offFood.length > 0)).toBe(true);
    expect(marks(slack).some((m) => m.pastCheckOut)).toBe(true);
    // Every line Slack shows on each page is in the connector's text of that page.
    for (let page = 1; page <= slack.pages || page === 1; page++) {
      const text = folded(textOf(page === 1 ? r : await mcp.call("list_in_house", { date, page })));
      const lines = shown(
        houseMessages(await houseReport(slackDeps, date, { page }), "Europe/London", "2026"),
      )
        .flatMap((t) => t.split("\n"))
        .filter((l) => /^(⚠️|🍽|❔)/u.test(l) || / · ⚠️ past check-out/.test(l));
      for (const line of lines) expect(text).toContain(folded(line.replace(/`/g, "")));
      const next = (await houseReport(slackDeps, date, { page })).pages;
      if (page >= next) break;
    }
  });
});

describe("get_round agrees with /rounds", () => {
  it.each([
    ["morning", "the 150-pet day"],
    ["midday", "the 150-pet day"],
    ["evening", "the 150-pet day"],
    ["morning", "the awkward day"],
    ["midday", "the awkward day"],
    ["evening", "the awkward day"],
  ] as const)("%s round of %s: the same sheet, pet by pet, as Slack renders it", async (round, which) => {
    const date = which === "the awkward day" ? sandbox.data.today : sandbox.data.fullHouseDay;
    const r = await mcp.call("get_round", { round, date });
    expect(r.isError, textOf(r)).toBeFalsy();
    const data = r.structuredContent as unknown as RoundReport;
    const slack = await roundReport(slackDeps, round, date);
    const rows = (x: RoundReport) =>
      x.pets.map((p) => [
        p.booking.bookingId,
        p.pet?.pet.petId ?? null,
        p.careStatus,
        p.offFood?.meals ?? null,
        p.pastCheckOut ?? null,
        p.checkedOutAt ?? null,
        (p.sheet?.notes?.danger ?? []).map((n) => n.text),
      ]);
    expect(rows(data)).toEqual(rows(slack));
    expect(data.totals).toEqual(slack.totals);
    expect(data.round).toBe(round);
    // Everything Slack shows of each pet (diet, each medication's row, allergies, care not
    // matched) is in the connector's text: Slack's lines, unescaped.
    const { parent, replies } = roundMessages(slack);
    const text = folded(textOf(r));
    const slackLines = shown([parent, ...replies]).flatMap((t) => t.split("\n"));
    // A button's name (" 📋 Plan…") is Slack's alone, as its button is.
    const careLines = slackLines
      .filter((l) => /^(💊|⚠️|🍽|❔|🚫|📝|\*🍽)/u.test(l))
      .map((l) => unbold(l).replace(/ 📋 Plan…$/, ""));
    expect(careLines.length).toBeGreaterThan(slack.pets.length / 2);
    for (const line of careLines) expect(text).toContain(folded(line));
    // The summary (the round's counts) is the same words.
    const summary = folded(shown([parent])[0] ?? "");
    expect(summary).toMatch(/with medication this round/);
    expect(text).toContain(summary);
  });

  it("without a round: the round now by the kennel's clock (09:00: morning)", async () => {
    const r = await mcp.call("get_round", { date: "2026-11-22" });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(r.structuredContent?.round).toBe("morning");
    expect(textOf(r)).toMatch(/^Morning round — /);
  });

  it.each([
    ["lunch", "midday"],
    ["PM", "evening"],
    ["breakfast", "morning"],
  ])("a round by the name staff use: %s is the %s round, as in Slack", async (word, round) => {
    const r = await mcp.call("get_round", { round: word, date: "2026-11-22" });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(r.structuredContent?.round).toBe(round);
  });

  it("a word that is not a round is bad input, refused before any request", async () => {
    const r = await mcp.call("get_round", { round: "brunch" });
    expect(r.isError).toBe(true);
    expect(r.structuredContent?.kind).toBe("usage");
    expect(textOf(r)).toMatch(/round/);
  });

  it("a mistyped round gets the nearest one suggested, as in Slack and the terminal, and no request", async () => {
    const r = await mcp.call("get_round", { round: "lnch" });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain("Did you mean lunch?");
    expect(textOf(await mcp.call("get_round", { round: "banana" }))).not.toContain("Did you mean");
  });
});

describe("the care day's tools keep contact details out, as the channel does", () => {
  it("list_in_house and get_round: no phone, email or address in the text or the structured content", async () => {
    const date = sandbox.data.fullHouseDay;
    const staying = sandbox.main.bookings.filter(
      (b) =>
        b.status === "confirmed" &&
        String(b.checkInDate) < `${date}T06:00:00Z` &&
        String(b.checkOutDate) > `${date}T20:00:00Z`,
    );
    expect(staying.length).toBeGreaterThan(0);
    const victim = staying[0] as Record<string, unknown>;
    Object.assign(victim, {
      customerPhone: "07700 900555",
      customerEmail: "private.owner@example.com",
      customerAddress: "9 Secret Row, Ambridge",
    });
    const phones = sandbox.main.bookings.map((b) => b.customerPhone).filter(Boolean) as string[];
    for (const [tool, args] of [
      ["list_in_house", { date }],
      ["get_round", { round: "evening", date }],
    ] as const) {
      const r = await mcp.call(tool, args);
      expect(r.isError, textOf(r)).toBeFalsy();
      const all = JSON.stringify(r);
      expect(all).toContain(String(victim.bookingId));
      expect(all).not.toMatch(/phone|email|address/i);
      for (const secret of ["07700 900555", "private.owner@example.com", "9 Secret Row", ...phones])
        expect(all, tool).not.toContain(secret);
    }
  });
});

/** Tyson's booking (AW-BITE): off his food in the record both sides read. */
const tysonBooking = () =>
  (sandbox.main.bookingByReference.get("AW-BITE") as { bookingId: number }).bookingId;

/** The Block Kit a tool gave Slack's assistant (`_meta.slack.blocks`), as a message. */
function cardOf(r: Result): Message {
  const blocks = (r._meta?.slack as { blocks?: Block[] } | undefined)?.blocks;
  expect(blocks, "a card in _meta.slack.blocks").toBeDefined();
  return { text: "card", blocks: blocks as Block[] };
}

/** The text's lines as the card shows them: the connector's own page line left out. */
const textLines = (r: Result) =>
  visibleOfText(textOf(r)).filter((l) => !/^Page \d+ of \d+ of this day's list\./.test(l));

/**
 * The card says what the text says, line for line; a card cut to one message says so in its last
 * line, and is the text's first lines. Returns the card's lines.
 */
function expectCardOfText(r: Result): string[] {
  const card = cardOf(r);
  expect(limitViolations(card)).toEqual([]);
  expect(JSON.stringify(card)).not.toMatch(/"type":"(button|actions)"/);
  const lines = visibleOfMessages([card]);
  const text = textLines(r);
  if (!/^… and \d+ more parts? of this answer: its text has all of it\.$/.test(lines.at(-1) ?? "")) {
    expect(lines).toEqual(text);
    return lines;
  }
  expect(text.slice(0, lines.length - 1)).toEqual(lines.slice(0, -1));
  expect(text.length).toBeGreaterThan(lines.length - 1);
  return lines;
}

describe("Slackbot reads our cards: the same document's Block Kit beside the text", () => {
  const CARDS = [
    "get_pet",
    "get_booking",
    "list_arrivals",
    "list_departures",
    "list_in_house",
    "get_round",
    "get_care_record",
  ];

  it("tools/list marks the seven tools with a card, and only those", async () => {
    const { tools } = await slackbot.client.listTools();
    const marked = tools.filter((t) => (t._meta?.slack as { supportsBlockKit?: boolean })?.supportsBlockKit);
    expect(marked.map((t) => t.name).sort()).toEqual([...CARDS].sort());
  });

  it.each([
    ["get_booking", () => ({ reference: "AW-BITE" })],
    [
      "get_pet",
      () => ({
        petId: (sandbox.main.petsByBooking.get(tysonBooking()) as Array<{ petId: number }>)[0]?.petId,
      }),
    ],
    ["list_arrivals", () => ({ date: "2026-11-22" })],
    ["list_departures", () => ({ date: "2026-11-24", page: 2 })],
    ["list_in_house", () => ({ date: "2026-11-22" })],
    ["get_round", () => ({ round: "morning", date: "2026-11-22" })],
    ["get_care_record", () => ({ date: "2026-11-21" })],
    ["get_care_record", () => ({ booking: "AW-BITE" })],
  ] as const)(
    "%s %o: the card says what the text says, line for line, within Block Kit's limits",
    async (tool, args) => {
      const r = await slackbot.call(tool, args() as Record<string, unknown>);
      expect(r.isError, textOf(r)).toBeFalsy();
      expectCardOfText(r);
    },
  );

  it("the awkward day's round and board: the off-food flag and the record on the card, as on Slack", async () => {
    const round = expectCardOfText(
      await slackbot.call("get_round", { round: "evening", date: sandbox.data.today }),
    );
    expect(round.some((l) => l.includes("🍽 off food: 2 meals"))).toBe(true);
    // The board's pages, each its own card, until Tyson's (the flag is on his stay's lines).
    const flagged: string[] = [];
    for (let page = 1; page <= 20 && flagged.length === 0; page++) {
      const r = await slackbot.call("list_in_house", { date: sandbox.data.today, page });
      flagged.push(...expectCardOfText(r).filter((l) => l.includes("🍽 off food: 2 meals")));
      if ((r.structuredContent as { textPage: { pages: number } }).textPage.pages <= page) break;
    }
    expect(flagged.length).toBeGreaterThan(0);
  });

  it("the 150-pet round: the card is the text's first lines, then says the text has the rest", async () => {
    const r = await slackbot.call("get_round", { round: "morning", date: sandbox.data.fullHouseDay });
    expect(expectCardOfText(r).at(-1)).toMatch(
      /^… and \d+ more parts of this answer: its text has all of it\.$/,
    );
  });

  it("a stay's record for the handover: Tyson's meals not eaten, on the card as in the text", async () => {
    const r = await slackbot.call("get_care_record", { booking: "AW-BITE" });
    const card = expectCardOfText(r);
    expect(card[1]).toMatch(/^Stay record, Tyson: .*2 ate none/);
  });

  it("a client that does not draw Block Kit gets the text alone; a failure is words, never a card", async () => {
    const plain = await mcp.call("get_booking", { reference: "AW-BITE" });
    expect(plain._meta).toBeUndefined();
    const missing = await slackbot.call("get_booking", { reference: "NO-SUCH-REF" });
    expect(missing.isError).toBe(true);
    expect(missing._meta).toBeUndefined();
  });
});

describe("who draws Block Kit, read from initialize's capabilities", () => {
  it("Slack's extension, its media type, the older experimental place; not another's, not a bare true", () => {
    const kit = "application/vnd.slack.blocks+json";
    expect(drawsBlockKit({ extensions: { "io.slack/block-kit": { mimeTypes: [kit] } } })).toBe(true);
    expect(drawsBlockKit({ extensions: { "io.slack/block-kit": {} } })).toBe(true);
    expect(drawsBlockKit({ experimental: { "io.slack/block-kit": { mimeTypes: [kit] } } })).toBe(true);
    expect(drawsBlockKit({ extensions: { "io.slack/block-kit": { mimeTypes: ["text/html"] } } })).toBe(false);
    expect(drawsBlockKit({ extensions: { "io.modelcontextprotocol/ui": {} } })).toBe(false);
    expect(drawsBlockKit({ extensions: { "io.slack/block-kit": true } })).toBe(false);
    expect(drawsBlockKit(undefined)).toBe(false);
    expect(drawsBlockKit({})).toBe(false);
  });
});
