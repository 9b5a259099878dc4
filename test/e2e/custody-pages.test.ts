/**
 * A pet's medicines view longer than one Slack form, end to end: the real Bolt app over HTTP with
 * signed bodies, the Slack stand-in (which refuses any view past Slack's limits) and the awkward
 * sandbox. Pip's plan holds four medicines whose words fill a form, then Metacam if needed for
 * pain: her medicines view comes in pages; "Page 2 ▶" draws the next in place; Metacam's
 * 💊 Count in…, on a later page, opens its form, and what is counted in is kept; the view under the
 * form is drawn again at the page now holding Metacam (held medicines come first, so it has moved).
 */
import { describe, expect, it } from "vitest";
import { currentPlan } from "../../src/answers/plans.ts";
import { custodyCount, custodyOpen, custodyPage } from "../../src/blocks/buttons.ts";
import { medicinesForm } from "../../src/blocks/custody-modal.ts";
import { viewViolations } from "../../src/blocks/limits.ts";
import type { OpenedModal } from "../../src/preview/slack-standin-types.ts";
import { type Harness, SIGNING_SECRET } from "../helpers/bot.ts";
import { clickForForm, petIds, sandboxPet, usePlanHarness } from "../helpers/plan-slack.ts";
import { postRounds } from "../helpers/record-slack.ts";
import { postSigned, submissionBody, tapBody } from "../helpers/slack.ts";

const clock = { now: () => new Date("2026-11-22T20:00:00Z") };
const CHANNEL = "C0ROUNDS";
let h: Harness;
let seq = 0;

usePlanHarness(clock, CHANNEL, (started) => {
  h = started;
});

