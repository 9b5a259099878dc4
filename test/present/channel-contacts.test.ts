/**
 * Words kept before the contact checks (src/present/channel-words.ts): a note holding a phone number,
 * drawn in a channel post (a round's sheet with its record), shows the care words around it and says
 * a contact detail is not shown; the same note in a reply only the asker sees (the stay record) and
 * in the terminal is drawn as kept.
 */
import { describe, expect, it } from "vitest";
import { sheetForSlack, sheetMessage } from "../../src/blocks/round-sheet.ts";
import { stayRecordMessages } from "../../src/blocks/stay.ts";
import { flagMessages, flagsListMessages } from "../../src/blocks/welfare.ts";
import { DEFAULT_DOSE_SETTINGS, doseWindow } from "../../src/domain/doses.ts";
import { owedDoses } from "../../src/domain/obligations.ts";
import { petStayRecord } from "../../src/domain/stay.ts";
import type { WelfareFlag } from "../../src/domain/welfare-flag.ts";
import { CONTACT_SHOWN, channelDoc, channelLine } from "../../src/present/channel-words.ts";
import type { Doc } from "../../src/present/doc.ts";
import { draftSheet } from "../../src/present/round-sheet.ts";
import type { Entry } from "../../src/record/types.ts";
import { stayRecordText } from "../../src/text/stay.ts";
import { booking, PLAIN, pet, roundOf } from "../text/fixtures.ts";

const TZ = "Europe/London";
const TIMES = { morning: "08:00", midday: "12:00", evening: "18:00" };
const NOTE = "call owner on 07700 900123 if off food";
const SHOWN = `call owner on ${CONTACT_SHOWN} if off food`;

const entry = (more: Partial<Entry> = {}): Entry => ({
  id: 1,
  seq: 1,
  kennel: "test",
  date: "2026-11-24",
  round: "evening",
  bookingId: 9001,
  petId: 501,
  petName: "Biscuit",
  item: "meal",
  itemText: "200 g kibble",
  outcome: "ate_none",
  userId: "U1",
  userName: "Jane",
  requestKey: "k1",
  recordedAt: "2026-11-24T18:12:00Z",
  note: NOTE,
  ...more,
});

describe("a contact detail kept in a note before the checks", () => {
  it("a round's sheet in the channel shows the note's care words, the number replaced by words saying so", () => {
    const sheet = {
      ...sheetForSlack(draftSheet(roundOf("evening", [[booking(), pet()]]), { timezone: TZ })),
      id: 7,
    };
    const posted = JSON.stringify(sheetMessage(sheet, 0, { entries: [entry()], timezone: TZ }).blocks);
    expect(posted).toContain(SHOWN);
    expect(posted).not.toContain("07700");
  });

  it("a reply only the asker sees and the terminal draw the note as kept", () => {
    const record = petStayRecord({
      booking: { bookingId: 9001 },
      pet: { petId: 501, name: "Biscuit" },
      // Recorded where no kept round asked it: shown all the same, with its note.
      doses: owedDoses([], [entry()], "2026-11-24T21:00:00Z", (e) =>
        doseWindow({}, e.date, e.round, TIMES, TZ, DEFAULT_DOSE_SETTINGS),
      ),
      entries: [entry()],
    });
    const stay = { bookingId: 9001, pets: [record], problem: undefined };
    expect(JSON.stringify(stayRecordMessages(stay, "HP-7K2M9Q", TZ))).toContain(NOTE);
    expect(stayRecordText(stay, "HP-7K2M9Q", PLAIN)).toContain(NOTE);
  });

  it("a welfare flag's vet and advice: hidden in the flag's post, whole in Home's list for the one who clicked", () => {
    const flag: WelfareFlag = {
      id: 1,
      bookingId: 9001,
      petId: 501,
      petName: "Biscuit",
      sign: "stool:blood",
      date: "2026-11-24",
      openedAt: "2026-11-24T12:00:00.000Z",
      entries: [],
      advice: [
        {
          id: 1,
          vet: "Oak Vets, 4 Church Rd",
          sought: "2026-11-24T12:30:00.000Z",
          advice: "bland diet; ring them on 01632 960123 if worse",
          userId: "U1",
          userName: "Jane",
          recordedAt: "2026-11-24T12:40:00.000Z",
        },
      ],
    };
    const posted = JSON.stringify(flagMessages(flag, TZ));
    expect(posted).toContain(`Oak Vets, ${CONTACT_SHOWN}`);
    expect(posted).toContain(`bland diet; ring them on ${CONTACT_SHOWN} if worse`);
    expect(posted).not.toContain("960123");
    const home = JSON.stringify(flagsListMessages([flag], "2026-11-24", TZ));
    expect(home).toContain("Oak Vets, 4 Church Rd");
    expect(home).toContain("01632 960123");
  });

  it("every contact in a kept span, every part of a document; the kennel API's words and a line without one as drawn", () => {
    const line = [
      {
        text: "Vet: Oak Vets, 12 Acacia Avenue · email ann@example.com, ok",
        strong: true as const,
        kept: true as const,
      },
    ];
    expect(channelLine(line)).toEqual([
      { text: `Vet: Oak Vets, ${CONTACT_SHOWN} · email ${CONTACT_SHOWN}, ok`, strong: true, kept: true },
    ]);
    const plain = [{ text: "Give 2 tablets at 08:00, Kennel 12, HP-DK4Q7M", kept: true as const }];
    expect(channelLine(plain)).toBe(plain);
    // The booking system's care words (a seizure plan's vet number) are its own, drawn as it gives them.
    const api = [{ text: "Epileptic: seizure plan in file, call vet on 01632 960000" }];
    expect(channelLine(api)).toBe(api);
    const doc: Doc = {
      fallback: "Flag",
      parts: [
        { kind: "title", text: "Flag" },
        { kind: "text", lines: [[{ text: "note: " }, { text: NOTE, kept: true }]] },
        {
          kind: "fields",
          fields: [{ label: "Handed to", value: [{ text: "Ann, 4 Church Rd", kept: true }] }],
        },
      ],
    };
    expect(channelDoc(doc).parts).toEqual([
      { kind: "title", text: "Flag" },
      { kind: "text", lines: [[{ text: "note: " }, { text: SHOWN, kept: true }]] },
      {
        kind: "fields",
        fields: [{ label: "Handed to", value: [{ text: `Ann, ${CONTACT_SHOWN}`, kept: true }] }],
      },
    ]);
  });
});
