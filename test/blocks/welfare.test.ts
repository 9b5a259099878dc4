/**
 * The welfare post in Block Kit on the biggest day (issue 38): 150 pets in four messages (eight when
 * every name passes its button), each within Slack's limits whatever the names, notes and flags (long, full of
 * `&` and `<`), one block per pet (two for a pet to check whose room and name pass its button: its
 * name whole on a line of its own, issue 47), every pet to check with its one-tap "✅ All normal" and
 * its "✏️ Something to note", a pet checked or flagged with its line and one button; a list not kept
 * has no buttons at all.
 */
import { describe, expect, it } from "vitest";
import type { WelfareBoard } from "../../src/answers/welfare.ts";
import { shareOut } from "../../src/answers/welfare-share.ts";
import { duplicateActionIds, limitViolations } from "../../src/blocks/limits.ts";
import { welfareMessages } from "../../src/blocks/welfare.ts";
import { readAdvice } from "../../src/blocks/welfare-modal.ts";
import { ALL_NORMAL, type WelfareCheck } from "../../src/domain/welfare.ts";
import type { WelfareFlag } from "../../src/domain/welfare-flag.ts";

const hostile = (n: number, len: number) =>
  `${"&<>".repeat(3)}${"Wolfgang Amadeus ".repeat(6)}`.slice(0, len) + n;

function board(count: number, kept: boolean, nameLength = 80): WelfareBoard {
  // As the lists share their pets out (src/answers/welfare.ts): evenly, at most 47 blocks a message.
  const shared = shareOut(
    Array.from({ length: count }, (_, i) => ({
      name: hostile(i, nameLength),
      room: hostile(i, nameLength === 80 ? 60 : 8),
    })),
  );
  const messages = shared.messages;
  const pets = Array.from({ length: count }, (_, i) => {
    const check: WelfareCheck | undefined =
      i % 3 === 0
        ? undefined
        : {
            id: 1000 + i,
            date: "2026-11-22",
            round: "evening",
            bookingId: i + 1,
            petId: i + 1,
            petName: hostile(i, 80),
            values:
              i % 2 ? { drinking: "none", stool: "blood", urine: "blood", demeanour: "in_pain" } : ALL_NORMAL,
            note: i % 2 ? "<!channel> ".repeat(50).slice(0, 500) : undefined,
            eating: [{ round: "evening", outcome: "ate_some" }],
            userId: "U0JANE",
            userName: hostile(i, 60),
            recordedAt: "2026-11-22T18:10:00.000Z",
          };
    const flags: WelfareFlag[] =
      i % 5 === 0
        ? ["stool:blood", "drinking:none"].map((sign, j) => ({
            id: 5000 + i * 2 + j,
            bookingId: i + 1,
            petId: i + 1,
            petName: hostile(i, 80),
            sign: sign as WelfareFlag["sign"],
            date: "2026-11-22",
            openedAt: "2026-11-22T12:00:00.000Z",
            entries: [],
            advice: [
              {
                id: 1,
                vet: hostile(i, 200),
                sought: "2026-11-22T12:30:00.000Z",
                advice: "x",
                userId: "U",
                userName: "J",
                recordedAt: "2026-11-22T12:40:00.000Z",
              },
            ],
          }))
        : [];
    return {
      bookingId: i + 1,
      petId: i + 1,
      name: hostile(i, nameLength),
      room: hostile(i, nameLength === 80 ? 60 : 8),
      message: shared.pets[i]?.message ?? 0,
      check,
      superseded: check
        ? [
            { ...check, id: check.id + 10_000 },
            { ...check, id: check.id + 20_000 },
          ]
        : [],
      meal: { round: "evening" as const, outcome: "ate_none" as const },
      flags,
    };
  });
  return {
    list: {
      v: 1,
      date: "2026-11-22",
      round: "evening",
      area: null,
      pets,
      messages,
      unlisted: Array.from(
        { length: 30 },
        (_, i) => `${hostile(i, 300)}: care details not matched, check by hand`,
      ),
      ...(kept ? { id: 77 } : {}),
    },
    pets,
    problem: undefined,
  };
}

