/**
 * /rounds for another day than today (src/digest/round-post.ts `askedRoundPost`), against the sandbox
 * and a real SQLite record: what a round asks is kept when it is posted on its day, so a past day's
 * round is refused, saying where that day's record is (never posted from today's answer, never a
 * "missed" the day did not ask), and a later day's is its sheet for reference, marked so, with no
 * buttons and nothing written. Today's is posted and kept, as before.
 */
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/answers/failure.ts";
import { latestSheet, saveSheet } from "../../src/answers/sheets.ts";
import type { Deps } from "../../src/deps.ts";
import { askedRoundPost } from "../../src/digest/round-post.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { biscuitMorning } from "../helpers/paper.ts";
import { writingNothing } from "../helpers/record.ts";
import { useSandboxRecord } from "../helpers/sandbox-deps.ts";

const TZ = "Europe/London";
const TODAY = "2026-11-22";
const NOW = new Date(`${TODAY}T10:00:00Z`);
let store: CareRecordStore;
let deps: Deps;
useSandboxRecord(
  { seed: 21, customers: 150, today: TODAY, timezone: TZ, awkward: true },
  { now: () => NOW },
  "kennel-desk-asked-round-",
  (started) => {
    ({ store, deps } = started);
  },
);

const blocksOf = (post: Awaited<ReturnType<typeof askedRoundPost>>) =>
  JSON.stringify([post.parent, ...post.replies].map((m) => m.blocks));

/** The refusal of a round of `date` (a UsageError: said to the asker; the record, when there is one, as it was). */
async function refusal(d: Parameters<typeof askedRoundPost>[0], round: "morning" | "evening", date: string) {
  const ask = () => askedRoundPost(d, round, date).catch((e: unknown) => e);
  const refused = d.record ? await writingNothing(d.record, ask) : await ask();
  expect(refused).toBeInstanceOf(UsageError);
  return refused as UsageError;
}

describe("/rounds for another day than today", () => {
  it("a past day's round never posted is refused, saying the paper chart stays its record; nothing is written", async () => {
    const refused = await refusal(deps, "morning", "2026-11-21");
    const [message, whatToDo] = [refused.message, refused.hint("bot")];
    // As `kennel-desk record enter` says it of a round never kept: never sent to its post nor to record enter.
    expect(message).toBe(
      "No sheet was kept for the morning round of Sat 21 Nov: Kennel Desk never posted it, so it cannot say what was due, and a past day's round cannot be posted now (it would ask what today's bookings say, not what was due that day).",
    );
    expect(whatToDo).toBe(
      "The paper chart stays that round's record: keep it with the kennel's records. kennel-desk record 2026-11-21 shows what the record holds for that day.",
    );
    expect(await latestSheet(deps, "2026-11-21", "morning")).toBeUndefined();
  });

  it("a past day's round that was kept is refused, pointing to its post, record enter and how to open a stay's record", async () => {
    await saveSheet({ record: store }, biscuitMorning("2026-11-20"));
    const refused = await refusal(deps, "morning", "2026-11-20");
    const [message, whatToDo] = [refused.message, refused.hint("bot")];
    expect(message).toBe(
      "Fri 20 Nov has passed: its morning round cannot be posted now. What a round asks is kept when it is posted on its day, and a post now would ask what today's bookings say.",
    );
    expect(whatToDo).toBe(
      "Its record: kennel-desk record morning 2026-11-20 (in the terminal), or each stay's record (/booking REF, then its Stay record button; or kennel-desk record --booking REF). To record late, or enter the paper chart: that day's round post (✏️ Record each…, 📄 Enter from paper…), or kennel-desk record enter morning 2026-11-20.",
    );
    // Another round of that day, never kept: the paper chart is its record.
    expect((await refusal(deps, "evening", "2026-11-20")).message).toMatch(
      /^No sheet was kept for the evening round of Fri 20 Nov/,
    );
  });

  it("with no care record at all, a past day's round is refused saying the paper chart is its record", async () => {
    const { record: _none, ...bare } = deps;
    const refused = await refusal(bare, "morning", "2026-11-21");
    expect(refused.message).toMatch(/^Sat 21 Nov has passed: its morning round cannot be posted now\./);
    expect(refused.hint("bot")).toBe(
      "This Kennel Desk keeps no care record (set KENNEL_DATA_DIR or DATABASE_URL to keep one), so the paper chart stays that round's record: keep it with the kennel's records.",
    );
  });

  it("a later day's round is shown for reference, marked not kept, with no buttons; nothing is written", async () => {
    // Not a sheet, not what the round asks, not a care plan's draft: the record is as it was.
    const post = await writingNothing(store, () => askedRoundPost(deps, "evening", "2026-11-23"));
    const shown = blocksOf(post);
    expect(shown).toContain("Evening round");
    expect(shown).toContain(
      "🔎 For reference, not kept: what this round asks is kept when it is posted on Mon 23 Nov, and it is recorded from that post.",
    );
    expect(shown).not.toMatch(/"rec_(all|each):/);
    expect(shown).not.toContain('"type":"actions"');
    // A plan's question is said, without the name of a button the post does not have (Otis, AW-SLOTS).
    expect(shown).toContain("💊 Metacam is in two slots: one dose or two?");
    expect(shown).not.toContain("📋 Plan…");
    // Every part says it, the thread's replies as the parent: a reply read on its own is never
    // taken for a round to record on.
    expect(post.replies.length).toBeGreaterThan(0);
    for (const part of [post.parent, ...post.replies])
      expect(JSON.stringify(part.blocks)).toContain(
        "🔎 For reference, not kept: what this round asks is kept",
      );
    expect(post.payload).toBeUndefined();
    expect(await latestSheet(deps, "2026-11-23", "evening")).toBeUndefined();
  });

  it("today's round is posted and kept, with its buttons, as before", async () => {
    const post = await askedRoundPost(deps, "evening", TODAY);
    expect(post.payload).toBeDefined();
    expect(blocksOf(post)).toMatch(/"rec_(all|each):/);
    expect(blocksOf(post)).not.toContain("For reference");
    // Beside its button, the plan's question names it.
    expect(blocksOf(post)).toContain("💊 Metacam is in two slots: one dose or two? 📋 Plan…");
    expect(await latestSheet(deps, TODAY, "evening")).toBeDefined();
  });
});
