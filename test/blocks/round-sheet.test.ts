/**
 * A round's sheet with its care record (src/blocks/round-sheet.ts): the record beside each pet,
 * the buttons (attached by the pet's key, carrying only ids), the progress line, and Block Kit's
 * limits on a 150-pet round with the longest texts, before and after recording; every message drawn
 * again from the kept sheet alone.
 */
import { describe, expect, it } from "vitest";
import type { RoundPet, RoundReport } from "../../src/answers/rounds.ts";
import type { Sheet } from "../../src/answers/sheets.ts";
import { chartButton, paperEnter, recordAll, recordEach } from "../../src/blocks/buttons.ts";
import { lineMrkdwn } from "../../src/blocks/doc.ts";
import { duplicateActionIds, limitViolations } from "../../src/blocks/limits.ts";
import { sheetForSlack, sheetMessage, sheetMessages } from "../../src/blocks/round-sheet.ts";
import { roundMessages } from "../../src/blocks/rounds.ts";
import type { Message } from "../../src/blocks/types.ts";
import { petCare } from "../../src/domain/day.ts";
import { DEFAULT_DOSE_SETTINGS, doseWindow } from "../../src/domain/doses.ts";
import { roundOfSheets } from "../../src/domain/kept-sheets.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { Booking, Pet } from "../../src/kennel/schemas.ts";
import { progressLine } from "../../src/present/record.ts";
import { draftSheet as draftOf } from "../../src/present/round-sheet.ts";
import type { Entry, ItemKey, Outcome } from "../../src/record/types.ts";
import { roundOf } from "../text/fixtures.ts";

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
  const booking = (i: number) =>
    ({
      bookingId: 500 + i,
      roomName: `Room ${i}`,
      customerName: `Customer ${i}`,
      numberOfPets: 1,
    }) as Booking;
  return roundOf(
    "evening",
    Array.from({ length: n }, (_, i) => [booking(i), bigPet(i)]),
  );
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
/** A kept sheet (id 7) of a round. */
/** A round drafted and shared out as Slack posts it. */
const draftSheet = (r: RoundReport) => sheetForSlack(draftOf(r, { timezone: TZ }));
const kept = (r: RoundReport): Sheet => ({ ...draftSheet(r), id: 7 });
/** What a kept sheet asked, its windows by the default settings (as the record's obligation holds it). */
const asked = (sheet: Sheet, times: { morning: string; midday: string; evening: string }) =>
  roundOfSheets([sheet], (d, date, round) => doseWindow(d, date, round, times, TZ, DEFAULT_DOSE_SETTINGS));
const drawn = (r: RoundReport, entries: Entry[] = []) => sheetMessages(kept(r), { entries, timezone: TZ });

/** Each pet's section and the buttons that follow it: [b:p of the section, the buttons' decoded ids]. */
function petsAndButtons(blocks: Message["blocks"]) {
  const out: Array<{ section: string; buttons: Array<{ s: number; b: number; p: number }> }> = [];
  for (const b of blocks) {
    const m = /^kd_pet:(\d+):(\d+):\d+$/.exec((b as { block_id?: string }).block_id ?? "");
    if (m) out.push({ section: `${m[1]}:${m[2]}`, buttons: [] });
    if (b.type === "actions")
      for (const e of b.elements) {
        const ids = recordAll.decode(e.value) ?? recordEach.decode(e.value);
        if (ids) out.at(-1)?.buttons.push(ids);
      }
  }
  return out;
}

