/**
 * As-needed doses in Block Kit (issue 35): "💊 Give if needed…" beside each pet whose confirmed plan
 * has a dose to give if needed (never an unconfirmed one), its value only ids; a pet with nothing due
 * but such a dose is on the sheet with that button alone; each pet's doses of the day beside its
 * record, awaiting their effect; and Block Kit's limits on a 150-pet day, on the round post and on
 * Home's list (a line per pet on Home up to five, a list behind a button past that).
 */
import { describe, expect, it } from "vitest";
import type { RoundPet, RoundReport } from "../../src/answers/rounds.ts";
import type { Sheet } from "../../src/answers/sheets.ts";
import type { TodayOverview } from "../../src/answers/today.ts";
import { prnGive } from "../../src/blocks/buttons.ts";
import { homeBlocks } from "../../src/blocks/home.ts";
import { duplicateActionIds, limitViolations } from "../../src/blocks/limits.ts";
import { answeredMessages, asNeededMessages, followUpMessages } from "../../src/blocks/prn.ts";
import { sheetForSlack, sheetMessages } from "../../src/blocks/round-sheet.ts";
import type { Message } from "../../src/blocks/types.ts";
import { petCare } from "../../src/domain/day.ts";
import type { PlanState } from "../../src/domain/plan/types.ts";
import type { AsNeededPet, PrnDose } from "../../src/domain/prn.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { Booking, Pet } from "../../src/kennel/schemas.ts";
import { draftSheet } from "../../src/present/round-sheet.ts";
import { roundReportOf } from "../text/fixtures.ts";

const TZ = "Europe/London";
const DATE = "2026-11-24";
const long = (word: string, n: number) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ");

/** A pet on the evening round with its plan's state; `due`: a routine dose due too. */
function pet(i: number, state: PlanState, due: boolean): RoundPet {
  const pc = petCare({
    petId: 1000 + i,
    name: `Pet ${i} ${long("name", 8)}`,
    species: "Dog",
    allergies: long("allergy", 40),
    medication: `Piriton 4mg PRN <!channel> ${long("only-if", 30)}`,
    ...(due
      ? { medication2: `Rimadyl ${i} mg ${long("dose", 40)}`, dietaryRequirementsPm: long("pm", 60) }
      : {}),
  } as Pet);
  const sheet = roundSheet(pc.care, "evening");
  const item = { key: "med:1", what: { text: "Piriton" } } as never;
  return {
    booking: { bookingId: 500 + i, roomName: `Room ${i}`, numberOfPets: 1 } as Booking,
    pet: pc,
    sheet,
    careStatus: "matched",
    unmatched: [],
    due: due ? [{ item: "med:2", label: `Rimadyl ${i}`, text: `Rimadyl ${i} mg` }] : [],
    oneTap: due,
    plan: {
      versionId: 9000 + i,
      state,
      plan: {} as never,
      items: [{ item, on: { status: "as_needed", reason: "only if scratching", maxPer24h: 2 } }],
    },
  };
}

const report = (pets: RoundPet[]): RoundReport => roundReportOf("evening", pets);

function dose(i: number, n: number, more: Partial<PrnDose> = {}): PrnDose {
  return {
    id: i * 10 + n,
    date: DATE,
    bookingId: 500 + i,
    petId: 1000 + i,
    userId: "U0JANE",
    userName: "Jane <@U1>",
    item: "med:1",
    label: "Piriton 4mg",
    itemText: "Piriton 4mg PRN",
    reason: `<!here> ${"r".repeat(480)}`,
    givenAt: `2026-11-24T1${n}:10:00Z`,
    recordedAt: `2026-11-24T1${n}:11:00Z`,
    ack: { rule: "min_interval", words: "w".repeat(900) },
    note: "n".repeat(500),
    ...more,
  };
}

const all = (t: { parent: Message; replies: Message[] }) => [t.parent, ...t.replies];
const kept = (r: RoundReport): Sheet => ({ ...sheetForSlack(draftSheet(r, { timezone: TZ })), id: 7 });
const labels = (m: Message[]) =>
  m.flatMap((x) => x.blocks).flatMap((b) => (b.type === "actions" ? b.elements.map((e) => e.text.text) : []));

