/**
 * The assistant connector's tools: the SDK's own client calls the real server (in-process, over a
 * linked transport) against the sandbox. The tool list is exactly the thirteen, each tool answers,
 * bad input and every failure are tool errors in one shape with the request id.
 * (test/mcp/stdio.test.ts runs `kennel-desk mcp` as a child process: standard output, settings.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOOL_NAMES } from "../../src/mcp/server.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { type Connected, connectInProcess, type Result, textOf } from "./harness.ts";

let sandbox: Sandbox;
let main: Connected;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 13, customers: 80, today: "2026-11-22", timezone: "Europe/London" });
  main = await connectInProcess(sandbox);
});
afterAll(async () => {
  await main.close();
  await sandbox.close();
});

const failureOf = (r: Result) => (r.structuredContent ?? {}) as Record<string, unknown>;

describe("the tool list", () => {
  it("is exactly the spec's eleven and the care day's two, each read-only, described, with an input schema", async () => {
    const { tools } = await main.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["list_in_house", "get_round"]));
    for (const t of tools) {
      expect(t.annotations?.readOnlyHint, t.name).toBe(true);
      expect(t.annotations?.destructiveHint, t.name).toBe(false);
      expect((t.description ?? "").length, t.name).toBeGreaterThan(30);
      expect(t.inputSchema.type).toBe("object");
    }
    const getBooking = tools.find((t) => t.name === "get_booking");
    expect(Object.keys(getBooking?.inputSchema.properties ?? {}).sort()).toEqual(["id", "reference"]);
    const listBookings = tools.find((t) => t.name === "list_bookings");
    expect(listBookings?.inputSchema.properties).toHaveProperty("pageSize");
  });

  it("the day tools take a page, and say what the list leaves out; list_bookings says it is the plain list", async () => {
    const { tools } = await main.client.listTools();
    for (const name of ["list_arrivals", "list_departures"]) {
      const t = tools.find((x) => x.name === name);
      expect(Object.keys(t?.inputSchema.properties ?? {}).sort(), name).toEqual(["date", "page"]);
      expect(t?.description, name).toMatch(
        /Cancelled, no-show and waitlisted bookings are left out of the list and counted/,
      );
    }
    expect(tools.find((t) => t.name === "list_bookings")?.description).toMatch(
      /plain search.*every status is included/,
    );
    const getPet = tools.find((t) => t.name === "get_pet")?.description ?? "";
    expect(getPet).toMatch(/its own midday and evening instructions/);
    expect(getPet).not.toMatch(/morning, midday and evening instructions/);
  });
});

describe("every tool answers", () => {
  it.each(TOOL_NAMES.map((n) => [n]))("%s", async (name) => {
    const booking = sandbox.main.bookings.find((b) => !String(b.reference).includes("/")) as Record<
      string,
      unknown
    >;
    const pet = sandbox.main.pets.find((p) => !p.deleted) as Record<string, unknown>;
    const args: Record<string, Record<string, unknown>> = {
      list_bookings: { from: "2026-11-22", to: "2026-11-23", status: "confirmed", pageSize: 5 },
      get_booking: { reference: String(booking.reference) },
      list_arrivals: { date: "2026-11-22" },
      list_departures: { date: sandbox.data.busyDays[0] as string },
      list_customers: { search: String(sandbox.main.customers[2]?.secondname), pageSize: 5 },
      get_customer: { customerId: booking.customerId as number },
      list_customer_pets: { customerId: booking.customerId as number },
      list_customer_bookings: { customerId: booking.customerId as number, page: 1, pageSize: 2 },
      list_pets: { name: String(pet.name), species: String(pet.petType) },
      get_pet: { petId: pet.petId as number },
      check_api_status: {},
      list_in_house: { date: sandbox.data.busyDays[0] as string },
      get_round: { round: "evening", date: "2026-11-22" },
      get_care_plan: { booking: String(booking.reference) },
    };
    const r = await main.call(name, args[name]);
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(textOf(r).length).toBeGreaterThan(10);
    expect(r.structuredContent).toBeDefined();
    const data = r.structuredContent ?? {};
    const report = (data.report ?? {}) as Record<string, unknown>;
    expect(data.requestId ?? report.requestId).toMatch(/^sbx-/);
    expect(JSON.stringify(r)).not.toContain(sandbox.keys.main);
  });

  it("paged tools say page, pageSize, totalRecords, totalPages and how to get the next page", async () => {
    const r = await main.call("list_bookings", { pageSize: 10 });
    expect(r.structuredContent).toMatchObject({ page: 1, pageSize: 10 });
    expect(r.structuredContent?.totalRecords).toBe(sandbox.main.bookings.length);
    expect(r.structuredContent?.totalPages).toBe(Math.ceil(sandbox.main.bookings.length / 10));
    expect(textOf(r)).toMatch(
      /Page 1 of \d+ \(page size 10, \d+ bookings in all\)\. Ask for page 2 for more\./,
    );
  });

  it("list_pets names each pet's owner, so same-named pets can be told apart", async () => {
    const pet = sandbox.main.pets.find((p) => !p.deleted && p.customerId !== undefined) as Record<
      string,
      unknown
    >;
    const owner = sandbox.main.customers.find((c) => c.customerId === pet.customerId) as Record<
      string,
      unknown
    >;
    const r = await main.call("list_pets", { name: String(pet.name) });
    const items = (r.structuredContent?.items ?? []) as Array<{ pet: { petId: number }; owner?: string }>;
    const mine = items.find((i) => i.pet.petId === pet.petId);
    expect(mine?.owner).toBe(`${owner.firstname} ${owner.secondname}`);
  });

  it("get_booking by id gives the full booking with its care; with neither id nor reference it is a usage error", async () => {
    const b = sandbox.main.bookings[3] as Record<string, unknown>;
    const r = await main.call("get_booking", { id: b.bookingId as number });
    const data = r.structuredContent ?? {};
    expect(((data.booking ?? {}) as Record<string, unknown>).roomName).toBe(b.roomName ?? undefined);
    expect(data.full).toBe(true);
    expect(["matched", "not_matched", "no_customer"]).toContain((data.care as { status: string }).status);
    const neither = await main.call("get_booking", {});
    expect(neither.isError).toBe(true);
    expect(textOf(neither)).toMatch(/exactly one of id or reference/);
    expect(failureOf(neither).kind).toBe("usage");
    const both = await main.call("get_booking", { id: 1, reference: "HP-1" });
    expect(both.isError).toBe(true);
  });

  it("get_booking by an id that is no booking's: not found, asked as an id only (never as a reference)", async () => {
    const before = sandbox.requests.length;
    const r = await main.call("get_booking", { id: 987654321 });
    expect(r.isError).toBe(true);
    expect(failureOf(r).kind).toBe("not_found");
    const asked = sandbox.requests.slice(before).map((q) => q.path);
    expect(asked.some((p) => p.endsWith("/bookings/987654321"))).toBe(true);
    expect(asked.some((p) => p.includes("/reference/"))).toBe(false);
  });

  it("invalid input (page 0, a bad date, pageSize 500, a word for an id) is a usage error, with no API call", async () => {
    const before = sandbox.requests.length;
    for (const [name, args, field] of [
      ["list_bookings", { page: 0 }, "page"],
      ["list_arrivals", { date: "2026-02-30" }, "date"],
      ["list_pets", { pageSize: 500 }, "pageSize"],
      ["get_pet", { petId: "seven" }, "petId"],
      ["list_departures", { page: 0 }, "page"],
    ] as const) {
      const r = await main.call(name, args as Record<string, unknown>);
      expect(r.isError, name).toBe(true);
      const f = failureOf(r);
      expect(f.kind, name).toBe("usage");
      expect(String(f.what), name).toContain(`The input to ${name} is not valid: ${field}`);
      expect(f.whatToDo, name).toMatch(/Correct the input/);
      expect(textOf(r), name).toBe(`⚠️ ${f.what}\n${f.whatToDo}`);
    }
    expect(sandbox.requests.length).toBe(before);
  });

  it.each([
    ["get_booking", { reference: "HP-\ud800" }, "reference"],
    ["get_booking", { reference: "\udc00" }, "reference"],
    ["list_pets", { name: "Bis\ud83dcuit" }, "name"],
    ["list_bookings", { search: "a\udfffb" }, "search"],
    ["list_customers", { search: "\ud800" }, "search"],
    ["list_arrivals", { date: "2026-11-2\ud800" }, "date"],
  ] as const)(
    "a lone surrogate in %s's input is a bad-request answer, never 'URI malformed'",
    async (name, args, field) => {
      const before = sandbox.requests.length;
      const r = await main.call(name, args);
      expect(r.isError).toBe(true);
      const f = failureOf(r);
      expect(f.kind).toBe("usage");
      expect(String(f.what)).toContain(`${field}: contains a broken character`);
      expect(textOf(r)).not.toMatch(/URI malformed|unexpected/i);
      expect(sandbox.requests.length).toBe(before);
    },
  );
});

describe("errors are tool errors in one shape, with the client's request id", () => {
  it("not found", async () => {
    const r = await main.call("get_booking", { reference: "NOPE-1" });
    expect(r.isError).toBe(true);
    const f = failureOf(r);
    expect(f.kind).toBe("not_found");
    expect(f.requestId).toBe(sandbox.requests.at(-1)?.requestId);
    // Its line, its hint and the request id to quote, in the text too (spec, Errors).
    expect(textOf(r)).toBe(`⚠️ ${f.what}\n${f.whatToDo}\nRequest id: ${f.requestId} (quote it to support)`);
    expect(textOf(r)).toMatch(
      /^⚠️ No booking with reference "NOPE-1" was found\.\nCheck the reference or id\.\nRequest id: /,
    );
  });

  it("an API that echoes the key as its request id: the tool error shows the id the client sent, never the key", async () => {
    const key = sandbox.keys.main;
    const sent: string[] = [];
    const echoing: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const id = request.headers.get("x-request-id");
      if (id) sent.push(id);
      const answer = await fetch(request);
      const body = (await answer.text()).replace(/"requestId":"[^"]*"/, `"requestId":"echo-${key}"`);
      const headers = new Headers(answer.headers);
      headers.set("x-request-id", `echo-${key}`);
      return new Response(body, { status: answer.status, headers });
    };
    const echo = await connectInProcess(sandbox, {}, echoing);
    sandbox.setFaults({ errorRate: 1 });
    try {
      const r = await echo.call("get_pet", { petId: 1 });
      expect(r.isError).toBe(true);
      expect(JSON.stringify(r)).not.toContain(key);
      expect(echo.lines.join("\n")).not.toContain(key);
      expect(sent).toContain(failureOf(r).requestId);
      expect(textOf(r)).toContain(`Request id: ${failureOf(r).requestId} (quote it to support)`);
    } finally {
      sandbox.setFaults({});
      await echo.close();
    }
  });

  it.each([
    ["server error", { errorRate: 1 }, "server_error", /had a problem on its side/],
    ["rate limited", { rateLimitRate: 1, retryAfterSeconds: 0 }, "rate_limited", /too many requests/],
    ["invalid response", { malformedRate: 1 }, "invalid_response", /could not read/],
    ["wrong address", { wrongAddress: true }, "wrong_address", /does not seem to point at the kennel API/],
    ["timeout", { hangRate: 1 }, "timeout", /did not answer within 2 s/],
  ] as const)(
    "%s",
    async (_name, faults, apiError, words) => {
      sandbox.setFaults(faults);
      try {
        const r = await main.call("list_departures", { date: "2026-11-24" });
        expect(r.isError).toBe(true);
        expect(textOf(r)).toMatch(words);
        const f = failureOf(r);
        expect(f.kind).toBe("kennel_api");
        expect(f.apiError).toBe(apiError);
        expect(Object.keys(f)).toEqual(expect.arrayContaining(["kind", "what", "whatToDo", "requestId"]));
        if (apiError !== "timeout") expect(f.requestId).toMatch(/^sbx-/);
      } finally {
        sandbox.setFaults({});
      }
    },
    20_000,
  );

  it("key rejected, and check_api_status tells the states apart", async () => {
    const bad = await connectInProcess(sandbox, { KENNEL_API_KEY: "kd_live_not_the_key" });
    try {
      const r = await bad.call("list_pets", {});
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/rejected the API key[\s\S]*generate a new key/);
      const status = await bad.call("check_api_status", {});
      expect((status.structuredContent?.report as { state?: string })?.state).toBe("key_rejected");
      expect((status.structuredContent?.words as { ok?: boolean })?.ok).toBe(false);
    } finally {
      await bad.close();
    }
    sandbox.setFaults({ wrongAddress: true });
    try {
      const status = await main.call("check_api_status", {});
      expect((status.structuredContent?.report as { state?: string })?.state).toBe("wrong_address");
    } finally {
      sandbox.setFaults({});
    }
    const down = await connectInProcess(sandbox, { KENNEL_API_BASE_URL: "http://127.0.0.1:9/api/v1" });
    try {
      const status = await down.call("check_api_status", {});
      expect((status.structuredContent?.report as { state?: string })?.state).toBe("unreachable");
      const r = await down.call("get_pet", { petId: 1 });
      expect(r.isError).toBe(true);
      expect(failureOf(r).apiError).toBe("unreachable");
    } finally {
      await down.close();
    }
  }, 60_000);
});

describe("settings", () => {
  it("KENNEL_RAW_RESPONSES=1 carries the API's JSON unchanged", async () => {
    const raw = await connectInProcess(sandbox, { KENNEL_RAW_RESPONSES: "1" });
    try {
      const pet = sandbox.main.pets[0] as Record<string, unknown>;
      const r = await raw.call("get_pet", { petId: pet.petId as number });
      expect(r.structuredContent?.raw).toEqual(pet);
      const day = sandbox.data.busyDays[0] as string;
      const d = await raw.call("list_departures", { date: day });
      const list = d.structuredContent?.raw as Array<Record<string, unknown>>;
      expect(list.length).toBeGreaterThan(0);
      // Unchanged: contacts included (the connector answers only its user), and the counts still said.
      expect(list.some((b) => "customerPhone" in b || "customerEmail" in b)).toBe(true);
      const leftOut = d.structuredContent?.leftOut as { calledOff: number; waitlisted: number };
      expect((d.structuredContent?.counted as number) + leftOut.calledOff + leftOut.waitlisted).toBe(
        list.length,
      );
    } finally {
      await raw.close();
    }
  });
});
