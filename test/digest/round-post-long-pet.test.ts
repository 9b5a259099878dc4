/**
 * A round post whose one pet has a medication instruction of 25,000 characters (past the 20,000 the
 * record once kept of an item's words): the round is kept (what it asked and its sheet) and posted
 * with every pet's buttons and every word of the long pet, on both engines, and the chain verifies.
 * Real loopback HTTP to the sandbox; a real SQLite record in a temporary folder and a throwaway
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roundReport } from "../../src/answers/rounds.ts";
import { latestSheet } from "../../src/answers/sheets.ts";
import { recordEach } from "../../src/blocks/buttons.ts";
import type { Message } from "../../src/blocks/types.ts";
import type { Deps } from "../../src/deps.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { zonedInstant } from "../../src/time.ts";
import { expectWhole, longWords } from "../helpers/care-parts.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const TZ = "Europe/London";
const DAY = "2026-11-24";
const clock = { now: () => zonedInstant(DAY, "17:00", TZ) };
const engines = useStoreEngines(clock);
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21, customers: 90, today: DAY, timezone: TZ });
}, 60_000);
afterAll(() => sandbox?.close());

const depsOf = (record: CareRecordStore): Deps & { record: CareRecordStore } => ({
  ...sandboxDeps(sandbox, clock, { env: { KENNEL_TIMEZONE: TZ, KENNEL_CACHE_TTL_S: "0" }, retryDelayMs: 0 }),
  record,
});

/** A pet on the evening round's sheet with an evening dose, given `words` as its evening instruction. */
async function givenWords(deps: Deps, words: string): Promise<number> {
  const report = await roundReport(deps, "evening", DAY);
  const on = report.pets.find((x) => x.sheet && x.pet?.pet.medicationPm)?.pet?.pet.petId;
  const pet = sandbox.main.petById.get(on as number) as Record<string, unknown> | undefined;
  if (!pet) throw new Error("the sandbox's evening round has no pet with an evening dose");
  pet.medicationPm = `Rimadyl ${words}`;
  return pet.petId as number;
}

const messagesOf = (post: { parent: Message; replies: Message[] }) => [post.parent, ...post.replies];

describe.each(engines)("a round with one pet's instruction of 25,000 characters ($name)", (engine) => {
  it.skipIf(engine.skip)(
    "is kept and posted with every pet's buttons and every word of the long pet; the chain verifies",
    async () => {
      const words = longWords("dr", 25_000);
      const record = await engine.open();
      try {
        const deps = depsOf(record);
        const petId = await givenWords(deps, words);
        const post = await prepareRoundPost(deps, "evening", DAY);
        const sheet = await latestSheet(deps, DAY, "evening");
        expect(sheet, "the round's sheet kept").toBeDefined();
        expect(post.payload?.sheet).toBe(sheet?.id);
        const messages = messagesOf(post);
        expect(JSON.stringify(messages)).not.toContain("could not be kept");
        expectWhole(messages, words);
        expect(sheet?.pets.length).toBeGreaterThanOrEqual(30);
        // Every pet of the kept sheet has its buttons in the post; the long one its "Record each…".
        const shown = JSON.stringify(messages);
        for (const p of sheet?.pets ?? []) expect(shown).toContain(`:${p.bookingId}-${p.petId}"`);
        const long = sheet?.pets.find((p) => p.petId === petId);
        expect(shown).toContain(recordEach.actionId(`${long?.bookingId}-${petId}`));
        expect(long?.due.some((d) => d.text.includes(words))).toBe(true);
        // What the round asked keeps its words whole too.
        const [owed] = await record.log({ kind: "obligation", date: DAY });
        const item = owed?.body.pets
          .find((p) => p.petId === petId)
          ?.items.find((i) => i.text.includes(words));
        expect(item).toBeDefined();
        expect((await record.verify()).ok).toBe(true);
      } finally {
        await record.close();
      }
    },
    60_000,
  );
});
