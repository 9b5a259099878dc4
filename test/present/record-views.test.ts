/**
 * The care record's views are documents too (issue 33): the round check, the pets off their food,
 * and a day of the record (`kennel-desk record`, the connector's get_care_record) are each one
 * document serialized twice, Block Kit and text, saying the same line by line, on the sandbox's
 * days with a record present (Tyson, AW-BITE, off his food; doses given, refused with a note of two
 * lines, and one corrected).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { recordDay } from "../../src/answers/care-record.ts";
import { offFoodToday } from "../../src/answers/home-record.ts";
import { type RoundCheck, roundCheck } from "../../src/answers/round-check.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import { docBlocks } from "../../src/blocks/doc.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import { offFoodMessage } from "../../src/blocks/off-food.ts";
import { roundCheckMessage } from "../../src/blocks/round-check.ts";
import type { Message } from "../../src/blocks/types.ts";
import { dueOf } from "../../src/domain/record.ts";
import { offFoodDoc } from "../../src/present/off-food.ts";
import { recordDayDoc } from "../../src/present/record-day.ts";
import { roundCheckDoc } from "../../src/present/round-check.ts";
import type { Entry, EntryInput } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { recordDayText } from "../../src/text/record.ts";
import { busyDay, expectSameLines, TEXT, TZ } from "./harness.ts";

const busy = busyDay();

/** Writes one entry in the harness's record (the off-food record: Tyson's two meals). */
async function write(e: Omit<EntryInput, "userId" | "userName"> & Partial<EntryInput>): Promise<Entry> {
  const r = await busy.deps.record?.record([{ userId: "U0JANE", userName: "Jane <@U0BOSS> & co", ...e }]);
  if (r?.status !== "recorded") throw new Error(`not recorded: ${r?.status}`);
  return r.entries[0] as Entry;
}

describe("the round check: one document, two serializers", () => {
  let check: RoundCheck;

  beforeAll(async () => {
    // The evening round of the sandbox's today, with its first two pets recorded in full.
    const report = await roundReport(busy.deps, "evening", busy.today);
    // What each pet's care plan makes due (drafted at this round, not confirmed: what the reader is sure of).
    const due = report.pets.filter((p) => p.sheet && p.pet && dueOf(p).length > 0);
    for (const [n, p] of due.slice(0, 2).entries()) {
      for (const d of dueOf(p))
        await write({
          date: busy.today,
          round: "evening",
          bookingId: p.booking.bookingId as number,
          petId: p.pet?.pet.petId as number,
          petName: p.pet?.pet.name ?? "pet",
          item: d.item,
          itemText: d.text,
          outcome: d.item === "meal" ? "ate_all" : "given",
          requestKey: `check-${n}-${d.item}`,
        });
    }
    check = await roundCheck(busy.deps, "evening", busy.today);
  });

  it("what is not recorded yet, pet by pet, the same on both; the mention is Slack's alone", () => {
    expect(check.recorded).toBeGreaterThanOrEqual(2);
    expect(check.missing.length).toBeGreaterThan(5);
    const message = roundCheckMessage(check, { mention: "S0NURSES", updatedAt: "19:40" });
    expect(limitViolations(message)).toEqual([]);
    const first = message.blocks[0] as { text: { text: string } };
    expect(first.text.text.startsWith("<!subteam^S0NURSES> ⏰")).toBe(true);
    const slack: Message = {
      ...message,
      blocks: [
        {
          ...first,
          text: { ...first.text, text: first.text.text.replace("<!subteam^S0NURSES> ", "") },
        } as never,
        ...message.blocks.slice(1),
      ],
    };
    const lines = expectSameLines([slack], docText(roundCheckDoc(check, { updatedAt: "19:40" }), TEXT));
    expect(lines[0]).toMatch(
      /^⏰ Not recorded yet · Evening round, \w{3} \d+ \w{3} · \d+ of \d+ pets recorded$/,
    );
    for (const p of check.missing.slice(0, 60)) expect(lines.join("\n")).toContain(p.petName);
    expect(lines.at(-1)).toMatch(/updated 19:40 · edited as entries arrive$/);
  });

  it("all recorded, and a record that could not be read, say the same", () => {
    const done: RoundCheck = { ...check, missing: [], careMissing: 0, problem: undefined };
    const lines = expectSameLines([roundCheckMessage(done)], docText(roundCheckDoc(done), TEXT));
    expect(lines[0]).toMatch(/^✅ Evening round, .*: all recorded ✓ \(\d+ of \d+ pets\)$/);
    const down: RoundCheck = { ...check, problem: { kind: "unread", what: "<down>." } };
    const said = expectSameLines([roundCheckMessage(down)], docText(roundCheckDoc(down), TEXT));
    expect(said.at(-1)).toContain("❔ The care record could not be read: <down>.");
    expect(JSON.stringify(roundCheckMessage(down))).not.toContain("<down>");
  });

  it("past sixty pets, the rest are counted, on both", () => {
    const many: RoundCheck = {
      ...check,
      missing: Array.from({ length: 75 }, (_, i) => ({
        room: `Kennel ${i}`,
        petName: `Pet ${i}`,
        items: ["meal"],
      })),
    };
    const message = roundCheckMessage(many);
    expect(limitViolations(message)).toEqual([]);
    const lines = expectSameLines([message], docText(roundCheckDoc(many), TEXT));
    expect(lines.join("\n")).toContain("and 15 more pets: see the round post");
    expect(lines.filter((l) => l.startsWith("• "))).toHaveLength(60);
  });
});

