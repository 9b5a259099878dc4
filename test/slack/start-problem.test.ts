/** Slack's refusals and network failures in words, with the exit code (2: a setting; 1: the rest). */
import { describe, expect, it } from "vitest";
import { isPermanentRefusal, portInUse, slackStartError } from "../../src/slack/start-problem.ts";

const platform = (error: string) => ({ code: "slack_webapi_platform_error", data: { ok: false, error } });
const network = (code: string) => ({
  code: "slack_webapi_request_error",
  original: Object.assign(new TypeError("fetch failed"), {
    cause: Object.assign(new Error(`getaddrinfo ${code} slack.com`), { code }),
  }),
});

describe("slackStartError", () => {
  it.each(["invalid_auth", "token_revoked", "account_inactive", "not_authed"])(
    "the bot token refused (%s): names SLACK_BOT_TOKEN, says to copy it again, exit 2",
    (code) => {
      const e = slackStartError(platform(code), "bot", { atStart: true });
      expect(e.message).toContain(`Slack refused SLACK_BOT_TOKEN (${code})`);
      expect(e.fix).toMatch(/Copy the Bot User OAuth Token/);
      expect(e.exitCode).toBe(2);
      expect(isPermanentRefusal(platform(code))).toBe(true);
    },
  );

  it("the app token revoked while running: exit 1 for the supervisor; at start: exit 2", () => {
    expect(slackStartError(platform("token_revoked"), "app", { atStart: false }).exitCode).toBe(1);
    expect(slackStartError(platform("token_revoked"), "app", { atStart: true }).exitCode).toBe(2);
  });

  it("an xoxb token where the app token goes: the wrong kind, said so", () => {
    const e = slackStartError(platform("not_allowed_token_type"), "app", { atStart: true });
    expect(e.message).toMatch(/SLACK_APP_TOKEN is the wrong kind of token.*xapp-/);
  });

  it("Slack unreachable (ENOTFOUND): check the network, exit 1", () => {
    const e = slackStartError(network("ENOTFOUND"), "bot", { atStart: true });
    expect(e.message).toBe("Kennel Desk could not reach Slack at https://slack.com/api/ (ENOTFOUND).");
    expect(e.fix).toMatch(/Check this computer's network connection/);
    expect(e.exitCode).toBe(1);
    expect(isPermanentRefusal(network("ENOTFOUND"))).toBe(false);
  });

  it("a request that failed with no network code is still 'could not reach'", () => {
    const e = slackStartError(
      { code: "slack_webapi_request_error", original: new TypeError("fetch failed") },
      "bot",
      { atStart: true, apiUrl: "http://127.0.0.1:9/api/" },
    );
    expect(e.message).toMatch(/could not reach Slack at http:\/\/127\.0\.0\.1:9\/api\/ \(fetch failed\)/);
    expect(e.fix).toMatch(/SLACK_API_URL/);
  });

  it("ratelimited or Slack's own trouble is not a refusal (retried)", () => {
    expect(isPermanentRefusal(platform("ratelimited"))).toBe(false);
    expect(isPermanentRefusal(platform("internal_error"))).toBe(false);
  });

  it("the port taken: PORT=3001 or stop the preview, exit 2", () => {
    const e = portInUse(3000);
    expect(e.text).toMatch(/Port 3000 is already in use: the preview/);
    expect(e.text).toMatch(/PORT=3001 npm start/);
    expect(e.exitCode).toBe(2);
  });
});
