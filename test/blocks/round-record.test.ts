/**
 * The care record on a round post: the record beside each pet, the buttons, the progress line,
 * and Block Kit's limits on a 150-pet round with the longest texts, before and after recording.
 */
import { describe, expect, it } from "vitest";
import type { RoundPet, RoundReport } from "../../src/answers/rounds.ts";
import { recordAll, recordEach } from "../../src/blocks/buttons.ts";
import { duplicateActionIds, limitViolations } from "../../src/blocks/limits.ts";
import { petBlocks, postedPets, progressWords, redrawRecord } from "../../src/blocks/round-record.ts";
import { roundMessages } from "../../src/blocks/rounds.ts";
import type { Message } from "../../src/blocks/types.ts";
import { petCare } from "../../src/domain/day.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { Booking, Pet } from "../../src/kennel/schemas.ts";
import type { Entry, ItemKey, Outcome } from "../../src/record/types.ts";

const TZ = "Europe/London";
const DATE = "2026-11-24";
const long = (word: string, n: number) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ");

function bigPet(i: number): Pet {
  return {
    petId: 1000 + i,
    name: `Pet ${i} ${long("name", 8)}`,
    species: "Dog",
    allergies: long("allergy", 40),
    dietaryRequirements: long("general", 60),
    dietaryRequirementsPm: long("evening", 80),
    medication: `Rimadyl ${i} mg, ${long("dose", 40)}`,
    medicationPm: long("with-dinner", 30),
    medication2: `Apoquel <b>&"quoted"</b> ${long("x", 60)}`,
    medication3: long("drops", 50),
    medication4: long("tablet", 50),
    medication5: `"${"\\".repeat(100)}" ${long("q", 30)}`,
  } as Pet;
}

function report(n: number): RoundReport {
  const pets: RoundPet[] = Array.from({ length: n }, (_, i) => {
    const pc = petCare(bigPet(i));
    const booking = {
      bookingId: 500 + i,
      roomName: `Room ${i}`,
      customerName: `Customer ${i}`,
      numberOfPets: 1,
    } as Booking;
    return {
      booking,
      pet: pc,
      sheet: roundSheet(pc.care, "evening"),
      careStatus: "matched",
      unmatched: [],
    };
  });
  return {
    date: DATE,
    round: "evening",
    pets,
    totals: {
      inHouse: n,
      away: 0,
      pets: n,
      withMedication: n,
      fed: n,
      noDiet: 0,
      nothing: 0,
      careMissing: 0,
    },
    requestId: "req-1",
    careProblem: undefined,
    calls: 1,
  };
}

let id = 1;
function entry(i: number, item: ItemKey, outcome: Outcome, more: Partial<Entry> = {}): Entry {
  return {
    id: id,
    seq: id++,
    kennel: "test",
    date: DATE,
    round: "evening",
    bookingId: 500 + i,
    petId: 1000 + i,
    petName: `Pet ${i}`,
    item,
    itemText: item === "meal" ? "kibble" : "Rimadyl 50 mg · half a tablet",
    outcome,
    userId: "U1",
    userName: "Jane",
    requestKey: `k${id}`,
    recordedAt: "2026-11-24T18:12:00Z",
    ...more,
  };
}

const all = (t: { parent: Message; replies: Message[] }) => [t.parent, ...t.replies];

