/**
 * The daily welfare check in Slack, end to end on both engines (SQLite in a temporary folder;
 * PostgreSQL, a throwaway server): the real Bolt app over HTTP, signed `block_actions` and
 * `view_submission` bodies, the Slack stand-in and the sandbox kennel API. The bot posts the check
 * (its scheduled post, kept in the record first); one tap records "all normal"; the form records what
 * was seen; two loose stools in a row open exactly one flag, posted once in the post's thread; vet
 * advice is recorded on it and it is resolved, once; the message always equals the record.
 */

import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { houseReport } from "../../src/answers/house.ts";
import { welfareBoard } from "../../src/answers/welfare.ts";
import { KINDS, type ListBody, readChecks, readLists } from "../../src/answers/welfare-store.ts";
import { createBot } from "../../src/app.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import type { Message } from "../../src/blocks/types.ts";
import type { Config } from "../../src/config.ts";
import { composePost } from "../../src/digest/compose.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { houseDoc } from "../../src/present/house.ts";
import { kennelOrigin } from "../../src/record/kennel.ts";
import { openCareRecord, temporaryRecord } from "../../src/record/open.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { runCommand } from "../cli/helpers.ts";
import { type Harness, homeOpened, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { HOSTILE, HOSTILE_SHOWN, hostilePetNames } from "../helpers/hostile.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { commandForm, postSigned } from "../helpers/slack.ts";
import {
  formPayload,
  petBlockOf,
  tapPayload,
  type WelfareButton,
  welfareButtons,
} from "../helpers/welfare-slack.ts";

const DATE = "2026-11-22";
// The record begins on Friday: the first test checks a pet on Friday evening, on the day.
let at = Date.parse("2026-11-20T17:10:00Z");
const clock = { now: () => new Date(at) };
const CHANNEL = "C0WELFARE";
const pg = usePostgres();
const onExit: Array<() => void> = [];
/** The record is the sandbox's (as the bot and the command line open it): the kennel API on this computer. */
const SANDBOX = { origin: kennelOrigin("http://127.0.0.1") };
afterAll(() => {
  for (const f of onExit) f();
});
const SETTINGS = {
  WELFARE_CHANNEL: CHANNEL,
  WELFARE_ROUNDS: "morning,midday,evening",
  ROUNDS_TIMES: "08:00,12:00,17:00",
};

/**
 * Each engine's store, and a second replica's view of it: PostgreSQL, a store of its own on the same
 * database (another process would have one); SQLite, one process per file, so the same store.
 */
const engines: Array<{
  name: string;
  open: () => Promise<{
    store: CareRecordStore;
    replica: () => Promise<CareRecordStore>;
    /** The settings that point the command line at the same record. */
    env: Record<string, string>;
  }>;
  skip: boolean;
}> = [
  {
    name: "SQLite",
    open: async () => {
      const t = temporaryRecord(clock, "kennel-desk-welfare-", SANDBOX);
      onExit.push(() => rmSync(t.dir, { recursive: true, force: true }));
      return { store: t.store, replica: async () => t.store, env: { KENNEL_DATA_DIR: t.dir } };
    },
    skip: false,
  },
  {
    name: "PostgreSQL",
    open: async () => {
      const url = await pg.freshDatabase();
      const opened = async () => (await openCareRecord({ engine: "postgres", url }, clock, SANDBOX)).store;
      return { store: await opened(), replica: opened, env: { DATABASE_URL: url.href } };
    },
    skip: !pg.available,
  },
];

describe.each(engines)("the welfare check in Slack ($name)", ({ open, skip }) => {
  let h: Harness;
  let store: CareRecordStore;
  let replicaStore: () => Promise<CareRecordStore>;
  let recordEnv: Record<string, string>;

  beforeAll(async () => {
    if (skip) return;
    at = Date.parse("2026-11-20T17:10:00Z");
    ({ store, replica: replicaStore, env: recordEnv } = await open());
    h = await startHarness({
      record: store,
      clock,
      env: { ...SETTINGS, DIGEST_SCHEDULE: "off" },
    });
    h.slack.users.set("U0JANE", { id: "U0JANE", real_name: "Jane Doe", profile: { display_name: "Jane" } });
    h.slack.users.set("U0TOM", { id: "U0TOM" });
    h.slack.users.set("U0REX", { id: "U0REX", profile: { display_name: `Rex ${HOSTILE}` } });
  }, 60_000);
  afterAll(async () => {
    if (skip) return;
    await h.close();
    await store.close();
  });

  /** The command line's settings: the bot's kennel API and this suite's record. */
  const cliEnv = () => ({
    ...SETTINGS,
    ...recordEnv,
    KENNEL_API_KEY: h.sandbox.keys.main,
    KENNEL_API_BASE_URL: h.sandbox.url,
    KENNEL_TIMEZONE: "Europe/London",
    LOG_LEVEL: "silent",
  });

  /** The round's welfare post, made by the bot's scheduled-post job: its parent as Slack shows it. */
  async function post(round: string, date = DATE) {
    const outcome = await h.bot.digest?.runPost(`welfare:${round}`, date);
    expect(["posted", "already-posted"]).toContain(outcome?.result);
    const parent = h.slack.timeline.find(
      (m) =>
        !m.thread_ts &&
        m.metadata?.event_payload.kind === `welfare:${round}` &&
        m.metadata.event_payload.date === date,
    );
    if (!parent) throw new Error("no welfare post");
    return parent;
  }
  const now = (id: number) =>
    h.slack.timeline.find((m) => m.id === id) as NonNullable<ReturnType<typeof h.slack.timeline.find>>;
  async function tap(entryId: number, button: Pick<WelfareButton, "action_id" | "value">, user: string) {
    const payload = tapPayload(h.slack, entryId, button, user);
    const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
      payload: JSON.stringify(payload.body),
    });
    expect(res.status).toBe(200);
    return payload;
  }
  async function submit(payload: unknown) {
    return postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(payload) });
  }
  async function modalFor(trigger: string) {
    await h.slack.waitFor(() => [...h.slack.modals.values()].some((m) => m.trigger_id === trigger), 10_000);
    return [...h.slack.modals.values()].find((m) => m.trigger_id === trigger) as NonNullable<
      ReturnType<typeof h.slack.modals.get>
    >;
  }
  const updatesOf = (ts: string) =>
    h.slack.api.filter((r) => r.path === "/api/chat.update" && r.body.ts === ts).length;
  /** The pet's checks of Sunday's morning round (its other rounds' are other tests'). */
  const checksOf = async (petId: number, round = "morning") =>
    (await store.log({ kind: KINDS.check, petId, date: DATE })).filter(
      (e) => (e.body as { round?: string }).round === round,
    );

  it.skipIf(skip)(
    "a stay's record and its export show a check, or its absence, for every day of the stay",
    async () => {
      // Friday's evening check, made on Friday; none on Saturday; Sunday's evening check.
      at = Date.parse("2026-11-20T17:10:00Z");
      const friday = await post("evening", "2026-11-20");
      at = Date.parse(`${DATE}T17:40:00Z`);
      const sunday = await post("evening");
      const [fri] = await readLists(store, "2026-11-20", "evening");
      const [sun] = await readLists(store, DATE, "evening");
      const checkedSunday = new Set((await readChecks(store, { date: DATE })).map((c) => c.petId));
      const pet = fri?.pets.find(
        (p) => sun?.pets.some((q) => q.petId === p.petId) && !checkedSunday.has(p.petId),
      );
      if (!pet) throw new Error("no pet in house from Friday to Sunday");
      const button = (m: typeof friday) =>
        welfareButtons(now(m.id).blocks, "wf_ok").find((b) => b.p === pet.petId) as WelfareButton;
      // On the day, Friday's list records at once. Each check committed before the clock moves on:
      // under load the ack may go first (by 2.5 s), the check written after it, at the clock then.
      const committed = async (date: string) => {
        for (let i = 0; i < 1000; i++) {
          if ((await store.log({ kind: KINDS.check, petId: pet.petId, date })).length) return;
          await new Promise((ok) => setTimeout(ok, 20));
        }
        throw new Error(`the check of ${date} was not recorded`);
      };
      at = Date.parse("2026-11-20T17:15:00Z");
      await tap(friday.id, button(friday), "U0JANE");
      await committed("2026-11-20");
      at = Date.parse(`${DATE}T17:45:00Z`);
      await tap(sunday.id, button(sunday), "U0TOM");
      await committed(DATE);
      // Friday's list tapped on Sunday: the form opens, saying it records late; nothing is written yet.
      const other = welfareButtons(now(friday.id).blocks, "wf_ok").find(
        (b) => b.p !== pet.petId,
      ) as WelfareButton;
      const late = await modalFor((await tap(friday.id, other, "U0JANE")).trigger);
      expect(JSON.stringify(late.view.blocks)).toContain("Recording late for Fri 20 Nov");
      expect(await store.log({ kind: KINDS.check, petId: other.p, date: "2026-11-20" })).toEqual([]);
      at = Date.parse(`${DATE}T21:00:00Z`);
      const env = cliEnv();
      const booking = String(pet.bookingId);
      const text = await runCommand(["record", "--booking", booking], env, { clock });
      expect(text.stderr).toBe("");
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/Fri 20 Nov, evening: ✅ all normal · 🍽 .+ · 17:15 Jane/);
      expect(text.stdout).toContain("Sat 21 Nov, evening: ❌ no welfare check");
      expect(text.stdout).toMatch(/Sun 22 Nov, evening: ✅ all normal · 🍽 .+ · 17:45 tom/);
      // The summary read at pick-up counts them.
      expect(text.stdout).toMatch(/🩺 \d+ of \d+ welfare checks, all normal · ❌ no welfare check/);
      const page = await runCommand(["record", "export", "--booking", booking, "--format", "html"], env, {
        clock,
      });
      expect(page.code).toBe(0);
      // The page is the stay's document (src/text/stay-html.ts): its welfare lines after the rounds'.
      const welfare = page.stdout.slice(page.stdout.indexOf("Fri 20 Nov, evening: </bdi>") - 200);
      expect(welfare).toContain("<bdi>Sat 21 Nov, evening: </bdi>");
      expect(welfare).toContain("no welfare check");
      expect(welfare).toMatch(/Fri 20 Nov, evening: <\/bdi>.*all normal/);
      // Every day of the stay up to now has a line: each welfare round since check-in, checked or not.
      for (const date of ["Fri 20 Nov", "Sat 21 Nov", "Sun 22 Nov"])
        for (const round of ["morning", "midday", "evening"])
          if (date !== "Fri 20 Nov" || round === "evening") expect(welfare).toContain(`${date}, ${round}: `);
      // The day's record: after the rounds, its welfare checks, every pet the post listed, checked or not.
      const day = await runCommand(["record", DATE, "--pet", String(pet.petId)], env, { clock });
      expect(day.code).toBe(0);
      expect(day.stdout).toContain("Welfare checks · Sun 22 Nov 2026");
      expect(day.stdout).toMatch(
        /Evening welfare check · 1 of 1 checked\n {2}.+ \(pet \d+, booking \d+\)\n {5}✅ all normal/,
      );
      const json = JSON.parse((await runCommand(["record", DATE, "--json"], env, { clock })).stdout) as {
        welfare?: { rounds: Array<{ round: string; pets: unknown[] }> };
      };
      expect(json.welfare?.rounds.find((r) => r.round === "evening")?.pets.length).toBe(sun?.pets.length);
      const csv = await runCommand(["record", "export", "--booking", booking], env, { clock });
      const rows = csv.stdout.split("\r\n").filter((r) => r.includes(",welfare,"));
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatch(/,all_normal,/);
      const exported = JSON.parse(
        (await runCommand(["record", "export", "--booking", booking, "--format", "json"], env, { clock }))
          .stdout,
      ) as { welfare: Array<{ item: string; date: string }> };
      expect(exported.welfare.map((w) => [w.item, w.date])).toEqual([
        ["welfare", "2026-11-20"],
        ["welfare", DATE],
      ]);
    },
  );

  it.skipIf(skip)(
    "all normal: one tap records the check, and the message shows it from the record",
    async () => {
      at = Date.parse(`${DATE}T08:10:00Z`);
      const parent = await post("morning");
      expect(limitViolations({ text: parent.text, blocks: parent.blocks as Message["blocks"] })).toEqual([]);
      const [first] = welfareButtons(parent.blocks, "wf_ok");
      const b = first as WelfareButton;
      expect(b.text).toMatch(/^✅ All normal · /);
      const before = updatesOf(parent.ts);
      const jane = await tap(parent.id, b, "U0JANE");
      // Slack's 200 came after the commit: the check is there the moment the tap is answered.
      const checks = await checksOf(b.p);
      expect(checks).toHaveLength(1);
      expect(checks[0]?.body).toMatchObject({
        round: "morning",
        values: { drinking: "normal", stool: "normal", urine: "normal", demeanour: "normal" },
        userName: "Jane",
      });
      // Each check carries its kennel: the business the list's pets came from.
      expect(checks[0]?.kennel).toMatch(/^loopback#\d+$/);
      await h.slack.waitFor(() => updatesOf(parent.ts) > before, 10_000);
      const block = petBlockOf(now(parent.id).blocks, b.b, b.p);
      expect(block?.text?.text).toMatch(/✅ all normal · 🍽 .+ · 08:10 Jane/);
      expect(JSON.stringify(now(parent.id).blocks)).toMatch(/📋 (?:This message: )?1 of \d+ pets checked/);
      // Slack delivering the same tap again: nothing more written.
      expect((await submit(jane.body)).status).toBe(200);
      // A guest, and a value changed on the way (a pet not on the list): refused, nothing written.
      const guest = await tap(parent.id, b, "U0GUEST");
      await h.slack.waitFor(() => h.slack.responsesFor(guest.responseId).length > 0, 10_000);
      expect(String(h.slack.responsesFor(guest.responseId)[0]?.body.text)).toMatch(/^🔒/);
      const forged = tapPayload(h.slack, parent.id, b, "U0JANE", {
        value: JSON.stringify({ ...JSON.parse(b.value), p: 999_999 }),
      });
      await submit(forged.body);
      await h.slack.waitFor(() => h.slack.responsesFor(forged.responseId).length > 0, 10_000);
      expect(String(h.slack.responsesFor(forged.responseId)[0]?.body.text)).toContain("nothing was recorded");
      expect(await store.log({ kind: KINDS.check, petId: 999_999 })).toEqual([]);
      // Another member of staff tapping it: told who checked it and when.
      const again = tapPayload(h.slack, parent.id, b, "U0TOM");
      await submit(again.body);
      await h.slack.waitFor(() => h.slack.responsesFor(again.responseId).length > 0, 10_000);
      expect(String(h.slack.responsesFor(again.responseId)[0]?.body.text)).toMatch(
        /Already checked: Jane checked it at 08:10/,
      );
      expect(await checksOf(b.p)).toHaveLength(1);
    },
  );

  it.skipIf(skip)(
    "an exception: the form records what was seen and a note; a correction supersedes it",
    async () => {
      at = Date.parse(`${DATE}T08:20:00Z`);
      const parent = await post("morning");
      const [, second] = welfareButtons(now(parent.id).blocks, "wf_note");
      const b = second as WelfareButton;
      const { trigger } = await tap(parent.id, b, "U0JANE");
      const modal = await modalFor(trigger);
      expect(modal.view.callback_id).toBe("wf_modal");
      // A value the form never offered: refused on its field, nothing written.
      const bad = await submit(formPayload(modal, "U0JANE", { "sign:stool": "purple" }));
      expect(bad.text).toContain("Choose what you saw (stool)");
      expect(await checksOf(b.p)).toEqual([]);
      // A form whose metadata is not the bot's seal: refused, nothing written.
      const unsealed = await submit(
        formPayload(
          modal,
          "U0JANE",
          { "sign:stool": "loose" },
          {},
          { privateMetadata: '{"l":1,"b":1,"p":1,"c":"C","t":"1"}.x' },
        ),
      );
      expect(unsealed.text).toContain("This form is not one Kennel Desk opened");
      expect(await checksOf(b.p)).toEqual([]);
      const before = updatesOf(parent.ts);
      await submit(
        formPayload(
          modal,
          "U0JANE",
          { "sign:demeanour": "quiet", "sign:drinking": "less" },
          { note: "<!channel> off her walk" },
        ),
      );
      const [check] = await checksOf(b.p);
      expect(check?.body).toMatchObject({
        values: { drinking: "less", stool: "normal", urine: "normal", demeanour: "quiet" },
        note: "<!channel> off her walk",
      });
      await h.slack.waitFor(() => updatesOf(parent.ts) > before, 10_000);
      let text = petBlockOf(now(parent.id).blocks, b.b, b.p)?.text?.text ?? "";
      expect(text).toMatch(
        /⚠️ 💧 drinking less than usual · 🐾 quiet · 🍽 .+ · 08:20 Jane: &lt;!channel&gt; off her walk/,
      );
      expect(text).not.toContain("<!channel>");

      // "✏️ Change": the form opens on the check; saving supersedes it, both kept, the first struck through.
      const change = welfareButtons(now(parent.id).blocks, "wf_note").find(
        (x) => x.p === b.p,
      ) as WelfareButton;
      expect(change.action_id).toBe(b.action_id);
      const { trigger: t2 } = await tap(parent.id, change, "U0TOM");
      const again = await modalFor(t2);
      const before2 = updatesOf(parent.ts);
      await submit(formPayload(again, "U0TOM", { "sign:demeanour": "normal", "sign:drinking": "normal" }));
      await h.slack.waitFor(() => updatesOf(parent.ts) > before2, 10_000);
      const all = await checksOf(b.p);
      expect(all).toHaveLength(2);
      expect(all[1]).toMatchObject({ supersedes: check?.id, userId: "U0TOM" });
      expect(all[0]?.supersededBy).toBe(all[1]?.id);
      text = petBlockOf(now(parent.id).blocks, b.b, b.p)?.text?.text ?? "";
      expect(text).toMatch(/✅ all normal · 🍽 .+ · 08:20 tom/);
      expect(text).toMatch(/~⚠️ 💧 drinking less than usual/);
      // Two forms open on a pet not checked yet: the first saved records; the second is refused and says who.
      const c = welfareButtons(now(parent.id).blocks, "wf_note")[2] as WelfareButton;
      const jane = await modalFor((await tap(parent.id, c, "U0JANE")).trigger);
      const tom = await modalFor((await tap(parent.id, c, "U0TOM")).trigger);
      await submit(formPayload(jane, "U0JANE", { "sign:urine": "more" }));
      const late = await submit(formPayload(tom, "U0TOM", { "sign:stool": "loose" }));
      expect(late.text).toMatch(/Not recorded: Jane checked it at 08:20 after this form was opened/);
      expect((await checksOf(c.p)).map((x) => x.userId)).toEqual(["U0JANE"]);
    },
  );

  it.skipIf(skip)(
    "two loose stools in a row open exactly one flag, posted once; vet advice, then resolved once",
    async () => {
      const loose = async (round: string, time: string) => {
        at = Date.parse(`${DATE}T${time}:00Z`);
        const parent = await post(round);
        const b = welfareButtons(now(parent.id).blocks, "wf_note").at(-1) as WelfareButton;
        const { trigger } = await tap(parent.id, b, "U0JANE");
        const before = updatesOf(parent.ts);
        await submit(formPayload(await modalFor(trigger), "U0JANE", { "sign:stool": "loose" }));
        await h.slack.waitFor(() => updatesOf(parent.ts) > before, 10_000);
        return { parent, b };
      };
      const flagMessages = () =>
        h.slack.timeline.filter((m) => JSON.stringify(m.blocks ?? []).includes('"wf_advice:'));
      const { b: first } = await loose("morning", "08:30");
      expect(await store.log({ kind: KINDS.flag })).toEqual([]);
      const { parent: midday, b } = await loose("midday", "12:10");
      expect(b.p).toBe(first.p);
      await h.slack.waitFor(() => flagMessages().length > 0, 10_000);
      const { b: third } = await loose("evening", "17:10");
      expect(third.p).toBe(b.p);
      const flags = await store.log({ kind: KINDS.flag });
      expect(flags).toHaveLength(1);
      expect(flags[0]?.body).toMatchObject({ petId: b.p, sign: "stool:loose" });
      expect((flags[0]?.body as { entries?: unknown[] } | undefined)?.entries).toHaveLength(2);
      const [flagMessage] = flagMessages();
      expect(flagMessages()).toHaveLength(1);
      expect(flagMessage?.thread_ts).toBe(midday.ts);
      expect(JSON.stringify(flagMessage?.blocks)).toContain("Vet advice sought? Not recorded yet.");
      // The pet's line on the post shows the flag.
      expect(petBlockOf(now(midday.id).blocks, b.b, b.p)?.text?.text).toMatch(
        /🚩 Loose stool, 2 checks in a row/,
      );

      // Vet advice: who, when, what was advised: an entry; the flag's message drawn again from the record.
      const fm = flagMessage as NonNullable<typeof flagMessage>;
      const [advice] = welfareButtons(fm.blocks, "wf_advice");
      const { trigger } = await tap(fm.id, advice as WelfareButton, "U0JANE");
      const form = await modalFor(trigger);
      const future = await submit(
        formPayload(form, "U0JANE", {}, { vet: "Riverside Vets", when: "23:50", advice: "x" }),
      );
      expect(future.text).toContain("still to come");
      // Issue 46, items 9 and 10: before the flag was raised (12:10), or a time that never happened: refused at its field.
      const when = async (w: string) => {
        const r = await submit(
          formPayload(form, "U0JANE", {}, { vet: "Riverside Vets", when: w, advice: "x" }),
        );
        return (JSON.parse(r.text) as { errors?: Record<string, string> }).errors?.when;
      };
      const beforeFlag = "That is before the flag was raised (Sun 22 Nov, 12:10): give when it was sought.";
      expect(await when("1900-01-01 10:00")).toBe(beforeFlag);
      expect(await when("11:00")).toBe(beforeFlag);
      expect(await when("2026-03-29 01:30")).toBe(
        "01:30 did not happen on Sun 29 Mar: the clocks went forward. Give when it was sought.",
      );
      expect(await store.log({ kind: KINDS.advice })).toEqual([]);
      const before = updatesOf(fm.ts);
      const beforePost = updatesOf(midday.ts);
      await submit(
        formPayload(
          form,
          "U0JANE",
          {},
          { vet: "Riverside Vets", when: "12:30", advice: "Bland diet 48 h; bring her in if blood" },
        ),
      );
      const [recorded] = await store.log({ kind: KINDS.advice });
      expect(recorded?.body).toMatchObject({
        flag: flags[0]?.id,
        vet: "Riverside Vets",
        sought: `${DATE}T12:30:00.000Z`,
      });
      await h.slack.waitFor(() => updatesOf(fm.ts) > before, 10_000);
      expect(JSON.stringify(now(fm.id).blocks)).toContain("Vet advice from Riverside Vets");
      // The post's message holding the pet too: drawn again from the record, not at its next tap.
      await h.slack.waitFor(() => updatesOf(midday.ts) > beforePost, 10_000);
      expect(petBlockOf(now(midday.id).blocks, b.b, b.p)?.text?.text).toContain(
        "🩺 vet advice: Riverside Vets",
      );

      // Resolved: two staff with the form open; the first closes it, the second is told who did (a
      // name set in Slack, escaped: it pings no one).
      const [resolve] = welfareButtons(now(fm.id).blocks, "wf_resolve");
      const a = await modalFor((await tap(fm.id, resolve as WelfareButton, "U0REX")).trigger);
      const t = await modalFor((await tap(fm.id, resolve as WelfareButton, "U0TOM")).trigger);
      const before2 = updatesOf(fm.ts);
      await submit(formPayload(a, "U0REX", {}, { why: "Stools normal since the bland diet" }));
      const second = await submit(formPayload(t, "U0TOM", {}, { why: "fine" }));
      // On its field, in plain words (Slack shows a field's error as plain text).
      expect(JSON.parse(second.text).errors?.why).toBe(
        `Already resolved: Rex ${HOSTILE} resolved it at 17:10. Nothing more was written.`,
      );
      expect(await store.log({ kind: KINDS.resolved })).toHaveLength(1);
      // A tap on the message's old button: told privately, in mrkdwn.
      const stale = await tap(fm.id, resolve as WelfareButton, "U0TOM");
      await h.slack.waitFor(() => h.slack.responsesFor(stale.responseId).length > 0, 10_000);
      const told = String(h.slack.responsesFor(stale.responseId)[0]?.body.text);
      expect(told).toBe(
        `Already resolved: Rex ${HOSTILE_SHOWN} resolved it at 17:10. Nothing more was written.`,
      );
      await h.slack.waitFor(() => updatesOf(fm.ts) > before2, 10_000);
      const shown = JSON.stringify(now(fm.id).blocks);
      expect(shown).toContain("✔️ Resolved");
      expect(shown).toContain("Stools normal since the bland diet");
      expect(shown).not.toContain('"wf_resolve:');
    },
  );

  it.skipIf(skip)(
    "the open flag shows on the pet's card, the round sheets, /inhouse and the Home tab",
    async () => {
      at = Date.parse(`${DATE}T17:15:00Z`);
      // A flag of its own (the test before resolved its flag), written as the record writes one.
      await post("evening");
      const [list] = await readLists(store, DATE, "evening");
      const chosen = list?.pets.at(-2);
      if (!chosen) throw new Error("no pet on the evening list");
      const { petId, bookingId } = chosen;
      await store.append({
        kind: KINDS.flag,
        date: DATE,
        petId,
        bookingId,
        requestKey: "test-flag:drinking",
        body: {
          v: 1,
          bookingId,
          petId,
          petName: "Juniper",
          sign: "drinking:none",
          entries: [1, 2].map((id) => ({
            kind: "check",
            id,
            date: DATE,
            round: "morning",
            at: `${DATE}T08:00:00.000Z`,
          })),
        },
      });
      const line = "🚩 Not drinking, 2 checks in a row · 🩺 vet advice sought? not yet";
      const answer = async (command: string, text: string) => {
        const { form, id } = commandForm(h.slack, { command, text, channel: CHANNEL });
        await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
        const done = () =>
          h.slack.responsesFor(id).filter((r) => !String(r.body.text ?? "").includes("Looking up"));
        await h.slack.waitFor(() => done().length > 0, 20_000);
        // A long answer comes in several parts: every one.
        await new Promise((r) => setTimeout(r, 300));
        return JSON.stringify(done().map((r) => r.body));
      };
      console.time("pet");
      expect(await answer("/pet", String(petId))).toContain(line);
      console.timeEnd("pet");
      // The round sheets (the round posts and /rounds draw the same post).
      const sheet = await composePost(h.bot.deps, "rounds:evening", DATE);
      expect(JSON.stringify([sheet.parent, ...sheet.replies])).toContain(line);
      // /inhouse's document, the whole day (Slack pages it; the same document on every page).
      const report = await houseReport(h.bot.deps, DATE, { wholeDay: true });
      const house = JSON.stringify(houseDoc(report, { timezone: "Europe/London", thisYear: "2026" }));
      expect(house).toContain("🚩 Not drinking, 2 checks in a row (Juniper) · 🩺 vet advice sought? not yet");
      const view = await homeOpened(h, `EvHome${Date.now()}`);
      expect(view).toContain("🚩 1 welfare flag open");
      expect(view).toContain('"home_list:welfare"');
    },
    60_000,
  );

  // Issue 46, item 15: by name (one match) the card lacked the flag line and the care plan.
  it.skipIf(skip)(
    "/pet by name, one match, is the same card as by id: its flag and its care plan; the terminal's pet too",
    async () => {
      const [flag] = (await store.log({ kind: KINDS.flag })).filter(
        (f) => f.requestKey === "test-flag:drinking",
      );
      const petId = flag?.petId as number;
      const pet = h.sandbox.main.pets.find((p) => Number(p.petId) === petId) as Record<string, unknown>;
      pet.name = "Fernwhistle";
      const answer = async (text: string) => {
        const { form, id } = commandForm(h.slack, { command: "/pet", text, channel: CHANNEL });
        await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
        const done = () =>
          h.slack.responsesFor(id).filter((r) => !String(r.body.text ?? "").includes("Looking up"));
        await h.slack.waitFor(() => done().length > 0, 20_000);
        return JSON.stringify(done().map((r) => r.body));
      };
      const line = "🚩 Not drinking, 2 checks in a row · 🩺 vet advice sought? not yet";
      const byId = await answer(String(petId));
      const byName = await answer("Fernwhistle");
      expect(byId).toContain(line);
      expect(byName).toContain(line);
      // Its care plan's line, as by id (the round post drafted one for every pet on it).
      expect(byId).toContain("📋 Care plan:");
      expect(byName).toContain("📋 Care plan:");
      expect(byName.match(/📋 Care plan:[^"]*/)?.[0]).toBe(byId.match(/📋 Care plan:[^"]*/)?.[0]);
      const env = cliEnv();
      const terminal = await runCommand(["pet", "Fernwhistle"], env, { clock });
      expect(terminal.code).toBe(0);
      expect(terminal.stdout).toContain("🚩 Not drinking, 2 checks in a row");
      expect(terminal.stdout).toContain("📋 Care plan:");
    },
    60_000,
  );

  it.skipIf(skip)(
    "the pets not checked by WELFARE_CHECK_BY are named once in the post's thread, by two replicas at once",
    async () => {
      at = Date.parse(`${DATE}T17:20:00Z`);
      const parent = await post("evening");
      const [checked] = welfareButtons(now(parent.id).blocks, "wf_ok");
      await tap(parent.id, checked as WelfareButton, "U0JANE");
      // A second bot on the same Slack, the same kennel API and the same record: a replica.
      const config = h.config;
      const log = silentLogger();
      const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, {
        log,
        retryDelay: () => 10,
      });
      const second = await replicaStore();
      const other = createBot(
        { kennel, log, config, clock, record: second },
        { slack: config.slack as NonNullable<Config["slack"]>, digest: { settleMs: 50 }, warmCare: false },
      );
      await other.start();
      try {
        at = Date.parse(`${DATE}T20:01:00Z`);
        const deletes = h.slack.api.filter((a) => a.path === "/api/chat.delete").length;
        const results = await Promise.all(
          [h.bot, other].map((bot) => bot.digest?.runPost("welfare-due:evening", DATE)),
        );
        const listings = () =>
          h.slack.timeline.filter((m) => m.metadata?.event_payload.kind === "welfare-due:evening");
        expect(listings()).toHaveLength(1);
        // Claimed in the record first (issue 46, item 16): one posts, the other finds it posted; no copy
        // posted then deleted.
        expect(results.map((r) => r?.result).sort()).toEqual(["already-posted", "posted"]);
        expect(h.slack.api.filter((a) => a.path === "/api/chat.delete")).toHaveLength(deletes);
        const [listing] = listings();
        expect(listing?.thread_ts).toBe(parent.ts);
        const texts = ((listing?.blocks ?? []) as Array<{ text?: { text?: string } }>).map(
          (x) => x.text?.text ?? "",
        );
        expect(texts.join("\n")).toMatch(/Not checked by 20:00/);
        // One line per pet not checked, each naming it; the pet checked is not named.
        const named = texts.flatMap((t) => t.split("\n")).filter((l) => l.startsWith("• "));
        const board = await welfareBoard(
          { record: store, log },
          (await readLists(store, DATE, "evening"))[0] as ListBody,
        );
        const unchecked = board.pets.filter((p) => !p.check);
        expect(unchecked.length).toBeGreaterThan(0);
        const esc = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
        expect(named).toEqual(
          unchecked.map((p) => (p.room ? `• *${esc(p.room)}* ${esc(p.name)}` : `• ${esc(p.name)}`)),
        );
        expect(board.pets.find((p) => p.petId === (checked as WelfareButton).p)?.check).toBeDefined();
        // Later, again (a restart): the thread is read first, nothing more is posted.
        expect(await other.digest?.runPost("welfare-due:evening", DATE)).toMatchObject({
          result: "already-posted",
        });
        expect(listings()).toHaveLength(1);
      } finally {
        await other.stop(2_000);
        if (second !== store) await second.close();
      }
    },
  );
  // Issue 46, item 12: it showed "18:12 Jane" as if checked on time.
  it.skipIf(skip)(
    "a check made today on yesterday's post shows its day and 'checked late', on the post and in the record",
    async () => {
      at = Date.parse(`${DATE}T21:30:00Z`);
      const saturday = await post("evening", "2026-11-21");
      const [list] = await readLists(store, "2026-11-21", "evening");
      const checked = new Set((await readChecks(store, { date: "2026-11-21" })).map((c) => c.petId));
      const b = welfareButtons(now(saturday.id).blocks, "wf_ok").find(
        (x) => !checked.has(x.p) && list?.pets.some((p) => p.petId === x.p),
      ) as WelfareButton;
      const late = await modalFor((await tap(saturday.id, b, "U0JANE")).trigger);
      expect(JSON.stringify(late.view.blocks)).toContain("Recording late for Sat 21 Nov");
      const before = updatesOf(saturday.ts);
      await submit(formPayload(late, "U0JANE"));
      await h.slack.waitFor(() => updatesOf(saturday.ts) > before, 10_000);
      const line = petBlockOf(now(saturday.id).blocks, b.b, b.p)?.text?.text ?? "";
      expect(line).toContain("checked late, Sun 22 Nov 21:30 Jane");
      const env = cliEnv();
      const text = await runCommand(["record", "--booking", String(b.b)], env, { clock });
      expect(text.stdout).toMatch(
        /Sat 21 Nov, evening: ✅ all normal · 🍽 .+ · checked late, Sun 22 Nov 21:30 Jane/,
      );
    },
  );
  it.skipIf(skip)(
    "the second to tap is told the pet's name from the kennel system escaped once: it pings no one",
    async () => {
      const day = "2026-11-23";
      at = Date.parse(`${day}T08:10:00Z`);
      // Every pet renamed in the kennel system.
      const restore = hostilePetNames(h.sandbox.main);
      // Not what the earlier checks read and kept: read again.
      h.bot.deps.kennel?.clearCache();
      try {
        const parent = await post("morning", day);
        // A pet the kept list names with the kennel system's new words (another's care may be read before).
        const [list] = await readLists(store, day, "morning");
        const renamed = list?.pets.find((p) => p.name.endsWith(HOSTILE));
        const first = welfareButtons(now(parent.id).blocks, "wf_ok").find((x) => x.p === renamed?.petId);
        await tap(parent.id, first as WelfareButton, "U0JANE");
        const again = await tap(parent.id, first as WelfareButton, "U0TOM");
        await h.slack.waitFor(() => h.slack.responsesFor(again.responseId).length > 0, 10_000);
        const told = String(h.slack.responsesFor(again.responseId)[0]?.body.text);
        expect(told).toMatch(/^Already checked: Jane checked it at 08:10/);
        expect(told).toContain(` ${HOSTILE_SHOWN}'s morning welfare check, Mon 23 Nov)`);
        expect(told).not.toMatch(/<!channel>|<@U123>|<https|&amp;amp;/);
        // Two forms open on another such pet: the second saved is refused on its field, in plain words
        // (Slack shows a field's error as plain text: escaped, it would read "&lt;!channel&gt;").
        const other = list?.pets.find((p) => p.name.endsWith(HOSTILE) && p.petId !== renamed?.petId);
        const note = welfareButtons(now(parent.id).blocks, "wf_note").find((x) => x.p === other?.petId);
        const jane = await modalFor((await tap(parent.id, note as WelfareButton, "U0JANE")).trigger);
        const tom = await modalFor((await tap(parent.id, note as WelfareButton, "U0TOM")).trigger);
        await submit(formPayload(jane, "U0JANE", { "sign:urine": "more" }));
        const late = await submit(formPayload(tom, "U0TOM", { "sign:stool": "loose" }));
        const error = String(JSON.parse(late.text).errors?.note);
        expect(error).toMatch(/^Not recorded: Jane checked it at 08:10 after this form was opened/);
        expect(error).toContain(`${other?.name}'s morning welfare check, Mon 23 Nov)`);
        expect(error).not.toMatch(/&lt;|&gt;|&amp;/);
      } finally {
        restore();
        h.bot.deps.kennel?.clearCache();
      }
    },
  );
});
