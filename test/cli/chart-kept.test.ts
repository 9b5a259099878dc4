/**
 * `kennel-desk chart` of rounds already kept reads them from the care record alone (issue 45: what a
 * round asked is written once, and every surface reads the record): the pets as the rounds kept them
 * (name, room, booking, stay), what they asked and the doses signed, never the kennel API's answer of
 * a later moment. Before, the chart asked the kennel API for every round of every day, kept or not:
 * with the API down, the chart of a day whose rounds were all kept failed, and a pet renamed since
 * showed its new name. Only a round not kept is asked of the API; one it cannot read is named, with
 * the API's request id, and its cells say "not read". Real loopback HTTP to the sandbox and a real
 * SQLite record.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordDay } from "../../src/answers/care-record.ts";
import { type Chart, type ChartPet, chartOf } from "../../src/answers/chart.ts";
import type { RoundDose } from "../../src/answers/doses.ts";
import { roundDoses } from "../../src/answers/obligations.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import { chartPostMessages } from "../../src/blocks/chart-post.ts";
import type { Deps } from "../../src/deps.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import { ROUNDS } from "../../src/domain/care.ts";
import { isMedicationItem } from "../../src/domain/record.ts";
import { type ChartOptions, chartDoc } from "../../src/present/chart.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";
import { docText } from "../../src/text/doc.ts";
import { recordDayText } from "../../src/text/record.ts";
import { zonedInstant } from "../../src/time.ts";
import { timeOnDay } from "../../src/words/dates.ts";
import { movingClock, useSandboxRecord } from "../helpers/sandbox-deps.ts";
import { cliRunner } from "./helpers.ts";

const TZ = "Europe/London";
/** The sandbox's today: its three rounds kept at 07:00; the next day's never kept. */
const DAY = "2026-11-22";
const NEXT = "2026-11-23";
/** The day before, its rounds kept by hand as an older record holds them (a test of its own). */
const BEFORE = "2026-11-21";
const clock = movingClock(zonedInstant(DAY, "07:00", TZ));
const OPTIONS: ChartOptions = {
  slack: { none: "made without Slack" },
  timezone: TZ,
  times: { morning: "07:30", midday: "12:00", evening: "18:00" },
  names: undefined,
  generatedAt: `${DAY}T15:00:00Z`,
};
const PLAIN = { color: false, timezone: TZ, thisYear: "2026" };
let sandbox: Sandbox;
let store: CareRecordStore;
let deps: Deps;
let dir: string;
const cli = cliRunner(
  () => sandbox,
  () => clock.now(),
);
/** The chart of the day at 07:00 before any round was kept: each round as the kennel API answered it. */
let asked: Chart;
/** The same chart at the same moment once the day's three rounds were kept: from the record. */
let kept: Chart;
/** A pet of the morning round with a medication due, and its dose signed by Jane Doe at its time. */
let the: { bookingId: number; petId: number; name: string; room: string; dose: RoundDose };

const petIn = (chart: Chart) =>
  chart.pets.find((p) => p.bookingId === the.bookingId && p.petId === the.petId) as ChartPet;

/** What a pet's page shows, as data: its care (allergies, danger notes) read from the kennel API now. */
const pages = (chart: Chart) =>
  chart.pets
    .filter((p) => p.rows.length > 0)
    .map((p) => ({
      pet: `${p.bookingId}|${p.petId}`,
      name: p.name,
      room: p.room,
      reference: p.reference,
      checkIn: p.checkIn && Date.parse(p.checkIn),
      checkOut: p.checkOut && Date.parse(p.checkOut),
      stillHere: p.stillHere,
      checkedOut: p.checkedOut,
      plan: p.plan?.state,
      rows: p.rows.map((r) => ({ item: r.item, drug: r.plan?.what.text, due: r.due })),
      cells: p.cells,
      care: p.care,
    }));

useSandboxRecord(
  { seed: 21, customers: 150, today: DAY, timezone: TZ },
  clock,
  "kennel-desk-chart-kept-",
  (started) => {
    ({ sandbox, store, deps, dir } = started);
  },
  { env: { KENNEL_CACHE_TTL_S: "0" } },
);

