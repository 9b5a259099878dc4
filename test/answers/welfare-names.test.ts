/**
 * A welfare list keeps each pet's name and room whole, as a round's sheet does (issue 47: up to 2,000
 * characters), and so do the checks and the flags made from it: the post, the check and the flag
 * name the pet as the kennel system does, never its first 200 characters. A list longer than one
 * record holds keeps its long names shortened and saying so, never cut silently nor refused.
 */
import { describe, expect, it } from "vitest";
import { checkPet } from "../../src/answers/welfare.ts";
import { LIST_CHARS, withinRecord } from "../../src/answers/welfare-room.ts";
import { type ListBody, loadList, saveList } from "../../src/answers/welfare-store.ts";
import { loadConfig } from "../../src/config.ts";
import { ALL_NORMAL } from "../../src/domain/welfare.ts";
import { silentLogger } from "../../src/log.ts";
import { scratchRecord } from "../helpers/record.ts";

/** Words to pass `n` characters, each distinct, so a cut anywhere loses one. */
const long = (head: string, n: number): string => {
  const words = [head];
  for (let i = 0; words.join(" ").length < n - 12; i++) words.push(`w${i}`);
  return `${words.join(" ")} END`;
};
const NAME = long("Duchess of the long name", 1990);
const ROOM = long("Kennel 4 by the long garden", 1990);
const UNLISTED = `${long("Pepper", 1990)}, ${long("Salt", 1990)}: care details not matched, check by hand`;

const listOf = (date: string): ListBody => ({
  v: 1,
  date,
  round: "evening",
  area: null,
  pets: [{ bookingId: 7, petId: 70, name: NAME, room: ROOM, message: 0 }],
  messages: 1,
  unlisted: [UNLISTED],
});

describe("a welfare list, its checks and its flags", () => {
  it("keep a 2,000-character name and room whole, and a line of unmatched pets", async () => {
    const record = scratchRecord();
    const deps = { record, log: silentLogger(), config: loadConfig({ KENNEL_TIMEZONE: "Europe/London" }) };
    const who = { userId: "U0JANE", userName: "Jane" };
    const opened = [];
    for (const [i, date] of ["2026-11-28", "2026-11-29"].entries()) {
      const saved = await saveList(deps, listOf(date));
      const list = await loadList(deps, saved.id);
      expect(list?.pets[0]?.name).toBe(NAME);
      expect(list?.pets[0]?.room).toBe(ROOM);
      expect(list?.unlisted).toEqual([UNLISTED]);
      const pet = list?.pets[0] as ListBody["pets"][number];
      const seen = { values: { ...ALL_NORMAL, drinking: "none" as const } };
      const { write, opened: flags } = await checkPet(deps, list as never, pet, seen, who, `req-${i}`);
      expect(write.status).toBe("recorded");
      if (write.status === "recorded") expect(write.check.petName).toBe(NAME);
      opened.push(...flags);
    }
    expect(opened.length).toBeGreaterThan(0);
    for (const f of opened) expect(f.petName).toBe(NAME);
    await record.close();
  });
});

describe("a list longer than one record holds", () => {
  const pets = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      bookingId: i + 1,
      petId: i + 1,
      name: long(`Pet ${i} named at length`, 2000),
      room: long(`Room ${i} named at length`, 2000),
    }));

  it("is whole when it fits", () => {
    const few = pets(10);
    expect(withinRecord(few, [UNLISTED])).toEqual({ pets: few, unlisted: [UNLISTED] });
  });

  it("keeps its long names shortened, each saying how long it was, and fits", () => {
    const many = pets(450);
    const fitted = withinRecord(many, [UNLISTED]);
    expect(JSON.stringify(fitted).length).toBeLessThanOrEqual(LIST_CHARS);
    expect(fitted.pets).toHaveLength(450);
    for (const [i, p] of fitted.pets.entries()) {
      expect(p.name.startsWith(`Pet ${i} named at length`)).toBe(true);
      expect(p.name).toMatch(/ characters in all: kept whole/);
      expect(p.room).toMatch(/ characters in all: kept whole/);
    }
  });
});
