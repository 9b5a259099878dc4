/**
 * A pet's record form in Slack, end to end: opened by a tap on its button on the round post, and
 * submitted (a checkbox ticked or not), as Slack sends them signed to the real Bolt app
 * (test/e2e/once-given-again.test.ts, both-slots-given.test.ts, given-by.test.ts, dose-record.test.ts).
 */
import { expect } from "vitest";
import {
  type ButtonKind,
  recordEach,
  type SheetPetButton,
  type SheetPetIds,
} from "../../src/blocks/buttons.ts";
import type { OpenedModal } from "../../src/preview/slack-standin-types.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Harness, SIGNING_SECRET } from "./bot.ts";
import { petIds } from "./plan-slack.ts";
import { actionPayload, buttonsOf, viewPayload } from "./record-slack.ts";
import { blocksOf, postSigned } from "./slack.ts";

/** The form a tap with `trigger` opened, once Slack has it. */
export async function formOf(h: Harness, trigger: string): Promise<OpenedModal> {
  await h.slack.waitFor(() => [...h.slack.modals.values()].some((m) => m.trigger_id === trigger), 10_000);
  return [...h.slack.modals.values()].find((m) => m.trigger_id === trigger) as OpenedModal;
}

/**
 * The form (or confirmation) the pet's button `kind` opens, tapped by Jane on the round post in
 * `channel` that holds the pet of booking `reference` named `name`: the first such post, or the
 * latest (`latest`).
 */
export async function openPetForm(
  h: Harness,
  store: CareRecordStore,
  pet: { channel: string; reference: string; name: string; latest?: boolean },
  kind: ButtonKind<SheetPetButton, SheetPetIds> = recordEach,
): Promise<OpenedModal> {
  const { bookingId, petId } = petIds(h, pet.reference, pet.name);
  const block = `kd_act:${bookingId}:${petId}`;
  const holds = (x: (typeof h.slack.timeline)[number]) =>
    x.channel === pet.channel && !x.ephemeral && blocksOf(x).some((b) => b.block_id === block);
  const post = pet.latest ? h.slack.timeline.findLast(holds) : h.slack.timeline.find(holds);
  if (!post) throw new Error(`no round post for ${pet.name}`);
  const actions = blocksOf(post).find((b) => b.block_id === block);
  const [button] = await buttonsOf(store, [{ elements: actions?.elements ?? [] }], kind);
  if (!button) throw new Error(`no such button for ${pet.name}`);
  const { trigger } = actionPayload(h.slack, post.id, button, "U0JANE");
  await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
    payload: JSON.stringify(actionPayload(h.slack, post.id, button, "U0JANE", { trigger }).body),
  });
  return formOf(h, trigger);
}

/** Slack's answer to a form's submission. */
export type FormAnswer = { response_action?: string; errors?: Record<string, string>; view?: unknown };

/**
 * `form` submitted by `user` (Jane when none) with `choices` (as viewPayload takes them; `given`: its
 * pickers, `givenBy`: "Given by (if not you)"), its checkbox `tick` ([block id, action id]) ticked or
 * not (`ticked`) when it has one: Slack's answer, HTTP 200.
 */
export async function submitForm(
  h: Harness,
  form: OpenedModal,
  o: {
    user?: string;
    choices: Parameters<typeof viewPayload>[2];
    given?: Parameters<typeof viewPayload>[4];
    givenBy?: string;
    tick?: [block: string, action: string];
    ticked?: boolean;
  },
): Promise<FormAnswer> {
  const body = viewPayload(form, o.user ?? "U0JANE", o.choices, undefined, o.given, o.givenBy);
  if (o.tick) {
    const values = (body.view as { state: { values: Record<string, unknown> } }).state.values;
    const [block, action] = o.tick;
    values[block] = {
      [action]: { type: "checkboxes", selected_options: o.ticked ? [{ value: "checked" }] : [] },
    };
  }
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(body) });
  expect(res.status).toBe(200);
  const { text } = res;
  return (text ? JSON.parse(text) : {}) as FormAnswer;
}
