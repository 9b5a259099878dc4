/**
 * A round with a pet whose care passes a message in one field (a medication instruction of 15,000
 * characters): every message of the round's post, and each drawn again after a tap, within Block
 * Kit's limits, every word there; a round of normal pets posted in as many messages as before.
 */

import { describe, expect, it } from "vitest";
import type { Sheet } from "../../src/answers/sheets.ts";
import { recordEach } from "../../src/blocks/buttons.ts";
import { esc } from "../../src/blocks/mrkdwn.ts";
import { sheetForSlack, sheetMessage, sheetMessages } from "../../src/blocks/round-sheet.ts";
import type { Message } from "../../src/blocks/types.ts";
import type { Round } from "../../src/domain/care.ts";
import { draftSheet } from "../../src/present/round-sheet.ts";
import { ENTRY_ITEM_TEXT_MAX, keptInEntry } from "../../src/record/entry-room.ts";
import type { Entry } from "../../src/record/types.ts";
import { adviceFlag, expectWhole, HUGE, longWords } from "../helpers/care-parts.ts";
import { booking, pet, RIMADYL, roundOf } from "../text/fixtures.ts";

const TZ = "Europe/London";

/** A round of `n` pets, the first given `first`'s care; kept as sheet 7, as the round's post keeps it. */
function keptRound(round: Round, n: number, first: Parameters<typeof pet>[0] = {}): Sheet {
  const rows = Array.from({ length: n }, (_, i): [ReturnType<typeof booking>, ReturnType<typeof pet>] => [
    booking({ bookingId: 9000 + i, roomName: `Kennel ${i}` }),
    pet({ petId: 500 + i, name: `Pet${i}`, ...RIMADYL, ...(i === 0 ? first : {}) }),
  ]);
  return { ...sheetForSlack(draftSheet(roundOf(round, rows), { timezone: TZ })), id: 7 };
}

const posted = (sheet: Sheet, entries: Entry[] = []): Message[] => {
  const t = sheetMessages(sheet, { entries, timezone: TZ });
  return [t.parent, ...t.replies];
};

/** A tap on the pet's "All given & eaten": its entries, as the record keeps them. */
const tapped = (sheet: Sheet): Entry[] =>
  (sheet.pets[0]?.due ?? []).map((d, i) => ({
    id: i + 1,
    seq: i + 1,
    kennel: "test",
    date: sheet.date,
    round: sheet.round,
    bookingId: 9000,
    petId: 500,
    petName: "Pet0",
    item: d.item,
    // As the record keeps it: an entry keeps its words to 3,000 characters (src/record/entry-room.ts).
    itemText: keptInEntry(d.text, ENTRY_ITEM_TEXT_MAX),
    outcome: d.item === "meal" ? "ate_all" : "given",
    note: longWords("nt", 500),
    userId: "U1",
    userName: "Jane",
    requestKey: `k${i}`,
    recordedAt: `${sheet.date}T07:40:00Z`,
  }));

describe("a pet whose one instruction passes a message (15,000 characters)", () => {
  for (const round of ["morning", "midday", "evening"] as const) {
    it(`the ${round} round's post: every message within the limits, every word, the buttons after the last`, () => {
      const drug = `Rimadyl ${HUGE.drug}`;
      const field = { morning: "medication", midday: "medicationNoon", evening: "medicationPm" }[round];
      const sheet = keptRound(round, 3, { [field]: drug });
      const messages = posted(sheet);
      expect(messages.length).toBeGreaterThan(1);
      expectWhole(messages, HUGE.drug);
      // Its buttons are on the message holding its last words; the record is kept by message.
      const holding = messages[sheet.pets[0]?.message ?? -1];
      const last = HUGE.drug.match(/[a-z]+\d+/g)?.at(-1) as string;
      expect(JSON.stringify(holding)).toContain(last);
      expect(JSON.stringify(holding)).toContain(recordEach.actionId("9000-500"));
      // Drawn again after a tap (its record whole, with notes), each message still within the limits.
      const entries = tapped(sheet);
      expect(entries.length).toBeGreaterThan(0);
      const again = sheet.messages.map((_, i) => sheetMessage(sheet, i, { entries, timezone: TZ }));
      expectWhole(again, HUGE.drug);
      expect(JSON.stringify(again)).toContain("Jane");
    });
  }

  it("a run of 12,000 characters without a space: whole, in messages within the limits", () => {
    const run = "ŵ".repeat(12_000);
    const messages = posted(keptRound("morning", 1, { medication: `Rimadyl ${run}` }));
    expectWhole(messages);
    expect(
      messages
        .map(
          (m) =>
            JSON.stringify(m)
              .match(/ŵ{30,}/g)
              ?.join("") ?? "",
        )
        .join("").length,
      // The drug's name (never cut: no word of how or when it is given to end before) and its instruction, each whole.
    ).toBe(2 * run.length);
  });

  it("a round of normal pets is posted in as many messages as before (one; seven for 150 pets)", () => {
    expect(posted(keptRound("morning", 3))).toHaveLength(1);
    const house = keptRound("evening", 150);
    expect(house.messages.map((m) => m.parts.length)).toEqual([24, 25, 25, 25, 25, 25, 9]);
    expect(posted(house)).toHaveLength(7);
  });
});

