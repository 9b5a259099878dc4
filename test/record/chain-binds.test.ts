/**
 * The chain binds what points into it (issue 46, items 6 to 8), on both engines: swapping two ids
 * (triggers dropped and restored) no longer verifies, in the new form and in a record written
 * before it; a record written by the old code still verifies after the upgrade, and retention on it
 * too; a retention row made by hand (its hash computed the public way) unlocks no deletion of
 * today's entries and verify names it; `verify --head` wants 16 hex digits.
 */
import { describe, expect, it } from "vitest";
import type { RecordSettings } from "../../src/config.ts";
import { chainHash, ENTRY_FIELDS, entryContent, logContent, type Row } from "../../src/record/chain.ts";
import type { Driver } from "../../src/record/driver.ts";
import { InvalidEntryError } from "../../src/record/errors.ts";
import { openCareRecord } from "../../src/record/open.ts";
import { postgresDriver } from "../../src/record/postgres.ts";
import { migrationsAfter, SCHEMA_VERSION_TABLE } from "../../src/record/schema.ts";
import { sqliteDriver } from "../../src/record/sqlite.ts";
import type { EntryInput } from "../../src/record/types.ts";
import { runCommand } from "../cli/helpers.ts";
import { juniperEntries, recorded } from "../helpers/record.ts";
import { type RecordEngine, useRecordEngines } from "../helpers/record-engines.ts";

const engines = useRecordEngines("kennel-desk-binds-");
const KENNEL = { origin: "https://api.kennel.example" };
/** The database's own clock is real: the days here are real days, so its rule is what is tested. */
const realClock = { now: () => new Date() };
const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const juniper = juniperEntries("b");
const entry = (date: string, extra: Partial<EntryInput> = {}) =>
  juniper(date, { item: "med:1", itemText: "Tramadol 50 mg", outcome: "given", ...extra });

const open = async (settings: RecordSettings, clock = realClock) =>
  (await openCareRecord(settings, clock, KENNEL)).store;

/** Two ids swapped behind Kennel Desk's back (each row keeps its content and hashes). */
async function swapIds(engine: RecordEngine, settings: RecordSettings, table: string, a: number, b: number) {
  const raw = engine.raw(settings);
  await raw(`UPDATE ${table} SET id = -1 WHERE id = ?`, [a]);
  await raw(`UPDATE ${table} SET id = ? WHERE id = ?`, [a, b]);
  await raw(`UPDATE ${table} SET id = ? WHERE id = -1`, [b]);
}

