/**
 * A care plan form's answer that Slack does not draw again, end to end: the real Bolt app over HTTP
 * with signed bodies, the Slack stand-in and the awkward sandbox (Pip, AW-LATE, on insulin: her plan's
 * form asks a question). An answer chosen while views.update fails: the tapper alone is told that
 * their answer could not be shown on the form, with what happened and what to do, and nothing is
 * written. Two answers tapped on the same drawing: the one Slack draws first stands, and the other's
 * `hash_conflict` is said to no one (a debug line in the log only).
 */
import { describe, expect, it } from "vitest";
import type { OpenedModal } from "../../src/preview/slack-standin-types.ts";
import { viewHash } from "../../src/preview/slack-web-api.ts";
import { type Harness, SIGNING_SECRET } from "../helpers/bot.ts";
import { formOpenedBy, petIds, usePlanHarness } from "../helpers/plan-slack.ts";
import { writingNothing } from "../helpers/record.ts";
import { postRounds } from "../helpers/record-slack.ts";
import { postSigned, tapBody } from "../helpers/slack.ts";

const clock = { now: () => new Date("2026-11-22T20:00:00Z") };
const CHANNEL = "C0ROUNDS";
let h: Harness;
let seq = 0;

usePlanHarness(clock, CHANNEL, (started) => {
  h = started;
});

type Shown = {
  block_id?: string;
  elements?: Array<{
    action_id?: string;
    value?: string;
    text?: { text?: string };
    options?: Array<{ value: string }>;
    initial_option?: { value: string };
  }>;
};
const blocksOf = (m: { view: Record<string, unknown> }) => m.view.blocks as Shown[];
const now = (m: OpenedModal) => h.slack.modals.get(m.id) as OpenedModal;

/** Pip's plan form, opened from her "📋 Plan…" on the evening round's post. */
async function pipsForm(): Promise<OpenedModal> {
  const post = await postRounds(h, CHANNEL, "evening", "U0JANE");
  const { bookingId, petId } = petIds(h, "AW-LATE", "Pip");
  const row = `kd_act:${bookingId}:${petId}`;
  const message = post.find((m) => (m.blocks as Shown[] | undefined)?.some((b) => b.block_id === row));
  const button = ((message?.blocks ?? []) as Shown[])
    .find((b) => b.block_id === row)
    ?.elements?.find((e) => e.text?.text === "📋 Plan…");
  return formOpenedBy(
    h,
    tapBody({
      user: "U0JANE",
      trigger: "tnotdrawn0",
      on: { message: h.slack.timeline.find((x) => x.id === message?.id) as never, channelName: "rounds" },
      action: {
        action_id: button?.action_id,
        block_id: "b",
        value: button?.value,
        action_ts: "17645000.0001",
      },
    }),
  );
}

/** The form's first question: its block and its answers (as their taps send them). */
function question(form: OpenedModal) {
  const block = blocksOf(form).find((b) => b.block_id?.startsWith("q:"));
  const radio = block?.elements?.[0];
  return {
    block: block?.block_id as string,
    action: radio?.action_id,
    answers: (radio?.options ?? []).map((o) => o.value),
    picked: radio?.initial_option?.value,
  };
}

/** Jane's tap on answer `k` of the form's first question, as Slack sends it from `drawing` (with its hash). */
async function answer(drawing: OpenedModal, k: number) {
  const q = question(drawing);
  const body = tapBody({
    user: "U0JANE",
    trigger: `tnotdrawn${++seq}`,
    on: { modal: drawing },
    action: { action_id: q.action, block_id: q.block, value: q.answers[k], action_ts: `1764500${seq}.0001` },
  });
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
    payload: JSON.stringify({ ...body, view: { ...body.view, hash: viewHash(drawing) } }),
  });
  expect(res.status).toBe(200);
}

/** What Jane was told privately of a view not drawn. */
const told = () =>
  h.slack.api.filter(
    (r) =>
      ["/api/chat.postEphemeral", "/api/chat.postMessage"].includes(r.path) &&
      String(r.body.text).includes("could not be shown"),
  );

/** The log's lines (parsed) from line `from` on. */
const logSince = (from: number) => h.lines.slice(from).map((l) => JSON.parse(l) as Record<string, unknown>);

describe("a care plan form's answer that Slack does not draw again", () => {
  let form: OpenedModal;

  it("views.update failing: Jane alone is told her answer could not be shown on the form, and what to do; nothing is written", async () => {
    form = await pipsForm();
    expect(question(form).answers.length).toBeGreaterThan(1);
    h.slack.broken.add("views.update");
    try {
      await writingNothing(h.record, async () => {
        await answer(form, 0);
        await h.slack.waitFor(() => told().length > 0, 10_000);
      });
    } finally {
      h.slack.broken.delete("views.update");
    }
    expect(told()).toHaveLength(1);
    const [said] = told();
    expect(said?.body.user).toBe("U0JANE");
    expect(String(said?.body.text)).toMatch(
      /^⚠️ Your answer could not be shown on the care plan form: Slack answered with an error \(HTTP 500\)\. Try again in a minute/,
    );
    // The form stands as it was drawn.
    expect(now(form).version).toBe(form.version);
  });

  it("two answers tapped on the same drawing: the one drawn first stands, the other's hash_conflict is told to no one", async () => {
    const drawing = now(form);
    const [first, second] = question(drawing).answers;
    expect(question(drawing).picked).toBeUndefined();
    await answer(drawing, 0);
    await h.slack.waitFor(() => now(form).version > drawing.version, 10_000);
    const drawn = now(form);
    const from = h.lines.length;
    const calls = h.slack.api.length;
    // The second tap, made on the drawing before the first was drawn: Slack refuses its hash.
    await answer(drawing, 1);
    const settled = () =>
      logSince(from).some((l) =>
        ["a view's newer drawing came first", "a view could not be drawn again"].includes(String(l.msg)),
      );
    await h.slack.waitFor(settled, 10_000);
    expect(h.slack.api.slice(calls).map((r) => r.path)).toEqual(["/api/views.update"]);
    const said = logSince(from).filter((l) => String(l.msg).startsWith("a view"));
    expect(said).toEqual([
      expect.objectContaining({
        level: "debug",
        msg: "a view's newer drawing came first",
        what: "Your answer",
        on: "the care plan form",
      }),
    ]);
    expect(logSince(from).filter((l) => !["trace", "debug", "info"].includes(String(l.level)))).toEqual([]);
    expect(told()).toHaveLength(1);
    // The first tap's drawing stands, its answer chosen.
    expect(now(form).version).toBe(drawn.version);
    expect(question(now(form)).picked).toBe(first);
    expect(second).not.toBe(first);
  });
});
