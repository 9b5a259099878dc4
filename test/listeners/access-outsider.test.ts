/**
 * Only full members of the app's own workspace see kennel data: guests, Slack Connect outsiders
 * (is_stranger, or another team's user), bots and deactivated accounts are refused; a failed
 * users.info refuses too (fail closed). Through the whole bot as well as the check alone.
 */
import type { webApi } from "@slack/bolt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Access, refusalOf } from "../../src/listeners/access.ts";
import { silentLogger } from "../../src/log.ts";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { commandForm, postSigned } from "../helpers/slack.ts";

const clock = { now: () => new Date("2026-11-22T09:00:00Z") };
const workspace = { teamId: "T1" };

function client(user: Record<string, unknown> | Error): webApi.WebClient {
  return {
    users: {
      info: async () => {
        if (user instanceof Error) throw user;
        return { ok: true, user };
      },
    },
  } as unknown as webApi.WebClient;
}

describe("refusalOf: who is a full member of the app's own workspace", () => {
  it.each([
    [{ id: "U1", team_id: "T1" }, undefined],
    [{ id: "U1", team_id: "T1", is_restricted: true }, "guest"],
    [{ id: "U1", team_id: "T1", is_ultra_restricted: true }, "guest"],
    [{ id: "U1", team_id: "T1", is_stranger: true }, "outsider"],
    [{ id: "U1", team_id: "T9" }, "other-team"],
    [{ id: "U1", team_id: "T1", is_bot: true }, "bot"],
    [{ id: "U1", team_id: "T1", is_app_user: true }, "bot"],
    [{ id: "U1", team_id: "T1", deleted: true }, "deactivated"],
    // No team at all, once the bot knows its own: not a full member (fails closed).
    [{ id: "U1" } as { id: string; team_id?: string }, "other-team"],
  ])("%o → %s", (user, expected) => {
    expect(refusalOf(user, workspace)).toBe(expected);
  });

  it("a user of another workspace in the same Enterprise Grid who also belongs to ours is a member", () => {
    const grid = { teamId: "T1", enterpriseId: "E1" };
    expect(
      refusalOf({ team_id: "T2", enterprise_user: { enterprise_id: "E1", teams: ["T1", "T2"] } }, grid),
    ).toBe(undefined);
    expect(refusalOf({ team_id: "T2", enterprise_user: { enterprise_id: "E1", teams: ["T2"] } }, grid)).toBe(
      "other-team",
    );
    expect(refusalOf({ team_id: "T2", enterprise_user: { enterprise_id: "E9", teams: ["T1"] } }, grid)).toBe(
      "other-team",
    );
  });

  it("with our own workspace unknown, a user who names a team is refused (fails closed)", () => {
    expect(refusalOf({ team_id: "T1" }, undefined)).toBe("other-team");
  });
});

describe("Access.check", () => {
  it("refuses an outsider with words that say why, and a failed users.info with 'try again'", async () => {
    const access = new Access([], clock, silentLogger());
    access.setWorkspace(workspace);
    const outsider = await access.check(client({ id: "UX", team_id: "T1", is_stranger: true }), "UX", "C1");
    expect(outsider).toMatchObject({ ok: false, message: expect.stringMatching(/own Slack workspace/) });
    const other = await access.check(client({ id: "UY", team_id: "T2" }), "UY", "C1");
    expect(other.ok).toBe(false);
    const failed = await access.check(client(new Error("ratelimited")), "UZ", "C1");
    expect(failed).toMatchObject({
      ok: false,
      message: expect.stringMatching(/could not confirm your account/),
    });
    expect(await access.check(client({ id: "UM", team_id: "T1" }), "UM", "C1")).toEqual({ ok: true });
    expect(failed).toMatchObject({ unconfirmed: true });
    expect(outsider).not.toHaveProperty("unconfirmed");
    // Slack's own answer that there is no such user is a refusal, not Slack failing.
    const gone = Object.assign(new Error("An API error occurred: user_not_found"), {
      code: "slack_webapi_platform_error",
      data: { ok: false, error: "user_not_found" },
    });
    const unknown = await access.check(client(gone), "UG", "C1");
    expect(unknown.ok).toBe(false);
    expect(unknown).not.toHaveProperty("unconfirmed");
  });

  it("`fresh` asks Slack now even for staff seen lately (what it says kept); without it they are not asked", async () => {
    let now = Date.parse("2026-11-22T09:00:00Z");
    const access = new Access([], { now: () => new Date(now) }, silentLogger());
    access.setWorkspace(workspace);
    let user: Record<string, unknown> | Error = { id: "UL", team_id: "T1" };
    let asked = 0;
    const slack = {
      users: {
        info: async () => {
          asked++;
          if (user instanceof Error) throw user;
          return { ok: true, user };
        },
      },
    } as unknown as webApi.WebClient;
    expect(await access.check(slack, "UL", "C1")).toEqual({ ok: true });
    // Made a guest five minutes later, with no user_change: a tap is still admitted, Slack not asked.
    now += 5 * 60_000;
    user = { id: "UL", team_id: "T1", is_restricted: true };
    expect(await access.check(slack, "UL", "C1", { button: true })).toEqual({ ok: true });
    await access.settledName("UL");
    expect(asked).toBe(1);
    // `fresh` asks: Slack failing is said apart from a refusal; then Slack says guest.
    now += 60_000;
    user = new Error("fatal_error");
    const before = asked;
    expect(await access.check(slack, "UL", undefined, { home: true, fresh: true })).toMatchObject({
      ok: false,
      unconfirmed: true,
    });
    expect(asked).toBe(before + 1);
    user = { id: "UL", team_id: "T1", is_restricted: true };
    const refused = await access.check(slack, "UL", undefined, { home: true, fresh: true });
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/guest accounts/) });
    expect(refused).not.toHaveProperty("unconfirmed");
    // What Slack said is kept: the next tap is refused too.
    expect((await access.check(slack, "UL", "C1", { button: true })).ok).toBe(false);
  });
});

describe("through the bot", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    h.slack.users.set("U0CONNECT", { id: "U0CONNECT", team_id: "T1", is_stranger: true });
    h.slack.users.set("U0OTHER", { id: "U0OTHER", team_id: "T2" });
    h.slack.users.set("U0MEMBER", { id: "U0MEMBER", team_id: "T1" });
  });
  afterAll(async () => {
    await h.close();
  });

  it.each(["U0CONNECT", "U0OTHER"])(
    "%s (not a full member) gets a refusal and no kennel data",
    async (user) => {
      const { form, id } = commandForm(h.slack, { command: "/arrivals", user });
      expect((await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form)).status).toBe(200);
      await h.slack.waitFor(() => h.slack.responsesFor(id).length > 0);
      const answers = JSON.stringify(h.slack.responsesFor(id).map((r) => r.body));
      expect(answers).toMatch(/only the members of this kennel's own Slack workspace/);
      expect(answers).not.toMatch(/Arrivals —/);
    },
  );

  it("a member of the app's workspace is answered", async () => {
    const { form, id } = commandForm(h.slack, { command: "/arrivals", user: "U0MEMBER" });
    await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
    await h.slack.waitFor(() => h.slack.responsesFor(id).length > 0);
    expect(JSON.stringify(h.slack.responsesFor(id).map((r) => r.body))).toMatch(/Arrivals/);
  });
});
