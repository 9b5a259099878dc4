/**
 * `kennel-desk pet Biscuit` lists the pets as Slack does: the Biscuits in house today first, marked
 * "🏠 in house today", then by name; the same answer and document on both surfaces (in the preview's
 * data, seed 1, 400 customers: fifteen Biscuits, three staying, none on the API's own page 1). A
 * command in a terminal keeps nothing, so it reads today's stays and the pets of those naming the
 * text: a bounded read, never every staying owner's pets (issue 48).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { houseReport } from "../../src/answers/house.ts";
import { petAnswer } from "../../src/answers/records.ts";
import type { Deps } from "../../src/deps.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { petListText } from "../../src/text/index.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";
import { cliRunner } from "./helpers.ts";

const NOW = new Date("2026-11-22T09:00:00Z");
let sandbox: Sandbox;
const run = cliRunner(
  () => sandbox,
  () => NOW,
);

beforeAll(async () => {
  sandbox = await startSandbox({
    seed: 1,
    customers: 400,
    today: "2026-11-22",
    timezone: "Europe/London",
    awkward: true,
  });
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
});

const itemLines = (text: string) => text.split("\n").filter((l) => /pet id \d+/.test(l));

describe("kennel-desk pet NAME, ordered as in Slack", () => {
  it("the Biscuits in house today first, marked, as the bot's list (which knows its house) gives them", async () => {
    // The bot's answer, its house read as the board reads it.
    const bot: Deps = sandboxDeps(sandbox, { now: () => NOW });
    const house = await houseReport(bot, "2026-11-22", { wholeDay: true });
    const staying = house.entries
      .flatMap((e) => e.care?.pets ?? [])
      .filter((p) => /Biscuit/.test(p.pet.name ?? ""));
    expect(staying.length).toBeGreaterThan(0);
    const a = await petAnswer(bot, "Biscuit");
    if (a.type !== "pet_list") throw new Error("a list");
    const slack = petListText(a.list, { color: false, timezone: "Europe/London", thisYear: "2026" });

    const before = sandbox.requests.length;
    const r = await run(["pet", "Biscuit"]);
    expect(r.code).toBe(0);
    const lines = itemLines(r.stdout);
    const marked = lines.filter((l) => l.includes("🏠 in house today"));
    expect(marked).toHaveLength(staying.length);
    expect(lines.slice(0, staying.length)).toEqual(marked);
    for (const p of staying) expect(marked.join("\n")).toContain(`pet id ${p.pet.petId}`);
    // Line for line the bot's list.
    expect(lines).toEqual(itemLines(slack));
    // Bounded: today's stays, the pets of those naming Biscuit, the search's page and its owners.
    const customersPets = sandbox.requests.slice(before).filter((q) => /\/customers\/\d+\/pets/.test(q.path));
    expect(customersPets.length).toBeLessThanOrEqual(10);
  });
});
