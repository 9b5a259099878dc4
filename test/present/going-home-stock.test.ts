/**
 * The going-home check names each medication whole (never "Owner's own Metacam 1.5ml with…"), and the
 * kennel's own stock, where its words say so ("Kennel stock Metacam 1.5ml…", the sandbox's AW-SLOTS),
 * is not listed to hand back to the owner: it is said apart, never hidden. /departures in Slack, the
 * terminal and the 07:00 post say the same. A medicine is never guessed to be the kennel's.
 */
import { describe, expect, it } from "vitest";
import { dayReport } from "../../src/answers/day.ts";
import { dayListMessages } from "../../src/blocks/day-list.ts";
import { digestMessages } from "../../src/blocks/digest.ts";
import { drugName } from "../../src/domain/care.ts";
import { kennelStock } from "../../src/domain/drug-names.ts";
import { CASES_34 } from "../../src/sandbox/awkward-cases-34.ts";
import { dayText } from "../../src/text/index.ts";
import { apiPath, fetchDeps, jsonAnswer } from "../helpers/fetch-deps.ts";
import { visibleOfMessages, visibleOfText } from "../helpers/visible.ts";
import { TEXT, TZ } from "./harness.ts";

const DAY = "2026-12-02";

/** AW-SLOTS's Otis as the sandbox writes him: one drug in two slots, the owner's and the kennel's. */
const otis = {
  petId: 3101,
  customerId: 31,
  name: "Otis",
  petType: "Dog",
  medication: "Owner's own Metacam 1.5ml with breakfast",
  medication2: "Kennel stock Metacam 1.5ml with breakfast",
};
const departure = {
  bookingId: 990031,
  reference: "AW-SLOTS",
  status: "checked_in",
  customerId: 31,
  customerName: "Rhys Evans",
  petNames: "Otis",
  numberOfPets: 1,
  roomName: "Suite D",
  checkInDate: "2026-11-29T10:00:00Z",
  checkOutDate: `${DAY}T10:00:00Z`,
  bookingPaid: true,
};

const fetchFn = (async (input: Request | string | URL, init?: RequestInit) => {
  const path = apiPath(input, init);
  if (path === "/bookings/checkout") return jsonAnswer([departure]);
  if (path === "/customers/31") return jsonAnswer({ customerId: 31, pets: [otis] });
  return new Response("{}", { status: 404 });
}) as typeof fetch;

describe("the going-home check, AW-SLOTS's Otis", () => {
  it("names the owner's Metacam whole to hand back, and the kennel's stock apart: Slack, terminal, the 07:00 post", async () => {
    const deps = fetchDeps(fetchFn, `${DAY}T07:00:00Z`);
    const report = await dayReport(deps, "departures", DAY, { wholeDay: true });
    const surfaces = {
      slack: visibleOfMessages(dayListMessages(report, TZ)),
      terminal: visibleOfText(dayText(report, TEXT)),
      post: visibleOfMessages((({ parent, replies }) => [parent, ...replies])(digestMessages(report, TZ))),
    };
    for (const [where, lines] of Object.entries(surfaces)) {
      const all = lines.join("\n");
      expect(all, where).toContain("💊 hand back: Owner's own Metacam 1.5ml (Otis)");
      expect(all, where).toContain("💊 kennel stock, not to hand back: Kennel stock Metacam 1.5ml (Otis)");
      // The kennel's stock never on the hand-back line; no drug's words cut.
      const handBack = lines.filter((l) => l.includes("hand back:"));
      for (const l of handBack) expect(l, where).not.toContain("…");
      expect(
        lines.find((l) => l.startsWith("💊 hand back:")),
        where,
      ).not.toContain("Kennel stock");
      // The summary counts the one to hand back.
      expect(all, where).toContain("💊 1 medication to hand back");
    }
  });

  it("a drug's short name is whole words, never cut with …, for every awkward case", () => {
    expect(drugName("Owner's own Metacam 1.5ml with breakfast")).toBe("Owner's own Metacam 1.5ml");
    expect(drugName("Kennel stock Metacam 1.5ml with breakfast")).toBe("Kennel stock Metacam 1.5ml");
    expect(drugName("Caninsulin 6iu twice daily with breakfast and dinner, ONLY if she has eaten")).toBe(
      "Caninsulin 6iu",
    );
    for (const c of CASES_34)
      for (const text of JSON.stringify(c).match(/"medication\d?":"[^"]+"/g) ?? []) {
        const instruction = text.replace(/^"medication\d?":"|"$/g, "");
        expect(drugName(instruction), instruction).not.toMatch(/…$/);
      }
  });

  it("is the kennel's stock only where its words say so", () => {
    const is = (instruction: string) => kennelStock({ instruction });
    expect(is("Kennel stock Metacam 1.5ml with breakfast")).toBe(true);
    expect(is("From the kennel's stock: Metacam 1.5ml")).toBe(true);
    expect(is("Metacam 1.5ml with breakfast (kennel stock)")).toBe(true);
    expect(is("Owner's own Metacam 1.5ml with breakfast")).toBe(false);
    expect(is("Metacam 1.5ml with breakfast")).toBe(false);
    // "stock" alone, or a kennel named otherwise, is not said to be the kennel's: never guessed.
    expect(is("Stock Metacam 1.5ml")).toBe(false);
    expect(is("Metacam 1.5ml, bottle from the kennel next door")).toBe(false);
    expect(is("Owner's own, not kennel stock: Metacam 1.5ml")).toBe(false);
  });
});
