/**
 * A booking status typed as answers show it ("Checked In", "checked in") finds the bookings however
 * the kennel system stores it: as those words (the awkward sandbox's AW-OPEN) or as the value
 * checked_in. One rule in the answers (src/answers/lists.ts byStatus): as typed first; when that finds
 * none, the value, and the answer says so. Here: the answer itself and Slack's /kennel bookings (the
 * real command's listener), against a kennel answered in-process in each storage style.
 */
import { describe, expect, it } from "vitest";
import { bookingsSearch } from "../../src/answers/kennel.ts";
import type { Message } from "../../src/blocks/types.ts";
import { registerKennel } from "../../src/listeners/commands/kennel.ts";
import { bookingsSearchReply } from "../../src/listeners/replies.ts";
import { listenerDeps } from "../helpers/bot-deps.ts";
import { fetchDeps } from "../helpers/fetch-deps.ts";
import { type StatusStyle, statusKennel } from "../helpers/status-kennel.ts";
import { visibleOfMessages } from "../helpers/visible.ts";

const AT = "2026-11-22T09:00:00Z";
const NOTE = "No bookings have the status “Checked In”; showing status checked_in.";

describe("the bookings search (every surface's answer)", () => {
  it("'Checked In' stored as those words: found as typed in one request; stored as checked_in: the value", async () => {
    const words = statusKennel("words");
    const r = await bookingsSearch(fetchDeps(words.fetchFn, AT), 'status:"Checked In"');
    expect(r.items.map((b) => b.reference)).toEqual(["ST-001", "ST-002", "ST-003"]);
    expect([r.title, r.statusNote, r.requestId]).toEqual(["Bookings: status Checked In", undefined, "req-1"]);
    expect(words.asked).toEqual(["Checked In"]);
    const values = statusKennel("values");
    const v = await bookingsSearch(fetchDeps(values.fetchFn, AT), 'status:"Checked In"');
    expect(v.items.map((b) => b.reference)).toEqual(["ST-001", "ST-002", "ST-003"]);
    expect([v.title, v.statusNote]).toEqual(["Bookings: status checked_in", NOTE]);
  });

  it.each(['status:"Checked In"', 'status:"checked in"', "status:Checked-In"])(
    "%s stored as checked_in: as typed finds none, then checked_in, said so, with that read's request id",
    async (typed) => {
      const api = statusKennel("values");
      const r = await bookingsSearch(fetchDeps(api.fetchFn, AT), typed);
      expect(r.items.map((b) => b.reference)).toEqual(["ST-001", "ST-002", "ST-003"]);
      expect(r.title).toBe("Bookings: status checked_in");
      expect(r.statusNote).toMatch(/^No bookings have the status “.+”; showing status checked_in\.$/);
      expect(r.requestId).toBe("req-2");
      expect(api.asked).toHaveLength(2);
      expect(api.asked[1]).toBe("checked_in");
    },
  );

  it("paging stays on the value the first page used: the last page of 30 checked_in bookings", async () => {
    const api = statusKennel("values", 30);
    const deps = fetchDeps(api.fetchFn, AT);
    const first = await bookingsSearch(deps, 'status:"Checked In"');
    const last = await bookingsSearch(deps, first.state.q, 3);
    expect([first.totalRecords, first.totalPages, last.page]).toEqual([30, 3, 3]);
    expect(last.items.map((b) => b.reference)).toEqual(Array.from({ length: 10 }, (_, i) => `ST-0${21 + i}`));
    expect(last.statusNote).toBe(NOTE);
  });

  it("found by neither: the list's own words, the near status still suggested", async () => {
    const api = statusKennel("values", 0);
    const none = await bookingsSearch(fetchDeps(api.fetchFn, AT), 'status:"Checked In"');
    expect(api.asked).toEqual(["Checked In", "checked_in"]);
    expect([none.totalRecords, none.statusNote, none.title]).toEqual([
      0,
      undefined,
      "Bookings: status Checked In",
    ]);
    expect(none.emptyText).toBe("No bookings match. Widen the dates or drop a filter.");
    const typo = statusKennel("values");
    const mistyped = await bookingsSearch(fetchDeps(typo.fetchFn, AT), "status:confirmd");
    expect(mistyped.emptyText).toBe("No bookings have the status “confirmd”. Did you mean confirmed?");
    // A status typed as its value, or not one Kennel Desk knows, is asked once.
    await bookingsSearch(fetchDeps(typo.fetchFn, AT), "status:checked_in");
    expect(typo.asked).toEqual(["confirmd", "checked_in"]);
  });
});

/** `/kennel TEXT` through the real command's listener, the kennel in `style`: what the asker sees. */
async function kennelCommand(style: StatusStyle, text: string): Promise<string> {
  const kennel = fetchDeps(statusKennel(style).fetchFn, AT).kennel;
  const deps = listenerDeps({ now: () => new Date(AT) }, { kennel });
  // biome-ignore lint/suspicious/noExplicitAny: handlers take Bolt's wide argument type.
  let handler: (a: any) => Promise<void> = async () => undefined;
  registerKennel({ command: (_name: string, h: typeof handler) => (handler = h) } as never, deps);
  const responses: Message[] = [];
  await handler({
    command: { text, user_id: "U1", channel_id: "C1", command: "/kennel" },
    ack: async () => undefined,
    respond: async (m: Message) => {
      responses.push(m);
    },
    client: { users: { info: async () => ({ ok: true, user: { id: "U1", is_restricted: false } }) } },
  });
  return visibleOfMessages(responses).join("\n");
}

describe('Slack\'s /kennel bookings status:"Checked In"', () => {
  it("finds the checked-in bookings whether the kennel stores those words or checked_in", async () => {
    for (const [style, title, noted] of [
      ["words", "status Checked In (3)", false],
      ["values", "status checked_in (3)", true],
    ] as const) {
      const seen = await kennelCommand(style, 'bookings status:"Checked In"');
      expect(seen, style).toContain(title);
      for (const ref of ["ST-001", "ST-002", "ST-003"]) expect(seen, style).toContain(ref);
      expect(seen, style).not.toContain("ST-004");
      expect(seen.includes(NOTE), style).toBe(noted);
    }
  });

  it("its Next button's page reads the same value", async () => {
    const api = statusKennel("values", 30);
    const deps = fetchDeps(api.fetchFn, AT);
    const seen = visibleOfMessages(await bookingsSearchReply(deps, 'status:"checked in"', 3)).join("\n");
    expect(seen).toContain("ST-030");
    expect(seen).toContain("No bookings have the status “checked in”; showing status checked_in.");
  });
});