describe("'💊 Give if needed…' on the round post", () => {
  it("beside a confirmed plan's pet only, due or not; its value only ids", () => {
    const r = report([
      pet(0, "confirmed", true),
      pet(1, "draft", true),
      pet(2, "confirmed", false),
      pet(3, "draft", false),
    ]);
    const sheet = kept(r);
    // The pet with nothing due but a dose to give if needed is on the sheet; so is the unconfirmed one
    // with nothing due, for its "📋 Plan…" (issue 44: the shortest way to a house confirmed).
    expect(sheet.pets.map((p) => [p.petId, p.asNeeded ?? false, p.due.length])).toEqual([
      [1000, true, 1],
      [1001, false, 1],
      [1002, true, 0],
      [1003, false, 0],
    ]);
    const messages = all(sheetMessages(sheet, { entries: [], timezone: TZ }));
    const blocks = messages.flatMap((m) => m.blocks);
    const actions = (petId: number) =>
      blocks
        .filter((b) => b.type === "actions" && (b as { block_id?: string }).block_id?.endsWith(`:${petId}`))
        .flatMap((b) => (b.type === "actions" ? b.elements : []));
    expect(actions(1000).map((e) => e.text.text)).toEqual([
      "✅ All given & eaten",
      "✏️ Record each…",
      "💊 Give if needed…",
    ]);
    expect(actions(1001).map((e) => e.text.text)).toEqual([
      "✅ All given & eaten",
      "✏️ Record each…",
      "📋 Plan…",
    ]);
    expect(actions(1002).map((e) => e.text.text)).toEqual(["💊 Give if needed…"]);
    expect(actions(1003).map((e) => e.text.text)).toEqual(["📋 Plan…"]);
    const give = actions(1002)[0];
    expect(JSON.parse(give?.value ?? "")).toEqual({ s: 7, b: 502, p: 1002 });
    expect(prnGive.decode(give?.value)).toEqual({ s: 7, b: 502, p: 1002 });
  });

  it("each pet's doses of the day beside its record, awaiting their effect, escaped", () => {
    const sheet = kept(report([pet(0, "confirmed", true)]));
    const d = dose(0, 0, {
      reason: "<!channel> scratching",
      userName: "Jane",
      ack: undefined,
      note: undefined,
    });
    const text = JSON.stringify(sheetMessages(sheet, { entries: [], timezone: TZ, asNeeded: [d] }).parent);
    expect(text).toContain(
      "💊 Piriton 4mg given 10:10 by Jane for &lt;!channel&gt; scratching · awaiting effect",
    );
    expect(text).not.toContain("<!channel>");
  });

  it("a 150-pet day, each with three long doses: every message within Block Kit's limits, unique action ids", () => {
    const r = report(Array.from({ length: 150 }, (_, i) => pet(i, "confirmed", i % 2 === 0)));
    const sheet = kept(r);
    expect(sheet.pets).toHaveLength(150);
    const asNeeded = Array.from({ length: 150 }, (_, i) => [dose(i, 0), dose(i, 1), dose(i, 2)]).flat();
    const messages = all(sheetMessages(sheet, { entries: [], timezone: TZ, asNeeded }));
    for (const m of messages) {
      expect(limitViolations(m)).toEqual([]);
      expect(duplicateActionIds(m)).toEqual([]);
    }
    expect(labels(messages).filter((l) => l === "💊 Give if needed…")).toHaveLength(150);
    // Short of room, a pet's doses in a few words, never dropped.
    expect(JSON.stringify(messages)).toContain("💊 3 as needed, 3 awaiting effect");
  });
});

