/**
 * "Did you mean tomorrow?": the nearest valid word to a mistyped one, for dates, rounds, commands
 * and options on every surface. Only a suggestion: nothing is ever taken for the word suggested.
 */

/** Edits from one word to the other: letters added, removed or changed, and two neighbours swapped. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const up = rows[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = d;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * The valid word nearest to `typed` (any case), within two edits (one for a word of three letters or
 * fewer, so "xyz" is not taken for "am"); the first of the list wins a tie. Undefined when none is
 * that close, or when `typed` is itself valid.
 */
export function nearestWord(typed: string, valid: readonly string[]): string | undefined {
  const word = typed.trim().toLowerCase();
  if (word === "" || word.length > 40) return undefined;
  const most = word.length <= 3 ? 1 : 2;
  let best: { word: string; distance: number } | undefined;
  for (const candidate of valid) {
    const distance = editDistance(word, candidate.toLowerCase());
    if (distance === 0) return undefined;
    if (distance <= most && (!best || distance < best.distance)) best = { word: candidate, distance };
  }
  return best?.word;
}

/** ` Did you mean tomorrow?` (with a leading space), or "" when no valid word is close. */
export function didYouMean(typed: string, valid: readonly string[]): string {
  const near = nearestWord(typed, valid);
  return near ? ` Did you mean ${near}?` : "";
}

/**
 * A command-line parser's message (Node's parseArgs: "Unknown option '--jsno'. To specify a
 * positional argument…") in the project's own words: an unknown option with the nearest one ("Did you
 * mean --json?") or, when none is near, the command's options; a value missing, or given to an option
 * that takes none; an argument the command does not take. `names`: the options, without dashes.
 */
export function optionProblem(message: string, names: readonly string[]): string {
  const flags = names.map((n) => (n.length === 1 ? `-${n}` : `--${n}`));
  const list = flags.length ? `Its options: ${flags.join(", ")}.` : "It takes no options.";
  const unknown = /^Unknown option '(-{1,2}[^']*)'/.exec(message)?.[1];
  if (unknown !== undefined) {
    const near = nearestWord(unknown, flags);
    return `Unknown option '${unknown.slice(0, 40)}'.${near ? ` Did you mean ${near}?` : ` ${list}`}`;
  }
  const option = /^Option '(?:-\w, )?(-{1,2}[\w-]+)/.exec(message)?.[1];
  if (option && / argument missing$/.test(message)) return `${option} needs a value after it.`;
  if (option && / argument is ambiguous/.test(message))
    return `${option} needs a value after it, and what follows it starts with "-" like an option: if that is the value, write ${option}=VALUE (no space).`;
  if (option && / does not take an argument/.test(message))
    return `${option} takes no value: write ${option} on its own.`;
  const extra = /^Unexpected argument '([^']*)'/.exec(message)?.[1];
  if (extra !== undefined)
    return `"${extra.slice(0, 40)}" is not expected: this command takes only options. ${list}`;
  return `${(message.split("\n")[0] ?? "").replace(/\.?$/, ".")} ${list}`;
}
