/**
 * A dose time's replies in Slack (issue 35) on the biggest day: 150 pets late or missed, each with
 * several long items, some recorded since; and a nudge naming many high-alert doses. Every message
 * within Block Kit's limits, and no pet's line cut short to fit (the reply counts the pets it leaves
 * to the round post instead).
 */
import { describe, expect, it } from "vitest";
import { doseAlertMessages } from "../../src/blocks/dose-alerts.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import type { Message } from "../../src/blocks/types.ts";
import type { AlertKind } from "../../src/domain/dose-alerts.ts";
import { type AlertView, doseAlertDoc } from "../../src/present/dose-alerts.ts";
import { marksClosed, wordsIn } from "../helpers/marks.ts";

const TZ = "Europe/London";
const DATE = "2026-11-24";
const window = {
  opensAt: `${DATE}T07:00:00Z`,
  dueAt: `${DATE}T08:00:00Z`,
  lateAt: `${DATE}T08:45:00Z`,
  closesAt: `${DATE}T10:00:00Z`,
};

function busyAlert(kind: AlertKind, pets = 150, items = 4): AlertView {
  const doses: AlertView["doses"] = [];
  for (let p = 0; p < pets; p++)
    for (let i = 0; i < items; i++)
      doses.push({
        key: `${9000 + p}-${p}`,
        petName: `Pet${p} ${"Montgomery-Fitzwilliam ".repeat(2)}`,
        room: `Kennel ${p} annexe by the long corridor`,
        label: `Drug${i} extended-release tablets`,
        text: `Drug${i} ${"one tablet crushed in wet food with breakfast ".repeat(4)}`,
        highAlert: i === 0,
        window,
        entry:
          i % 2 === 0
            ? {
                outcome: "given",
                recordedAt: `${DATE}T09:30:00Z`,
                givenAt: `${DATE}T08:05:00Z`,
                userName: "J".repeat(40),
              }
            : undefined,
      });
  return { kind, date: DATE, round: "morning", doses };
}

const textOf = (m: Message) =>
  m.blocks
    .flatMap((b) =>
      b.type === "section" && b.text
        ? [b.text.text]
        : b.type === "context"
          ? b.elements.map((e) => ("text" in e ? e.text : ""))
          : [],
    )
    .join("\n");

const allText = (ms: Message[]) => ms.map(textOf).join("\n");

