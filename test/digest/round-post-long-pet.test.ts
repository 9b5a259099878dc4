/**
 * A round post whose one pet has a medication instruction past what the record once kept (20,000
 * characters, which refused the whole round, posted without a button): one of 25,000 is kept and
 * posted with every pet's buttons and every word; one past what the record keeps of an item (200,000)
 * is set aside at its place for paper, the round kept with every other pet's buttons; several long ones that
 * together pass one record's body are kept in parts, every pet with its buttons. On both
 * engines, the chain verified (and `record verify` on the SQLite file). Real loopback HTTP to the
 * sandbox; a real SQLite record in a temporary folder and a throwaway PostgreSQL.
 */

import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roundReport } from "../../src/answers/rounds.ts";
import { latestSheet } from "../../src/answers/sheets.ts";
import { recordEach } from "../../src/blocks/buttons.ts";
import type { Message } from "../../src/blocks/types.ts";
import type { Deps } from "../../src/deps.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import { temporaryRecord } from "../../src/record/open.ts";
import { SQLITE_FILE } from "../../src/record/sqlite.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { zonedInstant } from "../../src/time.ts";
import { runCommand } from "../cli/helpers.ts";
import { expectWhole, longWords } from "../helpers/care-parts.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const TZ = "Europe/London";
const DAY = "2026-11-24";
const clock = { now: () => zonedInstant(DAY, "17:00", TZ) };
const engines = useStoreEngines(clock);
const PAPER = "record this pet on paper, from its care whole in the kennel system";
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21, customers: 90, today: DAY, timezone: TZ });
}, 60_000);
afterAll(() => sandbox?.close());

const depsOf = (record: CareRecordStore): Deps & { record: CareRecordStore } => ({
  ...sandboxDeps(sandbox, clock, { env: { KENNEL_TIMEZONE: TZ, KENNEL_CACHE_TTL_S: "0" }, retryDelayMs: 0 }),
  record,
});

interface Given {
  petId: number;
  bookingId: number;
  reference: string | undefined;
  name: string;
}

/**
 * Pets on the evening round's sheet with an evening dose, each given its words as its evening
 * instruction in the kennel system for the length of `test`, then given back their own.
 */
async function withWords<T>(words: string[], test: (pets: Given[]) => Promise<T>): Promise<T> {
  const report = await roundReport(depsOf(undefined as never), "evening", DAY);
  const on = report.pets.filter((x) => x.sheet && x.pet?.pet.medicationPm).slice(0, words.length);
  if (on.length < words.length) throw new Error("the sandbox's evening round has too few evening doses");
  const pets = on.map((x) => sandbox.main.petById.get(x.pet?.pet.petId as number) as Record<string, unknown>);
  const before = pets.map((p) => p.medicationPm);
  pets.forEach((p, i) => {
    p.medicationPm = `Rimadyl ${words[i]}`;
  });
  try {
    return await test(
      on.map((x) => ({
        petId: x.pet?.pet.petId as number,
        bookingId: x.booking.bookingId as number,
        reference: x.booking.reference,
        name: x.pet?.flags.name as string,
      })),
    );
  } finally {
    pets.forEach((p, i) => {
      p.medicationPm = before[i];
    });
  }
}

const messagesOf = (post: { parent: Message; replies: Message[] }) => [post.parent, ...post.replies];

/** The round posted and kept: its messages, its kept sheet (the post names it) and what it asked. */
async function posted(record: CareRecordStore) {
  const deps = depsOf(record);
  const post = await prepareRoundPost(deps, "evening", DAY);
  const sheet = await latestSheet(deps, DAY, "evening");
  expect(sheet, "the round's sheet kept").toBeDefined();
  expect(post.payload?.sheet).toBe(sheet?.id);
  const messages = messagesOf(post);
  const shown = JSON.stringify(messages);
  expect(shown).not.toContain("could not be kept");
  expect(sheet?.pets.length).toBeGreaterThanOrEqual(30);
  // Every pet of the kept sheet has its buttons in the post.
  for (const p of sheet?.pets ?? []) expect(shown).toContain(`:${p.bookingId}-${p.petId}"`);
  const [owed] = await record.log({ kind: "obligation", date: DAY });
  expect((await record.verify()).ok).toBe(true);
  return { messages, shown, sheet, owed: owed?.body };
}

