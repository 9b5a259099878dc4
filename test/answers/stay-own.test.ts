/**
 * A stay's care record comes from the record's own kept rounds and entries for its booking, never
 * from the kennel API's dates now (issue 45): a booking whose dates the API now gives otherwise (a
 * booking moved, a sandbox with another seed) keeps the dose its morning round asked and nobody gave,
 * on the stay's record as the connector (get_care_record), Slack's "Stay record" and the terminal
 * read it; and with the kennel API not answering, the record alone answers, saying so.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stayRecords } from "../../src/answers/stay.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import type { KennelClient } from "../../src/kennel/client.ts";
import { UnreachableError } from "../../src/kennel/errors.ts";
import { silentLogger } from "../../src/log.ts";
import { createMcpServer } from "../../src/mcp/server.ts";
import { stayRecordDoc } from "../../src/present/stay.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { doseWindow, keepObligation } from "../helpers/obligations.ts";
import { recorded, scratchRecord } from "../helpers/record.ts";

const DAY = "2026-12-02";
const NOW = `${DAY}T15:00:00Z`;
const TEXT = { color: false, timezone: "UTC", thisYear: "2026" };
const config = loadConfig({ KENNEL_TIMEZONE: "UTC", ROUNDS_TIMES: "07:30,12:00,18:00" });

/** Milo's stay as the rounds kept it: in Tue 1 Dec, out Fri 4 Dec. */
const milo = {
  bookingId: 100004,
  petId: 5542,
  name: "Milo",
  reference: "HP-MILO01",
  checkIn: "2026-12-01T10:00:00.000Z",
  checkOut: "2026-12-04T10:00:00.000Z",
};
const metronidazole = (window: ReturnType<typeof doseWindow>) => ({
  item: "med:1" as const,
  label: "Metronidazole 200 mg",
  text: "Metronidazole 200 mg twice daily",
  window,
  confirmed: true,
});

/** The same booking as the kennel API gives it now: other dates (5–6 Nov), checked out, another pet's customer. */
const moved = {
  bookingId: 100004,
  reference: "HP-MILO01",
  checkInDate: "2026-11-05T10:00:00Z",
  checkOutDate: "2026-11-06T10:00:00Z",
  status: "Checked Out",
};

let store: CareRecordStore;

beforeAll(async () => {
  store = scratchRecord({ now: () => new Date(`${DAY}T07:00:00Z`) });
  await store.kennel();
  // The morning round asked the dose and nobody gave it (missed); the midday round's was given.
  await keepObligation(store, DAY, [{ ...milo, items: [metronidazole(doseWindow(DAY))] }], "morning");
  const midday = doseWindow(DAY, ["11:30", "12:00", "12:30", "14:00"]);
  await keepObligation(store, DAY, [{ ...milo, items: [metronidazole(midday)] }], "midday");
  await recorded(store, {
    date: DAY,
    round: "midday",
    bookingId: milo.bookingId,
    petId: milo.petId,
    petName: "Milo",
    item: "med:1",
    itemText: "Metronidazole 200 mg",
    outcome: "given",
    userId: "U0JANE",
    userName: "Jane",
    requestKey: "tap:midday",
  });
});
afterAll(() => store?.close());

/** The kennel API as a stand-in: the booking as `getBooking` answers it (or its failure). */
function kennelThat(getBooking: () => Promise<unknown>): KennelClient {
  const down = () => Promise.reject(new UnreachableError("http://127.0.0.1:9", "the connection was refused"));
  return {
    getBooking,
    getBookingByReference: getBooking,
    bookingIdOf: () => undefined,
    petsOfCustomer: down,
  } as unknown as KennelClient;
}

function depsWith(kennel: KennelClient): Deps {
  return { kennel, config, clock: { now: () => new Date(NOW) }, log: silentLogger(), record: store };
}

/** The missed morning dose, as the stay's record must keep it. */
const MISSED = { date: DAY, round: "morning", kind: "missed", label: "Metronidazole 200 mg" };

it("a booking the API now dates otherwise: the stay's record is its kept rounds', the missed dose kept", async () => {
  const deps = depsWith(kennelThat(async () => ({ data: moved, requestId: "r-1", raw: moved })));
  const stays = await stayRecords(deps, [{ booking: moved, care: undefined }]);
  const stay = stays?.get(100004);
  expect(stay?.problem).toBeUndefined();
  const [pet] = stay?.pets ?? [];
  expect(pet).toMatchObject({ petId: 5542, petName: "Milo", doses: { due: 2, given: 1 } });
  expect(pet?.exceptions).toContainEqual(expect.objectContaining(MISSED));
  // The API's dates (5–6 Nov) are not the stay's: their rounds are never said to be unkept for it.
  expect((pet?.unkept ?? []).filter((r) => r.date < "2026-12-01")).toEqual([]);
  const text = docText(
    stayRecordDoc(stay as NonNullable<typeof stay>, "HP-MILO01", { timezone: "UTC" }),
    TEXT,
  );
  expect(text).toContain("Metronidazole 200 mg");
  expect(text).not.toContain("Nothing recorded");
});

describe("the connector's get_care_record by booking", () => {
  async function call(kennel: KennelClient, args: Record<string, unknown>) {
    const server = createMcpServer(depsWith(kennel));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "kennel-desk-test", version: "1.0.0" });
    await client.connect(clientSide);
    try {
      const r = (await client.callTool({ name: "get_care_record", arguments: args })) as {
        content: Array<{ text?: string }>;
        structuredContent?: { stay?: { pets?: Array<{ exceptions?: unknown[] }> }; reference?: string };
        isError?: boolean;
      };
      return {
        text: r.content.map((c) => c.text ?? "").join("\n"),
        data: r.structuredContent,
        isError: r.isError,
      };
    } finally {
      await client.close();
      await server.close();
    }
  }

  it("the API's booking dated otherwise: the missed dose is on the record, never 'nothing recorded'", async () => {
    const r = await call(
      kennelThat(async () => ({ data: moved, requestId: "r-1", raw: moved })),
      { booking: "100004" },
    );
    expect(r.isError).toBeFalsy();
    expect(r.text).not.toContain("Nothing recorded");
    expect(r.data?.stay?.pets?.[0]?.exceptions).toContainEqual(expect.objectContaining(MISSED));
  });

  it.each([
    ["its id", "100004"],
    ["its reference", "HP-MILO01"],
  ])(
    "the API unreachable, by %s: the record alone answers, saying the API could not be read",
    async (_, booking) => {
      const unreachable = () =>
        Promise.reject(
          new UnreachableError("http://127.0.0.1:9", "the connection was refused", { requestId: "sent-9" }),
        );
      const r = await call(kennelThat(unreachable), { booking });
      expect(r.isError).toBeFalsy();
      expect(r.text).toContain("Stay record · HP-MILO01");
      expect(r.text).toContain(
        "The kennel API could not be read for the booking's details: The kennel API at http://127.0.0.1:9 could not be reached (the connection was refused) (request id sent-9).",
      );
      expect(r.text).toContain("This is the care record alone");
      expect(r.data?.stay?.pets?.[0]?.exceptions).toContainEqual(expect.objectContaining(MISSED));
    },
  );
});
