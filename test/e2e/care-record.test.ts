/**
 * Recording a round in Slack, end to end on both engines (SQLite in a temporary folder; PostgreSQL,
 * a throwaway server): the real Bolt app over HTTP, signed `block_actions` and `view_submission`
 * bodies, the Slack stand-in and the sandbox kennel API. One tap, the modal, a correction, two
 * staff at once, a guest, a tampered value, a re-delivered action, a late day; the round message
 * always equals the record (chat.update after each commit).
 */
import { describe, expect, it } from "vitest";
import { recordAll, recordEach } from "../../src/blocks/buttons.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import type { Message } from "../../src/blocks/types.ts";
import type { TimelineEntry } from "../../src/preview/slack-standin-types.ts";
import type { CareRecordStore, Entry } from "../../src/record/types.ts";
import { createSeal } from "../../src/slack/seal.ts";
import { type Harness, SIGNING_SECRET, useHarnessOn } from "../helpers/bot.ts";
import { HOSTILE } from "../helpers/hostile.ts";
import {
  actionPayload,
  atOnce,
  type Button,
  buttonsOf,
  PAST_ROUNDS,
  postConfirmedRounds,
  postRounds,
  sectionOf,
  tapRecord,
  viewPayload,
} from "../helpers/record-slack.ts";
import { postSigned } from "../helpers/slack.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const clock = { now: () => new Date("2026-11-22T09:00:00Z") };
const escapeRegExp = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const CHANNEL = "C0ROUNDS";
const engines = useStoreEngines(clock);

