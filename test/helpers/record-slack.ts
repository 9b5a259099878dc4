/**
 * The care record's Slack traffic for tests: the record buttons on a round message, a tap on one
 * (a `block_actions` body with the message as it is now) and a modal's submission (a
 * `view_submission` body with the form's values, as Slack sends them).
 */
import { expect } from "vitest";
import { loadSheet } from "../../src/answers/sheets.ts";
import type { ButtonKind, SheetPetButton } from "../../src/blocks/buttons.ts";
import type { Clock } from "../../src/deps.ts";
import type { Round } from "../../src/domain/care.ts";
import type { OpenedModal, SlackStandIn, TimelineEntry } from "../../src/preview/slack-standin-types.ts";
import type { CareRecordStore, ItemKey } from "../../src/record/types.ts";
import { type Harness, SIGNING_SECRET } from "./bot.ts";
import { confirmAllPlans } from "./plans.ts";
import { commandForm, postSigned, submissionBody, tapBody } from "./slack.ts";

/**
 * A pet's record button, with what its kept sheet says of the pet (read from the store, as the bot
 * reads it): `s`, `b`, `p` are the button's ids; `d` the day, `r` the round, `n` the pet's name and
 * `i` each due item ([item, its text, its label]).
 */
export interface Button {
  action_id: string;
  value: string;
  state: SheetPetButton & {
    d: string;
    r: Round;
    n: string;
    i: Array<[ItemKey, string, string]>;
    /** The pet had not arrived when the sheet was made (a tap before then asks first). */
    a?: string | undefined;
  };
}

/**
 * The buttons a tap records at once (the pet here, not arriving later that day): with a clock past
 * the round's time, a tap on these writes without asking first (src/answers/record-round.ts).
 */
export const atOnce = (buttons: Button[]) => buttons.filter((b) => b.state.a === undefined);

/**
 * Round times all before 09:00: with the tests' clock at 09:00, no round is "early", and every
 * dose's window is still open (a high-alert drug's closes 30 minutes after its round), so a tap
 * records at once without asking when it was given (issue 35).
 */
export const PAST_ROUNDS = { ROUNDS_TIMES: "08:30,08:40,08:50" };

type RawBlock = {
  type?: string;
  block_id?: string;
  text?: { text?: string };
  elements?: Array<{ action_id?: string; value?: string }>;
  element?: { initial_option?: { value?: string }; initial_date?: string; initial_time?: string };
};

/** The record buttons of one kind on a message, in order, each with its pet as the kept sheet says. */
export async function buttonsOf(
  record: CareRecordStore,
  blocks: unknown,
  kind: ButtonKind<SheetPetButton>,
): Promise<Button[]> {
  const out: Button[] = [];
  for (const b of (blocks ?? []) as RawBlock[]) {
    for (const e of b.elements ?? []) {
      if (!kind.pattern.test(e.action_id ?? "")) continue;
      const ids = kind.decode(e.value);
      if (!ids) continue;
      const sheet = await loadSheet({ record }, ids.s);
      const pet = sheet?.pets.find((p) => p.bookingId === ids.b && p.petId === ids.p);
      if (!sheet || !pet) throw new Error(`button ${e.action_id}: no kept sheet ${ids.s} with this pet`);
      out.push({
        action_id: e.action_id as string,
        value: e.value as string,
        state: {
          ...ids,
          d: sheet.date,
          r: sheet.round,
          n: pet.name,
          i: pet.due.map((d): [ItemKey, string, string] => [d.item, d.text, d.label]),
          ...(pet.arrivesAt ? { a: pet.arrivesAt } : {}),
        },
      });
    }
  }
  return out;
}

/** The pet's section text (its sheet and its record). */
export function sectionOf(blocks: unknown, s: Pick<SheetPetButton, "b" | "p">): string {
  const b = ((blocks ?? []) as RawBlock[]).find((x) => x.block_id?.startsWith(`kd_pet:${s.b}:${s.p}:`));
  return b?.text?.text ?? "";
}

/** The channel messages answered since `sinceId` that carry record buttons (a round's parts). */
function roundMessagesOf(slack: SlackStandIn, sinceId: number): TimelineEntry[] {
  return slack.timeline.filter(
    (m) => m.id > sinceId && !m.ephemeral && /"rec_(all|each):/.test(JSON.stringify(m.blocks ?? [])),
  );
}

/**
 * A round answer posted since `sinceId`, once all of it is there: its first message (not a thread
 * reply: another post's replies may still be arriving) and its own thread replies, parent first.
 */
export async function roundPostOf(slack: SlackStandIn, sinceId: number): Promise<TimelineEntry[]> {
  const parentOf = () => roundMessagesOf(slack, sinceId).find((m) => !m.thread_ts);
  await slack.waitFor(() => parentOf() !== undefined, 30_000);
  const parent = parentOf() as TimelineEntry;
  const mine = () => [parent, ...slack.timeline.filter((m) => m.thread_ts === parent.ts && m.id > parent.id)];
  // The thread's parts come one by one, a second apart past the first three (the bot keeps Slack's
  // pace): wait until none has come for longer than that.
  let n = -1;
  while (n !== mine().length) {
    n = mine().length;
    await new Promise((r) => setTimeout(r, 1500));
  }
  return mine().map((m) => slack.timeline.find((x) => x.id === m.id) as TimelineEntry);
}

