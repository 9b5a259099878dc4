/**
 * The preview's modals as Slack keeps them (src/preview/modal-desk.ts), over the real Slack stand-in,
 * with a bot that answers as each case needs: a stack per person, a click inside the shown view sent
 * as Slack sends it (its trigger taken by views.push), Back, the ✕, and each answer to a submission.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { type ModalDesk, modalDesk } from "../../src/preview/modal-desk.ts";
import { createSlackStandIn, type SlackStandIn } from "../../src/preview/slack-standin.ts";

const JO = { id: "U1", name: "jo", team_id: "T1" };
const view = (title: string) => ({
  type: "modal",
  callback_id: title,
  title: { type: "plain_text", text: title },
  submit: { type: "plain_text", text: "Save" },
  blocks: [
    { type: "section", text: { type: "mrkdwn", text: title } },
    {
      type: "input",
      block_id: "in",
      label: { type: "plain_text", text: "In" },
      element: { type: "plain_text_input", action_id: "a" },
    },
  ],
});
const typed = {
  in: { a: { type: "plain_text_input", value: "typed" } },
  stray: { x: { type: "plain_text_input", value: "no" } },
};

let slack: SlackStandIn;
let desk: ModalDesk;
/** What the bot was sent, and what it does with the next one (its HTTP answer). */
let sent: Array<Record<string, unknown>>;
let bot: (payload: Record<string, unknown>) => { status: number; text?: string };

function api(method: string, body: Record<string, unknown>) {
  return slack.handle(`/api/${method}`, body).payload as {
    ok: boolean;
    error?: string;
    view?: { id: string };
  };
}
const titles = (user = JO.id) => desk.stack(user).map((m) => m.view.callback_id);

beforeEach(() => {
  slack = createSlackStandIn({ teamId: "T1" });
  sent = [];
  bot = () => ({ status: 200, text: "" });
  desk = modalDesk({
    slack,
    teamId: "T1",
    send: async (payload) => {
      sent.push(payload);
      return bot(payload);
    },
  });
  expect(api("views.open", { trigger_id: desk.trigger(JO.id), view: view("root") }).ok).toBe(true);
});

