/**
 * The bot's port is bound while Slack checks its token (issue 48), as a bare Bolt app listens with
 * its auth.test in flight: /healthz answers at once and /readyz says Slack is not connected yet; a
 * command Slack sends meanwhile waits, and is answered once the token is checked (never lost, never
 * handled by a bot that does not know its workspace). Slack's stand-in holds auth.test until the test
 * lets it answer.
 */
import { describe, expect, it } from "vitest";
import { SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { freePort } from "../helpers/net.ts";
import { commandForm, postSigned, type SlackStandIn } from "../helpers/slack.ts";

describe("the bot's start while Slack checks the token", () => {
  it("answers /healthz, says not ready on /readyz, and holds Slack's requests until the token is checked", async () => {
    const port = await freePort();
    let release: () => void = () => undefined;
    const answered = new Promise<void>((r) => {
      release = r;
    });
    let slack: SlackStandIn | undefined;
    const starting = startHarness({
      env: { PORT: String(port) },
      beforeStart: (s) => {
        slack = s;
        s.latency = (method) => (method === "auth.test" ? answered : 0);
      },
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      let health: Response | undefined;
      for (let i = 0; i < 150 && !health?.ok; i++) {
        health = await fetch(`${base}/healthz`).catch(() => undefined);
        if (!health?.ok) await new Promise((r) => setTimeout(r, 20));
      }
      expect(health?.status).toBe(200);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { notReady: string[] }).notReady).toContain("slack");

      // A command while the token is being checked: held, then answered.
      const s = slack as SlackStandIn;
      const { form, id } = commandForm(s, { command: "/kennel", text: "help" });
      const sent = postSigned(`${base}/slack/events`, SIGNING_SECRET, form);
      await new Promise((r) => setTimeout(r, 200));
      expect(s.responsesFor(id)).toEqual([]);
      release();
      await starting;
      expect((await sent).status).toBe(200);
      await s.waitFor(() => s.responsesFor(id).length > 0, 10_000);
      expect((await fetch(`${base}/readyz`)).status).not.toBe(503);
    } finally {
      release();
      await (await starting).close();
    }
  });
});
