/** `kennel-desk plan`: a stay's care plans in the terminal, drafted (not kept) and then kept and confirmed. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planNow } from "../../src/answers/plans.ts";
import { bookingView } from "../../src/answers/records.ts";
import { loadConfig } from "../../src/config.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import type { Booking } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import { sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore } from "../../src/record/store.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { confirmAllPlans } from "../helpers/plans.ts";
import { runCommand } from "./helpers.ts";

const TODAY = "2026-11-26";
const NOW = new Date(`${TODAY}T10:00:00Z`);
const dir = mkdtempSync(join(tmpdir(), "kennel-desk-cli-plan-"));
let sandbox: Sandbox;
let reference: string;

const env = () => ({
  KENNEL_API_KEY: sandbox.keys.main,
  KENNEL_API_BASE_URL: sandbox.url,
  KENNEL_DATA_DIR: dir,
  KENNEL_TIMEZONE: "UTC",
  LOG_LEVEL: "silent",
});

async function cli(args: string[]) {
  return runCommand(args, env(), { clock: { now: () => NOW } });
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, customers: 40, today: TODAY, timezone: "UTC" });
  reference = sandbox.data.landmarks.references.demo;
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("kennel-desk plan", () => {
  it("with no record yet: each pet's plan drafted for the answer, said not kept, its unread words whole", async () => {
    const r = await cli(["plan", reference]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Care plans · ${reference}`);
    expect(r.stdout).toContain("📋 plan not confirmed");
    expect(r.stdout).toContain("drafted now from the kennel system's words: kept at the pet's first round");
    // Words the reader is not sure of are shown whole and left to a person.
    expect(r.stdout).toMatch(/Check: .+/);
    expect(r.stdout).toContain('"Cefalexin 500 mg: one capsule every 8 hours until the course is finished"');
    // Each item's rounds on the day, never a round the words do not give.
    expect(r.stdout).toMatch(
      /🗓 Thu 26 Nov: Calmex · morning not this round · midday not this round · evening due: one capsule/,
    );
  });

  it("kept and confirmed: who confirmed it and when, the version kept, the same in --json and by --pet", async () => {
    const config = loadConfig(env());
    const store = createStore(sqliteDriver({ dir }), { now: () => NOW });
    const clock = { now: () => NOW };
    const deps = {
      kennel: createKennelClient(config.kennel as NonNullable<typeof config.kennel>, { log: silentLogger() }),
      log: silentLogger(),
      config,
      clock,
      record: store,
    };
    const view = await bookingView(deps, reference);
    for (const p of view.care.pets) await planNow(deps, view.booking as Booking, p.pet);
    expect(await confirmAllPlans(store, config, clock)).toBe(view.care.pets.length);
    await store.close();

    const r = await cli(["plan", reference]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/✅ plan confirmed · confirmed by Lead Thu 26 Nov 10:00/);
    expect(r.stdout).not.toContain("📋 plan not confirmed");
    expect(r.stdout).toMatch(/version \d+ kept in the care record/);
    expect(r.stdout).toContain("set by Lead");

    const json = await cli(["plan", reference, "--json"]);
    const answer = JSON.parse(json.stdout) as {
      plans: Array<{ petId: number; state: string; kept: boolean }>;
    };
    expect(answer.plans.map((p) => [p.state, p.kept])).toEqual(view.care.pets.map(() => ["confirmed", true]));

    const petId = answer.plans[0]?.petId as number;
    const byPet = await cli(["plan", "--pet", String(petId), "--json"]);
    expect(byPet.code, byPet.stderr).toBe(0);
    expect(JSON.parse(byPet.stdout).plans[0]).toMatchObject({ petId, state: "confirmed", kept: true });
  });

  it("the stay's export carries every version of each plan, with who confirmed it and when (CSV and JSON)", async () => {
    const csv = await cli(["record", "export", "--booking", reference, "--format", "csv"]);
    expect(csv.code, csv.stderr).toBe(0);
    const rows = csv.stdout.split("\r\n").filter((l) => l.includes(",care_plan,"));
    // Each pet: drafted, then set and confirmed (one version a step), the last confirmed by Lead.
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.some((r) => r.includes(",confirmed,") && /Lead \d{4}-\d\d-\d\d/.test(r))).toBe(true);
    expect(rows.some((r) => r.includes(",draft,"))).toBe(true);
    // The summary counts the plan's rows as it counts every other kind written.
    expect(csv.stderr).toContain(`${rows.length} care plan versions`);
    const json = JSON.parse(
      (await cli(["record", "export", "--booking", reference, "--format", "json"])).stdout,
    ) as {
      plans: Array<{ outcome: string; plan: { confirmations: Array<{ userName: string }> } }>;
      welfare: unknown[];
      asNeeded: unknown[];
    };
    // Every key the docs list is there, [] when the stay has none of it.
    expect(json.welfare).toEqual([]);
    expect(json.asNeeded).toEqual([]);
    const confirmed = json.plans.filter((p) => p.outcome === "confirmed");
    expect(confirmed.length).toBeGreaterThan(0);
    expect(confirmed[0]?.plan.confirmations.map((c) => c.userName)).toContain("Lead");
    // The stay's record (as the Stay record button and the printable page) lists the versions too.
    const stay = await cli(["record", "--booking", reference]);
    expect(stay.code, stay.stderr).toBe(0);
    expect(stay.stdout).toMatch(/📋 Care plan, version 1 of \d \(kept Thu 26 Nov.*\): 📋 plan not confirmed/);
    expect(stay.stdout).toMatch(
      /📋 Care plan, version \d of \d \(kept .*\): ✅ plan confirmed · confirmed by Lead Thu 26 Nov/,
    );
  });

  it("bad input: a usage error (exit 2); a pet with no kept plan: not found (exit 1)", async () => {
    expect((await cli(["plan"])).code).toBe(2);
    expect((await cli(["plan", "--pet", "x"])).code).toBe(2);
    const none = await cli(["plan", "--pet", "999999"]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("No kept care plan for pet 999999 was found.");
  });
});