describe("the record on a 150-pet round post", () => {
  const r = report(150);

  it("every message within Block Kit's limits, every pet once with its two buttons, unique action ids", () => {
    const post = roundMessages(r, undefined, { entries: [], timezone: TZ });
    const messages = all(post);
    const pets = messages.flatMap((m) => postedPets(m.blocks));
    expect(pets.map((p) => p.state.p)).toEqual(r.pets.map((p) => p.pet?.pet.petId));
    for (const m of messages) {
      expect(limitViolations(m)).toEqual([]);
      expect(duplicateActionIds(m)).toEqual([]);
      expect(JSON.stringify(m)).toContain("pets recorded");
      // Each message counts its own pets, and says so (the header counts the whole round).
      expect(JSON.stringify(m)).toContain("(the pets of this message)");
    }
    // A round in one message counts the round, with no such words; after a tap it is redrawn alike.
    const one = roundMessages(report(2), undefined, { entries: [], timezone: TZ });
    expect(one.replies).toHaveLength(0);
    expect(JSON.stringify(one.parent)).toContain("pets recorded");
    expect(JSON.stringify(one.parent)).not.toContain("of this message");
    const drawn = redrawRecord(messages[1]?.blocks ?? [], "t", [entry(60, "meal", "ate_all")], TZ);
    expect(JSON.stringify(drawn.blocks)).toContain("(the pets of this message)");
  });

  it("after every item of every pet is recorded with the longest notes, and corrected, each message still fits", () => {
    const entries: Entry[] = [];
    const note = "n".repeat(500);
    for (let i = 0; i < 150; i++) {
      for (const item of ["med:1", "med:2", "med:3", "med:4", "med:5"] as ItemKey[]) {
        const first = entry(i, item, "given", { note });
        const fix = entry(i, item, "not_given", { reason: "r".repeat(500), note, supersedes: first.id });
        entries.push({ ...first, supersededBy: fix.id }, fix);
      }
      entries.push(entry(i, "meal", "ate_none", { note }));
    }
    const messages = all(roundMessages(r, undefined, { entries, timezone: TZ }));
    for (const m of messages) {
      expect(limitViolations(m)).toEqual([]);
      // Redrawn from the message itself (as after a tap), the same.
      const again = redrawRecord(m.blocks, m.text, entries, TZ);
      expect(limitViolations({ text: m.text, blocks: again.blocks as Message["blocks"] })).toEqual([]);
    }
    const progress = messages.map((m) =>
      /📋 (\d+) of (\d+) pets? recorded · all done/.exec(JSON.stringify(m)),
    );
    expect(progress.every(Boolean)).toBe(true);
    expect(progress.reduce((n, p) => n + Number(p?.[1]), 0)).toBe(150);
    expect(progress.reduce((n, p) => n + Number(p?.[2]), 0)).toBe(150);
    // A sheet too long for the full record gets it in a few words, never cut off.
    expect(JSON.stringify(messages[0])).toContain("⚠️ 18:12 Jane · ⚠️ 6 not given or not eaten");
  });

  it("the button's value stays within 2000 characters whatever the texts, and decodes", () => {
    const post = roundMessages(r, undefined, { entries: [], timezone: TZ });
    const buttons = all(post)
      .flatMap((m) => m.blocks)
      .flatMap((b) => (b.type === "actions" ? b.elements : []));
    expect(buttons.length).toBe(300);
    for (const b of buttons) {
      expect(b.value.length).toBeLessThanOrEqual(2000);
      expect(recordAll.decode(b.value) ?? recordEach.decode(b.value)).toBeDefined();
    }
  });

  it("without a store the sheet is as before: no buttons, no progress", () => {
    const post = roundMessages(report(3));
    expect(JSON.stringify(post)).not.toContain("rec_all");
    expect(JSON.stringify(post)).not.toContain("pets recorded");
  });
});

