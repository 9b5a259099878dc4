/**
 * A serious sign (blood, no urine, in pain, lethargic) opens a welfare flag at its first check, kept in
 * the care record (a fresh try found the record's flag refusing a run of one: no flag at all); a
 * loose stool opens none until the second in a row. A real SQLite record.
 */
import { expect, it } from "vitest";
import { checkPet } from "../../src/answers/welfare.ts";
import { type ListBody, loadList, saveList } from "../../src/answers/welfare-store.ts";
import { loadConfig } from "../../src/config.ts";
import { ALL_NORMAL } from "../../src/domain/welfare.ts";
import { silentLogger } from "../../src/log.ts";
import { flagHeadWords } from "../../src/words/welfare.ts";
import { scratchRecord } from "../helpers/record.ts";

const list: ListBody = {
  v: 1,
  date: "2026-11-29",
  round: "evening",
  area: null,
  pets: [
    { bookingId: 7, petId: 70, name: "Cleo", room: "Cattery 1", message: 0 },
    { bookingId: 8, petId: 80, name: "Rex", room: "Kennel 4", message: 0 },
  ],
  messages: 1,
  unlisted: [],
};

it("blood in the stool opens a flag at its first check, kept; a loose stool does not", async () => {
  const record = scratchRecord();
  const warned: unknown[] = [];
  const log = { ...silentLogger(), warn: (...a: unknown[]) => warned.push(a) } as never;
  const deps = { record, log, config: loadConfig({ KENNEL_TIMEZONE: "Europe/London" }) };
  const who = { userId: "U0JANE", userName: "Jane" };
  const saved = await saveList(deps, list);
  const kept = (await loadList(deps, saved.id)) as never as ListBody;
  const [cleo, rex] = kept.pets as [ListBody["pets"][number], ListBody["pets"][number]];
  const blood = await checkPet(
    deps,
    kept as never,
    cleo,
    { values: { ...ALL_NORMAL, stool: "blood" } },
    who,
    "r1",
  );
  expect(warned).toEqual([]);
  expect(blood.opened.map((f) => [f.petName, f.sign, f.entries.length])).toEqual([
    ["Cleo", "stool:blood", 1],
  ]);
  expect(flagHeadWords(blood.opened[0] as never)).toBe("🚩 Blood in stool, seen at 1 check");
  expect(await record.log({ kind: "welfare_flag" })).toHaveLength(1);
  const loose = await checkPet(
    deps,
    kept as never,
    rex,
    { values: { ...ALL_NORMAL, stool: "loose" } },
    who,
    "r2",
  );
  expect(loose.opened).toEqual([]);
  expect(await record.log({ kind: "welfare_flag" })).toHaveLength(1);
  await record.close();
});
