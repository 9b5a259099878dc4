/**
 * "✏️ Record each…" opened and submitted as the record buttons' listeners do
 * (src/listeners/actions/record-tap.ts, record-submit.ts), on a real SQLite record whose entries were
 * written as `kennel-desk record enter` and a tap write them: its "Recorded:" line names a paper
 * dose's giver and who entered it apart, its off-time mark beside it, as the post does; after a
 * dose's window closed, the time is asked only for a dose the submission writes, and the form never
 * says a dose recorded already "is recorded now".
 */
import { beforeEach, describe, expect, it } from "vitest";
import { checkGiven } from "../../src/answers/late-entry.ts";
import { enterFromPaper } from "../../src/answers/paper-enter.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import { recordItems } from "../../src/answers/record-round.ts";
import { type Sheet, type SheetPet, saveSheet } from "../../src/answers/sheets.ts";
import type { FormValues } from "../../src/blocks/modal.ts";
import { readSubmission } from "../../src/blocks/record-form.ts";
import { GIVEN_AT, type ModalMeta } from "../../src/blocks/record-modal.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { biscuitMorning } from "../helpers/paper.ts";
import { scratchRecord } from "../helpers/record.ts";
import { recordEachForm } from "../helpers/record-each-form.ts";

const DATE = "2026-11-24";
let at = Date.parse(`${DATE}T07:40:00Z`);
const clock = { now: () => new Date(at) };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
const stay = { checkInDate: `${DATE}T00:00:00Z`, checkOutDate: "2026-11-26T10:00:00Z" };
const kennel = { getBooking: async () => ({ data: stay }) } as unknown as Deps["kennel"];
const sam = { userId: "U0SAM", userName: "Sam Lee" };
const pick = (value: string) => ({ outcome: { selected_option: { value } } });
let store: CareRecordStore;
let sheet: Sheet;
let pet: SheetPet;
const deps = () => ({ record: store, config, clock, log: silentLogger(), kennel });
const now = (time: string) => {
  at = Date.parse(`${DATE}T${time}:00Z`);
};

/** The form Sam's "✏️ Record each…" opens now: its metadata and its text. */
async function openForm(): Promise<{ meta: ModalMeta; text: string }> {
  const { meta, text } = await recordEachForm(deps(), sheet, pet);
  return { meta, text };
}

/** What Slack sends back for a form left as it opened: each select's initial option. */
function asOpened(view: string): FormValues {
  const blocks = (JSON.parse(view) as { blocks: { block_id?: string; element?: Record<string, unknown> }[] })
    .blocks;
  const values: FormValues = {};
  for (const b of blocks) {
    const e = b.element;
    if (b.block_id && e?.initial_option && typeof e.action_id === "string")
      values[b.block_id] = { [e.action_id]: { selected_option: e.initial_option } } as FormValues[string];
  }
  return values;
}

/** The form submitted with `values`: the errors at its fields, or what was written. */
async function submit(meta: ModalMeta, values: FormValues, key: string) {
  const sub = readSubmission(meta, pet, values);
  if (!sub.ok) return { errors: sub.errors };
  const checked = await checkGiven(deps(), sheet, pet, sub.given, sub.choices);
  if (!checked.ok) return { errors: { [GIVEN_AT]: checked.error } };
  const cur = new Map(meta.cur.map(([item, id]) => [item, id]));
  const writes = sub.choices.map((c) => ({
    ...c,
    supersedes: cur.get(c.item),
    givenAt: checked.givenAt.get(c.item),
  }));
  const done = await recordEach(deps(), sheet, pet, { writes, ifNeeded: sub.ifNeeded }, sam, key);
  if (done.status === "fields") return { errors: done.errors };
  return { written: done.result?.status === "recorded" ? done.result.entries : [] };
}

beforeEach(async () => {
  now("07:40");
  store = scratchRecord(clock);
  sheet = await saveSheet({ record: store }, biscuitMorning(DATE, ["Rimadyl 50 mg", "Apoquel 16 mg"]));
  pet = sheet.pets[0] as SheetPet;
});

