/**
 * Every export is cleaned as the terminal and Slack are (issue 36, item 3): the CSV, the JSON and
 * the printable page carry no C0/C1 control (ESC, BEL: a terminal's escape sequences, OSC titles),
 * no bidi override and no invisible character from a pet's name, a medication or a note; a note's
 * line breaks stay; on the page every value is isolated (<bdi>), so a name cannot turn "(pet 501)"
 * or the summary around.
 */
import { describe, expect, it } from "vitest";
import type { EntryFacts } from "../../src/answers/kept-doses.ts";
import type { DoseState, Timeliness } from "../../src/domain/doses.ts";
import type { OwedDose } from "../../src/domain/obligations.ts";
import type { PetStayRecord } from "../../src/domain/stay.ts";
import type { Entry, Outcome } from "../../src/record/types.ts";
import { exportRow, recordCsv } from "../../src/text/record.ts";
import { stayHtml } from "../../src/text/stay-html.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const HIJACK = /[\u202A-\u202E\u2066-\u2069\u200B\u2800]|\u{1BCA1}|\u{13430}|\u{E0100}/u;

const hostile: Entry = {
  id: 7,
  seq: 1,
  kennel: "https://api.kennel.example#7",
  date: "2026-11-24",
  round: "morning",
  bookingId: 8001,
  petId: 501,
  petName: "Rex\u202E",
  item: "med:1",
  itemText: "Rimadyl\u001b]0;pwned\u0007 50 mg\u001b[31m",
  outcome: "refused",
  reason: "spat\u0007 it\u{1BCA1} out",
  note: "first line\nsecond\u{13430} line\u{E0100}\u2800",
  userId: "U0JANE",
  userName: "Jane\u2066 Doe",
  requestKey: "k1",
  recordedAt: "2026-11-24T08:12:00.000Z",
};

describe("the exports' one cleaning", () => {
  it("CSV: no control, bidi override or invisible character; the note's line break kept, quoted", () => {
    const csv = recordCsv([hostile], "Europe/London");
    expect(csv.replace(/\r\n/g, "").replace(/\n/g, "")).not.toMatch(CONTROL);
    expect(csv).not.toMatch(HIJACK);
    expect(csv).toContain("Rimadyl ]0;pwned  50 mg [31m");
    expect(csv).toContain('"first line\nsecond line"');
    expect(csv).toContain(",Rex,");
    expect(csv).toContain(",Jane Doe,");
  });

  it("JSON: the same rows, cleaned the same way", () => {
    const json = JSON.stringify(exportRow(hostile, "Europe/London"));
    expect(json).not.toMatch(/\\u00(0|1)[0-9a-f]|\\u007f/i);
    expect(json).not.toMatch(HIJACK);
    expect(exportRow(hostile, "Europe/London")).toMatchObject({
      pet_name: "Rex",
      reason: "spat  it out",
      note: "first line\nsecond line",
      user_name: "Jane Doe",
    });
  });

  it("the printable page: cleaned, and each value isolated so a name cannot reverse what follows it", () => {
    const pet: PetStayRecord = {
      bookingId: 8001,
      petId: 501,
      petName: "Rex\u202E",
      doses: { due: 1, given: 0 },
      meals: { due: 0, ateAll: 0, ateSome: 0, ateNone: 0, notOffered: 0, missed: 0 },
      exceptions: [],
      items: [
        {
          date: "2026-11-24",
          round: "morning",
          at: "2026-11-24T07:30:00.000Z",
          item: "med:1",
          label: "Rimadyl",
          entry: hostile,
          due: true,
          state: { state: "missed" },
          window: {
            opensAt: "2026-11-24T06:30:00.000Z",
            dueAt: "2026-11-24T07:30:00.000Z",
            lateAt: "2026-11-24T08:30:00.000Z",
            closesAt: "2026-11-24T10:30:00.000Z",
          },
        },
      ],
      entries: [hostile],
      dueKnown: true,
      notDue: [],
    };
    const page = stayHtml({
      reference: "CR\u202E 8001",
      kennel: "loopback#1",
      stay: { bookingId: 8001, pets: [pet], problem: undefined },
      owner: "Ann\u001b[2J Lee",
      checkIn: undefined,
      checkOut: undefined,
      dueProblem: undefined,
      timezone: "Europe/London",
      generatedAt: "2026-11-24T10:00:00.000Z",
    });
    expect(page.replace(/\n/g, "")).not.toMatch(CONTROL);
    expect(page).not.toMatch(HIJACK);
    // The pet's name, the reference, the owner and who recorded: each isolated from the words beside it.
    expect(page).toContain("<strong><bdi>Stay record, </bdi></strong><strong><bdi>Rex</bdi></strong>");
    expect(page).toContain('<span class="label">Booking:</span> <bdi>CR 8001</bdi>');
    expect(page).toContain('<span class="label">Owner:</span> <bdi>Ann [2J Lee</bdi>');
    expect(page).toContain("<bdi>Jane Doe</bdi>");
    expect(page).toContain("<title>Stay record · CR 8001</title>");
  });
});