describe("the preview's modals", () => {
  it("a click inside the shown view goes as Slack sends it; views.push with its trigger puts a view over it; Back closes that one", async () => {
    const [root] = desk.stack(JO.id);
    bot = (p) => {
      api("views.push", { trigger_id: p.trigger_id, view: view("pushed") });
      return { status: 200 };
    };
    const action = { type: "button", action_id: "edit", block_id: "acts", value: "v" };
    expect(await desk.click(JO, root?.id as string, action, typed)).toBe(true);
    expect(sent[0]).toMatchObject({
      type: "block_actions",
      user: JO,
      container: { type: "view", view_id: root?.id },
      view: {
        id: root?.id,
        callback_id: "root",
        state: { values: { in: typed.in } },
        previous_view_id: null,
        root_view_id: root?.id,
      },
      actions: [action],
    });
    expect(
      Object.keys((sent[0]?.view as { state: { values: object } } | undefined)?.state.values ?? {}),
    ).toEqual(["in"]);
    expect(titles()).toEqual(["root", "pushed"]);
    expect(titles("U2")).toEqual([]);
    // Only the view shown takes a click or a close.
    expect(await desk.click(JO, root?.id as string, action, {})).toBe(false);
    const top = desk.stack(JO.id)[1]?.id as string;
    expect(desk.close(JO.id, top, false)).toBe(true);
    expect(titles()).toEqual(["root"]);
    // The bot's views.update of a closed view: not_found, as Slack answers.
    expect(api("views.update", { view_id: top, view: view("late") })).toMatchObject({
      ok: false,
      error: "not_found",
    });
  });

  it("a submission: errors keep the view; update replaces it in place; push puts one over it, at most three", async () => {
    const id = desk.stack(JO.id)[0]?.id as string;
    bot = () => ({
      status: 200,
      text: JSON.stringify({ response_action: "errors", errors: { in: "Say more." } }),
    });
    expect(await desk.submit(JO, id, typed)).toEqual({ ok: false, errors: { in: "Say more." } });
    expect(sent[0]).toMatchObject({
      type: "view_submission",
      view: { id, state: { values: { in: typed.in } } },
    });
    expect(titles()).toEqual(["root"]);
    // Errors naming a block that is not an input of the view: refused, as Slack refuses them.
    bot = () => ({
      status: 200,
      text: JSON.stringify({ response_action: "errors", errors: { in: "Say more.", pet: "Nothing." } }),
    });
    expect(await desk.submit(JO, id, typed)).toEqual({
      ok: false,
      error:
        "Slack refused the app's answer: its errors name pet, not an input of this view. Nothing changed.",
    });
    expect(titles()).toEqual(["root"]);

    bot = () => ({ status: 200, text: JSON.stringify({ response_action: "update", view: view("updated") }) });
    expect(await desk.submit(JO, id, typed)).toEqual({ ok: true });
    expect(desk.stack(JO.id).map((m) => [m.id, m.view.callback_id, m.version])).toEqual([[id, "updated", 2]]);

    bot = () => ({ status: 200, text: JSON.stringify({ response_action: "push", view: view("second") }) });
    expect(await desk.submit(JO, id, typed)).toEqual({ ok: true });
    const second = desk.stack(JO.id)[1]?.id as string;
    bot = () => ({ status: 200, text: JSON.stringify({ response_action: "push", view: view("third") }) });
    expect(await desk.submit(JO, second, typed)).toEqual({ ok: true });
    expect(titles()).toEqual(["updated", "second", "third"]);
    const third = desk.stack(JO.id)[2]?.id as string;
    expect(await desk.submit(JO, third, typed)).toEqual({
      ok: false,
      error: "Slack shows at most three views at once.",
    });
    // A view Slack cannot show, or no answer from the bot: nothing changes.
    bot = () => ({
      status: 200,
      text: JSON.stringify({ response_action: "update", view: { type: "home" } }),
    });
    expect(await desk.submit(JO, third, typed)).toMatchObject({ ok: false });
    // A modal past Slack's limits (a title past 24 characters): not shown, as Slack would not show it.
    bot = () => ({
      status: 200,
      text: JSON.stringify({ response_action: "update", view: view("a title too long for Slack") }),
    });
    expect(await desk.submit(JO, third, typed)).toEqual({
      ok: false,
      error: "The app's answer is not a view Slack can show.",
    });
    bot = () => ({ status: 500 });
    expect(await desk.submit(JO, third, typed)).toMatchObject({ ok: false });
    expect(titles()).toEqual(["updated", "second", "third"]);
  });

  it("no answer closes the view submitted (the one under it shows); clear closes them all; a view not shown is not submitted", async () => {
    const id = desk.stack(JO.id)[0]?.id as string;
    bot = () => ({ status: 200, text: JSON.stringify({ response_action: "push", view: view("over") }) });
    await desk.submit(JO, id, typed);
    expect(await desk.submit(JO, id, typed)).toBeUndefined();
    bot = () => ({ status: 200, text: "" });
    await desk.submit(JO, desk.stack(JO.id)[1]?.id as string, typed);
    expect(titles()).toEqual(["root"]);

    bot = () => ({ status: 200, text: JSON.stringify({ response_action: "push", view: view("over") }) });
    await desk.submit(JO, id, typed);
    bot = () => ({ status: 200, text: JSON.stringify({ response_action: "clear" }) });
    await desk.submit(JO, desk.stack(JO.id)[1]?.id as string, typed);
    expect(titles()).toEqual([]);
  });

  it("the ✕ closes the whole stack; the bot's next views.open starts a new one", async () => {
    const id = desk.stack(JO.id)[0]?.id as string;
    api("views.push", { trigger_id: desk.trigger(JO.id), view: view("over") });
    expect(titles()).toEqual(["root", "over"]);
    expect(desk.close(JO.id, id, true)).toBe(false);
    expect(desk.close(JO.id, desk.stack(JO.id)[1]?.id as string, true)).toBe(true);
    expect(titles()).toEqual([]);
    api("views.open", { trigger_id: desk.trigger(JO.id), view: view("fresh") });
    expect(titles()).toEqual(["fresh"]);
  });
});