describe.each(engines)("the chain binds ids ($name)", (engine) => {
  /** A new record on this engine: its settings and its store. */
  const fresh = async () => {
    const settings = await engine.settings();
    return { settings, store: await open(settings) };
  };
  it.skipIf(engine.skip)("swapping two entries' ids moves a witness, and verify finds it", async () => {
    const { settings, store } = await fresh();
    const witnessed = await recorded(store, entry("2026-11-20"));
    const other = await recorded(store, entry("2026-11-20", { petId: 4, petName: "Fern" }));
    await store.append({
      kind: "witness",
      date: "2026-11-20",
      bookingId: 7,
      petId: 3,
      requestKey: `witness:${witnessed.id}`,
      body: { entryId: witnessed.id, userName: "Sam" },
    });
    expect(await store.verify()).toMatchObject({ ok: true, rows: 3 });
    await store.close();
    await swapIds(engine, settings, "care_entries", witnessed.id, other.id);
    const again = await open(settings);
    // The witness now names Fern's dose: her entry no longer matches its hash.
    const result = await again.verify();
    expect(result).toMatchObject({ ok: false, problem: "changed", at: witnessed.seq });
    await again.close();
  });

  it.skipIf(engine.skip)(
    "a record written before the ids were hashed still verifies, and two of its ids swapped do not",
    async () => {
      const settings = await engine.settings();
      const old = await schema3Record(settings);
      const store = await open(settings, { now: () => new Date("2026-11-24T08:00:00Z") });
      expect(await store.verify()).toMatchObject({ ok: true, rows: 4 });
      // New rows follow in the new form, after the old ones, and the whole chain verifies.
      await recorded(store, entry("2026-11-24", { petId: 9 }));
      expect(await store.verify()).toMatchObject({ ok: true, rows: 5 });
      // Retention over the old rows: its entry keeps the last one removed, in its old form.
      await store.purge("2026-11-03", { days: 20, today: "2026-11-24" });
      expect(await store.verify()).toMatchObject({ ok: true, removedThrough: 2 });
      await store.close();
      // The last old entry left and the new one cannot be swapped.
      expect(old.entryIds).toHaveLength(3);
      const [a, b] = (await engine.rows(settings, "SELECT id FROM care_entries ORDER BY seq")).map((r) =>
        Number(r.id),
      );
      await swapIds(engine, settings, "care_entries", a as number, b as number);
      const again = await open(settings);
      expect(await again.verify()).toMatchObject({ ok: false });
      await again.close();
    },
  );

  it.skipIf(engine.skip)("two old rows' ids swapped: verify names the ids", async () => {
    const settings = await engine.settings();
    const old = await schema3Record(settings);
    await swapIds(engine, settings, "care_entries", old.entryIds[0] as number, old.entryIds[1] as number);
    const store = await open(settings, { now: () => new Date("2026-11-24T08:00:00Z") });
    const result = await store.verify();
    expect(result).toMatchObject({ ok: false, problem: "ids", at: 2 });
    expect(!result.ok && result.what).toMatch(/ids were swapped or renumbered/);
    await store.close();
  });

  it.skipIf(engine.skip)(
    "a hand-made retention row unlocks no deletion of today's entries, and verify finds it",
    async () => {
      const today = dayOf(Date.now());
      const variants = [
        { days: 1095, before: dayOf(Date.now() + DAY), why: /cut-off .* less than its 1095 days/ },
        { days: 1, before: today, removed: true, why: /removed an entry of .*not before its cut-off/ },
        { days: 1, before: today, why: /does not keep the last row it removed/ },
        {
          days: 1095,
          before: today,
          at: new Date(Date.now() + 1100 * DAY).toISOString(),
          why: /in the future/,
        },
      ];
      for (const v of variants) {
        const { settings, store } = await fresh();
        for (const pet of [1, 2, 3]) await recorded(store, entry(today, { petId: pet }));
        await store.append({ kind: "witness", date: today, body: { entryId: 1, userName: "Sam" } });
        // Retention refuses to be asked for it through Kennel Desk.
        await expect(store.purge(dayOf(Date.now() + DAY), { days: 1, today })).rejects.toBeInstanceOf(
          InvalidEntryError,
        );
        const head = await store.head();
        await store.close();
        const row = await handMadeRetention(engine, settings, head, { ...v, through: 3, today });
        // A valid extension of the chain: the database takes it, and refuses to delete all the same.
        await engine.plain(settings)(insertSql("care_log", row), Object.values(row));
        await expect(engine.plain(settings)("DELETE FROM care_entries WHERE seq <= 3")).rejects.toThrow(
          /older than its period/,
        );
        // Deleted behind its back: verify says the retention row does not keep the rule.
        await engine.raw(settings)("DELETE FROM care_entries WHERE seq <= 3");
        const again = await open(settings);
        const result = await again.verify();
        expect(result, String(v.why)).toMatchObject({ ok: false, problem: "retention", at: row.seq });
        expect(!result.ok && result.what).toMatch(v.why);
        await again.close();
      }
    },
  );

  it.skipIf(engine.skip)(
    "a retention row in the old form after the new one is refused by verify",
    async () => {
      const { settings, store } = await fresh();
      const old = dayOf(Date.now() - 40 * DAY);
      await recorded(store, entry(old));
      await recorded(store, entry(old, { petId: 4 }));
      const head = await store.head();
      await store.close();
      const row = await handMadeRetention(engine, settings, head, {
        days: 1,
        before: dayOf(Date.now() - 30 * DAY),
        through: 1,
        today: dayOf(Date.now()),
        form: null,
      });
      await engine.raw(settings)(insertSql("care_log", row), Object.values(row));
      await engine.raw(settings)("DELETE FROM care_entries WHERE seq <= 1");
      const again = await open(settings);
      // Its link and its rule hold; its form, after a row in the new one, does not.
      expect(await again.verify()).toMatchObject({ ok: false, problem: "form", at: 3 });
      await again.close();
    },
  );
});

