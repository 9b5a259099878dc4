import { describe, expect, it } from "vitest";
import { InvalidResponseError } from "../../src/kennel/errors.ts";
import { Limiter } from "../../src/kennel/limiter.ts";
import { collectAll, paginate } from "../../src/kennel/pagination.ts";

const page = (n: number, totalPages: number, items: number[]) => ({
  data: { page: n, pageSize: 2, totalRecords: items.length, totalPages, items },
  requestId: `r${n}`,
});

describe("paginate", () => {
  it("stops at totalPages even when a page is short or empty", async () => {
    const asked: number[] = [];
    const items = await collectAll(
      paginate(async (n) => {
        asked.push(n);
        return page(n, 3, n === 2 ? [] : [n]);
      }),
    );
    expect(asked).toEqual([1, 2, 3]);
    expect(items).toEqual([1, 3]);
  });

  it("a single page with totalPages 0 (no records) reads one page", async () => {
    const asked: number[] = [];
    await collectAll(
      paginate(async (n) => {
        asked.push(n);
        return page(n, 0, []);
      }),
    );
    expect(asked).toEqual([1]);
  });

  it("follows a shrinking total", async () => {
    const totals = [4, 2];
    const asked: number[] = [];
    await collectAll(
      paginate(async (n) => {
        asked.push(n);
        return page(n, totals[n - 1] ?? 2, [n]);
      }),
    );
    expect(asked).toEqual([1, 2]);
  });

  it("guards against a total that keeps growing, with the last request id", async () => {
    const error = await collectAll(paginate(async (n) => page(n, n + 1, [n]))).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.requestId).toMatch(/^r\d+$/);
  });

  it("an API claiming 1,000,000,000 pages is stopped by the page budget, and the words say so (it did not grow)", async () => {
    let asked = 0;
    const error = await collectAll(
      paginate(async (n) => {
        asked++;
        return page(n, 1_000_000_000, [n, -n]);
      }),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(asked).toBe(1_000);
    expect(error.message).toContain("the API claimed 1,000,000,000 pages; stopped after 1,000 (the budget)");
    expect(error.message).not.toMatch(/grow/);
    expect(error.requestId).toBe("r1000");
  });

  it("honours maxPages", async () => {
    const asked: number[] = [];
    const error = await collectAll(
      paginate(
        async (n) => {
          asked.push(n);
          return page(n, 100, [n]);
        },
        { maxPages: 5 },
      ),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(asked).toHaveLength(5);
  });
});

describe("paginate: one bound for every walk, and a stop when the paging is wrong", () => {
  const full = <T>(n: number, totalPages: number, items: T[], over: object = {}) => ({
    data: { page: n, pageSize: items.length || 2, totalRecords: totalPages * 2, totalPages, items, ...over },
    requestId: `r${n}`,
  });
  const failure = (pages: AsyncIterable<unknown>) => collectAll(pages as never).catch((e: unknown) => e);

  it("a page repeating an earlier one stops at once: 'the API's paging looks wrong'", async () => {
    const asked: number[] = [];
    const error = await failure(
      paginate(async (n) => {
        asked.push(n);
        return full(n, 10_000, [1, 2]);
      }),
    );
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(String((error as Error).message)).toContain(
      "the API's paging looks wrong: page 2 repeated page 1",
    );
    expect((error as InvalidResponseError).requestId).toBe("r2");
    expect(asked).toEqual([1, 2]);
  });

  it("a page answering another page number, or zero pages with records, or more records than its pages hold, stops", async () => {
    const wrongPage = await failure(paginate(async (n) => full(n + 1, 3, [n * 2, n * 2 + 1])));
    expect(String((wrongPage as Error).message)).toContain("asked for page 1, it answered page 2");
    const zero = await failure(paginate(async (n) => full(n, 0, [1, 2])));
    expect(String((zero as Error).message)).toContain(
      "it said there are 0 pages, with 2 records on this one",
    );
    // 124 records, pages of 100, and "1 page": the board would have shown 100 of 124.
    const items = Array.from({ length: 100 }, (_, i) => i);
    const short = await failure(
      paginate(async (n) => ({
        data: { page: n, pageSize: 100, totalRecords: 124, totalPages: 1, items },
        requestId: "r",
      })),
    );
    expect(String((short as Error).message)).toContain("it said 124 records in 1 page of at most 100");
  });

  it("a time budget and a memory budget, each with words and the request id", async () => {
    let t = 0;
    const slow = await failure(
      paginate(
        async (n) => {
          t += 1_000;
          return full(n, 1_000, [n * 2, n * 2 + 1]);
        },
        { maxMs: 5_000, now: () => t },
      ),
    );
    expect(String((slow as Error).message)).toMatch(/took longer than 5 s \(\d+ of 1000 pages read\)/);
    const big = await failure(
      paginate(async (n) => full(n, 1_000, ["x".repeat(1_000) + n]), { maxBytes: 10_000 }),
    );
    expect(String((big as Error).message)).toContain("larger than Kennel Desk will hold");
  });

  it("a correct walk is untouched: every record once, in order", async () => {
    const records = Array.from({ length: 7 }, (_, i) => i);
    const got = await collectAll(
      paginate(async (n) => ({
        data: {
          page: n,
          pageSize: 3,
          totalRecords: 7,
          totalPages: 3,
          items: records.slice((n - 1) * 3, n * 3),
        },
        requestId: `r${n}`,
      })),
    );
    expect(got).toEqual(records);
  });
});

describe("Limiter", () => {
  it("never runs more than max tasks at once and runs them all", async () => {
    const limiter = new Limiter(3);
    let active = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limiter.run(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((r) => setTimeout(r, 2));
          active--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(limiter.active).toBe(0);
  });

  it("releases the slot when a task fails", async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(async () => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(await limiter.run(async () => 5)).toBe(5);
  });

  it("shares a keyed task in flight, and runs it again once it settled", async () => {
    const limiter = new Limiter(2);
    let calls = 0;
    const task = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      return calls;
    };
    const [a, b] = await Promise.all([limiter.shared("k", task), limiter.shared("k", task)]);
    expect([a, b]).toEqual([1, 1]);
    expect(await limiter.shared("k", task)).toBe(2);
  });
});