describe("Home and its list", () => {
  const asNeeded = (n: number): AsNeededPet[] =>
    Array.from({ length: n }, (_, i) => ({
      bookingId: 500 + i,
      petId: 1000 + i,
      name: `Itchy ${i} <!here>`,
      room: `Kennel ${i}`,
      items: [
        {
          key: "med:1",
          label: "Piriton 4mg",
          text: "Piriton 4mg PRN",
          reason: "if scratching",
          maxPer24h: 2,
        },
      ],
      doses: i === 0 ? [dose(0, 0, { ack: undefined, note: undefined })] : [],
    }));
  const today = (pets: AsNeededPet[]): TodayOverview => ({
    date: DATE,
    round: "evening",
    arrivals: 1,
    departures: 1,
    unpaidDepartures: 0,
    inHouse: 2,
    medicationThisRound: 1,
    careMissingTomorrow: 0,
    asNeeded: pets,
    problems: [],
  });

  it("Home's line says how many doses today were given past the plan's limit", () => {
    const [pet] = asNeeded(1) as [AsNeededPet];
    const checked = {
      rule: "max_per_24h" as const,
      words: "2 already in the last 24 h: the plan says at most 2",
    };
    const helped = { id: 9, effect: "helped" as const, userName: "Jane", recordedAt: "2026-11-24T13:00:00Z" };
    const doses = [
      dose(0, 0, { ack: undefined, note: undefined, effect: helped }),
      dose(0, 1, { ack: undefined, note: undefined, effect: helped }),
      dose(0, 2, { ack: checked, note: "Manager agreed" }),
      dose(0, 3, { ack: checked, note: "Manager agreed" }),
    ];
    const home = JSON.stringify(homeBlocks(today([{ ...pet, doses }]), TZ));
    expect(home).toContain(
      "Piriton 4mg if needed · 4 doses today, ⚠️ 2 past the plan's limit, the last awaiting effect",
    );
    const within = JSON.stringify(homeBlocks(today([{ ...pet, doses: doses.slice(0, 2) }]), TZ));
    expect(within).toContain("Piriton 4mg if needed · 2 doses today");
    expect(within).not.toContain("past the plan's limit");
  });

  it("Home's line says a dose given from a medicine its giver checked first (past its discard-by)", () => {
    const [pet] = asNeeded(1) as [AsNeededPet];
    const doses = [dose(0, 0, { ack: undefined, note: undefined, checked: { discardBy: "2026-11-20" } })];
    const home = JSON.stringify(homeBlocks(today([{ ...pet, doses }]), TZ));
    // Before: "· 1 dose today, the last awaiting effect", the check said on the sheet and the record only.
    expect(home).toContain(
      "1 dose today, ⚠️ 1 from a medicine checked first (discard by Fri 20 Nov, past it), the last awaiting effect",
    );
  });

  it("a line and a button per pet up to five; past that, one line and a list behind its button", () => {
    const few = JSON.stringify(homeBlocks(today(asNeeded(2)), TZ));
    expect(few).toContain(
      "💊 *Kennel 0* · *Itchy 0 &lt;!here&gt;*: Piriton 4mg if needed · 1 dose today, the last awaiting effect",
    );
    expect(few.match(/💊 Give if needed…/g)).toHaveLength(2);
    expect(few).toContain(`"action_id":"prn_give:500-1000"`);
    const many = JSON.stringify(homeBlocks(today(asNeeded(6)), TZ));
    expect(many).not.toContain("💊 Give if needed…");
    expect(many).toContain("💊 6 pets with a dose to give if needed");
    expect(many).toContain(`"action_id":"home_list:asneeded"`);
  });

  it("the list on a 150-pet day: paged within Block Kit's limits, every pet once with its button", () => {
    const messages = asNeededMessages(asNeeded(150), DATE, TZ);
    expect(messages.length).toBeGreaterThan(1);
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    const buttons = messages
      .flatMap((m) => m.blocks)
      .flatMap((b) => (b.type === "section" && b.accessory?.type === "button" ? [b.accessory] : []));
    expect(buttons.map((b) => prnGive.decode(b.value)?.p)).toEqual(
      Array.from({ length: 150 }, (_, i) => 1000 + i),
    );
    expect(JSON.stringify(messages)).not.toContain("<!here>");
    expect(JSON.stringify(asNeededMessages([], DATE, TZ))).toContain(
      "No pet in house has a dose to give if needed",
    );
  });
});

describe("the follow-up", () => {
  it("asks once, with the answers and a note; once answered, says so, escaped", () => {
    const d = dose(0, 0, { ack: undefined, note: undefined, reason: "<!channel>", userName: "Jane" });
    const [ask, ...more] = followUpMessages(d, "Itchy <b>", TZ);
    if (!ask) throw new Error("no follow-up");
    expect(more).toEqual([]);
    expect(ask.text).toBe("Effect of Piriton 4mg for Itchy &lt;b&gt;?");
    expect(labels([ask])).toEqual(["👍 Helped", "😐 No change", "👎 Worse", "📝 With a note…"]);
    expect(JSON.stringify(ask)).not.toContain("<!channel>");
    expect(limitViolations(ask)).toEqual([]);
    const done = answeredMessages(
      d,
      "Itchy",
      { id: 5, effect: "worse", note: "<@U1> more", userName: "Tom", recordedAt: "2026-11-24T11:12:00Z" },
      TZ,
    );
    expect(JSON.stringify(done)).toContain(
      "⚠️ *Effect of Piriton 4mg for Itchy:* worse · recorded 11:12 by Tom · &lt;@U1&gt; more",
    );
    expect(labels(done)).toEqual([]);
  });

  it("a note of the form's 500 characters over many lines: whole once its line breaks are folded", () => {
    const d = dose(0, 0, { ack: undefined, note: undefined, userName: "Jane" });
    // As the form keeps it (line breaks kept): each break is drawn " ↵ ", so it passes 500 once drawn.
    const note = Array.from({ length: 100 }, (_, i) => `w${String(i).padStart(2, "0")}`).join("\n");
    expect(Array.from(note).length).toBeLessThanOrEqual(500);
    const done = answeredMessages(
      d,
      "Itchy",
      { id: 5, effect: "helped", note, userName: "Tom", recordedAt: "2026-11-24T11:12:00Z" },
      TZ,
    );
    for (const m of done) expect(limitViolations(m)).toEqual([]);
    const text = JSON.stringify(done);
    expect(text).toContain(note.split("\n").join(" ↵ "));
    expect(text).not.toContain("…");
  });
});
