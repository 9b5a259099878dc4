/**
 * "📄 Enter from paper…" (issue 50), end to end: the real Bolt app over HTTP with the Slack stand-in,
 * the sandbox and a SQLite record. The morning round is posted; the morning is worked on paper; at
 * 14:00 someone taps the round post's button, chooses a pet, and enters its doses as the paper says
 * them: a time in the future is refused at its field with nothing written; then each dose is kept as
 * the record's entry (the paper's time, the enterer now, the giver as the paper names them) before
 * Slack hears back, the form returns to the pet picker, and the post shows "from the paper chart".
 * A pet in the post's thread: its message is drawn again with the entry. A pet the kept round added
 * since, not on the sheet, is in the picker and entered. The chart and the stay's record then read it
 * "from the paper chart" with both times.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordItems } from "../../src/answers/record-round.ts";
import { keptSheets, type SheetPet } from "../../src/answers/sheets.ts";
import { runCli } from "../../src/cli/index.ts";
import { loadConfig } from "../../src/config.ts";
import { isMedicationItem } from "../../src/domain/record.ts";
import { silentLogger } from "../../src/log.ts";
import type { OpenedModal } from "../../src/preview/slack-standin-types.ts";
import { changeObligation, doseWindow } from "../helpers/obligations.ts";
import { roundsBot } from "../helpers/paper.ts";
import { formOpenedBy, submit } from "../helpers/plan-slack.ts";
import { buttonValue, tapBody } from "../helpers/slack.ts";

const DATE = "2026-11-22";
let at = Date.parse(`${DATE}T07:40:00Z`);
const clock = { now: () => new Date(at) };
const CHANNEL = "C0ROUNDS";
const ROUNDS_ENV = { KENNEL_TIMEZONE: "Europe/London", ROUNDS_TIMES: "07:30,12:00,18:00" };
const bot = roundsBot(clock, "kennel-desk-paper-");
const { record } = bot;
let pet: SheetPet;

const textOf = (blocks: unknown): string => JSON.stringify(blocks ?? []).replace(/\\n/g, "\n");
const pick = (value: string) => ({ type: "static_select", selected_option: { value } });
/** A dose marked on the form as the paper says it: given at `time` (HH:mm) by `by`, or another mark. */
const marked = (item: string, time: string, by = "JD", mark = "given") => ({
  [`mark:${item}`]: { v: pick(mark) },
  [`time:${item}`]: { v: { type: "timepicker", selected_time: time } },
  [`by:${item}`]: { v: { type: "plain_text_input", value: by } },
});

/** The morning round's post, which carries "📄 Enter from paper…". */
const roundPost = () =>
  bot.h.slack.timeline.find((m) => m.channel === CHANNEL && buttonValue(m.blocks, "paper_enter"));

let taps = 0;
/** A tap on the round post's "📄 Enter from paper…" (`trigger`): the pet picker it opens. */
function openPicker(post: ReturnType<typeof roundPost>, trigger: string): Promise<OpenedModal> {
  return formOpenedBy(
    bot.h,
    tapBody({
      user: "U0STAFF",
      trigger,
      on: { message: post as NonNullable<typeof post>, channelName: "rounds" },
      action: {
        action_id: "paper_enter",
        block_id: "b",
        value: buttonValue(post?.blocks, "paper_enter"),
        action_ts: `176410000${++taps}.0001`,
      },
    }),
  );
}

/** The picker submitted with one pet (`bookingId-petId`): the answer, and the pet's form it shows. */
async function choosePet(picker: OpenedModal, pet: string, trigger: string) {
  const answer = await submit(bot.h, "U0STAFF", picker, { pet: { v: pick(pet) } }, trigger);
  return { answer, form: { ...picker, view: answer.view as OpenedModal["view"] } as OpenedModal };
}

