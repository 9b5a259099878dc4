/**
 * The stay's record at pick-up, on both engines: a departing pet's stay is recorded (a dose given,
 * a dose refused with a note, a dose never recorded, meals), and the summary the front desk reads to
 * the owner is the same words on /departures, the 07:00 post, /booking and the terminal (`kennel-desk
 * record --booking`); the "Stay record" button answers the full record only to the one who clicked.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayReport } from "../../src/answers/day.ts";
import { esc } from "../../src/blocks/mrkdwn.ts";
import type { Deps } from "../../src/deps.ts";
import { composePost } from "../../src/digest/compose.ts";
import { ROUNDS, type Round } from "../../src/domain/care.ts";
import { type DueItem, dueItems } from "../../src/domain/record.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { PetStayRecord } from "../../src/domain/stay.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { createMcpServer } from "../../src/mcp/server.ts";
import { openCareRecord, temporaryRecord } from "../../src/record/open.ts";
import type { CareRecordStore, EntryInput } from "../../src/record/types.ts";
import { addDays, localDate } from "../../src/time.ts";
import { staySummaryWords } from "../../src/words/stay.ts";
import { runCommand } from "../cli/helpers.ts";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { keepRounds } from "../helpers/rounds.ts";
import { actionForm, commandForm, postSigned } from "../helpers/slack.ts";

/** Sunday 22 Nov 2026, 10:00 in London: departures today, the stay's rounds before it recorded. */
let at = Date.parse("2026-11-22T10:00:00Z");
const clock = { now: () => new Date(at) };
const pg = usePostgres();
const TZ = "Europe/London";

const engines: Array<{
  name: string;
  open: () => Promise<{ store: CareRecordStore; env: Record<string, string>; close: () => Promise<void> }>;
  skip: boolean;
}> = [
  {
    name: "SQLite",
    open: async () => {
      // The record began before the stays (Kennel Desk installed weeks ago): every round counts.
      const r = temporaryRecord(clock, "kennel-desk-stay-", LOOPBACK);
      await begunEarlier(r.store);
      return { store: r.store, env: { KENNEL_DATA_DIR: r.dir }, close: () => r.close() };
    },
    skip: false,
  },
  {
    name: "PostgreSQL",
    open: async () => {
      const url = await pg.freshDatabase();
      const now = at;
      at = Date.parse("2026-11-01T08:00:00Z");
      const { store } = await openCareRecord({ engine: "postgres", url }, clock, LOOPBACK);
      at = now;
      return { store, env: { DATABASE_URL: url.href }, close: () => store.close() };
    },
    skip: !pg.available,
  },
];

/** The first day whose rounds the bot kept (the record began before it). */
const KEPT_FROM = "2026-11-16";

/** The sandbox's kennel: the bot opens the record for it too. */
const LOOPBACK = { origin: "loopback" };

/** Makes the record as Kennel Desk would have weeks before today's test clock. */
async function begunEarlier(store: CareRecordStore): Promise<void> {
  const now = at;
  at = Date.parse("2026-11-01T08:00:00Z");
  await store.kennel();
  at = now;
}

/** The summary as the stay record's own first line says it: its list right below, never "see the stay record". */
const inRecord = (words: string) => words.replace("(see the stay record)", "(listed below)");

/** A dose's line in the full record: its words, marked when due from the words, then what was recorded. */
const itsLine = (med: DueItem, rest: string) => {
  const re = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`${re(med.text)}( \\(from the words, plan not confirmed\\))?: ${re(rest)}`);
};

/** How many of a stay record's round lines say a meal was missed. */
const missedMeals = (text: string) =>
  text.match(/meal( \(from the words, plan not confirmed\))?: ❌ missed/g)?.length ?? 0;

const isFinal = (r: { body: Record<string, unknown> }) => !String(r.body.text ?? "").includes("Looking up");