describe("the record on a 150-pet round post", () => {
  const r = report(150);

  it("every message within Block Kit's limits, every pet once with its two buttons, unique action ids", () => {
    const messages = all(drawn(r));
    const pets = messages.flatMap((m) => petsAndButtons(m.blocks));
    expect(pets.map((p) => Number(p.section.split(":")[1]))).toEqual(r.pets.map((p) => p.pet?.pet.petId));
    for (const p of pets) {
      expect(p.buttons).toHaveLength(2);
      for (const ids of p.buttons) expect(`${ids.b}:${ids.p}`).toBe(p.section);
      expect(p.buttons[0]?.s).toBe(7);
    }
    for (const m of messages) {
      expect(limitViolations(m)).toEqual([]);
      expect(duplicateActionIds(m)).toEqual([]);
      expect(JSON.stringify(m)).toContain("pets recorded");
      // Each message counts its own pets, and says so first (the header counts the whole round).
      expect(JSON.stringify(m)).toContain("📋 This message: ");
      // A channel post carries no request id of its own (the morning post's foot and errors do).
      expect(JSON.stringify(m)).not.toContain("req-round-1");
    }
    // A round in one message counts the round, with no such words; drawn again alike.
    const one = drawn(report(2));
    expect(one.replies).toHaveLength(0);
    expect(JSON.stringify(one.parent)).toContain("pets recorded");
    expect(JSON.stringify(one.parent)).not.toContain("This message");
    const again = sheetMessage(kept(r), 1, { entries: [entry(60, "meal", "ate_all")], timezone: TZ });
    expect(JSON.stringify(again.blocks)).toContain("📋 This message: ");
  });

  it("each message drawn again from the kept sheet is the message posted (nothing read back from Slack)", () => {
    const sheet = kept(r);
    const posted = all(sheetMessages(sheet, { entries: [], timezone: TZ }));
    // The sheet as kept in the record: JSON, and back.
    const stored = JSON.parse(JSON.stringify(sheet)) as Sheet;
    posted.forEach((m, i) => {
      expect(sheetMessage(stored, i, { entries: [], timezone: TZ })).toEqual(m);
    });
    // Every pet with something due is on the sheet, in one message, in order.
    expect(sheet.pets.map((p) => p.petId)).toEqual(r.pets.map((p) => p.pet?.pet.petId));
    expect(sheet.pets.map((p) => p.message)).toEqual(
      [...sheet.pets.map((p) => p.message)].sort((a, b) => a - b),
    );
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
    const messages = all(drawn(r, entries));
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    const progress = messages.map((m) =>
      /📋 (?:This message: )?(\d+) of (\d+) pets? recorded · all done/.exec(JSON.stringify(m)),
    );
    expect(progress.every(Boolean)).toBe(true);
    expect(progress.reduce((n, p) => n + Number(p?.[1]), 0)).toBe(150);
    expect(progress.reduce((n, p) => n + Number(p?.[2]), 0)).toBe(150);
    // A sheet too long for the full record gets it in a few words, never cut off.
    expect(JSON.stringify(messages[0])).toContain("⚠️ 18:12 Jane · ⚠️ 6 not given or not eaten");
  });

  it("with every item of every pet missed, or half of each pet's recorded and the rest late, each message still fits and says so", () => {
    const times = { morning: "07:30", midday: "12:00", evening: "18:00" };
    const sheet = kept(r);
    const at = (t: string) => ({ now: new Date(`${DATE}T${t}Z`), owed: asked(sheet, times) });
    const missed = all(sheetMessages(sheet, { entries: [], timezone: TZ, doses: at("21:00:00") }));
    for (const m of missed) expect(limitViolations(m)).toEqual([]);
    expect(missed.every((m) => /❌ \d+ missed/.test(JSON.stringify(m)))).toBe(true);
    const half = Array.from({ length: 150 }, (_, i) => entry(i, "med:1", "given", { note: "n".repeat(500) }));
    const late = all(sheetMessages(sheet, { entries: half, timezone: TZ, doses: at("19:00:00") }));
    for (const m of late) expect(limitViolations(m)).toEqual([]);
    expect(late.every((m) => /⏰ \d+ late/.test(JSON.stringify(m)))).toBe(true);
  });

  it("a button's value is only ids (the sheet, the booking, the pet), and decodes", () => {
    const messages = all(drawn(r));
    const buttons = messages
      .flatMap((m) => m.blocks)
      .flatMap((b) => (b.type === "actions" ? b.elements : []))
      .filter((b) => b.action_id !== chartButton.id && b.action_id !== paperEnter.id);
    expect(buttons.length).toBe(300);
    for (const b of buttons) {
      expect(Object.keys(JSON.parse(b.value)).sort()).toEqual(["b", "p", "s"]);
      expect(recordAll.decode(b.value) ?? recordEach.decode(b.value)).toBeDefined();
    }
    // "🖨 Chart" once, at the foot of the parent: the day only.
    const charts = messages.map((m) =>
      m.blocks
        .flatMap((b) => (b.type === "actions" ? b.elements : []))
        .filter((b) => b.action_id === chartButton.id),
    );
    expect(charts.map((c) => c.length)).toEqual(messages.map((_, i) => (i === 0 ? 1 : 0)));
    expect(charts[0]?.[0]?.text.text).toBe("🖨 Chart");
    expect(chartButton.read(charts[0]?.[0]?.value)).toEqual({ date: DATE });
    // Beside it, "📄 Enter from paper…" (issue 50): the kept sheet only.
    expect(messages[0]?.blocks.at(-1)).toMatchObject({
      type: "actions",
      elements: [
        { action_id: chartButton.id },
        { action_id: paperEnter.id, text: { text: "📄 Enter from paper…" } },
      ],
    });
    const paper = messages.flatMap((m) => m.blocks).flatMap((b) => (b.type === "actions" ? b.elements : []));
    const papers = paper.filter((b) => b.action_id === paperEnter.id);
    expect(papers).toHaveLength(1);
    expect(JSON.parse(papers[0]?.value ?? "")).toEqual({ s: expect.any(Number) });
  });

  it("a sheet not kept has no buttons: with no record nothing is said; when it could not be kept, why", () => {
    const plain = roundMessages(report(3));
    expect(JSON.stringify(plain)).not.toContain("rec_all");
    expect(JSON.stringify(plain)).not.toContain("pets recorded");
    const unkept = sheetMessages(
      draftSheet(report(3)),
      { entries: [], timezone: TZ },
      { problem: "The disk is full." },
    );
    expect(JSON.stringify(unkept)).not.toContain("rec_all");
    expect(JSON.stringify(unkept)).toContain(
      "The care record could not be used: The disk is full. Record this round from the next post, or run /rounds again.",
    );
  });
});

