/**
 * The welfare check's form and a flag's "Vet advice" and "Resolved" forms name the pet whole: a room
 * and a name of about 2,000 characters each (as the kept list keeps them), full of `&` and `<`, are
 * there every word, escaped, with the round and day after them (the check) and what was flagged (the
 * flag), in as many sections as they take; each form keeps Slack's limits. They were one section cut
 * at 2,900 characters.
 */
import { describe, expect, it } from "vitest";
import { viewViolations } from "../../src/blocks/limits.ts";
import type { Message } from "../../src/blocks/types.ts";
import { adviceModal, resolveModal, welfareModal } from "../../src/blocks/welfare-modal.ts";
import type { WelfareFlag } from "../../src/domain/welfare-flag.ts";
import { normal, texts } from "../helpers/whole-care.ts";

/** Words to pass `n` characters (at most 2,000), each distinct, every third with `&` and `<`. */
const hostile = (head: string, n: number): string => {
  const words = [head];
  for (let i = 0; words.join(" ").length < n - 20; i++) words.push(i % 3 ? `w${i}` : `&<${i}>`);
  return `${words.join(" ")} END`;
};
const NAME = hostile("Duchess", 1990);
const ROOM = hostile("Garden suite", 1990);

/** A view's words as a person reads them: its sections' and contexts' text, unescaped, marks aside. */
const read = (view: { blocks: unknown[] }) =>
  normal(texts([{ blocks: view.blocks as Message["blocks"] }]).join(" "));

const FLAG: WelfareFlag = {
  id: 9,
  bookingId: 1,
  petId: 2,
  petName: NAME,
  room: ROOM,
  sign: "drinking:none",
  date: "2026-11-29",
  openedAt: "2026-11-29T18:10:00.000Z",
  entries: [
    { kind: "check", id: 1, date: "2026-11-28", round: "evening", at: "2026-11-28T18:10:00.000Z" },
    { kind: "check", id: 2, date: "2026-11-29", round: "evening", at: "2026-11-29T18:10:00.000Z" },
  ],
  advice: [],
};

describe("the welfare forms with a long room and name", () => {
  it("the check names the pet whole, then the round and day, and the late line", () => {
    const view = welfareModal(
      "sealed",
      { date: "2026-12-01", round: "evening" },
      { bookingId: 1, petId: 2, name: NAME, room: ROOM, message: 0 },
      { check: undefined, meals: [], late: true, timezone: "Europe/London" },
    );
    expect(viewViolations(view)).toEqual([]);
    const text = read(view);
    expect(text).toContain(normal(`${ROOM} ${NAME}`));
    expect(text).toContain("· evening welfare check, Tue 1 Dec");
    expect(text).toContain("⏰ Recording late for Tue 1 Dec");
    expect(JSON.stringify(view.blocks)).not.toContain("<!");
  });

  it.each([
    ["vet advice", adviceModal],
    ["resolved", resolveModal],
  ])("the flag's %s form names the pet whole and what was flagged", (_, modal) => {
    const view = modal("sealed", FLAG);
    expect(viewViolations(view)).toEqual([]);
    const text = read(view);
    expect(text).toContain(normal(`${ROOM} ${NAME}`));
    expect(text).toContain("🚩 Not drinking, 2 checks in a row");
  });
});

describe("the vet advice form", () => {
  it("asks for the vet's or practice's name only, since it shows in the channel (no phone number)", () => {
    const view = adviceModal("sealed", FLAG) as unknown as {
      blocks: Array<{ block_id?: string; hint?: { text: string } }>;
    };
    const vet = view.blocks.find((b) => b.block_id === "vet");
    expect(vet?.hint?.text).toMatch(/name only.*channel.*no phone number/);
  });
});