beforeAll(async () => {
  asked = await chartOf(deps, { from: DAY, days: 1 });
  for (const round of ROUNDS) await prepareRoundPost(deps, round, DAY);
  kept = await chartOf(deps, { from: DAY, days: 1 });
  const dose = (await roundDoses(deps, "morning", DAY)).find(
    (d) => isMedicationItem(d.due.item) && /^[\w ]+$/.test(d.petName) && /^[\w ]+$/.test(d.room ?? ""),
  );
  if (!dose?.room) throw new Error("the sandbox's morning round has no pet with a medication due");
  the = { bookingId: dose.bookingId, petId: dose.petId, name: dose.petName, room: dose.room, dose };
  // Signed by Jane Doe at its time.
  clock.to(new Date(dose.window.dueAt));
  await store.record([
    {
      date: DAY,
      round: "morning",
      bookingId: dose.bookingId,
      petId: dose.petId,
      petName: dose.petName,
      item: dose.due.item,
      itemText: dose.due.text,
      outcome: "given",
      userId: "U0JANE",
      userName: "Jane Doe",
      requestKey: "chart-kept-1",
    },
  ]);
  clock.to(zonedInstant(DAY, "15:00", TZ));
}, 120_000);

afterAll(() => sandbox?.setFaults({}));

describe("the chart of a day whose rounds were kept", () => {
  it("is the chart the kennel API gave before they were kept: each page's pet, room, stay, rows and cells", () => {
    expect(asked.columns.map((c) => c.kept)).toEqual([false, false, false]);
    expect(kept.columns).toEqual(ROUNDS.map((round) => ({ date: DAY, round, kept: true })));
    expect(pages(kept).length).toBeGreaterThan(0);
    expect(pages(kept)).toEqual(pages(asked));
    // Each page's care read from the kennel API now, as before: a pet's allergies are on its page.
    expect(pages(kept).some((p) => p.care !== undefined)).toBe(true);
    // A booking whose care could not be matched is said of the kept round too, as the round read from
    // the kennel API says it: by its reference, which the round kept (staff never see its id).
    const whenPosted = (said: string) =>
      said.replace(/: care not (loaded|matched), so/, ": care not $1 when its round was posted, so");
    expect(kept.problems).toEqual(asked.problems.map(whenPosted));
    const named = kept.problems.flatMap((said) => /^Booking (\S+) \(/.exec(said)?.[1] ?? []);
    expect(named.length).toBeGreaterThan(0);
    for (const reference of named)
      expect(sandbox.main.bookingByReference.has(reference), reference).toBe(true);
  });

  it("says a booking whose care was not matched once, though a kept day and a day read now both find it", async () => {
    const chart = await chartOf(deps, { from: DAY, days: 2 });
    expect(chart.columns.map((c) => c.kept)).toEqual([true, true, true, false, false, false]);
    expect(kept.problems.length).toBeGreaterThan(0);
    // The kept day's own lines, by booking id, and none more for the same bookings from the next day.
    for (const said of kept.problems) {
      const pets = said.match(/^Booking \S+ (\([^)]*\))/)?.[1] ?? said;
      expect(
        chart.problems.filter((p) => p.includes(pets)),
        pets,
      ).toEqual([said]);
    }
  });

  it("a day before today never posted: its rounds are past, their doses 'not posted', never 'missed'", async () => {
    const chart = await chartOf(deps, { from: "2026-11-20", days: 1 });
    expect(chart.columns.map((c) => [c.kept, c.past])).toEqual(ROUNDS.map(() => [false, true]));
    const open = chart.pets.flatMap((p) => Object.values(p.cells).filter((c) => c.kind === "open"));
    expect(open.length, "doses the care plans make due that day").toBeGreaterThan(0);
    const text = docText(chartDoc(chart, { ...OPTIONS, generatedAt: clock.now().toISOString() }), PLAIN);
    expect(text).toContain("not posted");
    expect(text).not.toMatch(/\bmissed\b(?!: nothing recorded)/);
    expect(text).toContain("the paper chart kept on the day is the record of a past round never posted");
  });

  it("shows the dose signed with its signer's initials and time, from the record", async () => {
    const chart = await chartOf(deps, { from: DAY, days: 1 });
    const key = `${DAY}|morning|${the.dose.due.item}`;
    expect(petIn(chart).cells[key]).toMatchObject({ kind: "given", initials: "JD" });
    const text = docText(chartDoc(chart, OPTIONS), PLAIN);
    expect(text).toContain(`JD ${timeOnDay(the.dose.window.dueAt, TZ, DAY)}`);
  });

  it("names a pet as its rounds kept it, though the kennel system renamed it and moved its room since", async () => {
    const pet = sandbox.main.petById.get(the.petId) as Record<string, unknown>;
    const booking = sandbox.main.bookingById.get(the.bookingId) as Record<string, unknown>;
    const was = { name: pet.name, room: booking.roomName };
    pet.name = "Renamed Since";
    booking.roomName = "Moved Since";
    try {
      const chart = await chartOf(deps, { from: DAY, days: 1 });
      expect(petIn(chart)).toMatchObject({ name: the.name, room: the.room, fromRecord: true });
      const text = docText(chartDoc(chart, OPTIONS), PLAIN);
      expect(text).toContain(`${the.name} (pet ${the.petId}) · ${the.room}`);
      expect(text).not.toContain("Renamed Since");
      expect(text).not.toContain("Moved Since");
      // Its care not matched in the kennel system now (its name there changed) and the record keeps
      // none: the page says where to look, never that there are none.
      expect(text).toContain(
        "⚠️ Allergies and care notes: not read from the kennel system, and the care record keeps none: check its record in the kennel system before giving anything.",
      );
    } finally {
      pet.name = was.name;
      booking.roomName = was.room;
    }
  });
});