describe("🖨 Chart on a round post", () => {
  it("a house of short pets fills the parent by blocks, not text: with the chart it keeps within Slack's limits, on the parent only", () => {
    const r = report(150);
    const short = r.pets.map((p, i) => {
      const pc = petCare({
        petId: 1000 + i,
        name: `Pet ${i}`,
        species: "Dog",
        medication: "Rimadyl 50 mg",
      } as Pet);
      return { ...p, pet: pc, sheet: roundSheet(pc.care, "evening") };
    });
    const messages = all(drawn({ ...r, pets: short }));
    expect(messages.length).toBeGreaterThan(1);
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    const charts = messages.map(
      (m) => JSON.stringify(m.blocks).split(`"action_id":"${chartButton.id}"`).length - 1,
    );
    expect(charts).toEqual(messages.map((_, i) => (i === 0 ? 1 : 0)));
  });
});

describe("buttons by key", () => {
  it("an item that is not a pet, put anywhere among the pets, never shifts a pet's buttons onto another", () => {
    const sheet = kept(report(4));
    const parts = sheet.messages[0]?.parts ?? [];
    const firstPet = parts.findIndex((p) => (p as { kind: string }).kind === "item");
    // A note about the round between the first and the second pet, and one before them all.
    parts.splice(firstPet + 1, 0, { kind: "item", lines: [[{ text: "🧹 Kennel 3 deep-cleaned today" }]] });
    parts.splice(firstPet, 0, { kind: "item", lines: [[{ text: "📣 New staff on shift" }]] });
    const m = sheetMessage(sheet, 0, { entries: [], timezone: TZ });
    const pets = petsAndButtons(m.blocks);
    expect(pets.length).toBe(sheet.pets.filter((p) => p.message === 0).length);
    expect(pets.length).toBeGreaterThan(1);
    for (const p of pets) for (const ids of p.buttons) expect(`${ids.b}:${ids.p}`).toBe(p.section);
    expect(JSON.stringify(m.blocks)).toContain("New staff on shift");
  });
});

