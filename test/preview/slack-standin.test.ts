/** The Slack stand-in shared by the preview and the tests: it behaves as Slack does for what the bot uses. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type SlackStandIn, startSlackStandIn } from "../../src/preview/slack-standin.ts";

let slack: SlackStandIn;

beforeEach(async () => {
  slack = await startSlackStandIn({ teamId: "T1" });
});
afterEach(async () => {
  await slack.close();
});

async function call(method: string, body: Record<string, unknown>, form = false) {
  const res = await fetch(`${slack.apiUrl}${method}`, {
    method: "POST",
    headers: { "content-type": form ? "application/x-www-form-urlencoded" : "application/json" },
    body: form
      ? new URLSearchParams(
          Object.fromEntries(
            Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
          ),
        ).toString()
      : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown> & { ok: boolean };
}

async function respond(id: string, body: Record<string, unknown>) {
  const res = await fetch(slack.responseUrl(id), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return res.status;
}

describe("the Slack stand-in", () => {
  it("users.info: guests, outsiders and other teams as set; the workspace's team by default; unknown users not found", async () => {
    slack.users.set("U1", { id: "U1" });
    slack.users.set("U2", { id: "U2", is_restricted: true });
    slack.users.set("U3", { id: "U3", is_stranger: true, team_id: "TOTHER" });
    await expect(call("users.info", { user: "U1" })).resolves.toMatchObject({
      ok: true,
      user: { id: "U1", team_id: "T1" },
    });
    await expect(call("users.info", { user: "U2" })).resolves.toMatchObject({
      user: { is_restricted: true, team_id: "T1" },
    });
    await expect(call("users.info", { user: "U3" })).resolves.toMatchObject({
      user: { is_stranger: true, team_id: "TOTHER" },
    });
    await expect(call("users.info", { user: "U9" })).resolves.toEqual({ ok: false, error: "user_not_found" });
    await expect(call("auth.test", {})).resolves.toMatchObject({ ok: true, team_id: "T1" });
  });

  it("chat.postMessage with thread_ts and metadata; conversations.replies and history read them back; chat.delete removes one", async () => {
    const metadata = { event_type: "kennel_post", event_payload: { date: "2026-11-22", part: 1 } };
    const parent = await call("chat.postMessage", { channel: "C1", text: "parent", metadata }, true);
    const reply = await call("chat.postMessage", { channel: "C1", text: "reply", thread_ts: parent.ts });
    await call("chat.postMessage", { channel: "C2", text: "elsewhere" });
    const replies = await call("conversations.replies", {
      channel: "C1",
      ts: parent.ts,
      include_all_metadata: true,
    });
    // Each says who posted it, as Slack's do: the bot's user, its bot_id and its app's app_id.
    const bot = { user: "UBOT", bot_id: "BBOT", app_id: "A1" };
    expect(replies.messages).toEqual([
      { type: "message", ts: parent.ts, ...bot, text: "parent", metadata },
      { type: "message", ts: reply.ts, thread_ts: parent.ts, ...bot, text: "reply" },
    ]);
    const history = await call("conversations.history", { channel: "C1", oldest: 0 });
    expect((history.messages as Array<{ text: string }>).map((m) => m.text)).toEqual(["parent"]);
    expect(slack.messages.map((m) => m.text)).toEqual(["parent", "reply", "elsewhere"]);
    await expect(call("chat.delete", { channel: "C1", ts: reply.ts })).resolves.toMatchObject({ ok: true });
    await expect(call("chat.delete", { channel: "C1", ts: reply.ts })).resolves.toMatchObject({
      ok: false,
      error: "message_not_found",
    });
    await expect(call("conversations.replies", { channel: "C1", ts: "1.1" })).resolves.toMatchObject({
      ok: false,
      error: "thread_not_found",
    });
  });

  it("who posts: Kennel Desk's bot for its token, another app or a person for theirs; auth.test and bots.info say so", async () => {
    const as = async (token: string | undefined, method: string, body: Record<string, unknown>) => {
      const res = await fetch(`${slack.apiUrl}${method}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Record<string, unknown> & { ok: boolean; ts?: string };
    };
    slack.posters.set("xoxb-other-app", { user: "UOTHER", bot_id: "BOTHER", app_id: "AOTHER" });
    slack.posters.set("xoxp-a-person", { user: "U0PERSON" });
    // auth.test as Slack answers it: a bot token's bot user and bot_id (no app_id); a user token's user.
    const own = await as("xoxb-kennel-desk", "auth.test", {});
    expect(own).toMatchObject({ ok: true, user_id: "UBOT", bot_id: "BBOT", team_id: "T1" });
    expect(own.app_id).toBeUndefined();
    await expect(as("xoxb-other-app", "auth.test", {})).resolves.toMatchObject({
      user_id: "UOTHER",
      bot_id: "BOTHER",
    });
    expect((await as("xoxp-a-person", "auth.test", {})).bot_id).toBeUndefined();
    // bots.info names a bot's app.
    await expect(as("xoxb-kennel-desk", "bots.info", { bot: "BBOT" })).resolves.toMatchObject({
      bot: { id: "BBOT", app_id: "A1", user_id: "UBOT", deleted: false },
    });
    await expect(as("xoxb-kennel-desk", "bots.info", { bot: "BOTHER" })).resolves.toMatchObject({
      bot: { id: "BOTHER", app_id: "AOTHER" },
    });
    await expect(as("xoxb-kennel-desk", "bots.info", { bot: "BNONE" })).resolves.toEqual({
      ok: false,
      error: "bot_not_found",
    });
    // A post answers with, and history reads back, who posted it.
    const mine = await as("xoxb-kennel-desk", "chat.postMessage", { channel: "C1", text: "ours" });
    expect(mine.message).toEqual({
      type: "message",
      ts: mine.ts,
      user: "UBOT",
      bot_id: "BBOT",
      app_id: "A1",
    });
    await as("xoxb-other-app", "chat.postMessage", { channel: "C1", text: "theirs" });
    await as("xoxp-a-person", "chat.postMessage", { channel: "C1", text: "a person's" });
    const history = await as(undefined, "conversations.history", { channel: "C1", oldest: 0 });
    expect(
      (history.messages as Array<Record<string, unknown>>).map(({ text, user, bot_id, app_id }) => ({
        text,
        user,
        bot_id,
        app_id,
      })),
    ).toEqual([
      { text: "a person's", user: "U0PERSON", bot_id: undefined, app_id: undefined },
      { text: "theirs", user: "UOTHER", bot_id: "BOTHER", app_id: "AOTHER" },
      { text: "ours", user: "UBOT", bot_id: "BBOT", app_id: "A1" },
    ]);
    expect(slack.messages.map((m) => [m.text, m.bot_id])).toEqual([
      ["ours", "BBOT"],
      ["theirs", "BOTHER"],
      ["a person's", undefined],
    ]);
  });

  it("a loaded Slack: with a latency per call, calls made at once are handled in an order of their own", async () => {
    // The first call waits, before Slack handles it, until the second has landed.
    slack.latency = (_method, body) =>
      body.text === "sent first" ? slack.waitFor(() => slack.messages.length > 0) : 0;
    await Promise.all([
      call("chat.postMessage", { channel: "C1", text: "sent first" }),
      call("chat.postMessage", { channel: "C1", text: "sent second" }),
    ]);
    expect(slack.messages.map((m) => m.text)).toEqual(["sent second", "sent first"]);
  });

  it("chat.postEphemeral is shown to its user only, and is not a channel message", async () => {
    const r = await call("chat.postEphemeral", { channel: "C1", user: "U1", text: "just you" });
    expect(r.ok).toBe(true);
    expect(slack.messages).toHaveLength(0);
    expect(slack.timeline).toMatchObject([
      { via: "postEphemeral", ephemeral: true, user: "U1", text: "just you" },
    ]);
  });

  it("views.update with the hash of a drawing that is not the view's now: hash_conflict, the newer drawing kept", async () => {
    const view = (text: string) => ({
      type: "modal",
      title: { type: "plain_text", text: "Plan" },
      blocks: [{ type: "section", text: { type: "mrkdwn", text } }],
    });
    const opened = await call("views.open", { trigger_id: "t1", view: view("first") });
    const { id, hash } = opened.view as { id: string; hash: string };
    // Two taps on the first drawing: the one that reaches Slack first is drawn, with its hash.
    const newer = await call("views.update", { view_id: id, hash, view: view("newer") });
    expect(newer).toMatchObject({ ok: true, view: { id } });
    expect(await call("views.update", { view_id: id, hash, view: view("older") })).toEqual({
      ok: false,
      error: "hash_conflict",
    });
    expect(slack.modals.get(id)).toMatchObject({ version: 2, view: view("newer") });
    // The newer drawing's hash, or none at all, is drawn.
    const h2 = (newer.view as { hash: string }).hash;
    expect(await call("views.update", { view_id: id, hash: h2, view: view("third") })).toMatchObject({
      ok: true,
    });
    expect(await call("views.update", { view_id: id, view: view("fourth") })).toMatchObject({ ok: true });
    expect(slack.modals.get(id)).toMatchObject({ version: 4, view: view("fourth") });
  });

  it("views.publish keeps each user's Home tab, a new version on each publish; bad views are refused", async () => {
    const blocks = [{ type: "header", text: { type: "plain_text", text: "Today" } }];
    await expect(
      call("views.publish", { user_id: "U1", view: { type: "home", blocks } }, true),
    ).resolves.toMatchObject({ ok: true });
    await call("views.publish", { user_id: "U1", view: { type: "home", blocks } });
    expect(slack.views.get("U1")).toEqual({ type: "home", blocks, version: 2 });
    expect(slack.views.get("U2")).toBeUndefined();
    await expect(call("views.publish", { user_id: "U1", view: { type: "home" } })).resolves.toMatchObject({
      ok: false,
    });
    const tooMany = Array.from({ length: 101 }, () => ({ type: "divider" }));
    await expect(
      call("views.publish", { user_id: "U1", view: { type: "home", blocks: tooMany } }),
    ).resolves.toEqual({
      ok: false,
      error: "invalid_arguments",
      response_metadata: { messages: ["[ERROR] 101 blocks (max 100)"] },
    });
    expect(slack.views.get("U1")?.version).toBe(2);
  });

  it("response_url: a command's answers are new messages; replace_original changes the latest; delete_original removes it", async () => {
    slack.responseTarget("c1", { channel: "C1", user: "U1" });
    await respond("c1", { response_type: "ephemeral", text: "Looking up…" });
    await respond("c1", { response_type: "ephemeral", text: "the answer", replace_original: true });
    expect(slack.timeline.map((m) => [m.text, m.ephemeral, m.user])).toEqual([["the answer", true, "U1"]]);
    await respond("c1", { delete_original: true });
    await respond("c1", { response_type: "in_channel", text: "part 1" });
    await respond("c1", { response_type: "in_channel", text: "part 2" });
    expect(slack.timeline.map((m) => [m.text, m.ephemeral, m.channel])).toEqual([
      ["part 1", false, "C1"],
      ["part 2", false, "C1"],
    ]);
    // A click on a message: the first answer replaces it, keeping its visibility.
    const clicked = slack.timeline[0]?.id;
    slack.responseTarget("a1", { channel: "C1", user: "U1", entryId: clicked });
    await respond("a1", { text: "page 2", replace_original: true });
    expect(slack.timeline[0]).toMatchObject({ text: "page 2", ephemeral: false });
    slack.failing.add("a2");
    await expect(respond("a2", { text: "x" })).resolves.toBe(500);
    expect(slack.responses.map((r) => r.path)).toContain("/respond/a2");
  });

  it("Slack's limits: five answers per response_url within 30 minutes, then 404", async () => {
    let clock = 1_000_000;
    slack.now = () => clock;
    slack.responseTarget("c9", { channel: "C1", user: "U1" });
    for (let i = 0; i < 5; i++) await expect(respond("c9", { text: `part ${i}` })).resolves.toBe(200);
    await expect(respond("c9", { text: "sixth" })).resolves.toBe(404);
    expect(slack.timeline.map((m) => m.text)).not.toContain("sixth");
    slack.responseTarget("c10", { channel: "C1", user: "U1" });
    clock += 30 * 60_000 + 1;
    await expect(respond("c10", { text: "late" })).resolves.toBe(404);
  });

  it("not_in_channel for a channel the bot is not in (posting, ephemerals, history); its DMs always work", async () => {
    slack.notInChannel.add("C7");
    await expect(call("chat.postMessage", { channel: "C7", text: "x" })).resolves.toEqual({
      ok: false,
      error: "not_in_channel",
    });
    await expect(call("chat.postEphemeral", { channel: "C7", user: "U1", text: "x" })).resolves.toMatchObject(
      {
        error: "not_in_channel",
      },
    );
    await expect(call("conversations.history", { channel: "C7" })).resolves.toMatchObject({
      error: "not_in_channel",
    });
    await expect(call("chat.postMessage", { channel: "U1", text: "dm" })).resolves.toMatchObject({
      ok: true,
    });
  });

  it("history and replies in pages with cursors, as Slack pages them", async () => {
    slack = await restartWith({ limits: { historyPage: 3, postBurst: 100 } });
    const parent = await call("chat.postMessage", { channel: "C1", text: "m0" });
    for (let i = 1; i < 7; i++) await call("chat.postMessage", { channel: "C1", text: `m${i}` });
    for (let i = 0; i < 4; i++)
      await call("chat.postMessage", { channel: "C1", text: `r${i}`, thread_ts: parent.ts });
    const read = async (method: string, extra: Record<string, unknown>) => {
      const texts: string[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 10; i++) {
        const page = (await call(method, {
          channel: "C1",
          limit: 50,
          ...extra,
          ...(cursor ? { cursor } : {}),
        })) as unknown as {
          messages: Array<{ text: string }>;
          has_more: boolean;
          response_metadata?: { next_cursor: string };
        };
        expect(page.messages.length).toBeLessThanOrEqual(3);
        texts.push(...page.messages.map((m) => m.text));
        cursor = page.response_metadata?.next_cursor;
        if (!page.has_more) break;
      }
      return texts;
    };
    await expect(read("conversations.history", {})).resolves.toEqual([
      "m6",
      "m5",
      "m4",
      "m3",
      "m2",
      "m1",
      "m0",
    ]);
    await expect(read("conversations.replies", { ts: parent.ts })).resolves.toEqual([
      "m0",
      "r0",
      "r1",
      "r2",
      "r3",
    ]);
  });

  it("chat.postMessage paced per channel after a burst, views.publish per user: 429 with Retry-After", async () => {
    slack = await restartWith({ limits: { postBurst: 2, publishBurst: 2, publishEveryMs: 60_000 } });
    const post = (channel: string) =>
      fetch(`${slack.apiUrl}chat.postMessage`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ channel, text: "x" }),
      });
    expect((await post("C1")).status).toBe(200);
    expect((await post("C1")).status).toBe(200);
    const third = await post("C1");
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("1");
    expect((await post("C2")).status).toBe(200);
    const view = { type: "home", blocks: [{ type: "divider" }] };
    await expect(call("views.publish", { user_id: "U1", view })).resolves.toMatchObject({ ok: true });
    await expect(call("views.publish", { user_id: "U1", view })).resolves.toMatchObject({ ok: true });
    await expect(call("views.publish", { user_id: "U1", view })).resolves.toMatchObject({
      error: "ratelimited",
    });
    await expect(call("views.publish", { user_id: "U2", view })).resolves.toMatchObject({ ok: true });
  });
});

async function restartWith(options: Parameters<typeof startSlackStandIn>[0]): Promise<SlackStandIn> {
  await slack.close();
  return startSlackStandIn({ teamId: "T1", ...options });
}

describe("a message past Slack's limits is refused, as Slack refuses it (src/blocks/limits.ts)", () => {
  const section = (text: string) => ({ type: "section", text: { type: "mrkdwn", text, verbatim: true } });
  /** 13,000 characters in five sections: each within its own limit, too long in all. */
  const tooLong = Array.from({ length: 5 }, (_, i) => section(`${i}`.repeat(2600)));
  const tooMany = Array.from({ length: 51 }, () => ({ type: "divider" }));
  const tooBig = [section("x".repeat(3001))];
  const twice = [
    {
      type: "actions",
      elements: [{ type: "button", text: { type: "plain_text", text: "A" }, action_id: "a", value: "1" }],
    },
    {
      type: "actions",
      elements: [{ type: "button", text: { type: "plain_text", text: "B" }, action_id: "a", value: "2" }],
    },
  ];

  /** Two blocks with one block_id (a part's marker or a pet's id drawn twice), and one past 255 characters. */
  const idTwice = [
    { ...section("a"), block_id: "kd_parts:2" },
    { ...section("b"), block_id: "kd_parts:2" },
  ];
  const idTooLong = [{ ...section("a"), block_id: "b".repeat(256) }];

  it("chat.postMessage and chat.postEphemeral: past the text budget, more than 50 blocks, a block past its own, a block_id or an action_id twice or a block_id too long", async () => {
    for (const method of ["chat.postMessage", "chat.postEphemeral"]) {
      const post = (blocks: unknown[]) => call(method, { channel: "C1", user: "U1", text: "post", blocks });
      await expect(post(idTwice)).resolves.toEqual({ ok: false, error: "invalid_blocks" });
      await expect(post(idTooLong)).resolves.toEqual({ ok: false, error: "invalid_blocks" });
      await expect(post([{ ...section("a"), block_id: "b".repeat(255) }])).resolves.toMatchObject({
        ok: true,
      });
      await expect(post(tooLong)).resolves.toEqual({ ok: false, error: "msg_blocks_too_long" });
      await expect(post(tooMany)).resolves.toEqual({ ok: false, error: "invalid_blocks" });
      await expect(post(tooBig)).resolves.toEqual({ ok: false, error: "invalid_blocks" });
      await expect(post(twice)).resolves.toEqual({ ok: false, error: "invalid_blocks" });
      await expect(post([{ type: "header" }])).resolves.toEqual({ ok: false, error: "invalid_blocks" });
      await expect(post(tooLong.slice(0, 4))).resolves.toMatchObject({ ok: true });
    }
    await expect(call("chat.postMessage", { channel: "C1", text: "t".repeat(40_001) })).resolves.toEqual({
      ok: false,
      error: "msg_too_long",
    });
    expect(slack.timeline.map((m) => m.via)).toEqual([
      "postMessage",
      "postMessage",
      "postEphemeral",
      "postEphemeral",
    ]);
  });

  it("chat.update and a response_url answer past the limits are refused; the message stays as it was", async () => {
    const posted = await call("chat.postMessage", {
      channel: "C1",
      text: "post",
      blocks: [section("first")],
    });
    await expect(
      call("chat.update", { channel: "C1", ts: posted.ts, text: "post", blocks: tooLong }),
    ).resolves.toEqual({ ok: false, error: "msg_blocks_too_long" });
    expect(slack.messages[0]?.blocks).toEqual([section("first")]);
    slack.responseTarget("c1", { channel: "C1", user: "U1" });
    expect(await respond("c1", { response_type: "ephemeral", text: "answer", blocks: tooMany })).toBe(400);
    expect(await respond("c1", { response_type: "ephemeral", text: "answer", blocks: [section("ok")] })).toBe(
      200,
    );
    expect(await respond("c1", { replace_original: true, text: "answer", blocks: tooLong })).toBe(400);
    expect(slack.timeline.filter((m) => m.via === "response").map((m) => m.blocks)).toEqual([
      [section("ok")],
    ]);
  });
});