describe("a booking whose care was not matched when its round was posted", () => {
  it("is kept with its reference, and the day's record names it by that reference, as the chart does", async () => {
    const [owed] = await store.log({ kind: "obligation", date: DAY });
    const missing = (await store.log({ kind: "obligation", date: DAY })).flatMap(
      (e) => e.body.careMissing ?? [],
    );
    expect(owed && missing.length).toBeGreaterThan(0);
    for (const m of missing) {
      const booking = sandbox.main.bookingById.get(m.bookingId ?? 0) as { reference?: string } | undefined;
      expect(m.reference, m.pets).toBe(booking?.reference);
      expect(m.reference).toBeTruthy();
      // Its reference, and nothing of a person: the obligation keeps no owner's name, phone or email.
      expect(Object.keys(m).sort()).toEqual(["bookingId", "pets", "reference", "status"]);
    }
    const day = await recordDay({ ...deps, record: store }, "the test's record", { date: DAY });
    const text = recordDayText(day, PLAIN);
    for (const m of missing) {
      expect(text).toContain(`${m.pets} (booking ${m.reference}): care details`);
      expect(text).not.toContain(`(booking ${m.bookingId})`);
      expect(kept.problems.some((p) => p.startsWith(`Booking ${m.reference} (${m.pets}): care not`))).toBe(
        true,
      );
    }
  });

  it("in a round kept before references were, is named by its id; one kept since, by its reference", async () => {
    // The day before, its rounds kept as the record already holds them: one booking with no reference
    // (kept before the field was), one with it.
    for (const round of ROUNDS)
      await store.append({
        kind: "obligation",
        date: BEFORE,
        requestKey: `obligation:${BEFORE}:${round}`,
        body: {
          v: 1,
          date: BEFORE,
          round,
          pets: [],
          bookings: [4242, 4343],
          careMissing:
            round === "morning"
              ? [
                  { bookingId: 4242, pets: "Daisy Old", status: "not_matched" },
                  {
                    bookingId: 4343,
                    reference: "BK-4343 <!channel> & co",
                    pets: "Rex New",
                    status: "not_loaded",
                  },
                ]
              : [],
          counts: { inHouse: 2, onSheet: 2, away: 0 },
        },
      });
    const chart = await chartOf(deps, { from: BEFORE, days: 1 });
    expect(chart.columns.every((c) => c.kept)).toBe(true);
    expect(chart.problems).toContain(
      "Booking 4242 (Daisy Old): care not matched when its round was posted, so its doses are not on this chart. Check the kennel system.",
    );
    expect(chart.problems).toContain(
      "Booking BK-4343 <!channel> & co (Rex New): care not loaded when its round was posted, so its doses are not on this chart. Check the kennel system.",
    );
    // Where it reaches Slack (the evening's chart post), the reference is escaped: it pings no one.
    const post = JSON.stringify(
      chartPostMessages({ date: BEFORE, pets: 0, problems: chart.problems, requestId: undefined }),
    );
    expect(post).toContain("Booking BK-4343 &lt;!channel&gt; &amp; co (Rex New)");
    expect(post).not.toContain("<!channel>");
    const text = recordDayText(
      await recordDay({ ...deps, record: store }, "the test's record", { date: BEFORE }),
      PLAIN,
    );
    expect(text).toContain("⚠ Daisy Old (booking 4242): care details not matched: what was due is not known");
    expect(text).toContain(
      "⚠ Rex New (booking BK-4343 <!channel> & co): care details could not be loaded: what was due is not known",
    );
  });
});