describe("the record beside a pet", () => {
  const pet = (over: Partial<Pet> = {}) =>
    petCare({
      petId: 1000,
      name: "Biscuit",
      species: "Dog",
      medication: "Rimadyl 50 mg",
      medicationPm: "half a tablet",
      dietaryRequirementsPm: "kibble",
      ...over,
    } as Pet);
  const one = (p = pet()): Sheet => {
    const r = report(1);
    const p0 = r.pets[0] as RoundPet;
    return kept({ ...r, pets: [{ ...p0, pet: p, sheet: roundSheet(p.care, "evening") }] });
  };
  const text = (entries: Entry[]) => JSON.stringify(sheetMessage(one(), 0, { entries, timezone: TZ }).blocks);

  it("a fasting pet, or one with a drug in two slots, has no one-tap 'All given & eaten' (it would record a meal eaten, or a double dose): only 'Record each…', and its record is still drawn", () => {
    const fasting = pet({ notes: "NIL BY MOUTH – op at 10:00", name: "Luna" } as Partial<Pet>);
    expect(fasting.flags.fasting).toBeTruthy();
    const sheet = one(fasting);
    expect(sheet.pets[0]?.oneTap).toBe(false);
    const post = sheetMessage(sheet, 0, { entries: [entry(0, "meal", "not_offered")], timezone: TZ });
    const labels = post.blocks.flatMap((b) =>
      b.type === "actions" ? b.elements.map((e) => e.text.text) : [],
    );
    expect(labels).toEqual(["✏️ Record each…", "🖨 Chart", "📄 Enter from paper…"]);
    expect(JSON.stringify(post.blocks)).toContain("not offered");
    // Nor for a drug in two slots: one tap would record both doses given.
    const twice = pet({
      medication: "Rimadyl 50 mg, morning",
      medication2: "rimadyl 50mg",
      medication2Pm: "half a tablet",
    } as Partial<Pet>);
    expect(twice.flags.listedTwice.length).toBeGreaterThan(0);
    const twiceText = JSON.stringify(sheetMessage(one(twice), 0, { entries: [], timezone: TZ }));
    expect(twiceText).not.toContain("All given");
    expect(twiceText).toContain("Record each");
    expect(JSON.stringify(sheetMessage(one(), 0, { entries: [], timezone: TZ }).blocks)).toContain(
      "✅ All given & eaten",
    );
  });

  it("all given and eaten: one line, the time in the kennel's zone and who", () => {
    const out = text([
      entry(0, "med:1", "given"),
      entry(0, "meal", "ate_all", { recordedAt: "2026-11-24T18:15:00Z" }),
    ]);
    expect(out).toContain("\\n✅ 18:15 Jane");
    expect(out).toContain("📋 1 of 1 pet recorded · all done");
  });

  it("a refusal stands out with its reason; what is left is listed; a corrected entry is struck through", () => {
    const refused = entry(0, "med:1", "refused", {
      reason: "spat it out",
      recordedAt: "2026-11-24T08:15:00Z",
    });
    let out = text([refused]);
    expect(out).toContain("⚠️ Rimadyl 50 mg refused 08:15 Jane: spat it out");
    expect(out).toContain("⬜ meal to record");
    expect(out).toContain("📋 0 of 1 pet recorded · 1 meal not recorded · ⚠️ 1 not given or not eaten");
    const fix = entry(0, "med:1", "given", { supersedes: refused.id, userName: "Tom" });
    out = text([{ ...refused, supersededBy: fix.id }, fix, entry(0, "meal", "ate_some")]);
    expect(out).toContain("✅ Rimadyl 50 mg given 18:12 Tom");
    expect(out).toContain("🟡 meal ate some 18:12 Jane");
    expect(out).toContain("~⚠️ Rimadyl 50 mg refused 08:15 Jane: spat it out~");
  });

  it("each item not recorded shows its state (issue 35): nothing while it is due; late and missed once they are, item by item once something is recorded; the progress line counts them", () => {
    const doses = (t: string) => ({
      now: new Date(`${DATE}T${t}Z`),
      owed: asked(one(), { morning: "07:30", midday: "12:00", evening: "18:00" }),
    });
    const drawAt = (t: string, entries: Entry[] = []) =>
      JSON.stringify(sheetMessage(one(), 0, { entries, timezone: TZ, doses: doses(t) }).blocks);
    expect(drawAt("18:45:00")).not.toMatch(/⏰|❌|🕐/);
    const late = drawAt("18:45:01");
    expect(late).toContain("⏰ late: Rimadyl 50 mg, meal · window closes 20:00");
    expect(late).toContain("📋 0 of 1 pet recorded · 1 dose not recorded · 1 meal not recorded · ⏰ 2 late");
    const missed = drawAt("20:00:01");
    // A missed mark says to check the record before giving: a dose entered from paper in the terminal
    // is in the record before the post is drawn again.
    expect(missed).toContain(
      "❌ missed: Rimadyl 50 mg, meal · window closed 20:00 · check the record before giving it",
    );
    expect(late).not.toContain("check the record");
    expect(missed).toContain("❌ 2 missed");
    // A meal alone: nothing to give again, nothing more said.
    const mealMissed = drawAt("20:00:01", [entry(0, "med:1", "given", { recordedAt: `${DATE}T18:10:00Z` })]);
    expect(mealMissed).toContain("❌ meal: missed · window closed 20:00");
    expect(mealMissed).not.toContain("check the record");
    const oneMissed = drawAt("20:00:01", [entry(0, "meal", "ate_all", { recordedAt: `${DATE}T18:10:00Z` })]);
    expect(oneMissed).toContain(
      "❌ Rimadyl 50 mg: missed · window closed 20:00 · check the record before giving it",
    );
    // One item recorded: each other item on its own line, with its state.
    const given = entry(0, "med:1", "given", { recordedAt: `${DATE}T18:10:00Z` });
    expect(drawAt("18:20:00", [given])).toContain("🕐 meal: due · late after 18:45");
    expect(drawAt("18:50:00", [given])).toContain("⏰ meal: late · window closes 20:00");
    // Drawn without the time (a sheet posted elsewhere): as before.
    expect(text([given])).toContain("⬜ meal to record");
  });

  it("a note and a staff name are escaped: no mention, no link", () => {
    const out = text([
      entry(0, "med:1", "given", { note: "<!channel> see <http://x|y>", userName: "<@U1>" }),
    ]);
    expect(out).not.toContain("<!channel>");
    expect(out).toContain("&lt;!channel&gt;");
  });

  it("progress words", () => {
    const words = (p: Parameters<typeof progressLine>[0]) => lineMrkdwn(progressLine(p));
    expect(words({ pets: 31, recorded: 12, dosesLeft: 3, mealsLeft: 0, problems: 0 })).toBe(
      "📋 12 of 31 pets recorded · 3 doses not recorded",
    );
    expect(words({ pets: 0, recorded: 0, dosesLeft: 0, mealsLeft: 0, problems: 0 })).toBe(
      "📋 Nothing to record this round",
    );
  });
});