describe.each(engines)("recording a round in Slack ($name)", ({ open, skip }) => {
  let h: Harness;
  let store: CareRecordStore;

  useHarnessOn(
    { open, skip },
    () => ({
      clock,
      // The test makes the round posts itself.
      env: { ROUNDS_CHANNEL: CHANNEL, DIGEST_SCHEDULE: "off", ...PAST_ROUNDS },
    }),
    async (started) => {
      ({ h, store } = started);
      // Jane's name as Slack shows it; Tom has none, so his handle is used.
      h.slack.users.set("U0JANE", { id: "U0JANE", real_name: "Jane Doe", profile: { display_name: "Jane" } });
      h.slack.users.set("U0TOM", { id: "U0TOM" });
    },
  );

  /**
   * /rounds as staff in the rounds channel: the round's messages as Slack shows them, once every
   * pet's care plan is confirmed (the first sheet drafts them; staff confirm; the sheet again).
   */
  const rounds = (text: string) => postConfirmedRounds(h, CHANNEL, text, clock);
  /** The evening round's first message and the one-tap button ("All given & eaten") of its `n`th pet. */
  async function eveningTap(n: number) {
    const [msg] = await rounds("evening");
    const entry = msg as NonNullable<typeof msg>;
    return { entry, p: atOnce(await buttonsOf(store, entry.blocks, recordAll))[n] as Button };
  }

  const _post = (text: string) => postRounds(h, CHANNEL, text);

  /**
   * `/rounds TEXT` as staff posted it on another day (`at`): a round is kept only on its own day, so a
   * sheet of another day is one posted then, still in the channel.
   */
  async function roundsOn(at: string, text: string) {
    const now = clock.now;
    clock.now = () => new Date(at);
    try {
      return await rounds(text);
    } finally {
      clock.now = now;
    }
  }

  /** A tap as Slack sends it: signed, with the message the button is on as it is now. */
  async function tap(
    entryId: number,
    button: Button,
    user: string,
    options: { value?: string; actionTs?: string; trigger?: string } = {},
  ) {
    return tapRecord(h, entryId, button, user, options);
  }

  const updatesOf = (ts: string) =>
    h.slack.api.filter((r) => r.path === "/api/chat.update" && r.body.ts === ts).length;
  const entriesOf = (date: string, petId: number) => store.entries({ date, petId });
  async function answered(responseId: string) {
    await h.slack.waitFor(() => h.slack.responsesFor(responseId).length > 0, 10_000);
    return String(h.slack.responsesFor(responseId)[0]?.body.text ?? "");
  }

  it.skipIf(skip)("one tap records every due item of the pet's round, and the message shows it", async () => {
    const [first] = await rounds("evening");
    const entry = first as NonNullable<typeof first>;
    const [pet] = atOnce(await buttonsOf(store, entry.blocks, recordAll));
    const p = pet as Button;
    const before = updatesOf(entry.ts);
    await tap(entry.id, p, "U0JANE");
    // Slack's 200 came after the commit: the entries are there the moment the tap is answered.
    expect((await entriesOf(p.state.d, p.state.p)).length).toBe(p.state.i.length);
    await h.slack.waitFor(() => updatesOf(entry.ts) > before, 10_000);
    const entries = await entriesOf(p.state.d, p.state.p);
    expect(entries.map((e) => [e.item, e.outcome, e.userId])).toEqual(
      p.state.i.map(([item]) => [item, item === "meal" ? "ate_all" : "given", "U0JANE"]),
    );
    // Written before it was shown: the message, re-read, is what the store holds.
    const now = h.slack.timeline.find((m) => m.id === entry.id) as NonNullable<typeof entry>;
    expect(sectionOf(now.blocks, p.state)).toContain("✅ 09:00 Jane");
    expect(JSON.stringify(now.blocks)).toMatch(/📋 (?:This message: )?1 of \d+ pets recorded/);
    expect(limitViolations({ text: now.text, blocks: now.blocks as Message["blocks"] })).toEqual([]);
  });

  it.skipIf(skip)(
    "the modal: a refusal with its reason; a correction supersedes it and shows it struck through",
    async () => {
      const [msg] = await rounds("evening");
      const entry = msg as NonNullable<typeof msg>;
      const withMed = atOnce(await buttonsOf(store, entry.blocks, recordEach)).filter((b) =>
        b.state.i.some(([i]) => i !== "meal"),
      );
      const p = withMed[1] ?? (withMed[0] as Button);
      const med = p.state.i.find(([i]) => i !== "meal")?.[0] as string;
      const modals = h.slack.modals.size;
      const { trigger } = await tap(entry.id, p, "U0JANE");
      await h.slack.waitFor(() => h.slack.modals.size > modals, 10_000);
      const modal = [...h.slack.modals.values()].find((m) => m.trigger_id === trigger);
      expect(modal?.view.callback_id).toBe("rec_modal");

      // A dose "not given" without a reason: the form says so, nothing is written.
      const bad = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
        payload: JSON.stringify(
          viewPayload(modal as NonNullable<typeof modal>, "U0JANE", { [med]: ["not_given", ""] }),
        ),
      });
      expect(bad.text).toContain("Say why it was not given");
      expect(await entriesOf(p.state.d, p.state.p)).toEqual([]);

      const before = updatesOf(entry.ts);
      await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
        payload: JSON.stringify(
          viewPayload(
            modal as NonNullable<typeof modal>,
            "U0JANE",
            { [med]: ["refused", "spat it out"] },
            "<!channel> fine after",
          ),
        ),
      });
      await h.slack.waitFor(() => updatesOf(entry.ts) > before, 10_000);
      const [refused] = await entriesOf(p.state.d, p.state.p);
      expect(refused).toMatchObject({
        item: med,
        outcome: "refused",
        reason: "spat it out",
        note: "<!channel> fine after",
      });
      let shown = sectionOf(h.slack.timeline.find((m) => m.id === entry.id)?.blocks, p.state);
      expect(shown).toMatch(/⚠️ .+ refused 09:00 Jane: spat it out · &lt;!channel&gt; fine after/);
      expect(shown).not.toContain("<!channel>");

      // The correction: a new entry that supersedes the refusal; both kept, the first struck through.
      const { trigger: t2 } = await tap(entry.id, p, "U0TOM");
      await h.slack.waitFor(() => [...h.slack.modals.values()].some((m) => m.trigger_id === t2), 10_000);
      const again = [...h.slack.modals.values()].find((m) => m.trigger_id === t2) as NonNullable<
        typeof modal
      >;
      const before2 = updatesOf(entry.ts);
      await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
        payload: JSON.stringify(viewPayload(again, "U0TOM", { [med]: ["given", ""] })),
      });
      await h.slack.waitFor(() => updatesOf(entry.ts) > before2, 10_000);
      const all = await entriesOf(p.state.d, p.state.p);
      expect(all).toHaveLength(2);
      expect(all[1]).toMatchObject({ outcome: "given", supersedes: refused?.id, userId: "U0TOM" });
      shown = sectionOf(h.slack.timeline.find((m) => m.id === entry.id)?.blocks, p.state);
      expect(shown).toMatch(/~⚠️ .+ refused 09:00 Jane: spat it out/);
      expect(shown).toMatch(/✅ .+ given 09:00 tom/);
    },
  );

  it.skipIf(skip)(
    "two staff tapping at once record once; the second is told who recorded it and when",
    async () => {
      const { entry, p } = await eveningTap(2);
      const a = actionPayload(h.slack, entry.id, p, "U0JANE");
      const b = actionPayload(h.slack, entry.id, p, "U0TOM");
      await Promise.all(
        [a, b].map((x) =>
          postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(x.body) }),
        ),
      );
      await h.slack.waitFor(() => [a, b].some((x) => h.slack.responsesFor(x.responseId).length > 0), 10_000);
      const entries = await entriesOf(p.state.d, p.state.p);
      expect(entries).toHaveLength(p.state.i.length);
      const who =
        entries[0]?.userId === "U0JANE" ? { first: "Jane", second: b } : { first: "tom", second: a };
      expect(new Set(entries.map((e) => e.userId)).size).toBe(1);
      expect(await answered(who.second.responseId)).toContain(
        `Already recorded: ${who.first} recorded it at 09:00`,
      );
    },
  );

  it.skipIf(skip)(
    "a guest, an outsider and a tampered button are refused, and nothing is written",
    async () => {
      h.slack.users.set("U0OUT", { id: "U0OUT", is_stranger: true });
      const { entry, p } = await eveningTap(3);
      const guest = await tap(entry.id, p, "U0GUEST");
      expect(await answered(guest.responseId)).toContain("🔒");
      const outsider = await tap(entry.id, p, "U0OUT");
      expect(await answered(outsider.responseId)).toContain("🔒");
      // Another pet's booking in the value, a sheet never kept, a value that is not JSON.
      const other = { s: p.state.s, b: p.state.b + 1, p: p.state.p };
      const noSheet = { s: p.state.s + 100_000, b: p.state.b, p: p.state.p };
      for (const value of [JSON.stringify(other), JSON.stringify(noSheet), "{not json"]) {
        const t = await tap(entry.id, p, "U0STAFF", { value });
        expect(await answered(t.responseId)).toContain("not one Kennel Desk can use");
      }
      expect(await entriesOf(p.state.d, p.state.p)).toEqual([]);
    },
  );

  it.skipIf(skip)(
    "a form is checked like a button: forged metadata, another pet, a sheet never posted, a later day, an item never listed: each refused, nothing written",
    async () => {
      const [msg] = await rounds("evening");
      const entry = msg as NonNullable<typeof msg>;
      const buttons = await buttonsOf(store, entry.blocks, recordEach);
      // A pet nothing is recorded for yet (the other tests share the record).
      const untouched = [];
      for (const b of buttons) if ((await entriesOf(b.state.d, b.state.p)).length === 0) untouched.push(b);
      const p = untouched[1] as Button;
      const { trigger } = await tap(entry.id, p, "U0JANE");
      await h.slack.waitFor(() => [...h.slack.modals.values()].some((m) => m.trigger_id === trigger), 10_000);
      const modal = [...h.slack.modals.values()].find((m) => m.trigger_id === trigger) as NonNullable<
        ReturnType<typeof h.slack.modals.get>
      >;
      const sealed = modal.view.private_metadata as string;
      const written = (await store.entries({})).length;
      const meta = JSON.parse(sealed.slice(0, sealed.lastIndexOf("."))) as Record<string, unknown>;
      // Whoever holds the signing secret can seal what they like: the server still checks it all.
      const forge = (over: Record<string, unknown>) =>
        createSeal(SIGNING_SECRET).sign(JSON.stringify({ ...meta, ...over }));
      const [item] = p.state.i[0] as [string, string, string];
      const outcome = item === "meal" ? "ate_all" : "given";
      const submit = async (privateMetadata: string, choices: Record<string, [string, string]>) => {
        const body = viewPayload(
          { ...modal, view: { ...modal.view, private_metadata: privateMetadata } },
          "U0JANE",
          choices,
        );
        const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
          payload: JSON.stringify(body),
        });
        expect(res.status).toBe(200);
        return res.text;
      };
      // The metadata changed without its seal (another pet put in by hand): not one Kennel Desk opened.
      expect(
        await submit(sealed.replace(`"b":${p.state.b}`, `"b":${p.state.b + 1}`), { [item]: [outcome, ""] }),
      ).toContain("not one Kennel Desk opened");
      // Sealed, but naming a pet that is not on this sheet, or a sheet never posted.
      const other = buttons.find((b) => b.state.p !== p.state.p) as Button;
      expect(await submit(forge({ b: other.state.b + 99_999 }), { [item]: [outcome, ""] })).toContain(
        "not one Kennel Desk can use",
      );
      expect(await submit(forge({ s: 99_999_999 }), { [item]: [outcome, ""] })).toContain(
        "not one Kennel Desk can use",
      );
      // A later day's sheet (tomorrow's, kept by a server whose clock is a day ahead): recorded on the day only.
      const [tomorrow] = await roundsOn("2026-11-23T09:00:00Z", "evening");
      const later = atOnce(await buttonsOf(store, tomorrow?.blocks, recordEach))[0] as Button;
      expect(later.state.d).toBe("2026-11-23");
      expect(
        await submit(forge({ s: later.state.s, b: later.state.b, p: later.state.p }), {
          [later.state.i[0]?.[0] as string]: ["given", ""],
        }),
      ).toContain("That is the sheet for Mon 23 Nov");
      // "Given" for a drug slot the sheet never listed for this pet: nothing to record.
      const listed = new Set(p.state.i.map(([i]) => i));
      const unlisted = (["med:1", "med:2", "med:3", "med:4", "med:5"] as const).find(
        (i) => !listed.has(i),
      ) as string;
      expect(await submit(sealed, { [unlisted]: ["given", ""] })).toContain("Nothing changed");
      expect(await entriesOf(p.state.d, p.state.p)).toEqual([]);
      expect(await entriesOf("2026-11-23", later.state.p)).toEqual([]);
      expect(await store.entries({})).toHaveLength(written);
    },
  );

  it.skipIf(skip)(
    "two forms open on one pet: the second saved is refused on its fields in plain words, naming who recorded it as Slack does",
    async () => {
      // A name set in Slack that would ping in a message: on a form's field (plain text) it reads as typed.
      h.slack.users.set("U0HAL", { id: "U0HAL", profile: { display_name: `Hal ${HOSTILE}` } });
      const [msg] = await rounds("evening");
      const entry = msg as NonNullable<typeof msg>;
      const buttons = await buttonsOf(store, entry.blocks, recordEach);
      const untouched = [];
      for (const b of buttons) if ((await entriesOf(b.state.d, b.state.p)).length === 0) untouched.push(b);
      const p = untouched[2] as Button;
      const open = async (user: string) => {
        const { trigger } = await tap(entry.id, p, user);
        await h.slack.waitFor(
          () => [...h.slack.modals.values()].some((m) => m.trigger_id === trigger),
          10_000,
        );
        return [...h.slack.modals.values()].find((m) => m.trigger_id === trigger) as NonNullable<
          ReturnType<typeof h.slack.modals.get>
        >;
      };
      const hal = await open("U0HAL");
      const jane = await open("U0JANE");
      const [item] = p.state.i[0] as [string, string, string];
      const choices = { [item]: [item === "meal" ? "ate_all" : "given", ""] as [string, string] };
      const save = async (modal: typeof hal, user: string) =>
        postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
          payload: JSON.stringify(viewPayload(modal, user, choices)),
        });
      await save(hal, "U0HAL");
      const refused = await save(jane, "U0JANE");
      const errors = Object.values(JSON.parse(refused.text).errors ?? {}) as string[];
      expect(errors.length).toBeGreaterThan(0);
      for (const error of errors) {
        expect(error).toMatch(new RegExp(`^Not recorded: Hal ${escapeRegExp(HOSTILE)} recorded it at`));
        expect(error).not.toMatch(/&lt;|&gt;|&amp;/);
      }
    },
  );

  it.skipIf(skip)("Slack re-delivering the same action records nothing twice", async () => {
    // A pet no earlier test recorded (the tests before it record pets of the same round).
    const [msg] = await rounds("evening");
    const entry = msg as NonNullable<typeof msg>;
    let p: Button | undefined;
    for (const b of atOnce(await buttonsOf(store, entry.blocks, recordAll)))
      if (!p && (await entriesOf(b.state.d, b.state.p)).length === 0) p = b;
    if (!p) throw new Error("no pet of the evening round left to tap");
    const a = actionPayload(h.slack, entry.id, p, "U0JANE", { actionTs: "1764000000.123456" });
    const send = () =>
      postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(a.body) });
    const before = updatesOf(entry.ts);
    await Promise.all([send(), send()]);
    await send();
    // Each delivery is answered (the message redrawn from the store: deliveries while a redraw is in
    // flight share the next one), none writes twice.
    await h.slack.waitFor(() => updatesOf(entry.ts) >= before + 1, 10_000);
    const entries: Entry[] = await entriesOf(p.state.d, p.state.p);
    expect(entries).toHaveLength(p.state.i.length);
    expect(new Set(entries.map((e) => e.requestKey)).size).toBe(1);
    // The same request is not "someone else": no "already recorded" to the one who tapped.
    expect(h.slack.responsesFor(a.responseId).map((r) => String(r.body.text))).not.toContainEqual(
      expect.stringContaining("Already recorded"),
    );
  });

  it.skipIf(skip)(
    "a tap on an earlier day's sheet asks to confirm, and records only when confirmed",
    async () => {
      // Yesterday's morning, posted yesterday (its post is still in the channel).
      await roundsOn("2026-11-21T09:00:00Z", "morning");
      // Yesterday's sheet as posted (the newest round message whose buttons are of that day: under
      // load an earlier test's late answer may land between the command and its post).
      let entry: TimelineEntry | undefined;
      let p: Button | undefined;
      for (const m of [...h.slack.timeline].reverse()) {
        if (m.ephemeral || !/"rec_all:/.test(JSON.stringify(m.blocks ?? []))) continue;
        const b = atOnce(await buttonsOf(store, m.blocks, recordAll))[0];
        if (b?.state.d === "2026-11-21") {
          entry = m;
          p = b;
          break;
        }
      }
      if (!entry || !p) throw new Error("no sheet of 2026-11-21 was posted");
      const { trigger } = await tap(entry.id, p, "U0JANE");
      await h.slack.waitFor(() => [...h.slack.modals.values()].some((m) => m.trigger_id === trigger), 10_000);
      const modal = [...h.slack.modals.values()].find((m) => m.trigger_id === trigger) as NonNullable<
        ReturnType<typeof h.slack.modals.get>
      >;
      expect(modal.view.callback_id).toBe("rec_late");
      expect(JSON.stringify(modal.view)).toContain("Recording late for Sat 21 Nov, morning");
      expect(await entriesOf(p.state.d, p.state.p)).toEqual([]);
      const before = updatesOf(entry.ts);
      await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
        payload: JSON.stringify(viewPayload(modal, "U0JANE", {})),
      });
      await h.slack.waitFor(() => updatesOf(entry.ts) > before, 10_000);
      expect(await entriesOf(p.state.d, p.state.p)).toHaveLength(p.state.i.length);
    },
  );
  it.skipIf(skip)(
    "on the scheduled round post: a tap on a pet in a thread reply updates that reply, with its progress",
    async () => {
      await h.bot.digest?.runPost("rounds:midday", "2026-11-22", { retry: false });
      const parts = h.slack.messages.filter(
        (m) => m.metadata?.event_payload.kind === "rounds:midday" && m.channel === CHANNEL,
      ) as Array<{ ts: string; thread_ts?: string }>;
      const reply = h.slack.timeline.find(
        (m) =>
          m.via === "postMessage" &&
          m.thread_ts &&
          parts.some((p) => p.ts === m.ts) &&
          JSON.stringify(m.blocks ?? []).includes('"rec_all:'),
      );
      expect(reply).toBeDefined();
      const entry = reply as NonNullable<typeof reply>;
      const p = atOnce(await buttonsOf(store, entry.blocks, recordAll))[0] as Button;
      const parent = h.slack.timeline.find((m) => m.ts === entry.thread_ts);
      const parentBefore = JSON.stringify(parent?.blocks);
      const before = updatesOf(entry.ts);
      await tap(entry.id, p, "U0JANE");
      await h.slack.waitFor(() => updatesOf(entry.ts) > before, 10_000);
      const now = h.slack.timeline.find((m) => m.id === entry.id);
      expect(sectionOf(now?.blocks, p.state)).toContain("✅ 09:00 Jane");
      expect(JSON.stringify(now?.blocks)).toMatch(/📋 (?:This message: )?1 of \d+ pets recorded/);
      expect(JSON.stringify(h.slack.timeline.find((m) => m.ts === entry.thread_ts)?.blocks)).toBe(
        parentBefore,
      );
      expect(await entriesOf("2026-11-22", p.state.p)).toHaveLength(p.state.i.length);
    },
  );
  it.skipIf(skip)(
    "when chat.update cannot change the message, the redraw replaces it through the tap's response_url",
    async () => {
      const { entry, p } = await eveningTap(5);
      h.slack.broken.add("chat.update");
      try {
        const a = await tap(entry.id, p, "U0JANE");
        await h.slack.waitFor(() => h.slack.responsesFor(a.responseId).length > 0, 10_000);
        const [replace] = h.slack.responsesFor(a.responseId);
        expect(replace?.body.replace_original).toBe(true);
        expect(sectionOf(h.slack.timeline.find((m) => m.id === entry.id)?.blocks, p.state)).toContain(
          "✅ 09:00 Jane",
        );
      } finally {
        h.slack.broken.delete("chat.update");
      }
    },
  );
});