/** The round post `/rounds TEXT` answers with in `channel`, asked for by `user` (signed, as Slack sends it). */
export async function postRounds(h: Harness, channel: string, text: string, user = "U0STAFF") {
  const { form, id } = commandForm(h.slack, { command: "/rounds", text, channel });
  h.slack.responseTarget(id, { channel, user });
  const since = h.slack.timeline.at(-1)?.id ?? 0;
  await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
  return roundPostOf(h.slack, since);
}

/**
 * `/rounds TEXT` once every pet's care plan is confirmed: the first sheet drafts the pets' plans,
 * staff confirm them (test/helpers/plans.ts), and the sheet is asked for again, now with its taps.
 */
export async function postConfirmedRounds(h: Harness, channel: string, text: string, clock: Clock) {
  const first = await postRounds(h, channel, text);
  return (await confirmAllPlans(h.record, h.config, clock)) > 0 ? postRounds(h, channel, text) : first;
}

let seq = 0;

/** A tap on `button` of the message `entryId`, as Slack sends it, with a response_url of its own. */
export function actionPayload(
  slack: SlackStandIn,
  entryId: number,
  button: Button,
  user: string,
  options: { value?: string; actionTs?: string; trigger?: string } = {},
) {
  const m = slack.timeline.find((x) => x.id === entryId);
  if (!m) throw new Error(`no message ${entryId}`);
  const n = ++seq;
  const responseId = `rec${n}`;
  const trigger = options.trigger ?? `trec${n}`;
  slack.responseTarget(responseId, { channel: m.channel, user, entryId: m.id });
  const body = tapBody({
    user,
    name: user.replace(/^U0/, "").toLowerCase(),
    trigger,
    on: { message: m, channelName: "rounds", responseUrl: slack.responseUrl(responseId) },
    action: {
      action_id: button.action_id,
      block_id: `kd_act:${button.state.b}:${button.state.p}`,
      value: options.value ?? button.value,
      action_ts: options.actionTs ?? `1764000${String(n).padStart(3, "0")}.000${n}`,
      text: "x",
    },
  });
  return { body, responseId, trigger };
}

/**
 * A tap on `button` of the message `entryId` by `user`, sent signed as Slack sends it, its HTTP
 * answer 200: the tap (its body, response id and trigger) and how long the answer took.
 */
export async function tapRecord(
  h: Harness,
  entryId: number,
  button: Button,
  user: string,
  options: Parameters<typeof actionPayload>[4] = {},
) {
  const tap = actionPayload(h.slack, entryId, button, user, options);
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
    payload: JSON.stringify(tap.body),
  });
  expect(res.status).toBe(200);
  return { ...tap, ms: res.ms };
}

/**
 * A modal's submission: each item's chosen outcome, its words and its reason from the list
 * (`choices`, by item: [outcome, words, reason code]), the items not chosen keeping the form's
 * initial choice, and the note (beside each item chosen: each item has its own); a form asking when a dose was given sends its day and time as
 * shown (now), or `given` (YYYY-MM-DD, HH:mm), as Slack sends the pickers' values; `givenBy`: the
 * person chosen in "Given by (if not you)" (none: left empty).
 */
export function viewPayload(
  modal: OpenedModal,
  user: string,
  choices: Record<string, [string, string] | [string, string, string]>,
  note?: string,
  given?: { date?: string; time?: string },
  givenBy?: string,
) {
  const values: Record<string, Record<string, unknown>> = {};
  for (const b of (modal.view.blocks ?? []) as RawBlock[]) {
    const id = b.block_id ?? "";
    if (id === "given_on") {
      const date = given?.date ?? b.element?.initial_date ?? null;
      values[id] = { date: { type: "datepicker", selected_date: date } };
    } else if (id === "given_at") {
      const time = given?.time ?? b.element?.initial_time ?? null;
      values[id] = { time: { type: "timepicker", selected_time: time } };
    } else if (id.startsWith("code:")) {
      const code = choices[id.slice(5)]?.[2];
      values[id] = {
        code: {
          type: "static_select",
          selected_option: code ? { value: code, text: { type: "plain_text", text: code } } : null,
        },
      };
    } else if (id.startsWith("it:")) {
      const chosen = choices[id.slice(3)]?.[0] ?? b.element?.initial_option?.value;
      values[id] = {
        outcome: {
          type: "static_select",
          selected_option: chosen ? { value: chosen, text: { type: "plain_text", text: chosen } } : null,
        },
      };
    } else if (id.startsWith("why:")) {
      const reason = choices[id.slice(4)]?.[1];
      values[id] = { reason: { type: "plain_text_input", value: reason ? reason : null } };
    } else if (id === "given_by") {
      // "Given by (if not you)": the person chosen, or none (left empty).
      values[id] = { user: { type: "users_select", selected_user: givenBy ?? null } };
    } else if (id === "note") {
      values[id] = { note: { type: "plain_text_input", value: note ?? null } };
    } else if (id.startsWith("note:")) {
      // Each item has its own note (issue 51): the note is typed beside each item chosen.
      values[id] = {
        note: { type: "plain_text_input", value: choices[id.slice(5)] ? (note ?? null) : null },
      };
    }
  }
  return submissionBody(modal, {
    user,
    name: user.replace(/^U0/, "").toLowerCase(),
    trigger: `tv${++seq}`,
    values,
  });
}