describe("a pet whose care passes a message (issue 47)", () => {
  it("goes on in the next message, whole, its record and buttons after the last of its care", () => {
    const words = (w: string, n: number) => Array.from({ length: n }, (_, i) => `${w}${i}`).join(" ");
    const pc = petCare({
      petId: 1000,
      name: "Biscuit",
      allergies: words("allergy", 200),
      dietaryRequirementsPm: words("dinner", 300),
      ...Object.fromEntries(
        ["", "2", "3", "4", "5"].flatMap((n, i) => [
          [`medication${n}`, `Drug${i} 50 mg, ${words(`dose${i}-`, 180)}`],
          [`medication${n}Pm`, words(`evening${i}-`, 120)],
        ]),
      ),
    } as Pet);
    const r = report(3);
    const pets = [
      { ...(r.pets[0] as RoundPet), pet: pc, sheet: roundSheet(pc.care, "evening") },
      ...r.pets.slice(1),
    ];
    const sheet = kept({ ...r, pets });
    const messages = all(sheetMessages(sheet, { entries: [entry(0, "med:1", "given")], timezone: TZ }));
    expect(messages.length).toBeGreaterThan(1);
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    const text = messages.map((m) => JSON.stringify(m.blocks)).join("");
    // Every word of its care is there, once.
    for (const w of ["allergy199", "dinner299", "dose4-179", "evening4-119"])
      expect(text.split(w).length - 1).toBe(1);
    // Its buttons come after its last words; the other pets keep theirs.
    const biscuit = sheet.pets.find((p) => p.petId === 1000);
    const holding = messages[biscuit?.message ?? -1];
    expect(JSON.stringify(holding?.blocks)).toContain("evening4-119");
    expect(petsAndButtons(messages.flatMap((m) => m.blocks)).every((p) => p.buttons.length === 2)).toBe(true);
  });
});
