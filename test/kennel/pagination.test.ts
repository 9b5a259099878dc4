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