describe("the pets off their food: one document, two serializers", () => {
  it("Tyson, with his room and meals, the same on both; none, and a record that cannot be read, too", async () => {
    const report = await roundReport(busy.deps, "morning", busy.today);
    const pets = await offFoodToday(busy.deps, busy.today, report);
    expect(pets?.map((p) => p.petName)).toContain("Tyson");
    const lines = expectSameLines(
      [offFoodMessage(pets, busy.today)],
      docText(offFoodDoc(pets, busy.today), TEXT),
    );
    expect(lines[0]).toMatch(/^Off their food — /);
    const tyson = lines.find((l) => l.includes("Tyson"));
    expect(tyson).toMatch(/^• .*Tyson: 🍽 off food: 2 meals, the last at the evening round of /);
    for (const none of [[], undefined]) {
      const said = expectSameLines(
        [offFoodMessage(none, busy.today)],
        docText(offFoodDoc(none, busy.today), TEXT),
      );
      expect(said[1]).toMatch(none ? /^No pet is off its food/ : /could not be read just now/);
    }
  });
});

describe("a day of the care record: one document, two serializers", () => {
  it("every round, each pet's due items beside their entries, a note of two lines and a correction, the same on both", async () => {
    const report = await roundReport(busy.deps, "morning", busy.day);
    const p = report.pets.find((x) => x.sheet && x.pet && dueOf(x).some((d) => d.item !== "meal"));
    if (!p?.sheet || !p.pet) throw new Error("the busy day's morning round has no medicated pet");
    const med = dueOf(p).find((d) => d.item !== "meal") as ReturnType<typeof dueOf>[number];
    const base = {
      date: busy.day,
      round: "morning" as const,
      bookingId: p.booking.bookingId as number,
      petId: p.pet.pet.petId as number,
      petName: p.pet.pet.name ?? "pet",
      item: med.item,
      itemText: med.text,
    };
    const wrong = await write({ ...base, outcome: "given", requestKey: "day-1" });
    await write({
      ...base,
      outcome: "refused",
      note: "spat it <out>\nwith *cheese*",
      supersedes: wrong.id,
      requestKey: "day-2",
    });
    const day = await recordDay(busy.deps.record, "the test's SQLite file", { date: busy.day }, busy.deps);
    const doc = recordDayDoc(day, TZ);
    const slack: Message = { text: doc.fallback, blocks: docBlocks(doc.parts) };
    const lines = expectSameLines([slack], recordDayText(day, TEXT));
    const all = lines.join("\n");
    expect(lines[0]).toMatch(/^Care record · \w{3} \d+ \w{3} 2026$/);
    expect(all).toMatch(/Morning round · \d+ of \d+ pets recorded/);
    expect(all).toContain(`${p.pet.pet.name} (pet ${base.petId}, booking ${base.bookingId})`);
    expect(all).toMatch(/: refused \d\d:\d\d · Jane <@U0BOSS> & co\nnote: spat it <out>\nwith cheese\n/);
    expect(all).toMatch(
      /: given \d\d:\d\d · Jane <@U0BOSS> & co\n.*superseded: corrected at \d\d:\d\d by Jane/,
    );
    expect(all).toContain("not recorded");
    expect(lines.at(-1)).toMatch(
      /\d+ entries, 1 of them corrected since \(shown struck through\) · times in Europe\/London/,
    );
    expect(JSON.stringify(slack)).not.toContain("<@U0BOSS>");
  });
});
