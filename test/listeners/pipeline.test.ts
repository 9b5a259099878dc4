/**
 * The one pipeline of taps and forms (src/listeners/interaction.ts) and the Home tab, through
 * stand-ins for Bolt's app and client: the guard comes first for every one of them, a value or a
 * form this bot did not write is refused before anything is looked up, and what a listener runs
 * is given named ids.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineButton } from "../../src/blocks/buttons.ts";
import { defineForm } from "../../src/blocks/forms.ts";
import { registerAppHome } from "../../src/listeners/events/app-home.ts";
import { nothingToFind, onForm, onTap, sealed } from "../../src/listeners/interaction.ts";
import { silentLogger } from "../../src/log.ts";
import { listenerDeps } from "../helpers/bot-deps.ts";

const NOW = new Date("2026-11-22T09:00:00Z");

function setup(options: { guest?: boolean } = {}) {
  const calls: string[] = [];
  const warnings: string[] = [];
  const log = silentLogger();
  log.warn = ((_o: unknown, msg: string) => void warnings.push(msg)) as never;
  const deps = listenerDeps({ now: () => NOW }, { log });
  const told: string[] = [];
  const client = {
    users: {
      info: async () => {
        calls.push("users.info");
        return { ok: true, user: { id: "U1", is_restricted: options.guest === true } };
      },
    },
    chat: {
      postEphemeral: async (m: { text: string }) => void told.push(m.text),
      postMessage: async (m: { text: string }) => void told.push(m.text),
    },
    views: { publish: async () => void calls.push("views.publish") },
  };
  // biome-ignore lint/suspicious/noExplicitAny: handlers take Bolt's wide argument type.
  const handlers = new Map<string, (a: any) => Promise<void>>();
  const app = {
    action: (p: RegExp, h: never) => handlers.set(String(p), h),
    view: (id: string, h: never) => handlers.set(id, h),
    event: (name: string, h: never) => handlers.set(name, h),
  };
  return { deps, calls, told, warnings, client, handlers, app: app as never };
}

const button = defineButton(
  "t_tap",
  () => z.object({ s: z.number(), p: z.number() }),
  ({ s, p }) => ({
    sheetId: s,
    petId: p,
  }),
);
const form = defineForm("t_form", () => z.object({ s: z.number(), c: z.string() }), {
  names: (m) => ({ sheetId: m.s, channel: m.c }),
});

const tapBody = (value: string) => ({
  body: { user: { id: "U1" }, channel: { id: "C1" }, message: { ts: "1.1" }, trigger_id: "T" },
  action: { action_id: "t_tap", value, action_ts: "2.2" },
});

describe("the pipeline of taps", () => {
  /** Taps the test button with `value`: what was located and run, and the acks sent. */
  async function tapped(t: ReturnType<typeof setup>, value: string) {
    const runs: unknown[] = [];
    const located: string[] = [];
    const acks: number[] = [];
    onTap(t.app, t.deps, {
      button,
      what: "a test button",
      onMessage: true,
      locate: async (_deps, ids) => {
        located.push(JSON.stringify(ids));
        return { ok: true, found: "found" };
      },
      run: async (tap) => {
        runs.push({ ids: tap.ids, found: tap.found, key: tap.requestKey });
        await tap.ack.send();
      },
    });
    const handler = t.handlers.get(String(button.pattern)) as (a: unknown) => Promise<void>;
    await handler({ ...tapBody(value), client: t.client, ack: async () => void acks.push(1) });
    return { runs, located, acks };
  }

  it("runs with the value's ids named, after the guard and the locator, acknowledged once", async () => {
    const { runs, located, acks } = await tapped(setup(), '{"s":9,"p":50}');
    expect(located).toEqual(['{"sheetId":9,"petId":50}']);
    expect(runs).toEqual([
      { ids: { sheetId: 9, petId: 50 }, found: "found", key: "tap:C1:1.1:t_tap:2.2:U1" },
    ]);
    expect(acks).toEqual([1]);
  });

  it("a guest is refused before the value is read or anything located; nothing runs", async () => {
    const t = setup({ guest: true });
    expect(await tapped(t, '{"s":9,"p":50}')).toEqual({ runs: [], located: [], acks: [1] });
    expect(t.told.join(" ")).toMatch(/^🔒/);
  });

  it("a value this bot did not write is logged and refused before anything is located", async () => {
    const t = setup();
    expect(await tapped(t, '{"s":"x"}')).toEqual({ runs: [], located: [], acks: [1] });
    expect(t.warnings).toEqual(["refused a test button that is not ours"]);
    expect(t.told).toEqual([expect.stringMatching(/^🔒 That button is not one Kennel Desk can use/)]);
  });

  it("while stopping, a tap is told to try again and nothing is looked up", async () => {
    const t = setup();
    t.deps.inflight.draining = true;
    expect(await tapped(t, '{"s":9,"p":50}')).toEqual({ runs: [], located: [], acks: [1] });
    expect(t.calls).toEqual([]);
    expect(t.told).toEqual(["Kennel Desk is restarting. Try again in a minute."]);
  });
});