describe("the biggest round drawn again with every pet flagged since it was kept (issue 38)", () => {
  it("150 pets, each with four flags open, advised by a vet of the longest name: every message within the limits, every pet's flags said", () => {
    const house = keptRound("evening", 150);
    const signs = ["stool:loose", "stool:blood", "drinking:none", "appetite:none"] as const;
    const welfare = new Map(
      house.pets.map((p) => [
        `${p.bookingId}-${p.petId}`,
        signs.map((sign, k) => ({
          ...adviceFlag({
            id: p.petId * 10 + k,
            petName: p.name,
            vet: `${longWords(`v${k}p${p.petId}w`, 190)}`,
          }),
          bookingId: p.bookingId,
          petId: p.petId,
          sign,
        })),
      ]),
    );
    const again = house.messages.map((_, i) =>
      sheetMessage(house, i, { entries: [], timezone: TZ, welfare: welfare as never }),
    );
    expectWhole(again);
    // Each pet's four flags said on the message holding it: whole, or in a few words when the message
    // is short of room (each whole in the welfare post's thread and on Home).
    for (const p of house.pets) {
      const text = JSON.stringify(again[p.message]);
      const whole = welfare
        .get(`${p.bookingId}-${p.petId}`)
        ?.every((f) => text.includes(esc(f.advice[0]?.vet ?? "?")));
      expect(whole || text.includes("4 welfare flags open: loose stool, blood in stool, not drinking")).toBe(
        true,
      );
    }
  });
});

describe("what the vet advised, beside the pet's flag line on the round's sheet", () => {
  const flagged = (house: Sheet, advice: (petId: number) => string) =>
    new Map(
      house.pets.map((p) => [
        `${p.bookingId}-${p.petId}`,
        [
          {
            ...adviceFlag({ id: p.petId, petName: p.name, vet: "Oak Vets", advice: advice(p.petId) }),
            bookingId: p.bookingId,
            petId: p.petId,
          },
        ],
      ]),
    );

  it("the advice whole and escaped: a mention or a link in it is words, never a ping", () => {
    const house = keptRound("evening", 2);
    const advice = "Bland diet 48h <!channel> *only* chicken & rice, 2.5 mg <https://x.example|here>";
    const welfare = flagged(house, () => advice);
    const again = house.messages.map((_, i) =>
      sheetMessage(house, i, { entries: [], timezone: TZ, welfare: welfare as never }),
    );
    expectWhole(again);
    const text = JSON.stringify(again);
    expect(text).toContain(JSON.stringify(`🩺 vet advice: Oak Vets · advised: ${esc(advice)}`).slice(1, -1));
    expect(text).not.toContain("<!channel>");
  });

  it("150 pets each advised 1,000 characters: every message within the limits, each advice whole or the flag in a few words", () => {
    const house = keptRound("evening", 150);
    const advice = (petId: number) => longWords(`a${petId}w`, 1000);
    const welfare = flagged(house, advice);
    const again = house.messages.map((_, i) =>
      sheetMessage(house, i, { entries: [], timezone: TZ, welfare: welfare as never }),
    );
    expectWhole(again);
    for (const p of house.pets) {
      const text = JSON.stringify(again[p.message]);
      expect(text.includes(esc(advice(p.petId))) || text.includes("🩺 vet advice: recorded")).toBe(true);
    }
  });
});
