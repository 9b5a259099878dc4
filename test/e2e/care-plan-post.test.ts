/**
 * The "Care plans to confirm" post kept current (issues 34, 44), through the real Bolt app with
 * signed requests: Pip's plan opened from the post, her insulin (left to a person) set in its edit
 * form ("✏️ Edit…" beside it), saved, then confirmed by Jane and by Tom. After each Save and Confirm the post's message holding
 * her is drawn again in her state now (no other pet dropped), and the person who acted is told,
 * privately, the pet's name and what is still needed.
 */
import { describe, expect, it } from "vitest";
import type { OpenedModal, TimelineEntry } from "../../src/preview/slack-standin-types.ts";
import type { Harness } from "../helpers/bot.ts";
import {
  clickForForm,
  petIds,
  submit as submitForm,
  usePlanHarness,
  type Values,
  valuesOf,
} from "../helpers/plan-slack.ts";
import { postRounds } from "../helpers/record-slack.ts";
import { type Block, blocksOf } from "../helpers/slack.ts";

const clock = { now: () => new Date("2026-11-22T20:00:00Z") };
const CHANNEL = "C0ROUNDS";
let h: Harness;
let seq = 0;

usePlanHarness(clock, CHANNEL, (started) => {
  h = started;
});

function pipIds() {
  const { bookingId, petId } = petIds(h, "AW-LATE", "Pip");
  return `${bookingId}-${petId}`;
}

/** The plans post's message holding Pip (as it is now), her section and its button. */
function pipOnPost() {
  const actionId = `plan_open:${pipIds()}`;
  const m = h.slack.timeline.find(
    (x) =>
      !x.ephemeral &&
      JSON.stringify(x.blocks ?? []).includes("Care plans to confirm") &&
      blocksOf(x).some((b) => b.accessory?.action_id === actionId),
  ) as TimelineEntry;
  const section = blocksOf(m).find((b) => b.accessory?.action_id === actionId) as Block;
  return {
    message: m,
    section: section.text?.text ?? "",
    button: section.accessory as { action_id: string; value: string },
  };
}
/** The plans post's first message (its counts). */
const firstOfPost = () =>
  h.slack.timeline.find(
    (x) => !x.ephemeral && !x.thread_ts && JSON.stringify(x.blocks ?? []).includes("Care plans to confirm"),
  );
const pets = (m: TimelineEntry) =>
  blocksOf(m).filter((b) => b.accessory?.action_id?.startsWith("plan_open")).length;

async function click(
  user: string,
  button: { action_id?: string; value?: string },
  where: { message?: TimelineEntry; modal?: OpenedModal },
) {
  const n = ++seq;
  return clickForForm(h, user, button, where, { trigger: `tpost${n}`, actionTs: `1764100${n}.0001` });
}

/** A form submitted, as Slack sends it: the HTTP answer's body (a refusal, errors, the next view). */
const submit = (user: string, modal: OpenedModal, values: Values = {}) =>
  submitForm(h, user, modal, values, `tv${++seq}`);

/** What one person was told privately since `since`. */
const toldTo = (user: string, since: number) =>
  h.slack.timeline.filter((m) => m.id > since && m.ephemeral && m.user === user).map((m) => m.text);

describe("the care plans post, after a plan is saved and confirmed", () => {
  it("is drawn again with the pet's state now, and the person is told the pet's name and what is still needed", async () => {
    // The evening round drafts the plans; its plans post lists them.
    await postRounds(h, CHANNEL, "evening", "U0JANE");
    await h.bot.digest?.runPost("plans:evening", "2026-11-22", { retry: false });
    const posted = pipOnPost();
    const listed = pets(posted.message);
    expect(posted.section).toContain("📋 plan not confirmed");
    expect(posted.section).toContain("Check: ");

    // "✏️ Edit…" beside the insulin: its choices start empty; Save unchanged is refused at its rounds.
    const planForm = await click("U0JANE", posted.button, { message: posted.message });
    const editButton = (planForm.view.blocks as Block[]).find(
      (b) => b.accessory?.action_id?.startsWith("plan_edit") && b.accessory.value?.includes('"k":"med:1"'),
    )?.accessory;
    const edit = await click("U0JANE", editButton ?? {}, { modal: planForm });
    const unchanged = await submit("U0JANE", edit, valuesOf(edit));
    expect(unchanged.response_action).toBe("errors");
    expect(unchanged.errors?.["rounds:med:1"]).toBe(
      "Choose its rounds, or as needed, for Pip's Caninsulin: the words leave it to you.",
    );
    const saved = await submit(
      "U0JANE",
      edit,
      valuesOf(edit, {
        "rounds:med:1": { selected_options: [{ value: "morning" }, { value: "evening" }] },
        "days:med:1": { selected_option: { value: "day" } },
      }),
    );
    expect(saved.response_action).toBe("update");
    // The post again: Pip's insulin set by Jane, nothing left to a person; every pet still on it.
    await h.slack.waitFor(() => pipOnPost().section.includes("set by Jane"), 10_000);
    expect(pipOnPost().section).not.toContain("Check: ");
    expect(pipOnPost().message.id).toBe(posted.message.id);
    expect(pets(pipOnPost().message)).toBe(listed);

    // Jane confirms: the post says the plan waits for a second person; Jane is told so, by name.
    let since = h.slack.timeline.at(-1)?.id ?? 0;
    expect(
      (await submit("U0JANE", { ...edit, view: saved.view as OpenedModal["view"] })).response_action,
    ).toBe("clear");
    await h.slack.waitFor(() => pipOnPost().section.includes("📋 1 of 2 confirmations: Jane"), 10_000);
    expect(pipOnPost().section).toMatch(/a second, different person confirms \(high-alert drug\)/);
    await h.slack.waitFor(() => toldTo("U0JANE", since).length > 0, 10_000);
    expect(toldTo("U0JANE", since)).toEqual([
      "✅ Pip's care plan: confirmed by you; ask a colleague to confirm it too (high-alert drug).",
    ]);

    // Tom confirms from the post as it is now: confirmed, kept on the post with its state.
    since = h.slack.timeline.at(-1)?.id ?? 0;
    const now = pipOnPost();
    const tomForm = await click("U0TOM", now.button, { message: now.message });
    expect((await submit("U0TOM", tomForm)).response_action).toBe("clear");
    await h.slack.waitFor(() => pipOnPost().section.includes("✅ plan confirmed"), 10_000);
    expect(pipOnPost().section).toMatch(/confirmed by Jane .+, Tom /);
    // The post's first message counts the whole post now, from the record (issue 44).
    await h.slack.waitFor(
      () => JSON.stringify(firstOfPost()?.blocks).includes("✅ 1 confirmed since posted"),
      10_000,
    );
    expect(pets(pipOnPost().message)).toBe(listed);
    await h.slack.waitFor(() => toldTo("U0TOM", since).length > 0, 10_000);
    expect(toldTo("U0TOM", since)).toEqual([
      "✅ Pip's care plan is confirmed: its doses are due from the next round.",
    ]);
  }, 60_000);
});