describe("a dose time's reply on the biggest day", () => {
  for (const kind of ["late", "missed", "nudge"] as const) {
    it(`${kind}: 150 pets with long doses, every dose named whole, in as many messages as Block Kit needs`, () => {
      const messages = doseAlertMessages(
        doseAlertDoc(busyAlert(kind, 150, kind === "nudge" ? 1 : 4), { timezone: TZ, updatedAt: "10:15" }),
        ["S0NURSES", "U0MANAGER"],
      );
      for (const m of messages) expect(limitViolations(m)).toEqual([]);
      const text = allText(messages);
      expect(text).not.toContain("…");
      // A dose is never behind "and N more": every pet with a dose named, whatever the count.
      const named = new Set([...text.matchAll(/Pet(\d+) /g)].map((x) => x[1]));
      expect(named.size).toBe(150);
      expect(text).not.toMatch(/and \d+ more/);
      // The head counts what is still not recorded: each pet's high-alert drug was given since.
      if (kind === "missed") expect(text).toMatch(/150 pets: 150 with doses not recorded(?! \()/);
    });
  }
});

/**
 * The sandbox's biggest morning as the fresh try saw it: 171 pets, 23 with doses not recorded (two
 * high-alert, one pet with one drug in two slots), the rest a meal only, in room order with the
 * cattery's meals first.
 */
function mixedMorning(): AlertView {
  const doses: AlertView["doses"] = [];
  for (let p = 0; p < 148; p++)
    doses.push({
      key: `m-${p}`,
      petName: `Cat${p}`,
      room: `Cattery ${p}`,
      item: "meal",
      label: "meal",
      text: "Half a tin",
      window,
    });
  for (let p = 0; p < 23; p++) {
    const key = `d-${p}`;
    const pet = { key, petName: `Dog${p}`, room: `Kennel ${p}`, window };
    doses.push({ ...pet, item: "meal", label: "meal", text: "1 cup kibble" });
    doses.push({
      ...pet,
      item: "med:1",
      label: `Drug${p} 10 mg`,
      text: `Drug${p} 10 mg: one tablet`,
      highAlert: p >= 21,
    });
    if (p === 2)
      doses.push({ ...pet, item: "med:4", label: `Drug${p} 10 mg`, text: `Drug${p} 10 mg: one tablet` });
  }
  return { kind: "missed", date: DATE, round: "morning", doses };
}

describe("a missed reply with doses among many meals (a fresh try's biggest morning)", () => {
  it("names every dose before any meal, high-alert first, counts them in its head, caps only meals", () => {
    const messages = doseAlertMessages(doseAlertDoc(mixedMorning(), { timezone: TZ, roundPost: true }));
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    const text = allText(messages);
    expect(text).toContain(
      "171 pets: 23 with doses not recorded (💉 2 high-alert) · 171 with a meal not recorded",
    );
    const lines = text.split("\n").filter((l) => l.startsWith("• "));
    const dogs = lines.filter((l) => /Dog\d+/.test(l));
    expect(dogs.length).toBe(23);
    // Every dose named, high-alert first, and before any meal-only line.
    expect(lines[0]).toContain("Dog21");
    expect(lines[1]).toContain("Dog22");
    const firstMeal = lines.findIndex((l) => /: meal$/.test(l));
    const lastDose = lines.findLastIndex((l) => /Drug\d+/.test(l));
    expect(lastDose).toBeLessThan(firstMeal);
    for (let p = 0; p < 23; p++) expect(text).toContain(`Drug${p} 10 mg: one tablet`);
    // The meals past the room are counted, pointing at the round post the reply is in.
    const more = /and (\d+) more pets? with a meal not recorded: see the round post/.exec(text);
    expect(Number(more?.[1])).toBe(171 - lines.filter((l) => /: meal$/.test(l)).length);
  });

  it("with no round post (a late-started bot never posted it): points at the sheet, not at a post", () => {
    const text = allText(doseAlertMessages(doseAlertDoc(mixedMorning(), { timezone: TZ, roundPost: false })));
    expect(text).not.toContain("see the round post");
    expect(text).toMatch(new RegExp(`with a meal not recorded: /rounds morning ${DATE} shows each`));
  });

  it("one drug in two slots of one round: each line says its slot", () => {
    const text = allText(doseAlertMessages(doseAlertDoc(mixedMorning(), { timezone: TZ })));
    expect(text).toContain(
      "• Dog2 (Kennel 2): Drug2 10 mg: one tablet (medication 1); Drug2 10 mg: one tablet (medication 4)",
    );
  });
});

/** One pet's late doses, each of about `n` characters of distinct words, the first recorded since. */
function longDoses(n: number, items: number): AlertView {
  const doses: AlertView["doses"] = Array.from({ length: items }, (_, i) => {
    const words: string[] = [];
    for (let w = 0; words.join(" ").length < n; w++) words.push(`d${i}w${w}`);
    return {
      key: "9000-1",
      petName: "Biscuit",
      room: "Kennel 4",
      label: `Drug${i}`,
      text: words.join(" "),
      window,
      entry: i === 0 ? { outcome: "given", recordedAt: `${DATE}T08:50:00Z`, userName: "Jane" } : undefined,
    };
  });
  return { kind: "late", date: DATE, round: "morning", doses };
}

describe("a late reply naming one pet whose doses pass a section", () => {
  it("a recorded dose of 7,000 characters is struck through in every block it takes, every word shown", () => {
    const messages = doseAlertMessages(doseAlertDoc(longDoses(7000, 2), { timezone: TZ }), ["S0NURSES"]);
    const sections = messages.flatMap((m) =>
      m.blocks.flatMap((b) => (b.type === "section" && b.text ? [b.text.text] : [])),
    );
    const struck = sections.filter((t) => t.includes("d0w"));
    expect(struck.length).toBeGreaterThan(2);
    for (const t of sections) expect(marksClosed(t, "~"), t.slice(-40)).toBe(true);
    // Each block's words of the recorded dose are within its strike-through.
    for (const t of struck) expect(t.replace(/~[^~]*~/g, "")).not.toMatch(/d0w/);
    const shown = wordsIn(sections).filter((w) => /^d\dw\d+;?$/.test(w));
    expect(shown.length).toBe(longDoses(7000, 2).doses.flatMap((d) => d.text.split(" ")).length);
  });

  it("doses of about 12,000 characters: the first part names the pet and begins its doses", () => {
    const messages = doseAlertMessages(doseAlertDoc(longDoses(4000, 3), { timezone: TZ }), ["S0NURSES"]);
    expect(messages.length).toBeGreaterThan(1);
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    const first = textOf(messages[0] as Message);
    expect(first).toContain("<!subteam^S0NURSES>");
    expect(first).toContain("Biscuit (Kennel 4)");
    expect(first).toContain("d0w0");
  });

  it("a pet a message holds alone but not after the heading: the first part still names it", () => {
    // Doses of 11,500–12,000 characters in all, in one to four items: from those that fit the first
    // part beside the heading, through those a message holds only alone, to those no message holds.
    for (let items = 1; items <= 4; items++)
      for (let total = 11_500; total <= 12_000; total += 50) {
        const size = Math.floor(total / items);
        const messages = doseAlertMessages(doseAlertDoc(longDoses(size, items), { timezone: TZ }), [
          "S0NURSES",
        ]);
        for (const m of messages) expect(limitViolations(m)).toEqual([]);
        const first = textOf(messages[0] as Message);
        expect(first, `${items} doses of ${size} characters`).toContain("Biscuit (Kennel 4)");
        expect(first, `${items} doses of ${size} characters`).toContain("d0w0");
      }
  });
});
