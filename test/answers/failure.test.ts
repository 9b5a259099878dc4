/**
 * describeFailure's "what to do", worded where it is said: each error's hint takes the surface
 * (src/words/surface.ts), never a sentence rewritten after. The bot (Slack, and the connector)
 * restarts Kennel Desk; a command in a terminal is run again. Every other hint is the same words on
 * every surface, as before. Slack's blocks and the connector's tools are read as they are sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeFailure } from "../../src/answers/failure.ts";
import { statusAnswer } from "../../src/answers/kennel.ts";
import { failureMessage } from "../../src/blocks/notice.ts";
import { statusMessage } from "../../src/blocks/status.ts";
import {
  AuthenticationError,
  BadRequestError,
  InvalidResponseError,
  NotFoundError,
  RateLimitedError,
  ResponseTooLargeError,
  ServerError,
  UnreachableError,
  WrongAddressError,
} from "../../src/kennel/errors.ts";
import { describeStatus } from "../../src/kennel/status.ts";
import { StoreError } from "../../src/record/errors.ts";
import { postgresDriver } from "../../src/record/postgres.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { connectInProcess, textOf } from "../mcp/harness.ts";

const BOT_KEY =
  "Check that KENNEL_API_KEY is the whole key the business's API settings gave, with no spaces around it (a character left off is the usual cause), then restart Kennel Desk. If it is, someone with access to those settings should generate a new key there (the old one then stops working) and set it as KENNEL_API_KEY, then restart Kennel Desk.";
const COMMAND_KEY =
  "Check that KENNEL_API_KEY in the environment (or in the .env file of the folder the command runs in) is the whole key the business's API settings gave, with no spaces around it (a character left off is the usual cause), then run the command again. If it is, someone with access to those settings should generate a new key there (the old one then stops working, for the bot too: set the new one where the bot reads it as well).";
const PG_REFUSED = "Check DATABASE_URL (user, password, database name) and that user's rights, then";

/** PostgreSQL refusing Kennel Desk's user, as the driver words it (no server needed: nothing connects). */
async function pgRefused(): Promise<StoreError> {
  const driver = postgresDriver({ url: new URL("postgres://kd:secret@127.0.0.1:9/care") });
  try {
    const refused = { code: "28P01", message: 'password authentication failed for user "kd"' };
    return driver.storeError(refused) as StoreError;
  } finally {
    await driver.close();
  }
}

describe("describeFailure: what to do, worded for the surface", () => {
  it("a rejected key: the bot restarts Kennel Desk; a command is run again, its key in the environment or .env", () => {
    const error = new AuthenticationError({ requestId: "r-401" });
    expect(describeFailure(error, "bot").whatToDo).toBe(BOT_KEY);
    expect(describeFailure(error).whatToDo).toBe(BOT_KEY);
    expect(describeFailure(error, "command").whatToDo).toBe(COMMAND_KEY);
    // The bot's own paragraph (its start and its log) keeps the bot's words.
    expect(error.describe()).toBe(`${error.message} ${BOT_KEY} (request id r-401)`);
    expect(error.describe("command")).toContain("then run the command again. If it is,");
    expect(error.describe("command")).toContain("where the bot reads it as well). (request id r-401)");
  });

  it("PostgreSQL refusing the care record's user: restart Kennel Desk, or run the command again", async () => {
    const error = await pgRefused();
    expect(describeFailure(error, "bot").whatToDo).toBe(`${PG_REFUSED} restart Kennel Desk.`);
    expect(describeFailure(error, "command").whatToDo).toBe(`${PG_REFUSED} run the command again.`);
    expect(describeFailure(error, "command").exitCode).toBe(3);
    expect(error.toJSON().hint).toBe(`${PG_REFUSED} restart Kennel Desk.`);
  });

  it.each([
    new NotFoundError("booking with reference ABC-1"),
    new UnreachableError("https://api.example", "connection refused"),
    new WrongAddressError("it answered with a web page"),
    new ServerError(503),
    new RateLimitedError(30),
    new BadRequestError("page_size must be 100 or less", { status: 400 }),
    new InvalidResponseError("bookings[0].id is missing"),
    new ResponseTooLargeError(8 * 1024 * 1024),
    new StoreError("full", "The disk is full.", "Free some space, then try again.", "/tmp/x"),
  ])("%s: the same words on every surface, as the error gives them", (error) => {
    const bot = describeFailure(error, "bot");
    expect(describeFailure(error, "command")).toEqual(bot);
    expect(bot.whatToDo).toBe(error.hint("bot"));
    expect(bot.whatToDo).not.toMatch(/restart|run the command again/);
  });
});

