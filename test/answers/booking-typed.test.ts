/**
 * `/booking` and `kennel-desk booking` take a reference as staff type it: in small letters
 * ("hp-dk4q7m": asked as typed, then in capitals), inside quotes or backticks (copied from a list or
 * a chat: "HP-DK4Q7M", `HP-DK4Q7M`, “HP-DK4Q7M”), a reference with a space inside quotes ("HP/TWU
 * XE"); a reference not found is said once, never with its quotes doubled.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingView } from "../../src/answers/records.ts";
import type { Deps } from "../../src/deps.ts";
import { NotFoundError } from "../../src/kennel/errors.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";

let sandbox: Sandbox;
let deps: Deps;
const REF = "HP-DK4Q7M";
const SPACED = "HP/TWU XE";

beforeAll(async () => {
  sandbox = await startSandbox({
    seed: 1,
    customers: 400,
    today: "2026-11-22",
    timezone: "Europe/London",
    awkward: true,
  });
  deps = sandboxDeps(sandbox, { now: () => new Date("2026-11-22T09:00:00Z") });
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
});

const reference = async (typed: string) => (await bookingView(deps, typed)).booking.reference;

describe("a booking reference as typed", () => {
  it.each([
    REF,
    REF.toLowerCase(),
    "Hp-Dk4q7M",
    `"${REF}"`,
    `\`${REF}\``,
    `“${REF}”`,
    `'${REF}'`,
    `\`\`\`${REF}\`\`\``,
    ` "${REF.toLowerCase()}" `,
  ])("%s finds HP-DK4Q7M", async (typed) => {
    expect(await reference(typed)).toBe(REF);
  });

  it("a reference with a space, inside quotes", async () => {
    expect(await reference(`"${SPACED}"`)).toBe(SPACED);
    expect(await reference(SPACED.toLowerCase())).toBe(SPACED);
  });

  it("one not found: said once, its quotes never doubled, after one try in capitals at most", async () => {
    const before = sandbox.requests.length;
    const error = await bookingView(deps, '"hp-nope99"').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toBe('No booking with reference "hp-nope99" was found.');
    expect(sandbox.requests.length - before).toBe(2);
    // A quote left at one end only is not part of the reference either.
    const lone = await bookingView(deps, '"HP-NOPE98').catch((e: unknown) => e);
    expect((lone as Error).message).toBe('No booking with reference "HP-NOPE98" was found.');
  });
});