describe("the kennel API refusing after the rounds were kept", () => {
  /** What the chart says of the next day's rounds, never kept, the kennel API refusing its key. */
  const UNREAD =
    'Not posted yet, and not read from the kennel system, so their cells say "not read" (a medication given if needed stays blank there, to sign if given): Mon 23 Nov morning, midday and evening. The rounds posted are from the care record; a pet on those rounds alone (arriving after the last round posted) has no page here: check the kennel system for it. The kennel API rejected the API key (401 authentication_failed): it is missing, wrong, replaced or malformed.';

  it("charts the kept day from the record and names the rounds it could not read, with the request id", async () => {
    sandbox.setFaults({ forceStatus: 401 });
    try {
      const chart = await chartOf(deps, { from: DAY, days: 2 }, { surface: "command" });
      expect(
        chart.columns.map((c) => `${c.date} ${c.round} ${c.kept ? "kept" : c.unread ? "unread" : "read"}`),
      ).toEqual([
        `${DAY} morning kept`,
        `${DAY} midday kept`,
        `${DAY} evening kept`,
        `${NEXT} morning unread`,
        `${NEXT} midday unread`,
        `${NEXT} evening unread`,
      ]);
      expect(petIn(chart)).toMatchObject({ name: the.name, room: the.room });
      expect(petIn(chart).cells[`${DAY}|morning|${the.dose.due.item}`]).toMatchObject({
        kind: "given",
        initials: "JD",
      });
      // The kept day's own (a booking whose care was not matched when it was posted), then one line
      // for the next day's rounds: only the first was asked, the API not asked again for the others.
      expect(chart.problems.slice(0, -1)).toEqual(kept.problems);
      const said = chart.problems.at(-1) ?? "";
      expect(said.startsWith(`${UNREAD} Check that KENNEL_API_KEY in the environment`), said).toBe(true);
      expect(said).toMatch(/\(request id [^()\s]+\)$/);
      // The next day's cells on the pet's page say "not read", never struck as nothing due.
      const text = docText(chartDoc(chart, OPTIONS), PLAIN);
      expect(text).toContain("Mon 23 Nov Morning 07:30 not read · Mon 23 Nov Midday 12:00 not read");
      // The foot says where the cells come from, truly: the rounds posted only.
      expect(text).toContain(
        "from the care record. What was due at each round posted is what its sheet asked then. Each cell as the care record has it then.",
      );
    } finally {
      sandbox.setFaults({});
    }
  });

  it("a chart of kept rounds alone: every page from the record, and the care not read said once, with the request id", async () => {
    const read = await chartOf(deps, { from: DAY, days: 1 }, { surface: "command" });
    sandbox.setFaults({ forceStatus: 401 });
    try {
      const chart = await chartOf(deps, { from: DAY, days: 1 }, { surface: "command" });
      expect(chart.columns.every((c) => c.kept)).toBe(true);
      expect(pages(chart).map(({ care, ...page }) => page)).toEqual(
        pages(read).map(({ care, ...page }) => page),
      );
      expect(chart.pets.every((p) => p.care === undefined)).toBe(true);
      const said = chart.problems.at(-1) ?? "";
      expect(said).toMatch(
        /^Every round on this chart was posted and is from the care record, but the pets' allergies and care notes could not be read from the kennel system: check each pet's record there before giving anything\. The kennel API rejected the API key \(401 authentication_failed\)/,
      );
      expect(said).toMatch(/\(request id [^()\s]+\)$/);
      const text = docText(chartDoc(chart, OPTIONS), PLAIN);
      expect(text).toContain(
        "⚠️ Allergies and care notes: not read from the kennel system, and the care record keeps none",
      );
    } finally {
      sandbox.setFaults({});
    }
  });

  it("kennel-desk chart prints the kept day and says which rounds it could not read; with nothing kept it fails as before", async () => {
    const out = join(dir, "charts");
    sandbox.setFaults({ forceStatus: 401 });
    try {
      const run = await cli(["chart", DAY, "--days", "2", "--out", out], { KENNEL_DATA_DIR: dir });
      expect(run.code).toBe(0);
      // The API asked for the next day's first round only, as one round's read asks it, not again for each.
      const before = sandbox.requests.length;
      await roundReport(deps, "morning", NEXT, { keepPlans: false }).catch(() => undefined);
      expect(run.calls).toBe(sandbox.requests.length - before);
      expect(run.stderr).toContain(`⚠️ ${UNREAD} Check that KENNEL_API_KEY`);
      expect(run.stderr).toMatch(/\(request id [^()\s]+\)\n/);
      const html = readFileSync(join(out, readdirSync(out)[0] as string), "utf8");
      expect(html).toContain(the.name);
      expect(html).toContain("not read");
      const none = await cli(["chart", NEXT, "--out", join(dir, "none")], { KENNEL_DATA_DIR: dir });
      expect(none.code).toBe(3);
      expect(none.stderr).toContain("The kennel API rejected the API key (401 authentication_failed)");
    } finally {
      sandbox.setFaults({});
    }
  });
});