/** An entry's facts as an export reads them, its dose's state (and the drug it names) as its round kept it. */
const factsWith = (e: Entry, state: DoseState, label = "Rimadyl 50 mg"): EntryFacts => ({
  highAlert: new Set(),
  fromWords: new Set(),
  witnesses: new Map(),
  doses: new Map([[e.id, { state, due: { item: e.item, label, text: e.itemText } } as OwedDose]]),
  unrecorded: [],
  now: "2026-11-24T12:00:00.000Z",
});

describe("the exports' dose timing and paper giver", () => {
  const given: Entry = {
    ...hostile,
    outcome: "given",
    reason: undefined,
    givenAt: "2026-11-24T06:10:00.000Z",
  };
  const recorded = (timeliness: Timeliness | undefined, outcome: Outcome = "given"): DoseState => ({
    state: "recorded",
    outcome,
    timeliness,
    lateEntry: false,
    givenAt: "2026-11-24T06:10:00.000Z",
    recordedAt: "2026-11-24T06:12:00.000Z",
  });

  it("says a dose given early, on time, late or after its window as its round kept it; nothing else", () => {
    const timing = (e: Entry, state: DoseState) =>
      exportRow(e, "Europe/London", factsWith(e, state)).timeliness;
    expect(timing(given, recorded("early"))).toBe("early");
    expect(timing(given, recorded("on_time"))).toBe("on_time");
    expect(timing(given, recorded("late"))).toBe("late");
    expect(timing(given, recorded("after_window"))).toBe("after_window");
    expect(timing(hostile, recorded(undefined, "refused"))).toBeNull();
    // No window kept (a round before issue 45's obligations, no facts): not said.
    expect(exportRow(given, "Europe/London").timeliness).toBeNull();
    const csv = recordCsv([given], "Europe/London", undefined, [], factsWith(given, recorded("early")));
    const [header, row] = csv.split("\r\n").map((l) => l.split(","));
    expect(row?.[header?.indexOf("timeliness") ?? -1]).toBe("early");
  });

  it("names the drug in item_text when the field said only when to give it, as the round post shows it", () => {
    const am: Entry = { ...given, itemText: "AM" };
    const row = exportRow(am, "Europe/London", factsWith(am, recorded("on_time"), "Selgian 20 mg"));
    expect(row.item_text).toBe("Selgian 20 mg · AM");
    // A field that names its drug already is kept as it was.
    const named: Entry = { ...given, itemText: "Rimadyl 50 mg, half a tablet" };
    expect(exportRow(named, "Europe/London", factsWith(named, recorded("on_time"))).item_text).toBe(
      "Rimadyl 50 mg, half a tablet",
    );
  });

  it("names the paper's giver in a column of its own, cleaned; none for a dose recorded in Slack", () => {
    const paper: Entry = { ...given, paper: { by: "J\u202ED", witness: "TB" } };
    expect(exportRow(paper, "Europe/London")).toMatchObject({ paper_giver: "JD", user_name: "Jane Doe" });
    expect(exportRow(given, "Europe/London").paper_giver).toBeNull();
  });
});
