/**
 * The record read a page at a time (issue 48): several streams of pages, each in the chain's order,
 * as one stream in that order, and items back into pages. For the exports and the welfare records,
 * whose kinds are read each by its own keyset pages (src/record/store.ts logPages).
 */

/**
 * Several streams of pages, each in the chain's order, as one stream of items in that order (ties:
 * the earlier stream first, as a stable sort of their concatenation would have them).
 */
export async function* mergeBySeq<T>(
  sources: AsyncIterable<readonly T[]>[],
  seq: (item: T) => number,
): AsyncGenerator<T> {
  const streams = sources.map((s) => ({
    it: s[Symbol.asyncIterator](),
    page: [] as readonly T[],
    at: 0,
    done: false,
  }));
  const fill = async (s: (typeof streams)[number]) => {
    while (!s.done && s.at >= s.page.length) {
      const next = await s.it.next();
      if (next.done) s.done = true;
      else [s.page, s.at] = [next.value, 0];
    }
  };
  await Promise.all(streams.map(fill));
  for (;;) {
    let best: (typeof streams)[number] | undefined;
    for (const s of streams) {
      if (s.at >= s.page.length) continue;
      if (!best || seq(s.page[s.at] as T) < seq(best.page[best.at] as T)) best = s;
    }
    if (!best) return;
    yield best.page[best.at++] as T;
    await fill(best);
  }
}

/** Items back into pages of up to `size`. */
export async function* pages<T>(items: AsyncIterable<T>, size = 500): AsyncGenerator<T[]> {
  let page: T[] = [];
  for await (const item of items) {
    page.push(item);
    if (page.length >= size) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}
