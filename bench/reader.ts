/**
 * The care plan reader's figures on its corpus (issue 42): how many instructions, how many a careful
 * nurse leaves to a person, readings the reader is sure of that differ from the nurse's ("certain
 * and wrong": must be 0), and plain words it leaves to a person (at most one in ten). Each case is
 * listed where it is not right, so a change to the reader shows what it moved.
 *
 *   npm run bench:reader            the figures and the cases not read right
 *   npm run bench:reader -- --all   every case with its verdict
 */
import { corpus, figures, judge } from "../test/domain/plan-corpus-cases.ts";

const all = process.argv.includes("--all");
const cases = corpus();
const started = performance.now();
const f = figures(cases);
const ms = performance.now() - started;

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
console.log(
  `care plan reader, corpus of ${f.size} instructions (${f.plain} plain, ${f.forPerson} for a person)`,
);
console.log(`  certain and wrong:             ${f.certainAndWrong.length}`);
console.log(
  `  plain words left to a person:  ${f.plainLeft.length} of ${f.plain} (${pct(f.plainLeftShare)}; at most 10%)`,
);
console.log(`  read in ${ms.toFixed(0)} ms (${(ms / f.size).toFixed(2)} ms an instruction, first reading)`);
for (const v of f.certainAndWrong)
  console.log(`  ✗ certain and wrong: ${v.c.words}\n      ${v.why.join("; ")}`);
for (const v of f.plainLeft)
  console.log(
    `  ❔ plain, left to a person: ${v.c.words}\n      ${v.why.join(", ")}${v.item.unplaced ? ` · could not read ${JSON.stringify(v.item.unplaced)}` : ""}`,
  );
if (all) for (const c of cases) console.log(`  ${judge(c).verdict.padEnd(22)} ${c.words}`);
process.exitCode = f.certainAndWrong.length === 0 && f.plainLeftShare <= 0.1 ? 0 : 1;
