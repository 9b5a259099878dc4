/**
 * Who gave a dose, kept true through what comes after: a correction that stays "given", no giver
 * chosen on its form, carries the corrected entry's giver (Sam gave it, Jane recorded it, Kim
 * corrects the note the next day: Sam still gave it); a giver chosen on the form wins; a correction
 * to not given names none. A giver never seen whom Slack then says is a guest is said so on every
 * surface, the entry unchanged; until Slack names them, "someone not yet named (U…)". Real SQLite.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { recordAudit } from "../../src/answers/audit.ts";
import { markedEntries } from "../../src/answers/paper-marks.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import { recordItems } from "../../src/answers/record-round.ts";
import { giverOf } from "../../src/domain/giver.ts";
import { keptTimesWords } from "../../src/listeners/tapper-words.ts";
import { auditDoc } from "../../src/present/audit.ts";
import { lineText } from "../../src/present/doc.ts";
import { entryLine } from "../../src/present/record.ts";
import type { CareRecordStore, Entry } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { exportRow } from "../../src/text/record.ts";
import { BOOKING, DATE, miloDeps, miloMorning } from "../helpers/milo-morning.ts";
import { namesLater } from "../helpers/names-later.ts";
import { stayRecordRead } from "../helpers/not-asked.ts";
import { scratchRecord } from "../helpers/record.ts";

let at = Date.parse(`${DATE}T13:00:00Z`);
const clock = { now: () => new Date(at) };
const jane = { userId: "U0JANE", userName: "Jane" };
const kim = { userId: "U0KIM", userName: "Kim" };
let store: CareRecordStore;
const deps = () => miloDeps(store, clock);

const GIVEN_AT = `${DATE}T08:20:00.000Z`;
const TEXT = { color: false, timezone: "UTC", thisYear: "2026" } as const;

/** Milo's Rimadyl given at 08:20, recorded at 13:00 by Jane, naming `giver` when one. */
async function recorded(giver?: { userId: string; name?: string }) {
  const { sheet, pet } = await miloMorning(deps());
  const writes = [{ item: "med:1" as const, outcome: "given" as const, givenAt: GIVEN_AT }];
  const done = await recordEach(deps(), sheet, pet, { writes, ifNeeded: [] }, { ...jane, giver }, "view:J1");
  expect(done.status).toBe("done");
  const [entry] = await markedEntries(deps(), { date: DATE, round: "morning" });
  return { sheet, pet, entry: entry as Entry };
}

/** Kim, the next day, corrects the entry: its note (still given), or to `outcome`; `giver` chosen on the form. */
async function corrected(
  was: Awaited<ReturnType<typeof recorded>>,
  o: { outcome?: "given" | "not_given"; giver?: { userId: string; name?: string } } = {},
) {
  at = Date.parse("2026-12-04T09:00:00Z");
  const outcome = o.outcome ?? "given";
  const write = {
    item: "med:1" as const,
    outcome,
    ...(outcome === "given" ? { givenAt: GIVEN_AT } : { reasonCode: "other" as const, reason: "none left" }),
    note: "with its breakfast",
    supersedes: was.entry.id,
  };
  const who = { ...kim, giver: o.giver };
  const done = await recordEach(
    deps(),
    was.sheet,
    was.pet,
    { writes: [write], ifNeeded: [] },
    who,
    "view:K1",
  );
  expect(done.status).toBe("done");
  const entries = await markedEntries(deps(), { date: DATE, round: "morning" });
  return entries.find((e) => e.supersedes === was.entry.id) as Entry;
}

beforeEach(() => {
  at = Date.parse(`${DATE}T13:00:00Z`);
  store = scratchRecord(clock);
});

