/**
 * The care record's views are documents too (issue 33): the dose times' replies, the pets off their food,
 * and a day of the record (`kennel-desk record`, the connector's get_care_record) are each one
 * document serialized twice, Block Kit and text, saying the same line by line, on the sandbox's
 * days with a record present (Tyson, AW-BITE, off his food; doses given, refused with a note of two
 * lines, and one corrected).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { recordDay } from "../../src/answers/care-record.ts";
import { offFoodToday } from "../../src/answers/home-record.ts";
import { keepRound, roundDoses } from "../../src/answers/obligations.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import { docBlocks } from "../../src/blocks/doc.ts";
import { doseAlertMessages } from "../../src/blocks/dose-alerts.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import { offFoodMessages } from "../../src/blocks/off-food.ts";
import type { Message } from "../../src/blocks/types.ts";
import { dueOf } from "../../src/domain/record.ts";
import { doseAlertDoc } from "../../src/present/dose-alerts.ts";
import { offFoodDoc } from "../../src/present/off-food.ts";
import { recordDayDoc } from "../../src/present/record-day.ts";
import type { CareRecordStore, Entry, EntryInput } from "../../src/record/types.ts";
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

describe("the dose times' replies: one document, two serializers", () => {
  type View = Parameters<typeof doseAlertDoc>[0];
  let view: View;

  beforeAll(async () => {
    // The evening round of the sandbox's today: its doses not recorded, as a late reply names them.
    const doses = await roundDoses(busy.deps, "evening", busy.today);
    view = {
      kind: "late",
      date: busy.today,
      round: "evening",
      doses: doses
        .filter((d) => !d.due.highAlert)
        .map((d) => ({
          key: `${d.bookingId}-${d.petId}`,
          petName: d.petName,
          room: d.room,
          label: d.due.label,
          text: d.due.text,
          window: d.window,
        })),
    };
  });

  it("late: each pet with its room and items, the same on both; the mentions are Slack's alone", () => {
    expect(view.doses.length).toBeGreaterThan(5);
    const doc = doseAlertDoc(view, { timezone: TZ, updatedAt: "19:40" });
    const [message, ...more] = doseAlertMessages(doc, ["S0NURSES", "U0MANAGER"]);
    if (!message) throw new Error("no message");
    expect(more).toEqual([]);
    expect(limitViolations(message)).toEqual([]);
    const first = message.blocks[0] as { text: { text: string } };
    expect(first.text.text.startsWith("<!subteam^S0NURSES> <@U0MANAGER> *⏰ Late")).toBe(true);
    const slack: Message = {
      ...message,
      blocks: [
        {
          ...first,
          text: { ...first.text, text: first.text.text.replace("<!subteam^S0NURSES> <@U0MANAGER> ", "") },
        } as never,
        ...message.blocks.slice(1),
      ],
    };
    const lines = expectSameLines([slack], docText(doc, TEXT));
    expect(lines[0]).toMatch(
      /^⏰ Late: not recorded yet · Evening round, \w{3} \d+ \w{3} · due 18:00 · window closes 20:00$/,
    );
    expect(lines[1]).toMatch(/^\d+ pets?: (\d+ with (a dose|doses) not recorded yet|no dose late)/);
    const named = lines.filter((l) => l.startsWith("• "));
    // Every pet with a dose named; the meals as room allows.
    const dosed = new Set(view.doses.filter((d) => d.label !== "meal").map((d) => d.key)).size;
    expect(named.length).toBeGreaterThanOrEqual(Math.min(36, dosed));
    expect(named[0]).toMatch(/^• .+ \(.+\): .+/);
    expect(lines.at(-1)).toMatch(
      /^(and \d+ more pets? with a meal not recorded: \/rounds evening \S+ shows each · )?updated 19:40 · edited as entries arrive$/,
    );
  });

  it("missed, with what was recorded since struck through and counted; past 36 pets the rest counted; the nudge", () => {
    const recorded = {
      outcome: "given" as const,
      recordedAt: `${busy.today}T19:05:00Z`,
      userName: "Jane <@U0BOSS>",
    };
    const missed: View = {
      ...view,
      kind: "missed",
      doses: view.doses.map((d, i) => (i === 0 ? { ...d, entry: recorded } : d)),
    };
    const doc = doseAlertDoc(missed, { timezone: TZ });
    const lines = expectSameLines(doseAlertMessages(doc), docText(doc, TEXT));
    expect(lines[0]).toMatch(/^❌ Missed: nothing recorded in the window · .* · window closed 20:00$/);
    expect(lines.join("\n")).toContain("(given 19:05 Jane <@U0BOSS>)");
    expect(JSON.stringify(doseAlertMessages(doc))).not.toContain("<@U0BOSS>");
    expect(lines.at(-1)).toContain(`1 of ${missed.doses.length} recorded since`);
    const many: View = {
      ...view,
      doses: Array.from({ length: 50 }, (_, i) => ({
        ...(view.doses[0] as View["doses"][number]),
        key: `k${i}`,
        petName: `Pet ${i}`,
        item: "meal" as const,
        label: "meal",
        text: "1 cup kibble",
      })),
    };
    const big = doseAlertMessages(doseAlertDoc(many, { timezone: TZ }));
    expect(big.length).toBe(1);
    for (const m of big) expect(limitViolations(m)).toEqual([]);
    const bigLines = expectSameLines(big, docText(doseAlertDoc(many, { timezone: TZ }), TEXT));
    expect(bigLines.join("\n")).toContain(
      `and 14 more pets with a meal not recorded: /rounds evening ${busy.today} shows each`,
    );
    const nudge: View = {
      ...view,
      kind: "nudge",
      doses: view.doses.slice(0, 1).map((d) => ({ ...d, highAlert: true })),
    };
    const said = expectSameLines(
      doseAlertMessages(doseAlertDoc(nudge, { timezone: TZ })),
      docText(doseAlertDoc(nudge, { timezone: TZ }), TEXT),
    );
    expect(said[0]).toMatch(
      /^💉 .+ \(.+\): .+ — due 18:00, window 17:00–20:00; a second person witnesses it$/,
    );
  });
});

describe("the pets off their food: one document, two serializers", () => {
  it("Tyson, with his room and meals, the same on both; none, and a record that cannot be read, too", async () => {
    const report = await roundReport(busy.deps, "morning", busy.today);
    const pets = await offFoodToday(busy.deps, busy.today, report);
    expect(pets?.map((p) => p.petName)).toContain("Tyson");
    const lines = expectSameLines(
      offFoodMessages(pets, busy.today),
      docText(offFoodDoc(pets, busy.today), TEXT),
    );
    expect(lines[0]).toMatch(/^Off their food — /);
    const tyson = lines.find((l) => l.includes("Tyson"));
    expect(tyson).toMatch(/^• .*Tyson: 🍽 off food: 2 meals, the last at the evening round of /);
    for (const none of [[], undefined]) {
      const said = expectSameLines(
        offFoodMessages(none, busy.today),
        docText(offFoodDoc(none, busy.today), TEXT),
      );
      expect(said[1]).toMatch(none ? /^No pet is off its food/ : /could not be read just now/);
    }
  });
});

describe("a day of the care record: one document, two serializers", () => {
  it("every round, each pet's due items beside their entries, a note of two lines and a correction, the same on both", async () => {
    const report = await roundReport(busy.deps, "morning", busy.day);
    // The round kept (as its post keeps it): what it asked is what the day's record shows as due.
    await keepRound(busy.deps, report);
    // What is due by the pet's care plan (the record's own rule, as recordDay reads it).
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
      // Longer than any cut: a drug's words are shown whole.
      itemText: `${med.text}: give with a little wet food, never on an empty stomach, and watch for vomiting in the hour after`,
    };
    const wrong = await write({
      ...base,
      outcome: "given",
      note: "ate some, she left half",
      requestKey: "day-1",
    });
    await write({
      ...base,
      outcome: "refused",
      note: "spat it <out>\nwith *cheese*",
      supersedes: wrong.id,
      requestKey: "day-2",
    });
    const day = await recordDay(
      { ...busy.deps, record: busy.deps.record as CareRecordStore },
      "the test's SQLite file",
      { date: busy.day },
    );
    const doc = recordDayDoc(day, TZ);
    const slack: Message = { text: doc.fallback, blocks: docBlocks(doc.parts) };
    const lines = expectSameLines([slack], recordDayText(day, TEXT));
    const all = lines.join("\n");
    expect(lines[0]).toMatch(/^Care record · \w{3} \d+ \w{3} 2026$/);
    expect(all).toMatch(/Morning round · \d+ of \d+ pets recorded/);
    expect(all).toContain(`${p.pet.pet.name} (pet ${base.petId}, booking ${base.bookingId})`);
    // Recorded by the test's clock (Sun 22 Nov) for a round of another day: the time names its day.
    expect(all).toMatch(
      /: refused Sun 22 Nov \d\d:\d\d · Jane <@U0BOSS> & co\nnote: spat it <out>\nwith cheese\n/,
    );
    // The entry it replaced, under the correction and read first as one, its note kept whole; never
    // under "also recorded:" as if a second valid entry.
    expect(all).toMatch(
      /with cheese\ncorrected by Jane <@U0BOSS> & co Sun 22 Nov \d\d:\d\d \(entry \d+\); was: .*: given Sun 22 Nov \d\d:\d\d · Jane <@U0BOSS> & co\nnote: ate some, she left half\n/,
    );
    expect(all).not.toContain("also recorded:");
    expect(all).toContain(`${base.itemText}: given`);
    expect(all).toContain("not recorded");
    expect(lines.at(-1)).toMatch(
      /\d+ entries, 1 of them corrected since \(shown struck through\) · times in Europe\/London/,
    );
    expect(JSON.stringify(slack)).not.toContain("<@U0BOSS>");
  });
});
