/**
 * The care record when its store fails, from Slack: the SQLite file locked by another writer past
 * its wait, and PostgreSQL stopped. The one who tapped is told "Could not record: … try again"
 * (only them), the message is not changed, nothing is half-written, and every command keeps
 * answering.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { recordAll } from "../../src/blocks/buttons.ts";
import { StoreError } from "../../src/record/errors.ts";
import { postgresDriver } from "../../src/record/postgres.ts";
import { SQLITE_FILE, sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore } from "../../src/record/store.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { scratchRecord, withFaults } from "../helpers/record.ts";
import {
  actionPayload,
  atOnce,
  type Button,
  buttonsOf,
  PAST_ROUNDS,
  postConfirmedRounds,
} from "../helpers/record-slack.ts";
import { commandForm, postSigned } from "../helpers/slack.ts";

const clock = { now: () => new Date("2026-11-22T09:00:00Z") };
const CHANNEL = "C0ROUNDS";
const pg = usePostgres();
const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

async function command(h: Harness, name: string, text: string) {
  const { form, id } = commandForm(h.slack, { command: name, text, channel: CHANNEL });
  h.slack.responseTarget(id, { channel: CHANNEL, user: "U0STAFF" });
  const since = h.slack.timeline.at(-1)?.id ?? 0;
  await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
  await h.slack.waitFor(
    () => h.slack.responsesFor(id).some((r) => !String(r.body.text ?? "").includes("Looking up")),
    20_000,
  );
  return { id, since };
}

/** A round of several messages is posted as a message and its thread (no response_url answer): the message. */
async function roundPost(h: Harness) {
  const [entry] = await postConfirmedRounds(h, CHANNEL, "evening", clock);
  return entry as NonNullable<typeof entry>;
}

/** /rounds while the record cannot be written: the sheet's first message, posted without buttons. */
async function unkeptRoundPost(h: Harness) {
  const since = h.slack.timeline.at(-1)?.id ?? 0;
  const { form, id } = commandForm(h.slack, { command: "/rounds", text: "evening", channel: CHANNEL });
  h.slack.responseTarget(id, { channel: CHANNEL, user: "U0STAFF" });
  await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
  const first = () =>
    h.slack.timeline.find(
      (m) => m.id > since && !m.thread_ts && JSON.stringify(m.blocks ?? []).includes("could not be used"),
    );
  await h.slack.waitFor(() => first() !== undefined, 30_000);
  return first();
}

async function tapAndHear(h: Harness, entryId: number, button: Button) {
  const a = actionPayload(h.slack, entryId, button, "U0STAFF");
  await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(a.body) });
  await h.slack.waitFor(() => h.slack.responsesFor(a.responseId).length > 0, 20_000);
  return h.slack.responsesFor(a.responseId).map((r) => r.body);
}

const updates = (h: Harness) => h.slack.api.filter((r) => r.path === "/api/chat.update").length;

