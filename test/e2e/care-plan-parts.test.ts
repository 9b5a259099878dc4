/**
 * A care plan longer than one Slack form (issue 44's form past its 100 blocks), end to end: the real
 * Bolt app over HTTP with signed bodies, the Slack stand-in and the awkward sandbox. Pip's insulin
 * and four more medicines with names of thousands of characters: her plan's form comes in parts,
 * each saying what it and the others hold; "Part 2 ▶" draws the next in place; each question
 * answered in whichever part asks it; a part Slack does not draw is told to the tapper alone, by its
 * number; Confirm, in the last part, confirms with every answer.
 */
import { describe, expect, it } from "vitest";
import { currentPlan } from "../../src/answers/plans.ts";
import type { OpenedModal } from "../../src/preview/slack-standin-types.ts";
import { type Harness, SIGNING_SECRET } from "../helpers/bot.ts";
import { formOpenedBy, petIds, sandboxPet, submit, usePlanHarness } from "../helpers/plan-slack.ts";
import { postRounds } from "../helpers/record-slack.ts";
import { postSigned, tapBody } from "../helpers/slack.ts";

const clock = { now: () => new Date("2026-11-22T20:00:00Z") };
const CHANNEL = "C0ROUNDS";
let h: Harness;
let seq = 0;

usePlanHarness(clock, CHANNEL, (started) => {
  h = started;
});

const words = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}w${i}`).join(" ");
type Shown = {
  type?: string;
  block_id?: string;
  text?: { text?: string };
  elements?: Array<{
    action_id?: string;
    value?: string;
    text?: { text?: string };
    options?: Array<{ value: string }>;
  }>;
};

/** A tap inside a form (an answer, a part's button): the form drawn again in place. */
async function tapIn(modal: OpenedModal, block: string, action: { action_id?: string; value?: string }) {
  const n = ++seq;
  const before = modal.version;
  const body = tapBody({
    user: "U0JANE",
    trigger: `tparts${n}`,
    on: { modal },
    action: {
      action_id: action.action_id,
      block_id: block,
      value: action.value,
      action_ts: `1764100${n}.0001`,
    },
  });
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(body) });
  expect(res.status).toBe(200);
  const now = () => h.slack.modals.get(modal.id) as OpenedModal;
  await h.slack.waitFor(() => now().version > before, 10_000);
  return now();
}

const blocksOf = (m: OpenedModal) => m.view.blocks as Shown[];
const headOf = (m: OpenedModal) => blocksOf(m)[0]?.text?.text ?? "";

/** Each question of the part shown answered with its first answer, one tap each. */
async function answerAll(form: OpenedModal): Promise<OpenedModal> {
  let m = form;
  for (const id of blocksOf(form).flatMap((b) => (b.block_id?.startsWith("q:") ? [b.block_id] : []))) {
    const radio = blocksOf(m).find((b) => b.block_id === id)?.elements?.[0];
    m = await tapIn(m, id, { action_id: radio?.action_id, value: radio?.options?.[0]?.value });
  }
  return m;
}

describe("a care plan longer than one Slack form", () => {
  it("in parts: every question answered where it is asked, Confirm in the last part records them all", async () => {
    const { pet } = sandboxPet(h, "AW-LATE", "Pip");
    for (const [k, field] of ["medication2", "medication3", "medication4", "medication5"].entries())
      pet[field] = `${words(`d${k}x`, 3000)} 50mg once daily`;
    const post = await postRounds(h, CHANNEL, "evening", "U0JANE");
    // Pip's buttons: on the message (of the post's several) where her care ends.
    const { bookingId, petId } = petIds(h, "AW-LATE", "Pip");
    const message = post.find((m) =>
      (m.blocks as Shown[] | undefined)?.some((b) => b.block_id === `kd_act:${bookingId}:${petId}`),
    );
    const button = ((message?.blocks ?? []) as Shown[])
      .find((b) => b.block_id === `kd_act:${bookingId}:${petId}`)
      ?.elements?.find((e) => e.text?.text === "📋 Plan…");
    const body = tapBody({
      user: "U0JANE",
      trigger: "tparts0",
      on: { message: h.slack.timeline.find((x) => x.id === message?.id) as never, channelName: "rounds" },
      action: {
        action_id: button?.action_id,
        block_id: "b",
        value: button?.value,
        action_ts: "17641000.0001",
      },
    });
    let form = await formOpenedBy(h, body);
    const parts = Number(/this is part 1 of (\d+)/.exec(headOf(form))?.[1]);
    expect(parts).toBeGreaterThan(1);
    const asked = new Set<string>();
    for (let k = 1; k <= parts; k++) {
      expect(headOf(form)).toContain(`this is part ${k} of ${parts}`);
      for (const b of blocksOf(form)) if (b.block_id?.startsWith("q:")) asked.add(b.block_id);
      // No Confirm before the last part, whatever is answered.
      if (k < parts) expect(form.view.submit).toBeUndefined();
      form = await answerAll(form);
      if (k < parts) {
        const next = blocksOf(form)
          .find((b) => b.block_id === "plan_parts")
          ?.elements?.at(-1);
        expect(next?.text?.text).toBe(`Part ${k + 1} ▶`);
        form = await tapIn(form, "plan_parts", next ?? {});
      }
    }
    expect(asked.size).toBeGreaterThan(1);
    // A part Slack will not draw (its views.update failing): Jane alone is told which, and what to do.
    const back = blocksOf(form).find((b) => b.block_id === "plan_parts")?.elements?.[0];
    expect(back?.text?.text).toBe(`◀ Part ${parts - 1}`);
    const told = () =>
      h.slack.api.filter(
        (r) => r.path === "/api/chat.postEphemeral" && String(r.body.text).includes("could not be shown"),
      );
    h.slack.broken.add("views.update");
    try {
      const tap = tapBody({
        user: "U0JANE",
        trigger: `tparts${++seq}`,
        on: { modal: form },
        action: {
          action_id: back?.action_id,
          block_id: "plan_parts",
          value: back?.value,
          action_ts: `1764100${seq}.0001`,
        },
      });
      const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(tap) });
      expect(res.status).toBe(200);
      await h.slack.waitFor(() => told().length > 0, 10_000);
    } finally {
      h.slack.broken.delete("views.update");
    }
    expect(told().map((r) => [r.body.user, String(r.body.text).split(":")[0]])).toEqual([
      ["U0JANE", `⚠️ Part ${parts - 1} of the care plan form could not be shown`],
    ]);
    expect(h.slack.modals.get(form.id)?.version).toBe(form.version);
    expect((form.view.submit as { text?: string } | undefined)?.text).toBe("Confirm");
    expect((await submit(h, "U0JANE", form, {}, "tparts-confirm")).response_action).toBe("clear");
    const plan = await currentPlan(h, bookingId, petId);
    expect(plan?.plan.confirmations.map((c) => c.userId)).toEqual(["U0JANE"]);
    expect(plan?.plan.items.filter((i) => i.readBy === "nobody")).toEqual([]);
  }, 120_000);
});
