/**
 * Who gave a dose, when it is not who recorded it: Sam gave Milo's Rimadyl at 08:20; Jane recorded it
 * at 13:00 on ✏️ Record each…, naming Sam in "Given by (if not you)". The entry stays signed by Jane;
 * Sam is the dose's giver on every surface that names one (src/domain/giver.ts giverOf), and both
 * are said where they differ. A giver Kennel Desk knew no name for is kept by id and named after the
 * commit (the `staff_name` follow-up). Real SQLite.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { markedEntries } from "../../src/answers/paper-marks.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import { confirmModal, GIVEN_BY } from "../../src/blocks/record-modal.ts";
import type { Deps } from "../../src/deps.ts";
import { giverOf } from "../../src/domain/giver.ts";
import { lineText } from "../../src/present/doc.ts";
import { entryLine } from "../../src/present/record.ts";
import type { CareRecordStore, Entry } from "../../src/record/types.ts";
import { exportRow } from "../../src/text/record.ts";
import { BOOKING, DATE, miloDeps, miloMorning } from "../helpers/milo-morning.ts";
import { namesLater } from "../helpers/names-later.ts";
import { stayRecordRead } from "../helpers/not-asked.ts";
import { scratchRecord } from "../helpers/record.ts";
import { recordEachForm } from "../helpers/record-each-form.ts";

let at = Date.parse(`${DATE}T13:00:00Z`);
const clock = { now: () => new Date(at) };
const jane = { userId: "U0JANE", userName: "Jane" };
let store: CareRecordStore;
const deps = () => miloDeps(store, clock);

/** Milo's Rimadyl given at 08:20, recorded now by Jane naming `giver` as who gave it. */
async function recordedForSam(giver: { userId: string; name?: string }, request = "view:G1") {
  const { sheet, pet } = await miloMorning(deps());
  expect(pet.due.map((d) => d.item)).toContain("med:1");
  const writes = [{ item: "med:1" as const, outcome: "given" as const, givenAt: `${DATE}T08:20:00.000Z` }];
  const done = await recordEach(deps(), sheet, pet, { writes, ifNeeded: [] }, { ...jane, giver }, request);
  expect(done.status).toBe("done");
  const [entry] = await markedEntries(deps(), { date: DATE, round: "morning" });
  return entry as Entry;
}

beforeEach(() => {
  at = Date.parse(`${DATE}T13:00:00Z`);
  store = scratchRecord(clock);
});

describe("a dose given by someone other than who records it", () => {
  it("is signed by who recorded it, its giver a fact of the dose, said both ways on every surface", async () => {
    const entry = await recordedForSam({ userId: "U0SAM", name: "Sam" });
    // Jane recorded it (signed); Sam gave it.
    expect(entry).toMatchObject({
      userId: "U0JANE",
      userName: "Jane",
      givenBy: { userId: "U0SAM", name: "Sam" },
    });
    expect(giverOf(entry)).toBe("Sam");
    // The store's own read leaves it out; its record is in the chain, which verifies.
    expect((await store.entries({ date: DATE }))[0]?.givenBy).toBeUndefined();
    expect((await store.log({ kind: "given_by", date: DATE })).map((l) => l.body)).toEqual([
      { v: 1, request: "view:G1", userId: "U0SAM", name: "Sam", items: ["med:1"] },
    ]);
    expect(await store.verify()).toMatchObject({ ok: true });
    // The post's and the form's line, the export, the stay record.
    expect(lineText(entryLine(entry, "UTC"))).toContain(
      "late entry: given 08:20 by Sam · recorded 13:00 by Jane",
    );
    expect(exportRow(entry, "UTC")).toMatchObject({ user_name: "Jane", given_by: "Sam", paper_giver: null });
    const { text } = await stayRecordRead(deps(), BOOKING);
    expect(text).toContain("given 08:20 by Sam · recorded 13:00 by Jane");
  });

  it("a giver whose name was not known is kept by id, and named once Slack says who they are", async () => {
    // Slack answers after the commit (the look-up started, never waited on).
    const real = store;
    const later = namesLater(real);
    store = later.store;
    const entry = await recordedForSam({ userId: "U0NIA" }, "view:G2");
    // Until Slack names them: their id, said as someone not yet named (src/domain/giver.ts).
    expect(entry.givenBy).toEqual({ userId: "U0NIA", name: "U0NIA", unnamed: true });
    expect(giverOf(entry)).toBe("someone not yet named (U0NIA)");
    await later.answered();
    const [named] = await markedEntries({ record: real }, { date: DATE });
    expect(named?.givenBy).toEqual({ userId: "U0NIA", name: "Nia Obi" });
    expect(giverOf(named as Entry)).toBe("Nia Obi");
    expect(await real.verify()).toMatchObject({ ok: true });
  });

  it("the person recording named as giver, or no one: no giver apart, as before", async () => {
    const entry = await recordedForSam({ userId: "U0JANE", name: "Jane" });
    expect(entry.givenBy).toBeUndefined();
    expect(await store.log({ kind: "given_by", date: DATE })).toEqual([]);
    expect(giverOf(entry)).toBe("Jane");
    expect(exportRow(entry, "UTC").given_by).toBe("Jane");
    expect(lineText(entryLine(entry, "UTC"))).toContain("late entry: given 08:20, recorded 13:00 Jane");
  });

  it("both forms ask it once, a Slack person, optional", async () => {
    const { sheet, pet } = await miloMorning(deps());
    const each = await recordEachForm(
      { ...deps(), kennel: undefined as unknown as Deps["kennel"] },
      sheet,
      pet,
    );
    const confirm = JSON.stringify(confirmModal("sealed", sheet, pet, undefined));
    for (const text of [each.text, confirm]) {
      expect(text.split(`"block_id":"${GIVEN_BY}"`)).toHaveLength(2);
      expect(text).toContain('"label":{"type":"plain_text","text":"Given by (if not you)"');
      expect(text).toContain('"type":"users_select"');
    }
  });
});