describe("📄 Enter from paper…", () => {
  it("enters a pet's doses from the paper: a time in the future refused at its field, then kept with both times and the giver, the post drawn again", async () => {
    expect((await bot.h.bot.digest?.runPost("rounds:morning", DATE))?.result).toBe("posted");
    const post = roundPost();
    expect(post, "the round post has 📄 Enter from paper…").toBeDefined();
    expect(textOf(post?.blocks)).toContain("📄 Enter from paper…");
    const [sheet] = await keptSheets({ record: record.store }, { date: DATE });
    pet = (sheet?.pets ?? []).find(
      (p) => p.message === 0 && p.due.some((d) => isMedicationItem(d.item)),
    ) as SheetPet;
    expect(pet, "a pet with a dose on the post's first message").toBeDefined();
    const doses = pet.due.filter((d) => isMedicationItem(d.item));

    // The morning was worked on paper; at 14:00 it is entered.
    at = Date.parse(`${DATE}T14:00:00Z`);
    const picker = await openPicker(post, "tpp1");
    expect(textOf(picker.view.blocks)).toContain(pet.name);
    const { answer: petForm, form } = await choosePet(picker, `${pet.bookingId}-${pet.petId}`, "tpp2");
    expect(petForm.response_action).toBe("update");
    for (const d of doses) expect(textOf(form.view.blocks)).toContain(`mark:${d.item}`);

    const first = doses[0] as (typeof doses)[number];
    const values = (time: string) => ({
      ...marked(first.item, time),
      ...(doses[1] ? marked(doses[1].item, "07:50", "Jo Dunn", "R") : {}),
    });
    // A time later than now: at its field, nothing written.
    const refused = await submit(bot.h, "U0STAFF", form, values("14:30"), "tpp3");
    expect(refused.response_action).toBe("errors");
    expect(refused.errors).toEqual({
      [`time:${first.item}`]: "That is later than now (14:00): check the time on the paper.",
    });
    expect(await record.store.entries({ date: DATE })).toEqual([]);

    // Entered: committed before the answer, back to the picker saying so.
    const entered = await submit(bot.h, "U0STAFF", form, values("07:35"), "tpp4");
    const entries = await record.store.entries({ date: DATE });
    expect(entries.map((e) => [e.item, e.outcome, e.givenAt, e.recordedAt, e.userId])).toEqual([
      [first.item, "given", `${DATE}T07:35:00.000Z`, `${DATE}T14:00:00.000Z`, "U0STAFF"],
      ...(doses[1]
        ? [[doses[1].item, "refused", `${DATE}T07:50:00.000Z`, `${DATE}T14:00:00.000Z`, "U0STAFF"]]
        : []),
    ]);
    const marks = await record.store.log({ kind: "paper", date: DATE });
    expect(marks.map((m) => m.body.items)).toEqual([
      [{ item: first.item, by: "JD" }, ...(doses[1] ? [{ item: doses[1].item, by: "Jo Dunn" }] : [])],
    ]);
    expect(entered.response_action).toBe("update");
    expect(textOf(entered.view?.blocks)).toContain(
      `✅ ${pet.name}: ${doses.length > 1 ? "2 doses" : "1 dose"} entered from the paper chart`,
    );
    // The post is drawn again from the record: the dose from the paper, both times and the giver.
    await bot.h.slack.waitFor(
      () =>
        textOf(bot.h.slack.timeline.find((m) => m.id === post?.id)?.blocks).includes("from the paper chart"),
      10_000,
    );
    expect(textOf(bot.h.slack.timeline.find((m) => m.id === post?.id)?.blocks)).toContain(
      "from the paper chart: given 07:35 by JD, entered 14:00",
    );

    // The same submission delivered again is written once, and answered as before.
    expect((await submit(bot.h, "U0STAFF", form, values("07:35"), "tpp5")).response_action).toBe("update");
    expect(await record.store.entries({ date: DATE })).toHaveLength(entries.length);
    // Entered again from another form opened before it was: said at its field, nothing more written.
    const again = await submit(bot.h, "U0STAFF", { ...form, id: `${form.id}b` }, values("07:35"), "tpp6");
    expect(again.response_action).toBe("errors");
    expect(again.errors?.[`mark:${first.item}`]).toMatch(
      /is recorded already \(given 07:35 by JD, entered by .+\): nothing was written\. To correct it, use ✏️ Record each… on that round's post in Slack\.$/,
    );
    expect(await record.store.entries({ date: DATE })).toHaveLength(entries.length);
    // The pet chosen again: its form says the dose is recorded, naming the paper's giver.
    const reopened = await choosePet(picker, `${pet.bookingId}-${pet.petId}`, "tpp7");
    expect(textOf(reopened.form.view.blocks)).toMatch(
      /is in the record already \(given 07:35 by JD, entered by /,
    );
  }, 90_000);

  it("a pet in the post's thread: its message is drawn again, its progress line too, with the paper's entry", async () => {
    const post = roundPost();
    const [sheet] = await keptSheets({ record: record.store }, { date: DATE });
    const threaded = (sheet?.pets ?? []).find(
      (p) => p.message > 0 && p.due.some((d) => isMedicationItem(d.item)),
    ) as SheetPet;
    expect(threaded, "a pet with a dose on a message of the post's thread").toBeDefined();
    const dose = threaded.due.find((d) => isMedicationItem(d.item)) as SheetPet["due"][number];
    const reply = () =>
      bot.h.slack.timeline.find(
        (m) => m.thread_ts === post?.ts && m.ts !== post?.ts && textOf(m.blocks).includes(threaded.name),
      );
    // The message's own progress line ("📋 This message: 0 of 18 pets recorded · 6 doses not recorded · …").
    const progress = () => textOf(reply()?.blocks).match(/📋 This message: [^"]*/)?.[0];
    expect(textOf(reply()?.blocks)).not.toContain("from the paper chart");
    const before = progress();
    expect(before, "the message's progress line").toBeDefined();
    const picker = await openPicker(post, "tpt1");
    const { form } = await choosePet(picker, `${threaded.bookingId}-${threaded.petId}`, "tpt2");
    // Given before its window opened (06:30): the form's confirmation says so, as the round's record does.
    const entered = await submit(bot.h, "U0STAFF", form, marked(dose.item, "06:10"), "tpt3");
    expect(textOf(entered.view?.blocks)).toContain(
      `✅ ${threaded.name}: 1 dose entered from the paper chart`,
    );
    expect(textOf(entered.view?.blocks)).toContain(
      `${dose.label}: from the paper chart: given 06:10 by JD, entered 14:00 · ⏪ given before its window opened`,
    );
    await bot.h.slack.waitFor(() => textOf(reply()?.blocks).includes("from the paper chart"), 10_000);
    expect(textOf(reply()?.blocks)).toContain("from the paper chart: given 06:10 by JD, entered 14:00");
    const doses = (line: string | undefined) =>
      Number(/(\d+) doses? not recorded/.exec(line ?? "")?.[1] ?? 0);
    expect(doses(progress())).toBe(doses(before) - 1);
  }, 90_000);

  it("one form, pet after pet: the second pet's doses are written too, and its confirmation names them", async () => {
    const post = roundPost();
    const [sheet] = await keptSheets({ record: record.store }, { date: DATE });
    const entered = new Set((await record.store.entries({ date: DATE })).map((e) => e.petId));
    const [a, b] = (sheet?.pets ?? []).filter(
      (p) => !entered.has(p.petId) && p.due.some((d) => isMedicationItem(d.item)),
    );
    if (!a || !b) throw new Error("two pets with a dose and nothing recorded");
    const doseOf = (p: SheetPet) => p.due.find((d) => isMedicationItem(d.item)) as SheetPet["due"][number];
    const picker = await openPicker(post, "tpm1");
    const first = await choosePet(picker, `${a.bookingId}-${a.petId}`, "tpm2");
    const back = await submit(bot.h, "U0STAFF", first.form, marked(doseOf(a).item, "07:35", "AB"), "tpm3");
    expect(textOf(back.view?.blocks)).toContain(`✅ ${a.name}: 1 dose entered from the paper chart`);
    // The same view (Slack keeps its id when a form shows itself again): the picker, then the next pet.
    const again = { ...picker, view: back.view as OpenedModal["view"] } as OpenedModal;
    const second = await choosePet(again, `${b.bookingId}-${b.petId}`, "tpm4");
    const done = await submit(bot.h, "U0STAFF", second.form, marked(doseOf(b).item, "07:45", "CD"), "tpm5");
    expect(done.response_action).toBe("update");
    expect(textOf(done.view?.blocks)).toContain(`✅ ${b.name}: 1 dose entered from the paper chart`);
    expect(textOf(done.view?.blocks)).toContain(
      `${doseOf(b).label}: from the paper chart: given 07:45 by CD`,
    );
    const kept = await record.store.entries({ date: DATE });
    for (const [p, time] of [
      [a, "07:35"],
      [b, "07:45"],
    ] as const)
      expect(
        kept
          .filter((e) => e.petId === p.petId && e.item === doseOf(p).item)
          .map((e) => [e.outcome, e.givenAt]),
      ).toEqual([["given", `${DATE}T${time}:00.000Z`]]);
  }, 90_000);

  it("a pet the kept round added since, not on the sheet, is in the picker and its doses are entered", async () => {
    const post = roundPost();
    const [owed] = await record.store.log({ kind: "obligation", date: DATE });
    const bobby = { bookingId: 990024, petId: 950026, name: "Bobby" };
    const window = doseWindow(DATE);
    const item = { item: "med:1" as const, label: "Caninsulin 6 units", text: "Caninsulin 6 units", window };
    await changeObligation(record.store, DATE, owed as NonNullable<typeof owed>, {
      round: "morning",
      change: "arrived",
      ...bobby,
      at: `${DATE}T07:00:00.000Z`,
      items: [{ ...item, confirmed: true }],
    });
    const picker = await openPicker(post, "tpb1");
    expect(textOf(picker.view.blocks)).toContain("Bobby");
    const { answer: petForm, form } = await choosePet(picker, "990024-950026", "tpb2");
    expect(petForm.response_action).toBe("update");
    expect(textOf(form.view.blocks)).toContain("mark:med:1");
    // Given after 07:45, within its window (to 08:00): the form's confirmation says "⏰ given late".
    const entered = await submit(bot.h, "U0STAFF", form, marked("med:1", "07:55"), "tpb3");
    expect(textOf(entered.view?.blocks)).toContain("✅ Bobby: 1 dose entered from the paper chart");
    expect(textOf(entered.view?.blocks)).toContain(
      "Caninsulin 6 units: from the paper chart: given 07:55 by JD, entered 14:00 · ⏰ given late",
    );
    const [entry] = await record.store.entries({ date: DATE, petId: bobby.petId });
    expect([entry?.item, entry?.outcome, entry?.givenAt]).toEqual([
      "med:1",
      "given",
      `${DATE}T07:55:00.000Z`,
    ]);
  }, 90_000);

  it("a pet whose every dose is in the record (signed by a tap): its form says so with nothing to fill in, and Back returns to the pets, nothing written", async () => {
    const post = roundPost();
    const [sheet] = await keptSheets({ record: record.store }, { date: DATE });
    const entered = new Set((await record.store.entries({ date: DATE })).map((e) => e.petId));
    const coco = (sheet?.pets ?? []).find(
      (p) => !entered.has(p.petId) && p.due.some((d) => isMedicationItem(d.item)),
    );
    if (!sheet || !coco) throw new Error("a pet with a dose and nothing recorded");
    const doses = coco.due.filter((d) => isMedicationItem(d.item));
    // Its doses signed by a tap during the round, as the round's ✅ writes them.
    const now = at;
    at = Date.parse(`${DATE}T07:50:00Z`);
    const signed = await recordItems(
      { record: record.store, log: silentLogger(), config: loadConfig(ROUNDS_ENV), clock },
      sheet,
      coco,
      doses.map((d) => ({ item: d.item, outcome: "given" as const })),
      { userId: "U0JANE", userName: "Jane" },
      "tap:coco",
    );
    at = now;
    expect(signed.status).toBe("recorded");
    const kept = await record.store.entries({ date: DATE });

    const picker = await openPicker(post, "tpc1");
    expect(textOf(picker.view.blocks)).toContain(`${coco.name} · `);
    const { answer, form } = await choosePet(picker, `${coco.bookingId}-${coco.petId}`, "tpc2");
    expect(answer.response_action).toBe("update");
    // Nothing to fill in: each dose as the record holds it.
    const blocks = form.view.blocks as Array<{ type: string }>;
    expect(blocks.filter((b) => b.type === "input")).toEqual([]);
    expect(textOf(blocks)).toContain("is in the record already (given 07:50 · Jane)");

    // Submitted: the pets again, the pet marked in the record; no error on a field the form has not, nothing written.
    const back = await submit(bot.h, "U0STAFF", form, {}, "tpc3");
    expect(back.errors).toBeUndefined();
    expect(back.response_action).toBe("update");
    expect(back.view?.callback_id).toBe("paper_pick");
    expect(textOf(back.view?.blocks)).toMatch(new RegExp(`${coco.name} · [^"]*✅ in the record`));
    expect(await record.store.entries({ date: DATE })).toEqual(kept);
    // The form says every dose is in, and its button is Back.
    expect(textOf(blocks)).toContain(
      "Every dose of this pet at this round is in the record already: there is nothing to enter from the paper.",
    );
    expect((form.view as { submit?: { text?: string } }).submit?.text).toBe("Back");
    expect(await record.store.log({ kind: "paper", date: DATE, petId: coco.petId })).toEqual([]);
  }, 90_000);

  it("the confirmation says the words written beside a dose, as the round's line says them", async () => {
    const post = roundPost();
    const [sheet] = await keptSheets({ record: record.store }, { date: DATE });
    const entered = new Set((await record.store.entries({ date: DATE })).map((e) => e.petId));
    const rex = (sheet?.pets ?? []).find(
      (p) => !entered.has(p.petId) && p.due.some((d) => isMedicationItem(d.item)),
    );
    if (!rex) throw new Error("a pet with a dose and nothing recorded");
    const dose = rex.due.find((d) => isMedicationItem(d.item)) as SheetPet["due"][number];
    const picker = await openPicker(post, "tpn1");
    const { form } = await choosePet(picker, `${rex.bookingId}-${rex.petId}`, "tpn2");
    const values = {
      ...marked(dose.item, "07:40", "JD", "R"),
      [`note:${dose.item}`]: { v: { type: "plain_text_input", value: "spat it out" } },
    };
    const done = await submit(bot.h, "U0STAFF", form, values, "tpn3");
    expect(done.response_action).toBe("update");
    const [entry] = await record.store.entries({ date: DATE, petId: rex.petId });
    expect([entry?.outcome, entry?.note]).toEqual(["refused", "spat it out"]);
    expect(textOf(done.view?.blocks)).toContain(
      `${dose.label}: from the paper chart: marked R (refused) 07:40 by JD, entered 14:00: spat it out`,
    );
  }, 90_000);

  it("the chart and the stay's record read the entry as from the paper chart, with both times", async () => {
    const env = {
      KENNEL_TIMEZONE: "Europe/London",
      LOG_LEVEL: "silent",
      KENNEL_DATA_DIR: record.dir,
      KENNEL_API_KEY: bot.h.sandbox.keys.main,
      KENNEL_API_BASE_URL: bot.h.sandbox.url,
      ROUNDS_TIMES: "07:30,12:00,18:00",
    };
    const out = join(record.dir, "charts");
    const cli = async (args: string[]) => {
      let stdout = "";
      const code = await runCli(args, {
        env,
        io: { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: () => true } },
        clock,
      });
      return { code, stdout };
    };
    expect((await cli(["chart", DATE, "--pet", String(pet.petId), "--out", out])).code).toBe(0);
    const html = readFileSync(join(out, `chart-${DATE}-pet-${pet.petId}.html`), "utf8");
    const dose = pet.due.find((d) => isMedicationItem(d.item));
    const key = `${pet.bookingId}|${pet.petId}|${DATE}|morning|${dose?.item}`;
    const cell = new RegExp(`<td data-key="${key.replace(/\|/g, "\\|")}">(.*?)</td>`).exec(html)?.[1] ?? "";
    // The giver's initials as the paper names them, the time given, the late entry's time, the paper's mark.
    expect(cell).toContain("JD 07:35");
    expect(cell).toContain("late entry 14:00");
    expect(cell).toContain("from paper");
    expect(html).toContain("from the paper chart: given by JD Sun 22 Nov 2026, 07:35, entered by");
    const stay = await cli(["record", "--booking", String(pet.bookingId)]);
    expect(stay.code).toBe(0);
    expect(stay.stdout).toContain("from the paper chart: given 07:35 by JD, entered 14:00");
  }, 60_000);
});
