/**
 * `witness`: a second person saw a high-alert dose given (issue 35; src/answers/witness.ts). One
 * per dose: its request key is `witness:<entryId>` (a dose given if needed: `{prnId, userName}`,
 * `witness:prn:<prnId>`; issue 46), so the first to tap stands.
 */
import { z } from "zod";
import { defineKind, id, words } from "./kind.ts";

export const witness = defineKind({
  name: "witness",
  version: 1,
  words: "a witness of a high-alert dose",
  body: () =>
    z.union([
      z.object({ entryId: id(), userName: words(200) }),
      z.object({ prnId: id(), userName: words(200) }),
    ]),
});
