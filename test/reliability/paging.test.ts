/**
 * Paging that goes wrong (issue 26, item 4): one bounded pager for every list. A property over any
 * paging an API could answer (right, repeating, wrong page numbers, zero pages, too few pages):
 * every walk either gives each record exactly once, in order, or stops with "the API's paging looks
 * wrong", within a page budget. And over the real bot: /inhouse on the 150-pet day against a sandbox
 * whose paging repeats, says zero pages, or numbers pages wrongly, answers the asker in words after a
 * page or two, never with a shortened board.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidResponseError } from "../../src/kennel/errors.ts";
import { collectAll, paginate } from "../../src/kennel/pagination.ts";
import type { Faults } from "../../src/sandbox/server.ts";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { commandForm, postSigned, type Recorded } from "../helpers/slack.ts";

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261124) });

type Behaviour = "right" | "repeat" | "wrong-page" | "zero-pages" | "too-few-pages";

describe("the pager, property", () => {
  it("any paging: every record exactly once and in order, or 'the API's paging looks wrong'; never past the page budget", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 10 }),
        fc.array(
          fc.constantFrom<Behaviour>(
            "right",
            "right",
            "right",
            "repeat",
            "wrong-page",
            "zero-pages",
            "too-few-pages",
          ),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        async (n, size, behaviours) => {
          const records = Array.from({ length: n }, (_, i) => ({ id: i }));
          const pages = Math.max(1, Math.ceil(n / size));
          let asked = 0;
          const walk = paginate(
            async (page) => {
              asked++;
              const how = behaviours[(page - 1) % behaviours.length] as Behaviour;
              const at = how === "repeat" && page > 1 ? page - 1 : page;
              const items = records.slice((at - 1) * size, at * size);
              return {
                data: {
                  page: how === "wrong-page" ? page + 1 : page,
                  pageSize: size,
                  totalRecords: n,
                  totalPages:
                    how === "zero-pages" ? 0 : how === "too-few-pages" ? Math.max(1, page) - 0 : pages,
                  items,
                },
                requestId: `r${page}`,
              };
            },
            { maxPages: 20 },
          );
          const got = await collectAll(walk).catch((e: unknown) => e);
          expect(asked).toBeLessThanOrEqual(Math.max(pages, 1) + 1);
          if (got instanceof InvalidResponseError) {
            expect(got.message).toMatch(/paging looks wrong|kept growing|\(the budget\)/);
            return;
          }
          expect(got).toEqual(records);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

describe("/inhouse against wrong paging", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { DIGEST_SCHEDULE: "off" } });
  });
  afterAll(() => h.close());

  const isFinal = (r: Recorded) =>
    !String(r.body.text ?? "").includes("Looking up") && r.body.delete_original !== true;

  it.each<Faults["paging"]>(["repeat", "zero-pages", "wrong-page"])(
    "%s: the asker is told the API's paging looks wrong, with the request id, after at most two pages",
    async (paging) => {
      h.sandbox.setFaults({ paging });
      const before = h.sandbox.requests.length;
      try {
        const { form, id } = commandForm(h.slack, { command: "/inhouse", text: "2026-11-24" });
        expect((await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form)).status).toBe(200);
        await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal), 15_000);
        const answer = h.slack.responsesFor(id).find(isFinal)?.body;
        expect(answer?.response_type).toBe("ephemeral");
        expect(JSON.stringify(answer)).toContain("the API's paging looks wrong");
        expect(JSON.stringify(answer)).toMatch(/[Rr]equest id/);
        // The stays' search walk (the day's departures, asked for beside it, are another list).
        const lists = h.sandbox.requests.slice(before).filter((r) => /\/bookings(\?|$)/.test(r.path));
        expect(lists.length).toBeLessThanOrEqual(2);
      } finally {
        h.sandbox.setFaults({});
      }
    },
  );
});