/** A pet set aside for paper: at its place, by name, saying so; no button; what the round asked says so. */
function expectOnPaper(r: Awaited<ReturnType<typeof posted>>, pet: Given): void {
  const blocks = r.messages.flatMap((m) => m.blocks).map((b) => JSON.stringify(b));
  expect(blocks.some((b) => b.includes(pet.name) && b.includes(PAPER))).toBe(true);
  expect(r.shown).not.toContain(`:${pet.bookingId}-${pet.petId}"`);
  expect(r.sheet?.pets.some((p) => p.petId === pet.petId)).toBe(false);
  expect(r.owed?.pets.some((p) => p.petId === pet.petId)).toBe(false);
  expect(pet.reference).toBeTruthy();
  expect(r.owed?.careMissing).toContainEqual({
    bookingId: pet.bookingId,
    reference: pet.reference,
    pets: pet.name,
    status: "too_long",
  });
}

describe.each(engines)("a round post with one pet's long instruction ($name)", (engine) => {
  it.skipIf(engine.skip)(
    "25,000 characters: kept and posted with every pet's buttons and every word of the long pet",
    async () => {
      const words = longWords("dr", 25_000);
      const record = await engine.open();
      try {
        await withWords([words], async ([pet]) => {
          const r = await posted(record);
          expectWhole(r.messages, words);
          expect(r.shown).not.toContain(PAPER);
          expect(r.shown).toContain(recordEach.actionId(`${pet?.bookingId}-${pet?.petId}`));
          const long = r.sheet?.pets.find((p) => p.petId === pet?.petId);
          expect(long?.due.some((d) => d.text.includes(words))).toBe(true);
          // What the round asked keeps its words whole too.
          const items = r.owed?.pets.find((p) => p.petId === pet?.petId)?.items ?? [];
          expect(items.some((i) => i.text.includes(words))).toBe(true);
        });
      } finally {
        await record.close();
      }
    },
    60_000,
  );

  it.skipIf(engine.skip)(
    "210,000 characters, past what the record keeps of an item: the round kept with every other pet's buttons; at that pet, record it on paper",
    async () => {
      const record = await engine.open();
      try {
        await withWords([longWords("mb", 210_000)], async ([pet]) => {
          expectOnPaper(await posted(record), pet as Given);
        });
      } finally {
        await record.close();
      }
    },
    60_000,
  );

  it.skipIf(engine.skip)(
    "three of 190,000 characters each, each within an item's limit, together past one record: the sheet kept in parts, every pet with its buttons and every word",
    async () => {
      const record = await engine.open();
      const words = Array.from({ length: 3 }, (_, i) =>
        longWords(`w${String.fromCharCode(97 + i)}`, 190_000 + i * 1000),
      );
      try {
        await withWords(words, async (pets) => {
          const r = await posted(record);
          // Nothing set aside, nothing hidden: every pet's words, each pet with its buttons.
          expectWhole(r.messages, ...words);
          expect(r.shown).not.toContain(PAPER);
          for (const p of pets) expect(r.shown).toContain(recordEach.actionId(`${p.bookingId}-${p.petId}`));
          // Kept in parts: the sheet names them, and reads back whole.
          const parts = await record.log({ kind: "sheet_part", date: DAY });
          expect(parts.length).toBeGreaterThanOrEqual(1);
          for (const p of pets)
            expect(
              r.sheet?.pets
                .find((x) => x.petId === p.petId)
                ?.due.some((d) => words.some((w) => d.text.includes(w))),
            ).toBe(true);
        });
      } finally {
        await record.close();
      }
    },
    120_000,
  );
});

it("record verify finds the record intact after a round with a pet set aside for paper", async () => {
  const temporary = temporaryRecord(clock, "kennel-desk-long-pet-");
  try {
    await withWords([longWords("mb", 210_000)], async ([pet]) => {
      expectOnPaper(await posted(temporary.store), pet as Given);
    });
    const r = await runCommand(["record", "verify", "--file", join(temporary.dir, SQLITE_FILE)], {
      KENNEL_TIMEZONE: TZ,
      LOG_LEVEL: "silent",
    });
    expect(r.stdout).toMatch(/^intact/);
    expect(r.code).toBe(0);
  } finally {
    await temporary.close();
  }
}, 60_000);
