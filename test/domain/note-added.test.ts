/**
 * Words a check adds to an entry's note (src/domain/note-added.ts), the one rule the given-again,
 * both-slots and past-check-out checks share: after the staff member's note with " · ", alone for no
 * note; a note that cannot hold them within the record's limit is refused, saying how long it may be.
 */
import { describe, expect, it } from "vitest";
import { noteAdded } from "../../src/domain/note-added.ts";
import { NOTE_MAX } from "../../src/record/types.ts";

const WORDS = "given again today: checked by Jane";

describe("a note with a check's words added", () => {
  it("follows the staff member's note after ' · ', or stands alone", () => {
    expect(noteAdded("ate his breakfast first", WORDS)).toEqual({
      note: `ate his breakfast first · ${WORDS}`,
    });
    expect(noteAdded(undefined, WORDS)).toEqual({ note: WORDS });
    expect(noteAdded("", WORDS)).toEqual({ note: WORDS });
  });

  it("is kept at the record's limit exactly, characters counted as a person sees them", () => {
    const room = NOTE_MAX - WORDS.length - 3;
    expect(noteAdded("a".repeat(room), WORDS).tooLong).toBeUndefined();
    expect(noteAdded("🐶".repeat(room), WORDS).tooLong).toBeUndefined();
  });

  it("one character over is refused at its field, saying how long the note may be", () => {
    const room = NOTE_MAX - WORDS.length - 3;
    const added = noteAdded("a".repeat(room + 1), WORDS);
    expect(added.tooLong).toBe(`At most ${room} characters here, with “${WORDS}” added.`);
    expect(added.note).toBe(`${"a".repeat(room + 1)} · ${WORDS}`);
  });
});
