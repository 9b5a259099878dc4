import { describe, expect, it, vi } from "vitest";
import { keepRoundCopy } from "../../src/answers/round-copies.ts";
import { loadSheet, type Sheet } from "../../src/answers/sheets.ts";
import { loadConfig } from "../../src/config.ts";
import type { BotDeps } from "../../src/listeners/bot-deps.ts";
import { usableResponseUrl } from "../../src/listeners/guard.ts";
import { couldNotRecord } from "../../src/listeners/record-failure.ts";
import { SheetRedraw } from "../../src/listeners/record-round.ts";
import { roundName, whoRecorded } from "../../src/listeners/tapper-words.ts";
import { silentLogger } from "../../src/log.ts";
import { StoreError } from "../../src/record/errors.ts";
import type { Entry } from "../../src/record/types.ts";
import { scratchRecord } from "../helpers/record.ts";
import { biscuitEvening } from "../helpers/rounds.ts";

const entry = (userName: string, recordedAt: string) => ({ userName, recordedAt }) as Entry;

describe("what the one who tapped is told", () => {
  it("who recorded it first, and when, in the kennel's time; names escaped", () => {
    expect(
      whoRecorded(
        [entry("Jane", "2026-11-24T08:12:00Z"), entry("<!channel>", "2026-11-24T08:15:00Z")],
        "Europe/London",
      ),
    ).toBe("Jane, &lt;!channel&gt; recorded it at 08:15");
    // What of it was not given as asked, so one who saw it taken later knows what the record holds.
    const refused = {
      ...entry("Jane", "2026-11-24T13:00:00Z"),
      item: "med:1",
      itemText: "Cardisure <2.5> mg",
      outcome: "refused",
    } as Entry;
    const given = {
      ...entry("Jane", "2026-11-24T13:00:00Z"),
      item: "med:2",
      itemText: "Vetmedin",
      outcome: "given",
    } as Entry;
    expect(whoRecorded([refused, given], "Europe/London")).toBe(
      "Jane recorded it at 13:00: Cardisure &lt;2.5&gt; mg refused",
    );
    expect(roundName({ date: "2026-11-24", round: "morning" }, { name: "<@U1> Rex" })).toBe(
      "&lt;@U1&gt; Rex's morning round, Tue 24 Nov",
    );
  });

  it("the store down: Could not record, nothing written, try again, and what to do", () => {
    const down = new StoreError(
      "unavailable",
      "The care record's database cannot be reached.",
      "Check PostgreSQL.",
      "db",
    );
    expect(couldNotRecord(down)).toBe(
      "⚠️ Could not record: The care record's database cannot be reached. Nothing was written; try again. Check PostgreSQL.",
    );
    expect(couldNotRecord(new Error("boom"))).toBe(
      "⚠️ Could not record: the care record did not answer. Nothing was written; try again.",
    );
  });

  it("the disk failed as the entry was saved: not sure it was recorded, never 'nothing was written'", () => {
    const uncertain = new StoreError(
      "uncertain",
      "The disk holding the care record (/data) reported an error as an entry was saved (EIO): that entry may not have been kept.",
      "Check that disk, then restart Kennel Desk.",
      "/data/care-record.sqlite",
    );
    expect(couldNotRecord(uncertain)).toBe(
      "⚠️ Not sure it was recorded: The disk holding the care record (/data) reported an error as an entry was saved (EIO): that entry may not have been kept. Check that disk, then restart Kennel Desk.",
    );
  });

  it("a response_url is used only over https, or http on loopback", () => {
    expect(usableResponseUrl("https://hooks.slack.com/actions/T1/1/x")).toBe(
      "https://hooks.slack.com/actions/T1/1/x",
    );
    expect(usableResponseUrl("http://127.0.0.1:3000/respond/a1")).toBe("http://127.0.0.1:3000/respond/a1");
    expect(usableResponseUrl("http://example.com/respond")).toBeUndefined();
    expect(usableResponseUrl("file:///etc/passwd")).toBeUndefined();
    expect(usableResponseUrl(undefined)).toBeUndefined();
  });
});

describe("a round message drawn again after taps", () => {
  it("taps while a redraw is in flight share the next one: two chat.updates for five taps, each told it is shown", async () => {
    const clock = { now: () => new Date("2026-11-24T18:10:00Z") };
    const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
    const deps = { record: scratchRecord(clock), config, clock, log: silentLogger() } as unknown as BotDeps;
    const sheet: Sheet = { ...biscuitEvening("2026-11-24", "UTC"), id: 7 };
    // Slack's chat.update, held until the test lets each one finish.
    const updates: Array<() => void> = [];
    const client = {
      chat: { update: () => new Promise<void>((done) => updates.push(done)) },
    } as unknown as Parameters<SheetRedraw["redraw"]>[0];
    const redraw = new SheetRedraw(deps);
    const ref = { channel: "C1", ts: "1.1" };
    const first = redraw.redraw(client, sheet, 0, ref);
    await vi.waitFor(() => expect(updates).toHaveLength(1));
    const more = [1, 2, 3, 4].map(() => redraw.redraw(client, sheet, 0, ref));
    updates[0]?.();
    await vi.waitFor(() => expect(updates).toHaveLength(2));
    updates[1]?.();
    expect(await Promise.all([first, ...more])).toEqual([true, true, true, true, true]);
    expect(updates).toHaveLength(2);
  });
});

describe("the round's other copies drawn again after a tap", () => {
  it("each kept copy holding the pet is updated from its own sheet; one in the DM of someone who may no longer see kennel data is left as it is", async () => {
    const date = "2026-11-24";
    const clock = { now: () => new Date(`${date}T18:10:00Z`) };
    const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
    const record = scratchRecord(clock);
    const access = {
      check: async (_client: unknown, user: string) =>
        user === "U0GUEST" ? { ok: false, message: "guest" } : { ok: true },
    };
    const deps = { record, config, clock, log: silentLogger(), access } as unknown as BotDeps;
    const { entry } = await record.append({
      kind: "sheet",
      date,
      body: biscuitEvening(date, "UTC") as never,
    });
    const sheet = (await loadSheet(deps, entry.id)) as Sheet;
    const evening = { date, round: "evening" as const, sheet: entry.id };
    await keepRoundCopy(deps, evening, { channel: "C1", parts: ["1.1"], thread: true });
    await keepRoundCopy(deps, evening, { channel: "DJANE", parts: ["2.1"], thread: false, user: "U0JANE" });
    await keepRoundCopy(deps, evening, { channel: "DGUEST", parts: ["3.1"], thread: false, user: "U0GUEST" });
    await keepRoundCopy(
      deps,
      { ...evening, round: "morning" },
      { channel: "DTOM", parts: ["4.1"], thread: false },
    );
    const updated: string[] = [];
    const client = {
      chat: {
        update: async (u: { channel: string; ts: string }) => {
          updated.push(`${u.channel}:${u.ts}`);
          return { ok: true };
        },
      },
    } as unknown as Parameters<SheetRedraw["redraw"]>[0];

    // The tap on the channel's copy: it drawn again, then Jane's.
    await new SheetRedraw(deps).afterTap(client, sheet, 0, { channel: "C1", ts: "1.1" });
    await vi.waitFor(() => expect(updated).toContain("DJANE:2.1"));
    await new Promise((r) => setTimeout(r, 100));
    expect(updated.sort()).toEqual(["C1:1.1", "DJANE:2.1"]);
  });
});
