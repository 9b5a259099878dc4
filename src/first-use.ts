/**
 * A value built at its first use, then kept, rather than when the bot's start loads its module:
 * the zod schemas of the care record's kinds and of the kennel API's records (issue 48), and the plan
 * reader's costlier regular expressions (a pattern a high-alert drug's name, the amounts' and
 * strengths' patterns: Unicode letter classes matched in any case, which V8 builds anew for each
 * pattern), built when a first instruction is read (docs/benchmarks.md, "Start-up and idle memory,
 * measured 30 Nov 2026"). The same object is kept after, so its meaning and state are as before.
 */
export function atFirstUse<T extends object>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}