describe("a view past Slack's limits is refused, as Slack refuses it (src/blocks/limits.ts)", () => {
  const plain = (text: string) => ({ type: "plain_text", text });
  const input = (o: { label?: string; hint?: string; placeholder?: string } = {}) => ({
    type: "input",
    block_id: "note",
    label: plain(o.label ?? "Note"),
    ...(o.hint === undefined ? {} : { hint: plain(o.hint) }),
    element: {
      type: "plain_text_input",
      action_id: "v",
      ...(o.placeholder === undefined ? {} : { placeholder: plain(o.placeholder) }),
    },
  });
  const modal = (o: { title?: string; blocks?: unknown[]; [k: string]: unknown } = {}) => ({
    type: "modal",
    callback_id: "note",
    private_metadata: "m",
    submit: plain("Save"),
    close: plain("Cancel"),
    ...o,
    title: plain(o.title ?? "Note · Teddy"),
    blocks: o.blocks ?? [input()],
  });
  const refused = (...messages: string[]) => ({
    ok: false,
    error: "invalid_arguments",
    response_metadata: { messages: messages.map((m) => `[ERROR] ${m}`) },
  });
  const open = (view: unknown) => call("views.open", { trigger_id: "t1", view });

  it("views.open: an input's label or hint past 2,000 characters, a placeholder past 150, a title past 24", async () => {
    await expect(open(modal({ blocks: [input({ label: "l".repeat(2001) })] }))).resolves.toEqual(
      refused("block 0 (input): label 2001 chars"),
    );
    await expect(open(modal({ blocks: [input({ hint: "h".repeat(2001) })] }))).resolves.toEqual(
      refused("block 0 (input): hint 2001 chars"),
    );
    await expect(open(modal({ blocks: [input({ placeholder: "p".repeat(151) })] }))).resolves.toEqual(
      refused("block 0 (input): placeholder 151 chars"),
    );
    await expect(open(modal({ title: "t".repeat(25) }))).resolves.toEqual(refused("title 25 chars (max 24)"));
    expect(slack.modals.size).toBe(0);
    const fits = modal({
      title: "t".repeat(24),
      blocks: [input({ label: "l".repeat(2000), hint: "h".repeat(2000), placeholder: "p".repeat(150) })],
    });
    await expect(open(fits)).resolves.toMatchObject({ ok: true, view: { id: "VM1" } });
    expect(slack.modals.get("VM1")?.view).toEqual(fits);
  });

  it("a view's own limits: its buttons' words, what it carries back, its form's id, a submit button for inputs", async () => {
    await expect(open(modal({ submit: plain("s".repeat(25)), close: plain("") }))).resolves.toEqual(
      refused("submit 25 chars (max 24)", "empty close"),
    );
    await expect(open(modal({ submit: undefined }))).resolves.toEqual(refused("no submit"));
    await expect(
      open(modal({ private_metadata: "m".repeat(3001), callback_id: "c".repeat(256) })),
    ).resolves.toEqual(refused("private_metadata 3001 chars (max 3000)", "callback_id 256 chars (max 255)"));
    await expect(open(modal({ title: undefined }))).resolves.toMatchObject({ ok: true });
    await expect(open({ ...modal(), title: undefined })).resolves.toEqual(refused("no title"));
  });

  it("a block's limits in a view: choices, a section's and a header's words, ids too long or twice, more than 100", async () => {
    const option = (text: string, value = "v") => ({ text: plain(text), value });
    const select = (options: unknown[]) => ({
      ...input(),
      element: { type: "static_select", action_id: "v", options },
    });
    const radios = {
      type: "actions",
      elements: [
        {
          type: "radio_buttons",
          action_id: "r",
          options: Array.from({ length: 11 }, (_, i) => option(`${i}`)),
        },
      ],
    };
    const buttons = {
      type: "actions",
      elements: ["a", "a"].map((id) => ({ type: "button", text: plain("Go"), action_id: id, value: "1" })),
    };
    await expect(
      open(
        modal({
          blocks: [
            select([
              option("x".repeat(76), "v".repeat(151)),
              ...Array.from({ length: 100 }, () => option("y")),
            ]),
          ],
        }),
      ),
    ).resolves.toEqual(
      refused(
        "block 0 (input): 101 options (max 100)",
        "block 0 (input): option text 76 chars",
        "block 0 (input): option value 151 chars",
      ),
    );
    await expect(
      open(
        modal({
          blocks: [
            radios,
            buttons,
            { type: "section", text: { type: "mrkdwn", text: "s".repeat(3001), verbatim: true } },
            { type: "header", text: plain("h".repeat(151)) },
            {
              ...input(),
              block_id: "n".repeat(256),
              element: { type: "plain_text_input", action_id: "a".repeat(256) },
            },
            input(),
            input(),
          ],
        }),
      ),
    ).resolves.toEqual(
      refused(
        "block_id 256 chars (max 255)",
        "block_id note twice",
        "block 0 (actions): 11 radio options",
        "block 1 (actions): action_id a twice",
        "block 2 (section): text 3001 chars",
        "block 3 (header): header 151 chars",
        "block 4 (input): action_id too long",
      ),
    );
    const many = Array.from({ length: 101 }, () => ({ type: "divider" }));
    await expect(open(modal({ blocks: many }))).resolves.toEqual(refused("101 blocks (max 100)"));
    await expect(open(modal({ blocks: [{ type: "header" }] }))).resolves.toEqual(
      refused("a block not shaped as Block Kit's"),
    );
    expect(slack.modals.size).toBe(0);
  });

  it("views.push, views.update and views.publish refuse the same; the view shown stays as it was", async () => {
    const first = await open(modal());
    const id = (first.view as { id: string }).id;
    const long = modal({ blocks: [input({ label: "l".repeat(2001) })] });
    const problem = refused("block 0 (input): label 2001 chars");
    await expect(call("views.push", { trigger_id: "t2", view: long })).resolves.toEqual(problem);
    await expect(call("views.update", { view_id: id, view: long })).resolves.toEqual(problem);
    const home = { type: "home", blocks: [{ type: "header", text: plain("h".repeat(151)) }] };
    await expect(call("views.publish", { user_id: "U1", view: home })).resolves.toEqual(
      refused("block 0 (header): header 151 chars"),
    );
    expect([...slack.modals.values()].map((m) => [m.view, m.version])).toEqual([[modal(), 1]]);
    expect(slack.views.get("U1")).toBeUndefined();
  });
  it("a view past 250 kB in all, every block within its own limits: view_too_large, from each views method", async () => {
    // 100 sections of 3,000 characters, escaped "&" and 4-byte emoji among them: within 100 blocks
    // and each section's 3,000, past Slack's size.
    const text = "&amp; 🐾 ".repeat(300).slice(0, 3000);
    const section = { type: "section", text: { type: "mrkdwn", text, verbatim: true } };
    const big = (n: number) => Array.from({ length: n }, () => section);
    const tooLarge = modal({ blocks: big(100) });
    const answer = await open(tooLarge);
    expect(answer).toMatchObject({ ok: false, error: "view_too_large" });
    expect(JSON.stringify(answer)).toMatch(/\[ERROR\] view \d+ bytes \(max 240000\)/);
    const first = await open(modal({ blocks: big(50) }));
    expect(first).toMatchObject({ ok: true });
    const id = (first.view as { id: string }).id;
    await expect(call("views.push", { trigger_id: "t2", view: tooLarge })).resolves.toMatchObject({
      error: "view_too_large",
    });
    await expect(call("views.update", { view_id: id, view: tooLarge })).resolves.toMatchObject({
      error: "view_too_large",
    });
    await expect(
      call("views.publish", { user_id: "U1", view: { type: "home", blocks: big(100) } }),
    ).resolves.toMatchObject({ ok: false, error: "view_too_large" });
    expect(slack.modals.size).toBe(1);
    expect(slack.views.get("U1")).toBeUndefined();
  });
});
