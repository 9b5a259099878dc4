/**
 * The kennel API's failures as every surface says them (the connector, Slack, the terminal), from
 * the one description (src/kennel/errors.ts, src/answers/failure.ts):
 * - another server at KENNEL_API_BASE_URL (JSON 404 with no code not_found): a wrong address with
 *   what to set, never "No pet with id 5570 was found. Check the id.", for one record as for a list;
 * - a record not found says its request id in its text;
 * - the status check names a 429 as being asked to slow down and a 500 as the API failing, never
 *   "cannot be reached… check the internet connection".
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeFailure } from "../../src/answers/failure.ts";
import { bookingView, petView } from "../../src/answers/records.ts";
import { failureMessage } from "../../src/blocks/notice.ts";
import { runCli } from "../../src/cli/index.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { connectInProcess, textOf } from "../mcp/harness.ts";

let sandbox: Sandbox;
let other: Server;
let otherUrl: string;
/** What the other server answers: a JSON 404 with no code (a wrong path, a proxy), a 429 or a 500. */
let answer: { status: number; headers?: Record<string, string> } = { status: 404 };

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21, customers: 6, today: "2026-11-22", timezone: "Europe/London" });
  other = createServer((_req, res) => {
    res
      .writeHead(answer.status, {
        "content-type": "application/json",
        "x-request-id": `other-${answer.status}`,
        ...answer.headers,
      })
      .end(JSON.stringify({ message: "Not Found" }));
  });
  await new Promise<void>((r) => other.listen(0, "127.0.0.1", r));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/api/v1`;
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
  await new Promise<void>((r) => other.close(() => r()));
});

const WRONG = "KENNEL_API_BASE_URL does not seem to point at the kennel API";

describe("another server at the address (JSON 404, no code not_found)", () => {
  it("the connector: one record's tools say the address is wrong, with what to set and the request id", async () => {
    answer = { status: 404 };
    const c = await connectInProcess(sandbox, { KENNEL_API_BASE_URL: otherUrl });
    try {
      for (const [tool, args] of [
        ["get_pet", { petId: 5570 }],
        ["get_booking", { id: 100004 }],
        ["get_booking", { reference: "HP-DK4Q7M" }],
        ["get_customer", { customerId: 1384 }],
        ["list_customer_pets", { customerId: 1384 }],
        ["list_bookings", {}],
      ] as const) {
        const r = await c.call(tool, args);
        expect(r.isError, tool).toBe(true);
        const text = textOf(r);
        expect(text, tool).toContain(WRONG);
        expect(text, tool).toContain("Set KENNEL_API_BASE_URL to the API's address including /api/v1");
        expect(text, tool).toContain("Request id: other-404");
        expect(text, tool).not.toMatch(/was found|Check the id/);
        expect(r.structuredContent?.kind, tool).toBe("kennel_api");
        expect(r.structuredContent?.apiError, tool).toBe("wrong_address");
      }
    } finally {
      await c.close();
    }
  });

  it("Slack: /pet ID and /booking say the same", async () => {
    answer = { status: 404 };
    const c = await connectInProcess(sandbox, { KENNEL_API_BASE_URL: otherUrl });
    try {
      for (const ask of [() => petView(c.deps, 5570), () => bookingView(c.deps, "HP-DK4Q7M")]) {
        const f = describeFailure(await ask().catch((e: unknown) => e));
        expect(f.kind).toBe("kennel_api");
        const blocks = JSON.stringify(failureMessage(f).blocks);
        expect(blocks).toContain(WRONG);
        expect(blocks).toContain("other-404");
        expect(blocks).not.toMatch(/was found|Check the id/);
      }
    } finally {
      await c.close();
    }
  });

  it("the terminal: `pet 5570` and `booking REF` say the same, exit 3", async () => {
    answer = { status: 404 };
    for (const args of [
      ["pet", "5570"],
      ["booking", "HP-DK4Q7M"],
      ["customer", "1384"],
    ]) {
      let stderr = "";
      const code = await runCli(args, {
        env: {
          KENNEL_API_KEY: sandbox.keys.main,
          KENNEL_API_BASE_URL: otherUrl,
          KENNEL_TIMEZONE: "Europe/London",
        },
        io: { stdout: { write: () => true }, stderr: { write: (s: string) => (stderr += s) } },
        clock: { now: () => new Date("2026-11-22T10:00:00Z") },
      });
      expect(code, args.join(" ")).toBe(3);
      expect(stderr).toContain(WRONG);
      expect(stderr).toContain("Request id: other-404");
      expect(stderr).not.toMatch(/was found|Check the id/);
    }
  });
});

it("a record not found: its request id in the connector's text, not only in its data", async () => {
  const c = await connectInProcess(sandbox);
  try {
    for (const [tool, args] of [
      ["get_pet", { petId: 99999999 }],
      ["get_booking", { id: 99999999 }],
      ["get_customer", { customerId: 99999999 }],
    ] as const) {
      const r = await c.call(tool, args);
      expect(r.isError, tool).toBe(true);
      const f = r.structuredContent as { kind?: string; requestId?: string } | undefined;
      expect(f?.kind, tool).toBe("not_found");
      expect(textOf(r), tool).toMatch(/was found\./);
      expect(textOf(r), tool).toContain(`Request id: ${f?.requestId} (quote it to support)`);
    }
  } finally {
    await c.close();
  }
});

describe("the status check on an API that answers but refuses or fails", () => {
  it.each([
    [
      429,
      { "retry-after": "1" },
      /is up, but asked Kennel Desk to slow down \(HTTP 429/,
      /Wait a second and try again/,
    ],
    [
      500,
      {},
      /answered at this address, but is failing on its side \(HTTP 500\)/,
      /try again in a few minutes/,
    ],
  ])(
    "%i: check_api_status and `kennel-desk status` name it, with the request id",
    async (status, headers, headline, action) => {
      answer = { status, headers };
      const c = await connectInProcess(sandbox, { KENNEL_API_BASE_URL: otherUrl });
      try {
        const text = textOf(await c.call("check_api_status", {}));
        expect(text).toMatch(headline);
        expect(text).toMatch(action);
        expect(text).toContain(`other-${status}`);
        expect(text).not.toMatch(/cannot be reached|internet connection/);
      } finally {
        await c.close();
      }
      let stdout = "";
      await runCli(["status"], {
        env: {
          KENNEL_API_KEY: sandbox.keys.main,
          KENNEL_API_BASE_URL: otherUrl,
          KENNEL_TIMEZONE: "Europe/London",
        },
        io: { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: () => true } },
        clock: { now: () => new Date("2026-11-22T10:00:00Z") },
      });
      expect(stdout).toMatch(headline);
      expect(stdout).toMatch(action);
      expect(stdout).not.toMatch(/cannot be reached|internet connection/);
    },
  );
});