describe("a correction keeps who gave the dose", () => {
  it("Sam gave it, Jane recorded it, Kim corrects the note: Sam still gave it, on every surface", async () => {
    const now = await corrected(await recorded({ userId: "U0SAM", name: "Sam" }));
    expect(now).toMatchObject({ userId: "U0KIM", givenBy: { userId: "U0SAM", name: "Sam" } });
    expect(giverOf(now)).toBe("Sam");
    expect(exportRow(now, "UTC")).toMatchObject({ user_name: "Kim", given_by: "Sam" });
    expect(lineText(entryLine(now, "UTC"))).toContain("given 08:20 by Sam");
    expect(await store.verify()).toMatchObject({ ok: true });
    // The stay record: the entry now, and the struck one as its own line said it, both people named.
    const { text } = await stayRecordRead(deps(), BOOKING);
    expect(text).toContain("late entry: given 08:20 by Sam · recorded Fri 4 Dec 09:00 by Kim");
    expect(text).toContain("corrected: ~late entry: given 08:20 by Sam · recorded 13:00 by Jane~");
    // The audit's corrections name the giver too, never who recorded it as if they gave it.
    const audit = docText(auditDoc(await recordAudit(deps(), 28, "here"), { timezone: "UTC" }), TEXT);
    expect(audit).toContain(
      "Rimadyl 50 mg 1 tab AM with food: given 08:20 by Sam (recorded 13:00 by Jane) → given 08:20 by Sam · corrected by Kim",
    );
  });

  it("Jane's own dose corrected by Kim (the note only): Jane gave it, not Kim", async () => {
    const now = await corrected(await recorded());
    expect(now.userName).toBe("Kim");
    expect(giverOf(now)).toBe("Jane");
    expect(now.givenBy).toEqual({ userId: "U0JANE", name: "Jane" });
  });

  it("a giver chosen on the correction's form wins: Tom, or Kim herself", async () => {
    const tom = await corrected(await recorded({ userId: "U0SAM", name: "Sam" }), {
      giver: { userId: "U0TOM", name: "Tom" },
    });
    expect(giverOf(tom)).toBe("Tom");
    store = scratchRecord(clock);
    at = Date.parse(`${DATE}T13:00:00Z`);
    const herself = await corrected(await recorded({ userId: "U0SAM", name: "Sam" }), {
      giver: { userId: "U0KIM" },
    });
    expect(herself.givenBy).toBeUndefined();
    expect(giverOf(herself)).toBe("Kim");
  });

  it("a dose entered from the paper chart, corrected: the paper's giver, by name", async () => {
    const { sheet, pet } = await miloMorning(deps());
    const writes = [{ item: "med:1" as const, outcome: "given" as const, givenAt: GIVEN_AT }];
    const mark = {
      kind: "paper" as const,
      date: DATE,
      bookingId: pet.bookingId,
      petId: pet.petId,
      userId: jane.userId,
      requestKey: "paper:view:P1",
      body: { v: 2 as const, request: "view:P1", items: [{ item: "med:1" as const, by: "JD" }] },
    };
    expect((await recordItems(deps(), sheet, pet, writes, jane, "view:P1", [mark])).status).toBe("recorded");
    const [entry] = await markedEntries(deps(), { date: DATE, round: "morning" });
    expect(giverOf(entry as Entry)).toBe("JD");
    const now = await corrected({ sheet, pet, entry: entry as Entry });
    expect(now.paper).toBeUndefined();
    expect(now.givenBy).toEqual({ name: "JD" });
    expect(giverOf(now)).toBe("JD");
    expect(await store.verify()).toMatchObject({ ok: true });
  });

  it("a correction to not given names no giver", async () => {
    const now = await corrected(await recorded({ userId: "U0SAM", name: "Sam" }), { outcome: "not_given" });
    expect(now.outcome).toBe("not_given");
    expect(now.givenBy).toBeUndefined();
    expect((await store.log({ kind: "given_by", date: DATE })).map((l) => l.requestKey)).toEqual([
      "given_by:view:J1",
    ]);
  });
});

describe("the form's private confirmation", () => {
  it("names who gave the dose when not who recorded it", async () => {
    const { sheet, pet } = await miloMorning(deps());
    const writes = [{ item: "med:1" as const, outcome: "given" as const, givenAt: GIVEN_AT }];
    const sam = { userId: "U0SAM", name: "Sam" };
    const done = await recordEach(
      deps(),
      sheet,
      pet,
      { writes, ifNeeded: [] },
      { ...jane, giver: sam },
      "view:J9",
    );
    const entries = done.status === "done" && done.result?.status === "recorded" ? done.result.entries : [];
    expect(keptTimesWords(sheet, pet, entries, { timezone: "UTC", now: clock.now() })).toMatch(
      /recorded given at 08:20 by Sam \(/,
    );
  });

  it("names nobody else when the recorder gave it", async () => {
    const { sheet, pet } = await miloMorning(deps());
    const writes = [{ item: "med:1" as const, outcome: "given" as const, givenAt: GIVEN_AT }];
    const done = await recordEach(deps(), sheet, pet, { writes, ifNeeded: [] }, jane, "view:J8");
    const entries = done.status === "done" && done.result?.status === "recorded" ? done.result.entries : [];
    expect(keptTimesWords(sheet, pet, entries, { timezone: "UTC", now: clock.now() })).toMatch(
      /recorded given at 08:20 \(/,
    );
  });
});

describe("a giver never seen, then named by Slack", () => {
  async function namedLater(standing: "guest" | undefined) {
    const real = store;
    const later = namesLater(real, standing);
    store = later.store;
    const { entry } = await recorded({ userId: "U0NIA" });
    await later.answered();
    const [named] = await markedEntries({ record: real }, { date: DATE });
    return { entry, named: named as Entry, real };
  }

  it("until Slack names them: 'someone not yet named (U…)', never a mention", async () => {
    const { entry } = await namedLater(undefined);
    expect(giverOf(entry)).toBe("someone not yet named (U0NIA)");
    const line = lineText(entryLine(entry, "UTC"));
    expect(line).toContain("given 08:20 by someone not yet named (U0NIA) · recorded 13:00 by Jane");
    expect(line).not.toContain("<@");
  });

  it("a guest: the follow-up says so, every surface names them 'not staff: a guest', the entry unchanged", async () => {
    const { entry, named, real } = await namedLater("guest");
    expect(named).toMatchObject({ id: entry.id, userId: "U0JANE", outcome: "given" });
    expect(named.givenBy).toEqual({ userId: "U0NIA", name: "Nia Obi", notStaff: "guest" });
    expect(giverOf(named)).toBe("Nia Obi (not staff: a guest)");
    expect(lineText(entryLine(named, "UTC"))).toContain(
      "given 08:20 by Nia Obi (not staff: a guest) · recorded 13:00 by Jane",
    );
    expect(exportRow(named, "UTC").given_by).toBe("Nia Obi (not staff: a guest)");
    const [follow] = await real.log({ kind: "staff_name", date: DATE });
    expect(follow?.body).toMatchObject({ userId: "U0NIA", name: "Nia Obi", notStaff: "guest" });
    expect(await real.verify()).toMatchObject({ ok: true });
    store = real;
    const { text } = await stayRecordRead(deps(), BOOKING);
    expect(text).toContain("given 08:20 by Nia Obi (not staff: a guest) · recorded 13:00 by Jane");
  });

  it("a member: named, nothing more said", async () => {
    const { named } = await namedLater(undefined);
    expect(named.givenBy).toEqual({ userId: "U0NIA", name: "Nia Obi" });
  });
});
