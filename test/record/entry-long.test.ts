/**
 * A dose the sheet prints can always be recorded there (GUIDE), however long its words: an entry
 * keeps a pet's name to 200 characters and an item's words to 3,000 (the database's own check), so a
 * longer one (a round's kept sheet keeps up to 2,000 and 20,000, whole) is kept to its first words,
 * then how long it was and where it is whole; on both engines it is recorded, read back as kept, and
 * the chain verifies. Words that fit are kept as they are.
 */
import { describe, expect, it } from "vitest";
import { ENTRY_ITEM_TEXT_MAX, ENTRY_PET_NAME_MAX, keptInEntry } from "../../src/record/entry-room.ts";
import { openCareRecord } from "../../src/record/open.ts";
import { juniperEntries, recorded } from "../helpers/record.ts";
import { useRecordEngines } from "../helpers/record-engines.ts";

const engines = useRecordEngines("kennel-desk-long-");
const clock = { now: () => new Date("2026-11-24T09:00:00Z") };
const juniper = juniperEntries("long");
/** `n` numbered words ("w00001 w00002 …"), about 7 characters each. */
const words = (n: number) =>
  Array.from({ length: n }, (_, i) => `w${String(i + 1).padStart(5, "0")}`).join(" ");

describe("an entry's words as the record keeps them", () => {
  it("within its room: as they are", () => {
    expect(keptInEntry("Tramadol 50 mg twice daily", ENTRY_ITEM_TEXT_MAX)).toBe("Tramadol 50 mg twice daily");
    const fits = "é".repeat(ENTRY_PET_NAME_MAX);
    expect(keptInEntry(fits, ENTRY_PET_NAME_MAX)).toBe(fits);
  });

  it("longer: its first words, whole, then how many characters there were and where they are whole", () => {
    const long = words(2_000);
    const kept = keptInEntry(long, ENTRY_ITEM_TEXT_MAX);
    expect([...kept].length).toBeLessThanOrEqual(ENTRY_ITEM_TEXT_MAX);
    expect([...kept].length).toBeGreaterThan(ENTRY_ITEM_TEXT_MAX - 250);
    const head = kept.slice(0, kept.indexOf(" …"));
    expect(long.startsWith(head)).toBe(true);
    expect(head).toMatch(/w\d{5}$/); // ends on a whole word
    expect([...long].length).toBe(13_999);
    expect(kept).toContain("13,999 characters in all");
    expect(kept).toContain("kept whole with the round's sheet or the pet's plan");
  });
});

describe.each(engines)("a dose with long words is recorded ($name)", (engine) => {
  it.skipIf(engine.skip)(
    "an instruction of 15,000 characters and a name of 600: recorded, as kept, the chain intact",
    async () => {
      const settings = await engine.settings();
      const { store } = await openCareRecord(settings, clock, { origin: "https://api.kennel.example" });
      const itemText = words(2_000);
      const petName = words(80);
      const entry = await recorded(
        store,
        juniper("2026-11-24", { item: "med:1", itemText, petName, outcome: "given" }),
      );
      expect(entry.itemText).toBe(keptInEntry(itemText, ENTRY_ITEM_TEXT_MAX));
      expect(entry.petName).toBe(keptInEntry(petName, ENTRY_PET_NAME_MAX));
      const [read] = await store.entries({ date: "2026-11-24" });
      expect(read?.itemText).toBe(entry.itemText);
      expect(read?.petName).toBe(entry.petName);
      // One of normal length beside it, as given.
      const plain = await recorded(store, juniper("2026-11-24", { round: "evening" }));
      expect(plain.petName).toBe("Juniper");
      expect((await store.verify()).ok).toBe(true);
      await store.close();
    },
  );
});