describe("record verify --head", () => {
  async function cli(args: string[], env: Record<string, string>) {
    return runCommand(
      args,
      { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", ...env },
      { clock: realClock },
    );
  }

  it("takes at least 16 hex digits of a head (64 bits), and says so for fewer", async () => {
    const settings = await (engines[0] as RecordEngine).settings();
    const store = await open(settings);
    await recorded(store, entry("2026-11-20"));
    const head = await store.head();
    await store.close();
    const env = { KENNEL_DATA_DIR: (settings as { dataDir: string }).dataDir };
    const four = await cli(["record", "verify", "--head", `#${head.seq} · ${head.hash.slice(0, 4)}`], env);
    expect(four.code).toBe(2);
    expect(four.stderr).toContain("at least 16 hex digits of the hash (64 bits)");
    const twelve = await cli(
      ["record", "verify", "--head", `#${head.seq} · ${head.hash.slice(0, 12)}…`],
      env,
    );
    expect(twelve.code).toBe(2);
    const sixteen = await cli(
      ["record", "verify", "--head", `#${head.seq} · ${head.hash.slice(0, 16)}…`],
      env,
    );
    expect(sixteen.code).toBe(0);
    expect(sixteen.stdout).toContain(
      `passes through the head printed before (#${head.seq} · ${head.hash.slice(0, 16)}…)`,
    );
    const whole = await cli(["record", "verify", "--head", `#${head.seq} sha256 ${head.hash}`], env);
    expect(whole.code).toBe(0);
    const other = `${head.hash.slice(0, 15)}${head.hash[15] === "0" ? "1" : "0"}`;
    const typo = await cli(["record", "verify", "--head", `#${head.seq} · ${other}`], env);
    expect(typo.code).toBe(1);
    // One digit mistyped reads the same as a rewrite: both are said, the copy to check first.
    expect(typo.stdout).toContain(
      `place #${head.seq} is ${head.hash.slice(0, 16)}… here, not ${other}… (1 of 16 hex digits differ)`,
    );
    expect(typo.stdout).toContain(
      "Either the head was copied wrong: check it, digit by digit, against the printed copy",
    );
    expect(typo.stdout).toContain("or the record was rewritten since that head was printed.");
  });
});

/** An INSERT of a whole row, its columns in the object's order. */
const insertSql = (table: string, row: Row) =>
  `INSERT INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.keys(row)
    .map(() => "?")
    .join(", ")})`;

/** A retention row as anyone who has read src/record/chain.ts could make it: a valid extension of the chain. */
async function handMadeRetention(
  engine: RecordEngine,
  settings: RecordSettings,
  head: { seq: number; hash: string },
  v: {
    days: number;
    before: string;
    through: number;
    today: string;
    removed?: boolean;
    at?: string;
    form?: number | null;
  },
): Promise<Row & { seq: number }> {
  const [last] = await engine.rows(settings, `SELECT ${ENTRY_FIELDS} FROM care_entries WHERE seq = ?`, [
    v.through,
  ]);
  const [{ id } = { id: 0 }] = await engine.rows(settings, "SELECT coalesce(max(id), 0) AS id FROM care_log");
  const body = {
    before: v.before,
    retentionDays: v.days,
    entries: v.through,
    records: 0,
    from: v.before,
    to: v.before,
    throughSeq: v.through,
    lastRemovedHash: last?.hash,
    ...(v.removed ? { removed: [{ prevHash: last?.prev_hash, content: entryContent(last as Row) }] } : {}),
  };
  const row: Row & { seq: number } = {
    id: Number(id) + 1,
    seq: head.seq + 1,
    kind: "retention",
    kennel: KENNEL.origin,
    round_date: v.today,
    booking_id: null,
    pet_id: null,
    user_id: null,
    request_key: null,
    body: JSON.stringify(body),
    through_seq: v.through,
    supersedes: null,
    recorded_at: v.at ?? new Date().toISOString(),
    chain_format: v.form === undefined ? 4 : v.form,
  };
  row.prev_hash = head.hash;
  row.hash = chainHash(head.hash, logContent(row));
  return row;
}

/**
 * A record as the code before schema 4 wrote it: schemas 1 to 3, then three entries (days 1, 2
 * and 3 of November) and a witness of the first, each hashed in the old form (no id).
 */
async function schema3Record(settings: RecordSettings): Promise<{ entryIds: number[] }> {
  const driver: Driver =
    settings.engine === "sqlite"
      ? sqliteDriver({ dir: settings.dataDir })
      : postgresDriver({ url: settings.url });
  try {
    return await driver.transaction(async (q) => {
      await q(SCHEMA_VERSION_TABLE);
      for (const m of migrationsAfter(0, driver.engine).filter((x) => x.version <= 3)) {
        for (const s of m.statements) await q(s);
        await m.after?.(q, driver.engine);
        await q("INSERT INTO schema_version (version, what, applied_at) VALUES (?, ?, ?)", [
          m.version,
          m.what,
          "2026-11-01T00:00:00Z",
        ]);
      }
      await q("INSERT INTO care_kennel (name, value, set_at) VALUES ('origin', ?, ?)", [
        KENNEL.origin,
        "2026-11-01T00:00:00Z",
      ]);
      let prev = "0".repeat(64);
      const entryIds: number[] = [];
      for (const [i, day] of ["2026-11-01", "2026-11-02", "2026-11-03"].entries()) {
        const at = `${day}T08:00:00.000Z`;
        await q("INSERT INTO care_requests (request_key, recorded_at) VALUES (?, ?)", [`old-${i}`, at]);
        const row: Row = {
          seq: i + 1,
          kennel: KENNEL.origin,
          round_date: day,
          round: "morning",
          booking_id: 7,
          pet_id: 3 + i,
          pet_name: "Juniper",
          item: "med:1",
          item_text: "Tramadol 50 mg",
          outcome: "given",
          reason: null,
          note: null,
          user_id: "U0JANE",
          user_name: "Jane",
          request_key: `old-${i}`,
          supersedes: null,
          recorded_at: at,
          given_at: null,
          reason_code: null,
        };
        row.prev_hash = prev;
        row.hash = chainHash(prev, entryContent(row));
        prev = row.hash as string;
        const [inserted] = await q(`${insertSql("care_entries", row)} RETURNING id`, Object.values(row));
        entryIds.push(Number(inserted?.id));
      }
      const witness: Row = {
        seq: 4,
        kind: "witness",
        kennel: KENNEL.origin,
        round_date: "2026-11-01",
        booking_id: 7,
        pet_id: 3,
        user_id: "U0SAM",
        request_key: `witness:${entryIds[0]}`,
        body: JSON.stringify({ entryId: entryIds[0], userName: "Sam" }),
        through_seq: null,
        supersedes: null,
        recorded_at: "2026-11-03T09:00:00.000Z",
      };
      witness.prev_hash = prev;
      witness.hash = chainHash(prev, logContent(witness));
      await q(insertSql("care_log", witness), Object.values(witness));
      return { entryIds };
    });
  } finally {
    await driver.close();
  }
}