describe("the care record unavailable, from Slack", () => {
  it("SQLite locked by another writer: the tapper alone is told, nothing is written, commands keep answering; then it records", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kennel-desk-locked-"));
    folders.push(dir);
    const store: CareRecordStore = createStore(sqliteDriver({ dir, busyTimeoutMs: 300 }), clock);
    const h = await startHarness({ record: store, clock, env: PAST_ROUNDS });
    const lock = new DatabaseSync(join(dir, SQLITE_FILE));
    try {
      const entry = await roundPost(h);
      const p = atOnce(await buttonsOf(store, entry.blocks, recordAll))[0] as Button;
      lock.exec("BEGIN IMMEDIATE");
      lock.exec("DELETE FROM care_entries WHERE id < 0");
      const before = updates(h);
      const [answer] = await tapAndHear(h, entry.id, p);
      expect(answer?.response_type).toBe("ephemeral");
      expect(String(answer?.text)).toMatch(/^⚠️ Could not record: .+ Nothing was written; try again\./);
      expect(updates(h)).toBe(before);
      // Every command keeps answering; /rounds shows the whole sheet, without buttons (its sheet
      // cannot be kept while the record is locked), and says what to do.
      const inhouse = await command(h, "/inhouse", "");
      expect(JSON.stringify(h.slack.responsesFor(inhouse.id).at(-1)?.body)).toContain("In house");
      const again = await unkeptRoundPost(h);
      expect(JSON.stringify(again?.blocks)).toContain(
        "Record this round from the next post, or run /rounds again",
      );
      expect(JSON.stringify(again?.blocks)).not.toContain('"rec_all:');
      lock.exec("ROLLBACK");
      expect(await store.entries({ petId: p.state.p })).toEqual([]);
      // The store back: the same tap records.
      const retry = actionPayload(h.slack, entry.id, p, "U0STAFF");
      await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(retry.body) });
      await h.slack.waitFor(() => updates(h) > before, 10_000);
      expect(await store.entries({ petId: p.state.p })).toHaveLength(p.state.i.length);
    } finally {
      lock.close();
      await h.close();
      await store.close();
    }
  }, 60_000);

  it.skipIf(!pg.available)(
    "PostgreSQL stopped: the tapper alone is told, the message is unchanged, commands keep answering",
    async () => {
      const server = await pg.ownServer();
      const store = createStore(postgresDriver({ url: new URL(server.url), connectTimeoutMs: 5000 }), clock);
      await store.ready();
      const h = await startHarness({ record: store, clock, env: PAST_ROUNDS });
      try {
        const entry = await roundPost(h);
        const p = atOnce(await buttonsOf(store, entry.blocks, recordAll))[0] as Button;
        server.stop();
        const before = updates(h);
        const [answer] = await tapAndHear(h, entry.id, p);
        expect(answer?.response_type).toBe("ephemeral");
        expect(String(answer?.text)).toMatch(/^⚠️ Could not record: .+try again/);
        expect(updates(h)).toBe(before);
        // /rounds still answers: the whole sheet, without buttons (its sheet cannot be kept), and why.
        const again = await unkeptRoundPost(h);
        expect(JSON.stringify(again?.blocks)).toContain("cannot be reached");
        expect(JSON.stringify(again?.blocks)).toContain(
          "Record this round from the next post, or run /rounds again",
        );
        expect(JSON.stringify(again?.blocks)).not.toContain('"rec_all:');
        const inhouse = await command(h, "/inhouse", "");
        expect(JSON.stringify(h.slack.responsesFor(inhouse.id).at(-1)?.body)).toContain("In house");
      } finally {
        await h.close();
        await store.close().catch(() => undefined);
      }
    },
    90_000,
  );
  it("recorded, then the store cannot be read to redraw: the tapper is told it was recorded, never 'not recorded'", async () => {
    const real = scratchRecord(clock);
    let failReads = false;
    // A real store; only its reads fail once the entry is committed (a fault injected, not a mock).
    const store: CareRecordStore = withFaults(real, {
      record: async (entries) => {
        const result = await real.record(entries);
        failReads = true;
        return result;
      },
      entries: async (query) => {
        if (failReads)
          throw new StoreError("unavailable", "The care record cannot be read.", "Try again.", "test");
        return real.entries(query);
      },
    });
    const h = await startHarness({ record: store, clock, env: PAST_ROUNDS });
    try {
      const entry = await roundPost(h);
      const p = atOnce(await buttonsOf(store, entry.blocks, recordAll))[0] as Button;
      const [answer] = await tapAndHear(h, entry.id, p);
      expect(String(answer?.text)).toMatch(/^✅ Recorded for .+, but the post could not be updated just now/);
      expect(await real.entries({ petId: p.state.p })).toHaveLength(p.state.i.length);
    } finally {
      await h.close();
      await real.close();
    }
  }, 60_000);
});
