/**
 * The care record down while the bot runs (PostgreSQL stopped): /readyz names the store and says it
 * is down, and every command keeps answering. The real Bolt app over HTTP, a throwaway PostgreSQL.
 */
import { afterAll, describe, expect, it } from "vitest";
import { postgresDriver } from "../../src/record/postgres.ts";
import { createStore } from "../../src/record/store.ts";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { commandForm, postSigned } from "../helpers/slack.ts";

const postgres = usePostgres();
let h: Harness | undefined;
afterAll(async () => {
  await h?.close();
  await h?.record.close();
});

async function readyz(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}/readyz`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe.skipIf(!postgres.available)("the care record down", () => {
  it("/readyz says the care record is not ready (never its host, port or error); the commands keep answering", async () => {
    const server = await postgres.ownServer();
    // Connecting may take 5 s (the bot waits 3 s; 1 s failed the first connection under CI's
    // load): a server stopped refuses at once, so /readyz below says so without waiting on it.
    const record = createStore(postgresDriver({ url: new URL(server.url), connectTimeoutMs: 5000 }), {
      now: () => new Date(),
    });
    await record.ready();
    h = await startHarness({ record });
    const up = await readyz(h.url);
    expect(up.status).toBe(200);
    // Which part, never where: no host, port or database (it may answer on an address others reach).
    expect(up.body.store).toEqual({ ok: true, engine: "postgres" });

    server.stop();
    const down = await readyz(h.url);
    expect(down.status).toBe(503);
    expect(down.body.state).toBe("store_unavailable");
    expect(down.body.notReady).toEqual(["care_record"]);
    expect(down.body.message).toBe("Not ready: the care record: cannot be used now.");
    expect(down.body.store).toEqual({ ok: false, engine: "postgres" });
    expect(JSON.stringify(down.body)).not.toContain(new URL(server.url).port);
    expect(JSON.stringify(down.body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|cannot be reached/);

    const { form, id } = commandForm(h.slack, { command: "/arrivals", text: "today" });
    const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
    expect(res.status).toBe(200);
    const harness = h;
    await harness.slack.waitFor(() =>
      harness.slack.responsesFor(id).some((r) => !String(r.body.text ?? "").includes("Looking up")),
    );
    const answer = harness.slack.responsesFor(id).at(-1);
    expect(JSON.stringify(answer?.body)).toMatch(/arriv/i);
  }, 60_000);
});