describe("the pipeline of forms", () => {
  const submit = (privateMetadata: string) => ({
    body: { user: { id: "U1" }, view: { id: "V1" } },
    view: { id: "V1", private_metadata: privateMetadata, state: { values: {} }, blocks: [] },
  });

  it("a form sealed by this bot runs with its metadata named; a forged one is refused, nothing located", async () => {
    const t = setup();
    const runs: unknown[] = [];
    onForm(t.app, t.deps, {
      form,
      what: "a test form",
      forged: "Not ours.",
      to: (meta) => ({ channel: meta.channel }),
      locate: nothingToFind,
      run: async (f) => void runs.push({ meta: f.meta, key: f.requestKey }),
    });
    const handler = t.handlers.get("t_form") as (a: unknown) => Promise<void>;
    const responses: unknown[] = [];
    const ack = async (r?: unknown) => void responses.push(r);
    await handler({ ...submit(sealed(t.deps, form, { s: 9, c: "C1" })), client: t.client, ack });
    expect(runs).toEqual([{ meta: { sheetId: 9, channel: "C1" }, key: "view:V1" }]);
    await handler({ ...submit('{"s":9,"c":"C1"}.forged'), client: t.client, ack });
    expect(runs).toHaveLength(1);
    expect(t.warnings).toEqual(["refused a test form whose metadata is not sealed by this bot"]);
    expect(JSON.stringify(responses.at(-1))).toContain("🔒 Not ours.");
  });
});

describe("a form's errors", () => {
  /** The test form submitted as Slack sends it, with `blocks`; its listener answers `errors`, as `send` says. */
  async function answered(blocks: unknown[], errors: Record<string, string>, send: "atFields" | "ack") {
    const t = setup();
    onForm(t.app, t.deps, {
      form,
      what: "a test form",
      forged: "Not ours.",
      to: (meta) => ({ channel: meta.channel }),
      locate: nothingToFind,
      run: async (f) =>
        void (send === "atFields"
          ? await f.atFields(errors)
          : await f.ack.send({ response_action: "errors", errors })),
    });
    const handler = t.handlers.get("t_form") as (a: unknown) => Promise<void>;
    const responses: unknown[] = [];
    const view = {
      id: "V1",
      private_metadata: sealed(t.deps, form, { s: 9, c: "C1" }),
      state: { values: {} },
      blocks,
    };
    await handler({
      body: { user: { id: "U1" }, view },
      view,
      client: t.client,
      ack: async (r?: unknown) => void responses.push(r),
    });
    return responses;
  }
  const input = (block_id: string) => ({
    type: "input",
    block_id,
    label: { type: "plain_text", text: block_id },
  });
  const words = { type: "section", block_id: "intro", text: { type: "mrkdwn", text: "Hello" } };

  it("name only the view's input blocks: one keyed to a block it has not is said on its first input, beside that one's", async () => {
    for (const send of ["atFields", "ack"] as const) {
      expect(
        await answered([words, input("a"), input("b")], { b: "B is wrong.", pet: "Nothing to enter." }, send),
      ).toEqual([{ response_action: "errors", errors: { a: "Nothing to enter.", b: "B is wrong." } }]);
      expect(await answered([input("a")], { a: "A is wrong.", intro: "Not a field." }, send)).toEqual([
        { response_action: "errors", errors: { a: "A is wrong. Not a field." } },
      ]);
      // Keyed to its inputs: as the listener said them.
      expect(await answered([input("a"), input("b")], { b: "B is wrong." }, send)).toEqual([
        { response_action: "errors", errors: { b: "B is wrong." } },
      ]);
    }
  });

  it("on a view with no input block are shown in its place, never an answer Slack refuses", async () => {
    for (const send of ["atFields", "ack"] as const) {
      const [answer] = (await answered(
        [words],
        { pet: "Nothing to enter for <!channel> Coco." },
        send,
      )) as Array<{
        response_action?: string;
        view?: unknown;
      }>;
      expect(answer?.response_action).toBe("update");
      expect(JSON.stringify(answer?.view)).toContain(
        "⚠️ Nothing was recorded: Nothing to enter for &lt;!channel&gt; Coco. Open the form again.",
      );
    }
  });
});

describe("the Home tab", () => {
  it("passes the same guard: a stopping bot leaves the tab Slack shows, and reads nothing", async () => {
    const t = setup();
    t.deps.inflight.draining = true;
    registerAppHome(t.app, t.deps);
    const opened = t.handlers.get("app_home_opened") as (a: unknown) => Promise<void>;
    await opened({ event: { tab: "home", user: "U1" }, client: t.client });
    expect(t.calls).toEqual([]);
  });
});
