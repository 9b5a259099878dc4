/**
 * One invisible-character rule (issue 36, item 8), over all of Unicode's format characters
 * (`\p{Cf}`) and every variation selector, through every surface: Slack's mrkdwn, headers and
 * buttons, a pet card, the terminal, the CSV and JSON exports and the printable page. Removed: each
 * format character, each variation selector outside an emoji, the blank-looking symbols (U+2800,
 * U+3164, U+115F, U+1160, U+FFA0). Kept: emoji ZWJ sequences, presentation selectors after an emoji,
 * keycaps and a flag's tag sequence.
 */
import { describe, expect, it } from "vitest";
import { button, esc, header } from "../../src/blocks/mrkdwn.ts";
import { petMessages } from "../../src/blocks/pet.ts";
import { careOf } from "../../src/domain/care.ts";
import { cleanText, oneLine } from "../../src/domain/text.ts";
import type { Entry } from "../../src/record/types.ts";
import { exportRow } from "../../src/text/record.ts";
import { stayHtml } from "../../src/text/stay-html.ts";
import { one } from "../../src/text/style.ts";
import { pet } from "../text/fixtures.ts";

/** Every code point of a Unicode property, as strings. */
function every(property: RegExp): string[] {
  const out: string[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCodePoint(cp);
    if (property.test(c)) out.push(c);
  }
  return out;
}

const FORMAT = every(/^\p{Cf}$/u);
const SELECTORS = every(/^\p{Variation_Selector}$/u);
const BLANKS = ["\u2800", "\u3164", "\u115F", "\u1160", "\uFFA0"];
const hex = (c: string) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

const entry = (petName: string): Entry => ({
  id: 1,
  seq: 1,
  kennel: "https://api.kennel.example#7",
  date: "2026-11-24",
  round: "morning",
  bookingId: 1,
  petId: 501,
  petName,
  item: "meal",
  itemText: petName,
  outcome: "ate_all",
  note: petName,
  userId: "U0JANE",
  userName: petName,
  requestKey: "k",
  recordedAt: "2026-11-24T08:00:00.000Z",
});

/** The text as each surface shows it. */
const SURFACES: Record<string, (text: string) => string> = {
  cleanText,
  oneLine,
  mrkdwn: esc,
  header: (t) => header(t).text.text,
  button: (t) => button(t, "a", "v").text.text,
  terminal: (t) => one(t),
  export: (t) => JSON.stringify(Object.values(exportRow(entry(t), "UTC"))),
  page: (t) =>
    stayHtml({
      reference: t,
      kennel: t,
      stay: { bookingId: 1, pets: [], problem: undefined },
      owner: t,
      checkIn: undefined,
      checkOut: undefined,
      dueProblem: undefined,
      timezone: "UTC",
      generatedAt: "2026-11-24T10:00:00.000Z",
    }),
};

describe("one invisible-character rule", () => {
  it("knows Unicode's format characters (more than the old list had)", () => {
    expect(FORMAT.length).toBeGreaterThan(150);
    expect(FORMAT).toEqual(expect.arrayContaining(["\u{1BCA1}", "\u{13430}", "\u200D", "\u202E"]));
    expect(SELECTORS).toEqual(expect.arrayContaining(["\uFE0F", "\u{E0100}", "\u180B"]));
  });

  it("removes every format character, every variation selector after a letter, and the blank symbols, on every surface", () => {
    const left: string[] = [];
    for (const c of [...FORMAT, ...SELECTORS, ...BLANKS]) {
      for (const [surface, show] of Object.entries(SURFACES)) {
        if (show(`Rex${c}ter`).includes(c)) left.push(`${hex(c)} in ${surface}`);
      }
    }
    expect(left).toEqual([]);
  });

  it("keeps emoji whole: ZWJ sequences, skin tones, presentation selectors, keycaps, flag tags", () => {
    const kept = [
      "👨‍👩‍👧",
      "👩🏽‍💻",
      "🏳️‍🌈",
      "🏴‍☠️",
      "❤️",
      "☺︎",
      "1️⃣",
      "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
    ];
    for (const emoji of kept) {
      expect(cleanText(`Rex ${emoji}`)).toBe(`Rex ${emoji}`);
      expect(header(`Rex ${emoji}`).text.text).toBe(`Rex ${emoji}`);
    }
    // Outside an emoji, the same joiner and selector go.
    expect(cleanText("a\u200Db\uFE0Fc\u{E0067}")).toBe("abc");
  });

  it("a pet card (/pet, /kennel pets) shows none of the issue's four", () => {
    const name = "Rex\u{1BCA1}\u{13430}\u{E0100}\u2800ter";
    const p = pet({ name });
    const json = JSON.stringify(
      petMessages({ pet: p, care: careOf(p), owner: undefined, requestId: "r" }, "UTC", "2026"),
    );
    expect(json).toContain("Rexter");
    expect(json).not.toMatch(/\u{1BCA1}|\u{13430}|\u{E0100}|\u2800/u);
  });
});
