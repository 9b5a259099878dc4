/**
 * The preview's first morning (issue 44's figures), over its whole house, through the preview's own
 * page endpoints (the clicks a newcomer makes): every dose the morning and midday sheets print has a
 * place to sign (its pet's ✏️ Record each… lists it: 0 without), and each plan on the "Care plans to
 * confirm" post is confirmed from its button in at most 3 taps per doubt plus one: the button, one
 * tap per question, Confirm. A high-alert plan then waits for a second person (2 taps of theirs: the
 * button and Confirm, counted apart). The counts are printed per pet.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadSheet } from "../../src/answers/sheets.ts";
import { recordEach } from "../../src/blocks/buttons.ts";
import { planQuestions } from "../../src/domain/plan/questions.ts";
import { planState } from "../../src/domain/plan/state.ts";
import type { Plan } from "../../src/domain/plan/types.ts";
import { printedItems } from "../../src/domain/record.ts";
import { silentLogger } from "../../src/log.ts";
import { PREVIEW_CHANNEL, type Preview, startPreview } from "../../src/preview/server.ts";
import type { TimelineEntry } from "../../src/preview/slack-standin-types.ts";
import { blocksOf } from "../helpers/slack.ts";

const ZONE = "Europe/London";
let preview: Preview;
beforeAll(async () => {
  // The preview as `npm start` runs it: its whole house (400 customers, seed 1).
  preview = await startPreview({ port: 0, timezone: ZONE, log: silentLogger() });
}, 90_000);
afterAll(() => preview?.close());

const channel = () => preview.slack.timeline.filter((m) => m.channel === PREVIEW_CHANNEL && !m.ephemeral);
const post = (path: string, body: unknown) =>
  fetch(`${preview.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
type Shown = { id: string; version: number; view: { submit?: unknown; blocks?: unknown } } | undefined;
const shownModal = async (): Promise<Shown> =>
  ((await (await fetch(`${preview.url}/preview/state`)).json()) as { modal?: Shown }).modal;

it("every dose the morning and midday sheets print has a place to sign: 0 without", async () => {
  await preview.slack.waitFor(() => channel().some((m) => /^Midday round — /.test(m.text)), 30_000);
  const without: string[] = [];
  let printed = 0;
  for (const m of channel()) {
    for (const b of blocksOf(m)) {
      const each = b.elements?.find((e) => recordEach.pattern.test(e.action_id ?? ""));
      const ids = each ? recordEach.decode(each.value) : undefined;
      if (!ids) continue;
      const sheet = await loadSheet({ record: preview.record.store }, ids.s);
      const pet = sheet?.pets.find((p) => p.bookingId === ids.b && p.petId === ids.p);
      if (pet) printed += printedItems(pet).filter((d) => d.item !== "meal").length;
    }
  }
  // Every pet the sheets print a dose for: one whose kept sheet has it to record, with its button.
  for (const s of await Promise.all(
    (await preview.record.store.log({ kind: "sheet" })).map((e) =>
      loadSheet({ record: preview.record.store }, e.id),
    ),
  )) {
    for (const p of s?.pets ?? []) {
      const doses = printedItems(p).filter((d) => d.item !== "meal");
      const button = channel().some((m) =>
        blocksOf(m).some((b) =>
          b.elements?.some((e) => e.action_id === recordEach.actionId(`${p.bookingId}-${p.petId}`)),
        ),
      );
      if (doses.length && !button) without.push(`${p.name} (${s?.round})`);
    }
  }
  console.log(
    `issue 44 figure: ${printed} printed doses with a place to sign on the posted sheets; without: ${without.length}`,
  );
  expect(printed).toBeGreaterThan(20);
  expect(without).toEqual([]);
}, 90_000);

it("each plan on the plans post confirmed from its button in at most 3 taps per doubt plus one", async () => {
  await preview.slack.waitFor(
    () => channel().some((m) => JSON.stringify(m.blocks ?? []).includes("Care plans to confirm")),
    30_000,
  );
  const plansPost = () =>
    channel().filter((m) => JSON.stringify(m.blocks ?? []).includes("Care plans to confirm"));
  const buttons = plansPost().flatMap((m) =>
    blocksOf(m)
      .filter((b) => b.accessory?.action_id?.startsWith("plan_open:"))
      .map((b) => ({ message: m, button: b.accessory as { action_id: string; value: string } })),
  );
  expect(buttons.length).toBeGreaterThan(10);
  const rows: string[] = [];
  let total = 0;
  let asking = 0;
  let seconds = 0;
  for (const { message, button } of buttons) {
    const version = JSON.parse(button.value).v as number;
    const [row] = await preview.record.store.log({ kind: "plan", id: version });
    if (!row) throw new Error(`no plan version ${version}`);
    const { plan, petName: name } = row.body as { plan: Plan; petName: string };
    const doubts = plan.items.reduce((n, i) => n + (i.readBy === "nobody" ? i.doubts.length : 0), 0);
    const asked = planQuestions(plan, {
      today: plan.draftedAt.slice(0, 10),
      arrival: plan.draftedAt.slice(0, 10),
      dateOrder: "dmy",
    });
    let taps = 0;
    // The pet's button on the post.
    const fresh = preview.slack.timeline.find((x) => x.id === (message as TimelineEntry).id) as TimelineEntry;
    await post("/preview/action", {
      messageId: fresh.id,
      actionId: button.action_id,
      value: button.value,
      blockId: "b",
    });
    taps++;
    let modal = await waitForModal();
    // One tap per question: its first answer (the form drawn again after each).
    const questions = blocksOf(modal?.view)
      .filter((b) => b.block_id?.startsWith("q:"))
      .map((b) => b.block_id as string);
    for (const id of questions) {
      const q = blocksOf(modal?.view).find((b) => b.block_id === id);
      const radio = q?.elements?.[0];
      if (!modal || !radio) continue;
      const before = modal.version;
      await post("/preview/action", {
        viewId: modal.id,
        actionId: radio.action_id,
        blockId: id,
        selected: radio.options?.[0],
        values: {},
      });
      taps++;
      modal = await waitForModal(before);
    }
    expect(modal?.view.submit, `${name}: Confirm once every question is answered`).toBeDefined();
    const answer = (await (await post("/preview/submit", { viewId: modal?.id, values: {} })).json()) as {
      ok?: boolean;
    };
    taps++;
    expect(answer.ok, name).toBe(true);
    const now = (await preview.record.store.log({ kind: "plan" })).filter(
      (r) => r.bookingId === plan.bookingId && r.petId === plan.petId,
    );
    const last = now.at(-1)?.body as { plan: Plan } | undefined;
    if (!last) throw new Error(`${name}: no plan kept`);
    const state = planState(last.plan);
    const second =
      state === "awaiting_second" ? " · then a second person: 2 taps (their button, Confirm)" : "";
    rows.push(
      `${name}: ${doubts} doubt(s), ${asked.length} question(s), ${taps} taps (at most ${3 * doubts + 1}) → ${state}${second}`,
    );
    if (doubts > 0) expect(taps, name).toBeLessThanOrEqual(3 * doubts + 1);
    total += taps;
    asking += asked.length;
    if (state === "awaiting_second") seconds++;
    expect(["confirmed", "awaiting_second"]).toContain(state);
  }
  console.log(
    `issue 44 figure: ${rows.length} plans, ${asking} questions, ${total} taps by one person (and 2 each by a second for ${seconds} high-alert plans)\n  ${rows.join("\n  ")}`,
  );
}, 180_000);

/** The modal shown to the person at the page, once it is there (and, after an answer, drawn again). */
async function waitForModal(after?: number): Promise<Shown> {
  for (let i = 0; i < 100; i++) {
    const m = await shownModal();
    if (m && (after === undefined || m.version > after)) return m;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("no form shown");
}