describe("the welfare post on the 150-pet day", () => {
  const messages = welfareMessages(board(150, true), { timezone: "Europe/London" });

  it("is four messages (eight when every name passes its button), each within Block Kit's limits, with no action_id twice (and 187 pets, the sandbox's morning, too)", () => {
    expect(messages).toHaveLength(8);
    const short = welfareMessages(board(150, true, 30), { timezone: "Europe/London" });
    expect(short).toHaveLength(4);
    const bigger = welfareMessages(board(187, true, 30), { timezone: "Europe/London" });
    expect(bigger).toHaveLength(4);
    for (const m of [...messages, ...short, ...bigger]) {
      expect(limitViolations(m)).toEqual([]);
      expect(duplicateActionIds(m)).toEqual([]);
    }
  });

  it("each message's notification counts its own pets and says the whole house beside them", () => {
    const b = board(150, true);
    const mine = (m: number) => b.pets.filter((p) => p.message === m);
    messages.forEach((m, i) => {
      const checked = mine(i).filter((p) => p.check).length;
      expect(m.text).toContain(
        // The whole house as the head counts it: the bookings not matched (at the foot) too.
        `${checked} of ${mine(i).length} pets checked in this message, ${150 + b.list.unlisted.length} pets in all (part ${i + 1})`,
      );
    });
    const one = welfareMessages(board(3, true), { timezone: "Europe/London" });
    expect(one).toHaveLength(1);
    expect(one[0]?.text).toMatch(/: 2 of 3 pets checked$/);
  });

  it("one block per pet: a pet to check is its two buttons (its room and name whole above them when they pass the button); a pet checked or flagged, its line and one button", () => {
    const named = (b: { block_id?: string }) => String(b.block_id).endsWith(":name");
    const pets = messages.flatMap((m) =>
      m.blocks.filter((b) => "block_id" in b && String(b.block_id).startsWith("kd_wf:") && !named(b)),
    );
    expect(pets).toHaveLength(150);
    // Each name too long for its button stands whole above it.
    const above = messages.flatMap((m) => m.blocks.filter((b) => "block_id" in b && named(b)));
    expect(above).toHaveLength(40);
    for (const b of above) expect(JSON.stringify(b)).toContain("Wolfgang Amadeus Wolfgang");
    const toCheck = pets.filter((b) => b.type === "actions");
    // Every third pet is not checked; of those, every fifth is flagged (a form, never one tap).
    expect(toCheck).toHaveLength(40);
    for (const b of toCheck) {
      const [ok, note] = (b as { elements: Array<{ text: { text: string }; action_id: string }> }).elements;
      expect(ok?.text.text).toBe("✅ All normal");
      expect(ok?.action_id).toMatch(/^wf_ok:\d+-\d+$/);
      expect(note?.text.text).toBe("✏️ Something to note");
    }
    const lines = pets.filter((b) => b.type === "section") as Array<{
      text: { text: string };
      accessory?: { text: { text: string } };
    }>;
    expect(lines.every((b) => ["✏️ Change", "✏️ Check…"].includes(b.accessory?.text.text ?? ""))).toBe(true);
    // Values from anywhere are escaped: nothing pings.
    expect(JSON.stringify(messages)).not.toContain("<!channel>");
  });

  it("150 pets marked all normal take 150 taps on these four messages, no more", () => {
    const taps = messages.flatMap((m) =>
      m.blocks.flatMap((b) =>
        b.type === "actions" ? b.elements.filter((e) => e.action_id.startsWith("wf_ok:")) : [],
      ),
    );
    // The unchecked and unflagged pets' one-tap buttons; the others are checked or asked about by form.
    expect(taps.length).toBe(40);
    const fresh = welfareMessages(board(150, true), { timezone: "Europe/London" }).length;
    expect(fresh).toBeLessThanOrEqual(8);
  });

  it("a list that could not be kept is drawn without any button", () => {
    const draft = welfareMessages(board(150, false), { timezone: "Europe/London" });
    expect(JSON.stringify(draft)).not.toMatch(/"wf_(ok|note):/);
    for (const m of draft) expect(limitViolations(m)).toEqual([]);
  });
});

// Issue 46, items 9 and 10: when the vet's advice was sought, on a day the clocks went back.
describe("the advice form's time", () => {
  const state = (when: string) => ({
    vet: { vet: { value: "Riverside Vets" } },
    when: { when: { value: when } },
    advice: { advice: { value: "Bland diet" } },
  });
  const now = new Date("2026-10-25T09:00:00Z");
  const flag = { openedAt: "2026-10-24T18:00:00Z" };

  it("an hour that came twice is asked which, in words; 'first' or 'second' says it", () => {
    expect(readAdvice(state("01:30"), now, "Europe/London", flag)).toEqual({
      ok: false,
      errors: {
        when: '01:30 happened twice on Sun 25 Oct: the clocks went back. Write "01:30 first" or "01:30 second".',
      },
    });
    expect(readAdvice(state("01:30 first"), now, "Europe/London", flag)).toMatchObject({
      ok: true,
      sought: "2026-10-25T00:30:00.000Z",
    });
    expect(readAdvice(state("2026-10-25 01:30 second"), now, "Europe/London", flag)).toMatchObject({
      ok: true,
      sought: "2026-10-25T01:30:00.000Z",
    });
  });

  it("before the flag was raised: refused, naming when it was", () => {
    expect(readAdvice(state("2026-10-24 17:00"), now, "Europe/London", flag)).toEqual({
      ok: false,
      errors: { when: "That is before the flag was raised (Sat 24 Oct, 19:00): give when it was sought." },
    });
  });
});

describe("a welfare message too long in full, drawn in few words", () => {
  const withCheckers = (name: (i: number) => string): WelfareBoard => {
    const b = board(150, true);
    const pets = b.pets.map((p, i) => (p.check ? { ...p, check: { ...p.check, userName: name(i) } } : p));
    return { ...b, pets, list: { ...b.list, pets } };
  };
  const text = (ms: ReturnType<typeof welfareMessages>) => JSON.stringify(ms);

  it("names each checker whole (Slack allows 80 characters), within Block Kit's limits", () => {
    const name = (i: number) => `Bartholomew Featherstonehaugh-Cholmondeley ${i} of the Night Shift`;
    const messages = welfareMessages(withCheckers(name), { timezone: "Europe/London" });
    // The first message is in few words (its checks' notes are not on it).
    expect(JSON.stringify(messages[0])).not.toContain("&lt;!channel&gt; &lt;!channel&gt;");
    for (let i = 0; i < 150; i++) if (i % 3) expect(text(messages)).toContain(name(i));
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
  });

  it("shortens the checkers' names only when even few words with them whole would pass Slack's 12,000 characters", () => {
    const name = (i: number) => `${"&".repeat(76)}${i}`.slice(0, 80);
    const messages = welfareMessages(withCheckers(name), { timezone: "Europe/London" });
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    // The first message's 21 pets need it; the last's three are whole, in full.
    const [first, last] = [messages[0], messages.at(-1)].map((m) => JSON.stringify(m));
    expect(first).toContain("18:10 &amp;&amp;…");
    expect(first).not.toContain("&amp;".repeat(76));
    expect(last).toContain(`18:10 ${"&amp;".repeat(76)}148`);
  });
});