describe("the status check's what to do, worded for the surface", () => {
  const report = (state: "ok" | "unreachable" | "wrong_address" | "key_rejected") => ({
    state,
    baseUrl: "https://api.example/api/v1",
    requestId: undefined,
    error: undefined,
    durationMs: 1,
  });
  const ENV_FILE = "in the environment (or in the .env file of the folder the command runs in)";

  it("a rejected key and an address that leads elsewhere: the bot's words as before; a command's say where to fix it and to run it again", () => {
    expect(describeStatus(report("key_rejected"), "bot").action).toBe(BOT_KEY);
    expect(describeStatus(report("key_rejected"), "command").action).toBe(COMMAND_KEY);
    expect(describeStatus(report("wrong_address"), "bot").action).toBe(
      "Whoever installed Kennel Desk should check KENNEL_API_BASE_URL: the API's https:// address including /api/v1.",
    );
    expect(describeStatus(report("wrong_address"), "command").action).toBe(
      `Check KENNEL_API_BASE_URL ${ENV_FILE}: the API's https:// address including /api/v1, then run the command again.`,
    );
  });

  it("ok: the same words on every surface", () => {
    expect(describeStatus(report("ok"), "command")).toEqual(describeStatus(report("ok"), "bot"));
  });

  it("not reached: the address is named with the connection (a wrong port, host or scheme looks the same); a command is run again", () => {
    const command = describeStatus(report("unreachable"), "command").action;
    expect(command).toContain(`Check KENNEL_API_BASE_URL ${ENV_FILE} (its host, port and https)`);
    expect(command).toContain("then run the command again");
    expect(command).not.toMatch(/restart Kennel Desk|quote the request id/);
    const bot = describeStatus(report("unreachable"), "bot").action;
    expect(bot).toContain("KENNEL_API_BASE_URL");
    expect(bot).toContain("quote the request id, when one is given");
  });
});

describe("the words as each surface sends them", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 13, customers: 20, today: "2026-11-22", timezone: "Europe/London" });
  });
  afterAll(() => sandbox.close());

  it("Slack: a failure's answer and /kennel status say to restart Kennel Desk", async () => {
    const blocks = JSON.stringify(failureMessage(describeFailure(new AuthenticationError())).blocks);
    expect(blocks).toContain("then restart Kennel Desk.");
    const bad = await connectInProcess(sandbox, { KENNEL_API_KEY: "kd_live_not_the_key" });
    try {
      const status = await statusAnswer(bad.deps, "bot");
      expect(status.words.action).toBe(BOT_KEY);
      expect(JSON.stringify(statusMessage(status).blocks)).toContain("then restart Kennel Desk.");
    } finally {
      await bad.close();
    }
  });

  it("the connector: a tool's failure and check_api_status keep the bot's words", async () => {
    const bad = await connectInProcess(sandbox, { KENNEL_API_KEY: "kd_live_not_the_key" });
    try {
      const failed = await bad.call("list_pets", {});
      expect(failed.isError).toBe(true);
      expect(textOf(failed)).toContain("and set it as KENNEL_API_KEY, then restart Kennel Desk.");
      const status = await bad.call("check_api_status", {});
      expect((status.structuredContent?.words as { action?: string } | undefined)?.action).toBe(BOT_KEY);
      expect(textOf(status)).not.toContain("run the command again");
    } finally {
      await bad.close();
    }
  });
});
