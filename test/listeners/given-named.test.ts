/**
 * A form's giver kept by id (Slack slow before the commit), named after it (src/listeners/actions/
 * record-giver.ts `givenNamed`): the entries are read again once the giver's `staff_name` follow-up
 * is written, not on a timer's every 100 ms: one read when it comes, however slow the write; false as
 * soon as Slack has answered with no name for one of them (not at the bound); false at the bound
 * when Slack does not answer. Real SQLite, the store wrapped as the bot wraps it.
 */
import { describe, expect, it } from "vitest";
import { withGivers } from "../../src/answers/given-by.ts";
import { withStaffNames } from "../../src/answers/staff-names.ts";
import { givenNamed } from "../../src/listeners/actions/record-giver.ts";
import type { CareRecordStore, Entry } from "../../src/record/types.ts";
import { juniperEntries, scratchRecord, withFaults } from "../helpers/record.ts";

const DATE = "2026-12-03";
const clock = { now: () => new Date(`${DATE}T13:00:00Z`) };
const NAMES: Record<string, string | undefined> = { U0NIA: "Nia Obi", U0KIM: undefined };

/** Slack's answers for the givers, given only once `answer()` is called; each follow-up's write slowed by `writeMs`. */
function slowSlack(writeMs = 0) {
  let answer = () => {};
  const answered = new Promise<void>((r) => {
    answer = r;
  });
  const reads: string[] = [];
  const real = scratchRecord(clock);
  const counted = withFaults(real, {
    log: (q) => {
      reads.push(q.kind);
      return real.log(q);
    },
    append: async (input, o) => {
      await new Promise((r) => setTimeout(r, writeMs));
      return real.append(input, o);
    },
  });
  const names = {
    settledName: async (id: string) => {
      await answered;
      return NAMES[id];
    },
    settledStanding: async () => {
      await answered;
      return undefined;
    },
    displayName: (id: string) => NAMES[id],
  };
  const store = withStaffNames(
    counted,
    names,
    () => {},
    () => {},
  );
  // `access`: what an older givenNamed asked of Slack's names; the store is all this one needs.
  const deps = { record: store, access: names };
  return { store, deps, reads, answer };
}

/** Juniper's morning (and evening) Rimadyl, recorded by Jane naming each giver by id alone; read back unnamed. */
async function keptById(store: CareRecordStore, givers: string[]): Promise<Entry[]> {
  const entry = juniperEntries("g");
  for (const [i, userId] of givers.entries()) {
    const request = `view:G${i}`;
    const dose = entry(DATE, {
      round: i === 0 ? "morning" : "evening",
      item: "med:1",
      itemText: "Rimadyl 50 mg",
      outcome: "given",
      userId: "U0JANE",
      userName: "Jane",
      requestKey: request,
    });
    const body = { v: 1 as const, request, userId, items: ["med:1" as const] };
    const beside = [{ kind: "given_by" as const, date: DATE, bookingId: 7, petId: 3, body }];
    expect((await store.record([dose], beside)).status).toBe("recorded");
  }
  const entries = await store.entries({ date: DATE });
  await withGivers(store, entries, { from: DATE, to: DATE });
  expect(entries.every((e) => e.givenBy?.unnamed)).toBe(true);
  return entries;
}

describe("a giver kept by id, named after the commit", () => {
  it("read again once, when the follow-up naming them is written", async () => {
    const slack = slowSlack(300);
    const entries = await keptById(slack.store, ["U0NIA"]);
    slack.reads.length = 0;
    const naming = givenNamed(slack.deps, { entries }, 60_000);
    slack.answer();
    expect(await naming).toBe(true);
    expect(entries[0]?.givenBy).toEqual({ userId: "U0NIA", name: "Nia Obi" });
    expect(slack.reads).toEqual(["given_by", "staff_name"]);
  });

  it("false as soon as Slack has answered with no name for one of them, not at the bound", async () => {
    const slack = slowSlack();
    const entries = await keptById(slack.store, ["U0NIA", "U0KIM"]);
    const began = performance.now();
    const naming = givenNamed(slack.deps, { entries }, 5_000);
    slack.answer();
    expect(await naming).toBe(false);
    expect(performance.now() - began).toBeLessThan(2_000);
  });

  it("false at the bound when Slack does not answer, the entries as they were", async () => {
    const slack = slowSlack();
    const entries = await keptById(slack.store, ["U0NIA"]);
    const began = performance.now();
    expect(await givenNamed(slack.deps, { entries }, 200)).toBe(false);
    expect(performance.now() - began).toBeGreaterThanOrEqual(190);
    expect(entries[0]?.givenBy).toMatchObject({ userId: "U0NIA", unnamed: true });
    slack.answer();
  });
});