describe("the record beside a pet", () => {
  const state = {
    d: DATE,
    r: "evening" as const,
    b: 500,
    p: 1000,
    n: "Biscuit",
    i: [
      ["med:1", "Rimadyl 50 mg · half a tablet", "Rimadyl 50 mg"],
      ["meal", "kibble", "meal"],
    ] as Array<[ItemKey, string, string]>,
  };
  const sheet = "*Room 1* · 🐕 *Biscuit*\n💊 Rimadyl 50 mg · evening: half a tablet";
  const message = (): Message => ({
    text: "Evening round",
    blocks: [{ type: "context", block_id: "kd_progress", elements: [] }, ...petBlocks(sheet, state, "")],
  });
  const text = (blocks: unknown[]) => JSON.stringify(blocks);

  it("a fasting pet, or one with a drug in two slots, has no one-tap 'All given & eaten' (it would record a meal eaten, or a double dose): only 'Record each…', and its record is still drawn", () => {
    const fastingPet = petCare({
      petId: 1000,
      name: "Luna",
      species: "Dog",
      dietaryRequirementsPm: "Half meal",
      notes: "NIL BY MOUTH – op at 10:00",
      medication: "Rimadyl 50 mg",
      medicationPm: "half a tablet",
    } as Pet);
    expect(fastingPet.flags.fasting).toBeTruthy();
    const r = report(1);
    const p0 = r.pets[0] as RoundPet;
    const post = roundMessages(
      { ...r, pets: [{ ...p0, pet: fastingPet, sheet: roundSheet(fastingPet.care, "evening") }] },
      undefined,
      { entries: [], timezone: TZ },
    );
    const actions = post.parent.blocks.filter((b) => b.type === "actions");
    expect(actions).toHaveLength(1);
    const labels = actions.flatMap((b) => (b.type === "actions" ? b.elements.map((e) => e.text.text) : []));
    expect(labels).toEqual(["✏️ Record each…"]);
    // After a tap the message is redrawn: the pet is still found by its remaining button.
    expect(postedPets(post.parent.blocks)).toHaveLength(1);
    const drawn = redrawRecord(post.parent.blocks, "t", [entry(0, "meal", "not_offered")], TZ);
    expect(JSON.stringify(drawn.blocks)).toContain("not offered");
    // Nor for a drug in two slots: one tap would record both doses given.
    const twice = petCare({
      petId: 1000,
      name: "Toby",
      species: "Dog",
      medication: "Rimadyl 50 mg, morning",
      medicationPm: "half a tablet",
      medication2: "rimadyl 50mg",
      medication2Pm: "half a tablet",
    } as Pet);
    expect(twice.flags.listedTwice.length).toBeGreaterThan(0);
    const twicePost = roundMessages(
      { ...r, pets: [{ ...p0, pet: twice, sheet: roundSheet(twice.care, "evening") }] },
      undefined,
      { entries: [], timezone: TZ },
    );
    expect(JSON.stringify(twicePost.parent)).not.toContain("All given");
    expect(JSON.stringify(twicePost.parent)).toContain("Record each");
    // Any other pet keeps both buttons.
    const normal = roundMessages(report(1), undefined, { entries: [], timezone: TZ });
    expect(JSON.stringify(normal.parent.blocks)).toContain("✅ All given & eaten");
  });

  it("all given and eaten: one line, the time in the kennel's zone and who", () => {
    const out = redrawRecord(
      message().blocks,
      "x",
      [entry(0, "med:1", "given"), entry(0, "meal", "ate_all", { recordedAt: "2026-11-24T18:15:00Z" })],
      TZ,
    );
    expect(text(out.blocks)).toContain(`${sheet.replace(/\n/g, "\\n")}\\n✅ 18:15 Jane`);
    expect(text(out.blocks)).toContain("📋 1 of 1 pet recorded · all done");
  });

  it("a refusal stands out with its reason; what is left is listed; a corrected entry is struck through", () => {
    const refused = entry(0, "med:1", "refused", {
      reason: "spat it out",
      recordedAt: "2026-11-24T08:15:00Z",
    });
    let out = redrawRecord(message().blocks, "x", [refused], TZ);
    expect(text(out.blocks)).toContain("⚠️ Rimadyl 50 mg refused 08:15 Jane: spat it out");
    expect(text(out.blocks)).toContain("⬜ meal to record");
    expect(text(out.blocks)).toContain("📋 0 of 1 pet recorded · 1 meal left · ⚠️ 1 not given or not eaten");
    const fix = entry(0, "med:1", "given", { supersedes: refused.id, userName: "Tom" });
    out = redrawRecord(
      out.blocks,
      "x",
      [{ ...refused, supersededBy: fix.id }, fix, entry(0, "meal", "ate_some")],
      TZ,
    );
    expect(text(out.blocks)).toContain("✅ Rimadyl 50 mg given 18:12 Tom");
    expect(text(out.blocks)).toContain("🟡 meal ate some 18:12 Jane");
    expect(text(out.blocks)).toContain("~⚠️ Rimadyl 50 mg refused 08:15 Jane: spat it out~");
    // Redrawing keeps the sheet as posted, whatever was drawn before.
    expect(postedPets(out.blocks)[0]?.sheet).toBe(sheet);
  });

  it("a note and a staff name are escaped: no mention, no link", () => {
    const out = redrawRecord(
      message().blocks,
      "x",
      [entry(0, "med:1", "given", { note: "<!channel> see <http://x|y>", userName: "<@U1>" })],
      TZ,
    );
    expect(text(out.blocks)).not.toContain("<!channel>");
    expect(text(out.blocks)).toContain("&lt;!channel&gt;");
  });

  it("progress words", () => {
    expect(progressWords({ pets: 31, recorded: 12, dosesLeft: 3, mealsLeft: 0, problems: 0 })).toBe(
      "📋 12 of 31 pets recorded · 3 doses left",
    );
  });
});
