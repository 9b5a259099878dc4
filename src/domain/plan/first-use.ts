/**
 * A value built at its first use, then kept. The plan reader's costlier regular expressions (a pattern
 * a high-alert drug's name, the amounts' and strengths' patterns: Unicode letter classes matched in
 * any case, which V8 builds anew for each pattern) are built when a first instruction is read, not
 * when the bot's start loads these modules (docs/benchmarks.md, "Start-up and idle memory, measured
 * 30 Nov 2026"). The same object is kept after, so a pattern's meaning and state are as before.
 */
export function atFirstUse<T extends object>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}
