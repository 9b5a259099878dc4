/**
 * The care plan's forms through Slack for end-to-end tests (test/e2e/care-plan*.test.ts): the bot
 * with the awkward sandbox (Pip, AW-LATE, arrives on insulin) and its staff Jane and Tom, a tap that
 * opens a form, and a form's values and submission as Slack sends them.
 */
import { afterAll, beforeAll, expect } from "vitest";
import type { OpenedModal, TimelineEntry } from "../../src/preview/slack-standin-types.ts";
import { type Harness, nameStaff, SIGNING_SECRET, startHarness } from "./bot.ts";
import { postSigned, submissionBody, tapBody } from "./slack.ts";

/**
 * The bot's settings on the awkward sandbox (Pip arrives at 19:00 on insulin): its rounds posted to
 * `channel` at 07:30, 12:00 and 19:30 by the test (no schedule), the care read afresh each time.
 */
export function awkwardRounds(clock: { now: () => Date }, channel: string) {
  return {
    clock,
    sandbox: { awkward: true },
    env: {
      ROUNDS_CHANNEL: channel,
      DIGEST_SCHEDULE: "off",
      KENNEL_CACHE_TTL_S: "0",
      ROUNDS_TIMES: "07:30,12:00,19:30",
    },
  };
}

/** The bot on the awkward sandbox, its rounds posted to `channel` at 07:30, 12:00 and 19:30; Jane and Tom on staff. */
async function startPlanHarness(clock: { now: () => Date }, channel: string): Promise<Harness> {
  const h = await startHarness(awkwardRounds(clock, channel));
  nameStaff(h, { U0JANE: "Jane", U0TOM: "Tom" });
  return h;
}

/** The plan harness for a whole file: started before its tests (then `ready`), closed after. */
export function usePlanHarness(
  clock: { now: () => Date },
  channel: string,
  ready: (h: Harness) => void,
): void {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await startPlanHarness(clock, channel);
    ready(h);
  }, 60_000);
  afterAll(() => h?.close());
}

/**
 * A pet of the sandbox's booking `reference`, by name: the booking and the pet as the kennel API
 * holds them (a change to either changes what the API answers next).
 */
export function sandboxPet(h: Pick<Harness, "sandbox">, reference: string, name: string) {
  const booking = h.sandbox.main.bookings.find((b) => b.reference === reference) as Record<string, unknown>;
  const pets = h.sandbox.main.petsByCustomer.get(Number(booking.customerId)) ?? [];
  const pet = pets.find((p) => p.name === name) as Record<string, unknown>;
  return { booking, pet };
}

/** The ids of a pet of the sandbox's booking `reference`, by name. */
export function petIds(h: Pick<Harness, "sandbox">, reference: string, name: string) {
  const { booking, pet } = sandboxPet(h, reference, name);
  return { bookingId: Number(booking.bookingId), petId: Number(pet.petId) };
}

/** Sends a tap (its body) and waits for the form it opens. */
export async function formOpenedBy(h: Harness, body: ReturnType<typeof tapBody>): Promise<OpenedModal> {
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(body) });
  expect(res.status).toBe(200);
  const opened = () => [...h.slack.modals.values()].find((x) => x.trigger_id === body.trigger_id);
  await h.slack.waitFor(() => opened() !== undefined, 10_000);
  return opened() as OpenedModal;
}

/**
 * A click on a button as Slack sends it, on a message in the rounds channel or inside an open form
 * (`where`), with its trigger and action time; the form it opens.
 */
export function clickForForm(
  h: Harness,
  user: string,
  button: { action_id?: string; value?: string },
  where: { message?: TimelineEntry; modal?: OpenedModal },
  tap: { trigger: string; actionTs: string },
): Promise<OpenedModal> {
  const body = tapBody({
    user,
    trigger: tap.trigger,
    on: where.message ? { message: where.message, channelName: "rounds" } : { modal: where.modal },
    action: { action_id: button.action_id, block_id: "b", value: button.value, action_ts: tap.actionTs },
  });
  return formOpenedBy(h, body);
}

export type Values = Record<string, Record<string, unknown>>;

/** A form's values as Slack sends them: every input with what it shows, some changed. */
export function valuesOf(modal: OpenedModal, change: Values = {}): Values {
  return blockValues(modal.view.blocks, change);
}

/** The values Slack sends for a form of these blocks: every input with what it shows, some changed. */
export function blockValues(blocks: unknown, change: Values = {}): Values {
  const out: Values = {};
  for (const b of (blocks ?? []) as Array<{
    type?: string;
    block_id?: string;
    element?: Record<string, unknown>;
  }>) {
    if (b.type !== "input" || !b.block_id || !b.element) continue;
    const e = b.element;
    const value =
      e.type === "multi_static_select"
        ? { type: e.type, selected_options: e.initial_options ?? [] }
        : e.type === "static_select"
          ? { type: e.type, selected_option: e.initial_option ?? null }
          : e.type === "datepicker"
            ? { type: e.type, selected_date: e.initial_date ?? null }
            : { type: e.type, value: e.initial_value ?? null };
    out[b.block_id] = { v: { ...value, ...(change[b.block_id] ?? {}) } };
  }
  return out;
}

/** A form submitted, as Slack sends it: the HTTP answer's body (a refusal, errors, the next view). */
export async function submit(
  h: Harness,
  user: string,
  modal: OpenedModal,
  values: Values,
  trigger: string,
): Promise<{ response_action?: string; view?: OpenedModal["view"]; errors?: Record<string, string> }> {
  const body = submissionBody(modal, { user, trigger, values });
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.text ? JSON.parse(res.text) : {};
}
