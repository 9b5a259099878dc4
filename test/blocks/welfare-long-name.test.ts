/**
 * The welfare post never cuts a pet's name (issue 47): a 2,000-character name full of `&` and `<`
 * (five times longer once escaped) is shown whole, the pet's block going on in as many sections as it
 * needs, and every message of the post keeps Block Kit's limits, with each pet's buttons still there.
 */
import { describe, expect, it } from "vitest";
import type { BoardPet, WelfareBoard } from "../../src/answers/welfare.ts";
import { shareOut } from "../../src/answers/welfare-share.ts";
import { duplicateActionIds, limitViolations } from "../../src/blocks/limits.ts";
import type { Message } from "../../src/blocks/types.ts";
import { welfareMessages } from "../../src/blocks/welfare.ts";
import { ALL_NORMAL, type WelfareCheck } from "../../src/domain/welfare.ts";
import { normal } from "../helpers/whole-care.ts";

/** Words to pass `n` characters, each distinct, every third with `&` and `<`, so a cut anywhere loses one. */
const hostileName = (head: string, n: number): string => {
  const words = [head];
  for (let i = 0; words.join(" ").length < n; i++) words.push(i % 3 ? `w${i}` : `&<${i}>&`);
  return `${words.join(" ")} END`;
};

const LONG_TO_CHECK = hostileName("Duchess to check", 2000);
const LONG_CHECKED = hostileName("Duchess checked", 2000);

const check = (i: number): WelfareCheck => ({
  id: 1000 + i,
  date: "2026-11-22",
  round: "evening",
  bookingId: i + 1,
  petId: i + 1,
  petName: `Pet ${i}`,
  values: ALL_NORMAL,
  // The first pet's note is long: the post keeps one line a pet and says where it is whole.
  note: i === 0 ? hostileName("Subdued at the door, ate after a while;", 400) : undefined,
  eating: [{ round: "evening", outcome: "ate_all" }],
  userId: "U0JANE",
  userName: "Jane",
  recordedAt: "2026-11-22T18:10:00.000Z",
});

/** `count` pets, the fourth and fifth (or, `allLong`, every one) with names of 2,000 characters. */
function board(count: number, allLong = false): WelfareBoard {
  const nameOf = (i: number) =>
    allLong
      ? hostileName(`Duchess ${i}`, 2000)
      : i === 3
        ? LONG_TO_CHECK
        : i === 4
          ? LONG_CHECKED
          : `Pet ${i}`;
  const named = Array.from({ length: count }, (_, i) => ({
    bookingId: i + 1,
    petId: i + 1,
    room: `Kennel ${i}`,
    name: nameOf(i),
  }));
  const shared = shareOut(named);
  const pets: BoardPet[] = shared.pets.map((p, i) => ({
    ...p,
    check: i % 2 === 0 ? check(i) : undefined,
    superseded: [],
    meal: { round: "evening", outcome: "ate_all" },
    flags: [],
  }));
  return {
    list: {
      v: 1,
      date: "2026-11-22",
      round: "evening",
      area: null,
      pets,
      messages: shared.messages,
      unlisted: [],
      id: 77,
    },
    pets,
    problem: undefined,
  };
}

/** The sections' texts of the messages, one run, as a reader sees them. */
const sectionsSeen = (messages: Message[]) =>
  normal(
    messages
      .flatMap((m) => m.blocks)
      .flatMap((b) => (b.type === "section" && b.text ? [b.text.text] : []))
      .join(" ")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&"),
  );

describe("the welfare post with a pet's name of 2,000 characters full of & and <", () => {
  it("shows the name whole, to check and checked, within Block Kit's limits, every pet with its buttons", () => {
    for (const count of [6, 150]) {
      const messages = welfareMessages(board(count), { timezone: "Europe/London" });
      for (const m of messages) {
        expect(limitViolations(m)).toEqual([]);
        expect(duplicateActionIds(m)).toEqual([]);
      }
      const text = sectionsSeen(messages);
      expect(text).toContain(normal(LONG_TO_CHECK));
      expect(text).toContain(normal(LONG_CHECKED));
      // Every pet keeps its button: the one-tap "All normal" (to check) or "Change" (checked).
      const buttons = messages.flatMap((m) =>
        m.blocks.flatMap((b) =>
          b.type === "actions"
            ? b.elements.map((e) => e.action_id)
            : b.type === "section" && b.accessory?.type === "button"
              ? [b.accessory.action_id]
              : [],
        ),
      );
      for (let i = 0; i < count; i++)
        expect(buttons).toContain(i % 2 === 0 ? `wf_note:${i + 1}-${i + 1}` : `wf_ok:${i + 1}-${i + 1}`);
      expect(text).toContain("… (all of it: the stay record)");
    }
  });

  it("a round where every pet has such a name takes more messages, each within Block Kit's limits", () => {
    const b = board(40, true);
    const messages = welfareMessages(b, { timezone: "Europe/London" });
    expect(messages).toHaveLength(b.list.messages);
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    const text = sectionsSeen(messages);
    for (const p of b.pets) expect(text).toContain(normal(p.name));
  });
});
