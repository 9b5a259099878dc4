/**
 * Where the copies of a round are (src/answers/round-copies.ts): kept in the record as posted, a
 * copy the record could not keep still shown (logged), and after a tap the copies to draw again:
 * all but the one tapped, the newest first, at most COPIES_DRAWN.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  COPIES_DRAWN,
  isOfCopy,
  type KeptCopy,
  keepRoundCopy,
  otherCopies,
  roundCopies,
} from "../../src/answers/round-copies.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { captureLogger } from "../helpers/log.ts";
import { scratchRecord, withFaults } from "../helpers/record.ts";

const DATE = "2026-11-22";
const clock = { now: () => new Date(`${DATE}T19:35:00Z`) };
const copy = (id: number, channel: string, parts: string[], thread = false): KeptCopy => ({
  id,
  date: DATE,
  round: "evening",
  sheet: 40 + id,
  channel,
  parts,
  thread,
});

const stores: CareRecordStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});
const open = () => {
  const store = scratchRecord(clock);
  stores.push(store);
  return store;
};

describe("a copy of a round, kept where it was posted", () => {
  it("is read back for its date and round, oldest first, once per copy, the chain whole", async () => {
    const record = open();
    const { log } = captureLogger();
    const deps = { record, log };
    const evening = { date: DATE, round: "evening" as const, sheet: 12 };
    await keepRoundCopy(deps, evening, {
      channel: "D0JANE",
      parts: ["1.1", "1.2"],
      thread: false,
      user: "U0JANE",
    });
    await keepRoundCopy(deps, evening, {
      channel: "D0JANE",
      parts: ["1.1", "1.2"],
      thread: false,
      user: "U0JANE",
    });
    await keepRoundCopy(
      deps,
      { ...evening, round: "morning" },
      { channel: "D0TOM", parts: ["2.1"], thread: false },
    );
    await keepRoundCopy(
      deps,
      { ...evening, sheet: 13 },
      { channel: "C0ROUNDS", parts: ["3.1", "3.2"], thread: true },
    );
    const read = await roundCopies(deps, DATE, "evening");
    expect(read.map(({ id: _, ...c }) => c)).toEqual([
      {
        date: DATE,
        round: "evening",
        sheet: 12,
        channel: "D0JANE",
        parts: ["1.1", "1.2"],
        thread: false,
        user: "U0JANE",
      },
      { date: DATE, round: "evening", sheet: 13, channel: "C0ROUNDS", parts: ["3.1", "3.2"], thread: true },
    ]);
    expect(await roundCopies(deps, "2026-11-23", "evening")).toEqual([]);
    expect((await record.verify()).ok).toBe(true);
  });

  it("a copy the record could not keep is logged, never thrown: the copy is still shown", async () => {
    const record = withFaults(open(), {
      append: () => Promise.reject(new Error("the disk is full")),
    });
    const { log, records } = captureLogger();
    await expect(
      keepRoundCopy(
        { record, log },
        { date: DATE, round: "evening", sheet: 12 },
        { channel: "D0JANE", parts: ["1.1"], thread: false },
      ),
    ).resolves.toBeUndefined();
    expect(
      records().some((r) => String(r.msg).includes("round's copy") && String(r.err).includes("disk is full")),
    ).toBe(true);
  });

  it("a body that is not a copy's is refused: nothing written", async () => {
    const record = open();
    const { log, records } = captureLogger();
    await keepRoundCopy(
      { record, log },
      { date: DATE, round: "evening", sheet: 12 },
      { channel: "", parts: ["1.1"], thread: false },
    );
    expect((await record.head()).seq).toBe(0);
    expect(records()).toHaveLength(1);
  });
});

describe("the copies drawn again after a tap", () => {
  const jane = copy(1, "D0JANE", ["1.1", "1.2", "1.3"]);
  const asked = copy(2, "C0ROUNDS", ["2.1", "2.2"], true);
  const tom = copy(3, "D0TOM", ["3.1"]);

  it("a message of a copy, or a reply in its first message's thread, is of that copy; another channel's is not", () => {
    expect(isOfCopy(jane, { channel: "D0JANE", ts: "1.2" })).toBe(true);
    expect(isOfCopy(asked, { channel: "C0ROUNDS", ts: "9.9", threadTs: "2.1" })).toBe(true);
    expect(isOfCopy(jane, { channel: "D0TOM", ts: "1.2" })).toBe(false);
    expect(isOfCopy(jane, { channel: "D0JANE", ts: "1.4" })).toBe(false);
  });

  it("every copy but the one tapped, the newest first", () => {
    const all = [jane, asked, tom];
    expect(otherCopies(all, { channel: "D0JANE", ts: "1.3" }).map((c) => c.id)).toEqual([3, 2]);
    expect(otherCopies(all, { channel: "C0ROUNDS", ts: "2.2", threadTs: "2.1" }).map((c) => c.id)).toEqual([
      3, 1,
    ]);
    // A tap on the channel's scheduled post, which is no copy: every copy.
    expect(otherCopies(all, { channel: "C0ROUNDS", ts: "8.1" }).map((c) => c.id)).toEqual([3, 2, 1]);
  });

  it("at most the newest COPIES_DRAWN", () => {
    const many = Array.from({ length: 30 }, (_, i) => copy(i + 1, `D0U${i}`, [`${i}.1`]));
    const drawn = otherCopies(many, { channel: "D0U29", ts: "29.1" });
    expect(COPIES_DRAWN).toBe(20);
    expect(drawn).toHaveLength(20);
    expect(drawn.map((c) => c.id)).toEqual(Array.from({ length: 20 }, (_, i) => 29 - i));
    expect(otherCopies(many, { channel: "C0", ts: "1" }, 3).map((c) => c.id)).toEqual([30, 29, 28]);
  });
});
