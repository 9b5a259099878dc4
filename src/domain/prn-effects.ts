/**
 * How an as-needed dose worked, asked of the giver an hour later (issue 35): the answers, in one
 * place the record's kinds (src/record/kinds/prn.ts) and the domain both read.
 */
export type PrnEffect = "helped" | "no_change" | "worse";
export const PRN_EFFECTS: readonly PrnEffect[] = ["helped", "no_change", "worse"];