const words = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}w${i}`).join(" ");
type Element = { action_id: string; value: string; text: { text: string } };
type Shown = {
  type?: string;
  block_id?: string;
  text?: { text?: string };
  elements?: Element[];
  accessory?: Element;
};

const blocksOf = (m: OpenedModal) => m.view.blocks as Shown[];
const buttonsOf = (m: OpenedModal) =>
  blocksOf(m).flatMap((b) => [...(b.elements ?? []), ...(b.accessory ? [b.accessory] : [])]);
const textOf = (m: OpenedModal) =>
  blocksOf(m)
    .flatMap((b) => (b.text?.text ? [b.text.text] : []))
    .join("\n");
const now = (m: OpenedModal) => h.slack.modals.get(m.id) as OpenedModal;

/** A tap on a button inside the view: the view drawn again in place. */
async function tapIn(modal: OpenedModal, action: Element): Promise<OpenedModal> {
  const n = ++seq;
  const before = now(modal).version;
  const body = tapBody({
    user: "U0JANE",
    trigger: `tpages${n}`,
    on: { modal: now(modal) },
    action: {
      action_id: action.action_id,
      block_id: "b",
      value: action.value,
      action_ts: `1764200${n}.0001`,
    },
  });
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(body) });
  expect(res.status).toBe(200);
  await h.slack.waitFor(() => now(modal).version > before, 10_000);
  return now(modal);
}

describe("a pet's medicines view longer than one Slack form", () => {
  it("in pages: an as-needed medicine's 💊 Count in… on a later page opens its form and counts it in", async () => {
    const { pet } = sandboxPet(h, "AW-LATE", "Pip");
    for (const k of Object.keys(pet)) if (/^medication.+/.test(k)) pet[k] = "";
    for (const [k, field] of ["medication", "medication2", "medication3", "medication4"].entries())
      pet[field] = `${words(`d${k}x`, 8000)} 50mg once daily`;
    pet.medication5 = "Metacam 1.5mg/ml 0.5 ml if needed for pain";
    // The round drafts Pip's plan; her medicines view reads it.
    const post = await postRounds(h, CHANNEL, "evening", "U0JANE");
    const { bookingId, petId } = petIds(h, "AW-LATE", "Pip");
    expect(
      (await currentPlan(h, bookingId, petId))?.plan.items.find((i) => i.key === "med:5")?.kind.kind,
    ).toBe("as_needed");
    const open = {
      action_id: custodyOpen.actionId(`${bookingId}-${petId}`),
      value: custodyOpen.encode({ b: bookingId, p: petId }),
    };
    let view = await clickForForm(
      h,
      "U0JANE",
      open,
      { message: post[0] },
      { trigger: "tpages0", actionTs: "17642000.0001" },
    );
    expect(view.view.callback_id).toBe("custody_view");
    const pages = Number(/Page 1 of (\d+)/.exec(textOf(view))?.[1]);
    expect(pages).toBeGreaterThan(1);
    const metacam = (m: OpenedModal) =>
      buttonsOf(m).find((b) => b.text.text === "💊 Count in…" && b.value.includes("med:5"));
    expect(metacam(view)).toBeUndefined();
    // Turned page by page (each drawn in place; the stand-in refuses a view past the limits) to Metacam's.
    let page = 1;
    while (!metacam(view)) {
      const next = buttonsOf(view).find((b) => b.text.text === `Page ${page + 1} ▶`);
      expect(custodyPage.read(next?.value)?.page).toBe(page + 1);
      view = await tapIn(view, next as Element);
      page++;
      expect(textOf(view)).toContain(`Page ${page} of ${pages}`);
    }
    expect(page).toBeGreaterThan(1);

    const n = ++seq;
    const form = await clickForForm(
      h,
      "U0JANE",
      metacam(view) as Element,
      { modal: view },
      {
        trigger: `tpages${n}`,
        actionTs: `1764200${n}.0001`,
      },
    );
    expect(form.pushed).toBe(true);
    expect(form.view.callback_id).toBe("custody_in");
    const v = (k: string, x: Record<string, unknown>) => ({ [k]: { [k]: x } });
    const values = {
      ...v("label", { type: "plain_text_input", value: "Metacam 1.5mg/ml" }),
      ...v("unit", { type: "static_select", selected_option: { value: "ml" } }),
      ...v("quantity", { type: "number_input", value: "10" }),
      ...v("owner", { type: "radio_buttons", selected_option: { value: "yes" } }),
      ...v("storage", { type: "radio_buttons", selected_option: { value: "room" } }),
    };
    const before = now(view).version;
    const body = submissionBody(
      form,
      { user: "U0JANE", trigger: `tpages${++seq}`, values },
      { previous_view_id: view.id, root_view_id: view.id },
    );
    const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(body) });
    expect(res.status).toBe(200);
    expect(res.text ? JSON.parse(res.text).response_action : undefined).toBeUndefined();
    const [row] = (await h.bot.deps.record?.log({ kind: "medicine_in" })) ?? [];
    expect(row).toMatchObject({ bookingId, petId, userId: "U0JANE" });
    expect(row?.body).toMatchObject({ item: "med:5", label: "Metacam 1.5mg/ml", unit: "ml", quantity: 10 });
    // The view under the form drawn again from the record, at the page now holding Metacam: held,
    // with its 🔢 Count…, and the head saying which page that is.
    await h.slack.waitFor(() => now(view).version > before, 10_000);
    const redrawn = now(view);
    expect(viewViolations(redrawn.view)).toEqual([]);
    const count = buttonsOf(redrawn).find((b) => b.text.text === "🔢 Count…");
    expect(custodyCount.read(count?.value)?.custodyId).toBe(row?.id);
    expect(textOf(redrawn)).toContain("Metacam 1.5mg/ml");
    const shown = Number(/Page (\d+) of/.exec(textOf(redrawn))?.[1]);
    expect(shown).toBeLessThan(page);
    expect(textOf(redrawn)).toContain(`Page ${shown} of ${pages}`);
    // Its metadata names that page, which forms opened from it carry.
    const meta = medicinesForm.read(h.bot.deps.seal.open(redrawn.view.private_metadata as string));
    expect(meta).toMatchObject({ bookingId, petId, page: shown });

    // A page Slack will not draw (its views.update failing): the tapper is told so, privately.
    const turn = buttonsOf(redrawn).find((b) => /^(◀ )?Page \d+( ▶)?$/.test(b.text.text)) as Element;
    h.slack.broken.add("views.update");
    const told = () =>
      h.slack.api.filter(
        (r) => r.path === "/api/chat.postEphemeral" && String(r.body.text).includes("could not be shown"),
      );
    try {
      const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
        payload: JSON.stringify(
          tapBody({
            user: "U0JANE",
            trigger: `tpages${++seq}`,
            on: { modal: now(view) },
            action: {
              action_id: turn.action_id,
              block_id: "b",
              value: turn.value,
              action_ts: `1764300${seq}.0001`,
            },
          }),
        ),
      });
      expect(res.status).toBe(200);
      await h.slack.waitFor(() => told().length > 0, 10_000);
      expect(String(told()[0]?.body.text)).toMatch(/^⚠️ Page \d+ could not be shown: /);
    } finally {
      h.slack.broken.delete("views.update");
    }
  }, 120_000);
});