describe("Record each… from the record", () => {
  it("a dose entered from the paper chart reads as on the post: its giver and who entered it apart, off its time marked", async () => {
    now("13:00");
    const entered = await enterFromPaper(
      deps(),
      sheet,
      pet,
      [{ item: "med:1", mark: "given", time: "06:00", by: "JS" }],
      sam,
      "cli:paper:1",
    );
    expect(entered.status).toBe("recorded");
    now("13:01");
    const { text } = await openForm();
    expect(text).toContain(
      "Rimadyl 50 mg from the paper chart: given 06:00 by JS, entered 13:00 by Sam Lee · ⏪ given before its window opened",
    );
    expect(text).not.toContain("recorded 13:00 Sam Lee");
  });

  it("a dose entered from the paper as V or W is left alone when only the meal is recorded: its reason shown chosen", async () => {
    now("08:20");
    for (const [mark, note] of [
      ["V", undefined],
      ["W", "owner brought own"],
    ] as const) {
      const entered = await enterFromPaper(
        deps(),
        sheet,
        pet,
        [{ item: mark === "V" ? "med:1" : "med:2", mark, time: "08:10", by: "JS", note }],
        sam,
        `cli:paper:${mark}`,
      );
      expect(entered.status).toBe("recorded");
    }
    const { meta, text } = await openForm();
    const values = asOpened(text);
    expect(values["code:med:1"]).toEqual({
      code: { selected_option: { text: expect.anything(), value: "vomited" } },
    });
    expect(values["code:med:2"]).toEqual({
      code: { selected_option: { text: expect.anything(), value: "other" } },
    });
    const meal = await submit(meta, { ...values, "it:meal": pick("ate_all") }, "view:vw");
    expect(meal).toEqual({ written: [expect.objectContaining({ item: "meal", outcome: "ate_all" })] });
    const doses = (await store.entries({ date: DATE })).filter((e) => e.item !== "meal");
    expect(doses.map((e) => [e.item, e.reasonCode, e.reason, e.supersedes])).toEqual([
      ["med:1", "vomited", "vomited", undefined],
      ["med:2", "other", "withheld: owner brought own", undefined],
    ]);
    // Another reason chosen is a correction, as before.
    const again = await openForm();
    const asleep = { code: { selected_option: { value: "asleep" } } };
    const changed = await submit(again.meta, { ...asOpened(again.text), "code:med:1": asleep }, "view:vw2");
    expect(changed).toMatchObject({ written: [{ item: "med:1", reasonCode: "asleep" }] });
  });

  it("asks the time only for a dose it writes: the meal alone needs none; the form never says a recorded dose 'is recorded now'", async () => {
    const tapped = await recordItems(
      deps(),
      sheet,
      pet,
      [
        { item: "med:1", outcome: "given" },
        { item: "med:2", outcome: "given" },
      ],
      sam,
      "tap:1",
    );
    expect(tapped.status).toBe("recorded");
    now("13:10");
    const { meta, text } = await openForm();
    expect(meta.q).toBe(1);
    expect(text).not.toContain("recorded now");
    expect(text).toContain(
      "⏰ The window for Rimadyl 50 mg, Apoquel 16 mg closed at 09:30; they are recorded already. Changed here to given or refused, say when it was given or offered",
    );
    // Slack lets the time be left empty on this form: it is asked for below only when needed.
    expect(text).toMatch(/"block_id":"given_at","optional":true/);
    // Only the meal, the time left empty: written, no time asked.
    const meal = await submit(meta, { "it:meal": pick("ate_all") }, "view:1");
    expect(meal).toMatchObject({ written: [{ item: "meal", outcome: "ate_all" }] });
    // A change to a dose past its window, the time left empty: asked, nothing written.
    const again = await openForm();
    const refused = await submit(again.meta, { "it:med:1": pick("refused") }, "view:2");
    // A refusal is asked when it was offered (before: "Say when it was given").
    expect(refused).toEqual({ errors: { [GIVEN_AT]: "Say when it was offered: the day and the time." } });
    // A time still to come for a refusal: when it was offered, too.
    const later = await submit(
      again.meta,
      {
        "it:med:1": pick("refused"),
        given_on: { date: { selected_date: DATE } },
        given_at: { time: { selected_time: "23:00" } },
      },
      "view:2b",
    );
    expect(later).toEqual({
      errors: { [GIVEN_AT]: "That is later than now (13:10): say when it was offered." },
    });
    // A day later picked (08:00 tomorrow, earlier on the clock than now): the words say the days.
    const tomorrow = await submit(
      again.meta,
      {
        "it:med:1": pick("refused"),
        given_on: { date: { selected_date: "2026-11-25" } },
        given_at: { time: { selected_time: "08:00" } },
      },
      "view:2c",
    );
    expect(tomorrow).toEqual({
      errors: {
        [GIVEN_AT]:
          "That is later than now (13:10 today); the time said is 08:00 on Wed 25 Nov: say when it was offered.",
      },
    });
  });

  it("a dose not recorded yet past its window is asked when it was given, kept as a late entry", async () => {
    now("13:10");
    const { meta, text } = await openForm();
    expect(text).toContain(
      "⏰ The window for Rimadyl 50 mg, Apoquel 16 mg closed at 09:30: when was it given, or offered and refused? Recorded here, it is kept as a late entry, with both times.",
    );
    const given = {
      "it:med:1": pick("given"),
      given_on: { date: { selected_date: DATE } },
      given_at: { time: { selected_time: "08:05" } },
    };
    const done = await submit(meta, given, "view:3");
    expect(done).toMatchObject({ written: [{ item: "med:1", givenAt: `${DATE}T08:05:00.000Z` }] });
  });
});