describe.each(engines)("the stay's record at pick-up ($name)", ({ open, skip }) => {
  let h: Harness;
  let store: CareRecordStore;
  let env: Record<string, string>;
  let close: () => Promise<void>;
  let deps: Deps;
  /** The departing booking chosen, its pet, and the words every surface must show. */
  let reference: string;
  let bookingId: number;
  let pet: PetStayRecord;
  let words: string;
  let med: DueItem;
  let refusedAt: string;

  beforeAll(async () => {
    if (skip) return;
    ({ store, env, close } = await open());
    h = await startHarness({
      record: store,
      clock,
      env: { DIGEST_CHANNEL: "C0FRONTDESK", DIGEST_SCHEDULE: "off" },
    });
    const log = silentLogger();
    const kennel = createKennelClient(h.config.kennel as NonNullable<typeof h.config.kennel>, {
      log,
      retryDelay: () => 10,
    });
    deps = { kennel, log, config: h.config, clock, record: store };
    // The week's rounds kept by the bot at their times (what each asked written once), up to this
    // morning's: every pet's, as the posts would have kept them.
    const days: string[] = [];
    for (let d = KEPT_FROM; d < "2026-11-22"; d = addDays(d, 1)) days.push(d);
    await keepRounds(deps, days);
    await keepRounds(deps, ["2026-11-22"], ["morning"]);
  }, 240_000);
  afterAll(async () => {
    if (skip) return;
    await h.close();
    await close();
  });

  it.skipIf(skip)(
    "records a departing pet's stay: a dose given, one refused with a note, one never recorded, meals",
    async () => {
      const before = await dayReport(deps, "departures", "2026-11-22", { wholeDay: true });
      // A departure whose stay began three days before or more and whose pet has a dose in some round.
      const times = h.config.rounds.times;
      let round: Round = "morning";
      const found = before.entries.find((e) => {
        const p = e.care?.pets[0];
        if (e.care?.status !== "matched" || !p) return false;
        if (Date.parse(e.booking.checkInDate ?? "") > Date.parse("2026-11-19T00:00:00Z")) return false;
        const r = ROUNDS.find((x) => dueItems(roundSheet(p.care, x)).some((d) => d.item !== "meal"));
        if (r) round = r;
        return r !== undefined;
      });
      if (!found)
        throw new Error("the sandbox has no departure on 22 Nov with a dose and a stay of three days");
      bookingId = found.booking.bookingId as number;
      reference = found.booking.reference as string;
      const p = found.care?.pets[0] as NonNullable<NonNullable<typeof found.care>["pets"][0]>;
      const petId = p.pet.petId as number;
      const due = dueItems(roundSheet(p.care, round));
      med = due.find((d) => d.item !== "meal") as (typeof due)[0];
      const base = {
        round,
        bookingId,
        petId,
        petName: p.pet.name ?? "pet",
        userId: "U0JANE",
        userName: "Jane",
      } as const;
      const write = async (entries: EntryInput[], when: string) => {
        at = Date.parse(when);
        expect((await store.record(entries)).status).toBe("recorded");
      };
      // Its stay's rounds were kept by the bot at their times (beforeAll).
      expect(localDate(found.booking.checkInDate as string, TZ) >= KEPT_FROM).toBe(true);
      // London is on UTC in November: a round's local time is its UTC time. Two days before: the dose
      // given and the meal eaten in part; the day before: the dose refused with a note.
      const [hh, mm] = times[round].split(":").map(Number) as [number, number];
      const tenPast = (date: string) =>
        `${date}T${String(hh).padStart(2, "0")}:${String(mm + 10).padStart(2, "0")}:00Z`;
      refusedAt = `${String(hh).padStart(2, "0")}:${String(mm + 10).padStart(2, "0")}`;
      await write(
        [
          {
            ...base,
            date: "2026-11-20",
            item: med.item,
            itemText: med.text,
            outcome: "given",
            requestKey: "s1",
          },
          {
            ...base,
            date: "2026-11-20",
            item: "meal",
            itemText: "dinner",
            outcome: "ate_some",
            requestKey: "s1",
          },
        ],
        tenPast("2026-11-20"),
      );
      await write(
        [
          {
            ...base,
            date: "2026-11-21",
            item: med.item,
            itemText: med.text,
            outcome: "refused",
            note: "spat it <out>",
            requestKey: "s2",
          },
        ],
        tenPast("2026-11-21"),
      );
      at = Date.parse("2026-11-22T10:00:00Z");
      const report = await dayReport(deps, "departures", "2026-11-22", { wholeDay: true });
      const entry = report.entries.find((e) => e.booking.bookingId === bookingId);
      pet = entry?.stay?.pets.find((x) => x.petId === petId) as PetStayRecord;
      expect(pet).toBeDefined();
      // Given once, refused once; every other dose of the stay's rounds passed unrecorded (three days or more).
      expect(pet.doses.given).toBe(1);
      expect(pet.doses.due).toBeGreaterThanOrEqual(3);
      expect(pet.exceptions.filter((x) => x.kind === "missed")).toHaveLength(pet.doses.due - 2);
      expect(pet.exceptions.find((x) => x.kind === "refused")).toMatchObject({
        date: "2026-11-21",
        label: med.label,
        who: "Jane",
        why: "spat it <out>",
      });
      expect(pet.meals.ateSome).toBe(1);
      words = staySummaryWords(pet, TZ);
      expect(words).toContain(`${med.label.slice(0, 39)}`);
      expect(words).toContain(`refused Sat 21 Nov ${refusedAt}: spat it <out>`);
      expect(words).toMatch(/❌ .* missed (Wed 18|Thu 19) Nov, \w+ round \(\d\d:\d\d\)/);
      // One word for one fact: a meal its round asked with nothing recorded by the time its window
      // closed is "missed" in the summary, as its round's line below says it ("meal: ❌ missed").
      expect(pet.meals.missed).toBeGreaterThan(0);
      expect(words).toMatch(new RegExp(`🍽 \\d+ meals: [^·]*\\b${pet.meals.missed} missed`));
      expect(words).not.toContain("not recorded");
      expect(words).toMatch(/💊 1 of \d+ doses? given/);
    },
  );

  it.skipIf(skip)(
    "/departures and the 07:00 post show the same summary, with a Stay record button",
    async () => {
      const { form, id } = commandForm(h.slack, { command: "/departures", text: "today" });
      await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
      await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal), 20_000);
      const pages = [JSON.stringify(h.slack.responsesFor(id).find(isFinal)?.body)];
      // /departures pages its day: walk to the page with the booking.
      let body = h.slack.responsesFor(id).find(isFinal)?.body as {
        blocks: Array<{ elements?: Array<{ action_id: string; value: string }> }>;
      };
      while (!pages.at(-1)?.includes(reference)) {
        const next = body.blocks
          .flatMap((b) => b.elements ?? [])
          .find((e) => e.action_id?.startsWith("day_page:next"));
        if (!next) break;
        const click = actionForm(h.slack, next);
        await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, click.form);
        await h.slack.waitFor(() => h.slack.responsesFor(click.id).some(isFinal), 20_000);
        body = h.slack.responsesFor(click.id).find(isFinal)?.body as typeof body;
        pages.push(JSON.stringify(body));
      }
      const page = pages.at(-1) as string;
      expect(page).toContain(JSON.stringify(esc(words)).slice(1, -1));
      expect(page).toContain(`"stay_record:${bookingId}"`);
      const post = await composePost(deps, "departures", "2026-11-22");
      const all = JSON.stringify([post.parent, ...post.replies]);
      expect(all).toContain(JSON.stringify(esc(words)).slice(1, -1));
      expect(all).toContain(`"stay_record:${bookingId}"`);
    },
  );

  it.skipIf(skip)(
    "/booking shows it; the button answers the full record only to the one who clicked",
    async () => {
      const { form, id } = commandForm(h.slack, { command: "/booking", text: reference });
      await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
      await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal), 20_000);
      const answer = JSON.stringify(h.slack.responsesFor(id).find(isFinal)?.body);
      expect(answer).toContain(JSON.stringify(esc(words)).slice(1, -1));
      const click = actionForm(
        h.slack,
        { action_id: `stay_record:${bookingId}`, value: JSON.stringify({ b: bookingId }) },
        { user: "U0STAFF" },
      );
      await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, click.form);
      await h.slack.waitFor(() => h.slack.responsesFor(click.id).some(isFinal), 20_000);
      const full = h.slack.responsesFor(click.id).find(isFinal)?.body as Record<string, unknown>;
      expect(full.response_type).toBe("ephemeral");
      const text = JSON.stringify(full);
      expect(text).toContain(`Stay record · ${reference}`);
      expect(text).toContain("Fri 20 Nov, ");
      expect(text).toContain(`refused ${refusedAt} · Jane · spat it &lt;out&gt;`);
      // The summary's missed meals are the round lines' missed meals (the answer may stop before the last day).
      // Its own first line is the summary, never pointing to itself ("and 4 more (listed below)").
      expect(text).toContain(JSON.stringify(esc(inRecord(words))).slice(1, -1));
      expect(text).not.toContain("see the stay record");
      expect(missedMeals(text)).toBeGreaterThan(0);
      expect(missedMeals(text)).toBeLessThanOrEqual(pet.meals.missed);
    },
  );

  it.skipIf(skip)(
    "the terminal prints the same summary and the full record: kennel-desk record --booking",
    async () => {
      const { code, stdout, stderr } = await runCommand(
        ["record", "--booking", reference],
        {
          KENNEL_TIMEZONE: TZ,
          LOG_LEVEL: "silent",
          KENNEL_API_KEY: h.sandbox.keys.main,
          KENNEL_API_BASE_URL: h.sandbox.url,
          ...env,
        },
        { clock },
      );
      expect(stderr).toBe("");
      expect(code).toBe(0);
      expect(stdout).toContain(`Stay record · ${reference}`);
      expect(stdout).toContain(inRecord(words));
      expect(stdout).toMatch(itsLine(med, `refused ${refusedAt} · Jane · spat it <out>`));
      expect(stdout).toMatch(itsLine(med, "given"));
      // All of it: each meal the summary counts as missed is a round's line saying so.
      expect(missedMeals(stdout)).toBe(pet.meals.missed);
    },
  );

  it.skipIf(skip)(
    "the connector: get_booking carries the same summary; get_care_record gives the stay's record and a day's",
    async () => {
      const server = createMcpServer(deps);
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: "kennel-desk-test", version: "1.0.0" });
      await client.connect(clientSide);
      const call = async (name: string, args: Record<string, unknown>) => {
        const r = (await client.callTool({ name, arguments: args })) as {
          content: Array<{ text?: string }>;
          structuredContent?: Record<string, unknown>;
          isError?: boolean;
        };
        return {
          text: r.content.map((c) => c.text ?? "").join("\n"),
          data: r.structuredContent,
          isError: r.isError,
        };
      };
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).toContain("get_care_record");
      const booking = await call("get_booking", { reference });
      expect(booking.text).toContain(words);
      const stay = await call("get_care_record", { booking: reference });
      expect(stay.isError).toBeFalsy();
      expect(stay.text).toContain(inRecord(words));
      expect(stay.text).toMatch(itsLine(med, `refused ${refusedAt} · Jane · spat it <out>`));
      expect(JSON.stringify(stay.data)).not.toMatch(/customerPhone|customerEmail|@/);
      const dayRecord = await call("get_care_record", { date: "2026-11-21" });
      expect(dayRecord.text).toContain("refused");
      // A round by the name staff use, as in Slack and the terminal.
      const dinner = await call("get_care_record", { date: "2026-11-21", round: "dinner" });
      expect(dinner.isError).toBeFalsy();
      expect(dinner.text).toMatch(/^Care record · Sat 21 Nov 2026 · Evening/);
      const typo = await call("get_care_record", { date: "2026-11-21", round: "dinnr" });
      expect(typo.isError).toBe(true);
      expect(typo.text).toMatch(/dinner/);
      const both = await call("get_care_record", { booking: reference, date: "2026-11-21" });
      expect(both.isError).toBe(true);
      await client.close();
      await server.close();
    },
  );
});
