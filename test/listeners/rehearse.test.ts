/**
 * A tap's path run once before the bot listens (src/listeners/rehearse.ts): for one pet of today's
 * latest kept sheet, what a tap reads and the round message its redraw draws; nothing written, nothing
 * posted; no sheet today or a store that fails: nothing rehearsed, and no error.
 */
import { describe, expect, it, vi } from "vitest";
import { saveSheet } from "../../src/answers/sheets.ts";
import { loadConfig } from "../../src/config.ts";
import type { BotDeps } from "../../src/listeners/bot-deps.ts";
import { SheetRedraw } from "../../src/listeners/record-round.ts";
import { rehearseTap } from "../../src/listeners/rehearse.ts";
import { silentLogger } from "../../src/log.ts";
import type { EntryQuery } from "../../src/record/types.ts";
import { withHarness } from "../helpers/bot.ts";
import { scratchRecord, withFaults } from "../helpers/record.ts";
import { biscuitEvening } from "../helpers/rounds.ts";

// 18:10 in London on 24 November: today is the 24th, its evening round due.
const clock = { now: () => new Date("2026-11-24T18:10:00Z") };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });

/** Biscuit's evening round on `date`, as a round post keeps it. */
const eveningOf = (date: string) => biscuitEvening(date, "Europe/London");

function botWith(record = scratchRecord(clock)) {
  const deps = { record, config, clock, log: silentLogger() } as unknown as BotDeps;
  const redraw = new SheetRedraw(deps);
  return { deps, redraw, draw: vi.spyOn(redraw, "draw") };
}

describe("a tap's path run once before the bot listens", () => {
  it("today's kept sheet: its pet's round message is drawn once, and nothing is written", async () => {
    const { deps, redraw, draw } = botWith();
    const sheet = await saveSheet(deps, eveningOf("2026-11-24"));
    const headBefore = await deps.record.head();
    expect(await rehearseTap(deps, redraw)).toBe(true);
    expect(draw).toHaveBeenCalledTimes(1);
    expect(draw.mock.calls[0]?.[0].id).toBe(sheet.id);
    expect(draw.mock.calls[0]?.[1]).toBe(0);
    // Drawn as a redraw would draw it: Biscuit's round, nothing recorded yet.
    const drawn = await draw.mock.results[0]?.value;
    expect(JSON.stringify(drawn)).toContain("Biscuit");
    expect(await deps.record.entries({ date: "2026-11-24", round: "evening" })).toEqual([]);
    expect(await deps.record.head()).toEqual(headBefore);
  });

  it("the commit's own reads are made for the pet's first item, on the store's writer, writing nothing", async () => {
    const record = scratchRecord(clock);
    const rehearsed: unknown[] = [];
    const watched = withFaults(record, {
      rehearseRecord: (item) => {
        rehearsed.push(item);
        return record.rehearseRecord?.(item) ?? Promise.resolve();
      },
    });
    const { deps, redraw } = botWith(watched);
    const sheet = await saveSheet(deps, eveningOf("2026-11-24"));
    const headBefore = await record.head();
    expect(await rehearseTap(deps, redraw)).toBe(true);
    const pet = sheet.pets[0];
    expect(rehearsed).toEqual([
      {
        date: "2026-11-24",
        round: "evening",
        bookingId: pet?.bookingId,
        petId: pet?.petId,
        item: pet?.due[0]?.item,
      },
    ]);
    expect(await record.head()).toEqual(headBefore);
  });

  it("no sheet kept for today (tomorrow's only): nothing is drawn", async () => {
    const { deps, redraw, draw } = botWith();
    await saveSheet(deps, eveningOf("2026-11-25"));
    expect(await rehearseTap(deps, redraw)).toBe(false);
    expect(draw).not.toHaveBeenCalled();
  });

  it("a store that cannot be read: nothing rehearsed, and the start goes on without an error", async () => {
    const failing = withFaults(scratchRecord(clock), {
      log: () => Promise.reject(new Error("disk I/O error")),
    });
    const { deps, redraw, draw } = botWith(failing);
    expect(await rehearseTap(deps, redraw)).toBe(false);
    expect(draw).not.toHaveBeenCalled();
  });
});

describe("the bot's start", () => {
  it("with today's sheet kept, the round's entries are read for its redraw before the bot listens", async () => {
    const record = scratchRecord(clock);
    await saveSheet({ record }, eveningOf("2026-11-24"));
    // The real store, its reads of entries noted.
    const asked: EntryQuery[] = [];
    const watched = withFaults(record, {
      entries: (query) => {
        asked.push(query);
        return record.entries(query);
      },
    });
    await withHarness({ clock, record: watched }, async () => {
      // Started: the server listens. Nothing was tapped yet, but the redraw's read was made.
      expect(asked).toContainEqual(expect.objectContaining({ date: "2026-11-24", round: "evening" }));
    });
  });
});
