/**
 * Who gave a dose, when it is not who recorded it: the rules around the record forms' "Given by (if
 * not you)". A high-alert dose's witness is someone other than its giver (not its recorder); the
 * field refuses a guest account, a bot and anyone not a full member, as Kennel Desk knows them; a
 * person never seen is asked of Slack first, a bounded while: no answer in time keeps them by id.
 */
import { describe, expect, it, vi } from "vitest";
import { GIVEN_BY } from "../../src/blocks/record-modal.ts";
import { witnessProblem } from "../../src/domain/witness.ts";
import { readGiver, tellIfNotStaff } from "../../src/listeners/actions/record-giver.ts";
import type { BotDeps } from "../../src/listeners/bot-deps.ts";
import { silentLogger } from "../../src/log.ts";

const NOW = "2026-12-03T08:25:00.000Z";
const dose = {
  outcome: "given" as const,
  userId: "U0JANE",
  recordedAt: "2026-12-03T08:21:00.000Z",
  givenBy: { userId: "U0SAM", name: "Sam" },
};

describe("a high-alert dose given by someone other than who recorded it", () => {
  it("is witnessed by anyone but its giver: its recorder may, its giver may not", () => {
    expect(witnessProblem(dose, true, { userId: "U0SAM", now: NOW })).toBe("self");
    expect(witnessProblem(dose, true, { userId: "U0JANE", now: NOW })).toBeUndefined();
    // Recorded and given by the same person, as before.
    const own = { ...dose, givenBy: undefined };
    expect(witnessProblem(own, true, { userId: "U0JANE", now: NOW })).toBe("self");
  });
});

/** Slack answering a look-up after `ms`: a member. */
const slowOk = (ms: number) => () =>
  new Promise<{ ok: true }>((resolve) => setTimeout(() => resolve({ ok: true }), ms));

function deps(known: Record<string, { refusal?: string; name?: string }>) {
  const check = vi.fn(slowOk(50));
  const access = {
    knownAs: (id: string) => (known[id] ? { refusal: known[id].refusal, name: known[id].name } : undefined),
    check,
  } as unknown as BotDeps["access"];
  return { d: { access, log: silentLogger() }, check };
}

const chose = (user: string) => ({ [GIVEN_BY]: { user: { selected_user: user } } });
const client = {} as never;

describe("the forms' Given by (if not you)", () => {
  it("a guest, a bot, an outsider: refused at the field", async () => {
    const { d } = deps({
      U0G: { refusal: "guest" },
      U0B: { refusal: "bot" },
      U0X: { refusal: "other-team" },
    });
    const guest = await readGiver(d, client, "U0JANE", chose("U0G"));
    expect(guest).toEqual({ ok: false, errors: { [GIVEN_BY]: expect.stringContaining("guest account") } });
    expect(await readGiver(d, client, "U0JANE", chose("U0B"))).toMatchObject({
      ok: false,
      errors: { [GIVEN_BY]: expect.stringContaining("a bot or an app") },
    });
    expect(await readGiver(d, client, "U0JANE", chose("U0X"))).toMatchObject({
      ok: false,
      errors: { [GIVEN_BY]: expect.stringContaining("not a member of this kennel's Slack workspace") },
    });
  });

  it("a member known: their name; oneself or no one: no giver apart; never seen, Slack slow: by id, Slack asked", async () => {
    const { d, check } = deps({ U0SAM: { name: "Sam" } });
    expect(await readGiver(d, client, "U0JANE", chose("U0SAM"))).toEqual({
      ok: true,
      giver: { userId: "U0SAM", name: "Sam" },
    });
    // Oneself: kept as chosen (no giver of another; a correction then carries none).
    expect(await readGiver(d, client, "U0JANE", chose("U0JANE"))).toEqual({
      ok: true,
      giver: { userId: "U0JANE" },
    });
    expect(await readGiver(d, client, "U0JANE", {})).toEqual({ ok: true });
    expect(check).not.toHaveBeenCalled();
    expect(await readGiver(d, client, "U0JANE", chose("U0NIA"), 5)).toEqual({
      ok: true,
      giver: { userId: "U0NIA" },
      notStaff: expect.any(Promise),
    });
    expect(check).toHaveBeenCalledWith(client, "U0NIA", undefined, { home: true });
  });
});

describe("a giver never seen, asked of Slack before the commit", () => {
  it("answered in time: a member named; a guest or a bot refused at the field, nothing written", async () => {
    const seen: Record<string, { refusal?: string; name?: string }> = {};
    const facts: Record<string, { refusal?: string; name?: string }> = {
      U0SAM: { name: "Sam" },
      U0G: { refusal: "guest", name: "Gus" },
      U0B: { refusal: "bot" },
    };
    const access = {
      knownAs: (id: string) => seen[id],
      check: vi.fn(async (_c: unknown, id: string) => {
        seen[id] = facts[id] ?? {};
        return seen[id].refusal ? { ok: false, message: "no" } : { ok: true };
      }),
    } as unknown as BotDeps["access"];
    const d = { access, log: silentLogger() };
    expect(await readGiver(d, client, "U0JANE", chose("U0SAM"))).toEqual({
      ok: true,
      giver: { userId: "U0SAM", name: "Sam" },
    });
    expect(await readGiver(d, client, "U0JANE", chose("U0G"))).toEqual({
      ok: false,
      errors: { [GIVEN_BY]: expect.stringMatching(/^That is a guest account/) },
    });
    expect(await readGiver(d, client, "U0JANE", chose("U0B"))).toMatchObject({
      ok: false,
      errors: { [GIVEN_BY]: expect.stringContaining("a bot or an app") },
    });
  });

  it("not answered within the bound: kept by id, at the bound, not later", async () => {
    const { d } = deps({});
    (d.access.check as ReturnType<typeof vi.fn>).mockImplementation(slowOk(5_000));
    const start = Date.now();
    expect(await readGiver(d, client, "U0JANE", chose("U0NIA"))).toMatchObject({
      ok: true,
      giver: { userId: "U0NIA" },
    });
    expect(Date.now() - start).toBeLessThan(1_500);
  });
});

describe("a giver never seen whom Slack then says is not staff", () => {
  it("the person recording is told privately once the entries are written, never before", async () => {
    const access = {
      knownAs: (id: string) => (id === "U0NIA" ? { refusal: "guest", name: "Nia Obi" } : undefined),
      check: vi.fn(
        () => new Promise((resolve) => setTimeout(() => resolve({ ok: false, message: "guest" }), 30)),
      ),
    } as unknown as BotDeps["access"];
    const d = { access, log: silentLogger() };
    // Never seen when read (knownAs answers only once the check has run).
    let seen = false;
    const read = await readGiver(
      {
        ...d,
        access: { ...access, knownAs: (id: string) => (seen ? access.knownAs(id) : undefined) } as never,
      },
      client,
      "U0JANE",
      chose("U0NIA"),
      5,
    );
    seen = true;
    const told: string[] = [];
    const tell = async (t: string) => void told.push(t);
    tellIfNotStaff(d, read, false, tell);
    tellIfNotStaff(d, read, true, tell);
    await (read.ok ? read.notStaff : undefined);
    await new Promise((r) => setTimeout(r, 0));
    expect(told).toEqual([
      "⚠️ Nia Obi is a guest in this workspace: the record keeps your entry, naming Nia Obi as the giver with that said; correct it if someone else gave it.",
    ]);
  });
});
