/**
 * `kennel-desk stock [--controlled] [--json]`: the medicines held now (issue 49): each with its
 * balance, how long it lasts to its pet's check-out (with the kennel API; without it, said), its
 * discard-by, a controlled drug's count due, and every discrepancy open.
 * `kennel-desk stock register DRUG [--from DATE] [--to DATE] [--json]`: the drug's register, each
 * medicine of that name counted in → given → counted → handed back, the balance after each line.
 * Read only; both read the care record as the bot does.
 */

import { drugRegister, stockNow } from "../answers/custody-stock.ts";
import { UsageError } from "../answers/failure.ts";
import { freeText, TEXT_RULES } from "../answers/input.ts";
import { drugRegisterDoc, stockDoc } from "../present/custody.ts";
import { docText } from "../text/doc.ts";
import {
  type CliContext,
  dayOption,
  HELP_HINT,
  kennelDeps,
  print,
  readOptions,
  textOptions,
} from "./context.ts";
import { requireStore } from "./record-store.ts";

export async function run(ctx: CliContext): Promise<number> {
  const { values, positionals } = readOptions(
    ctx.args,
    {
      json: { type: "boolean" },
      controlled: { type: "boolean" },
      from: { type: "string" },
      to: { type: "string" },
    },
    true,
  );
  const json = values.json === true;
  const [sub, ...rest] = positionals;
  if (sub !== undefined && sub !== "register")
    throw new UsageError(`stock takes "register DRUG" or nothing, not "${sub.slice(0, 40)}".`, HELP_HINT);
  if (sub === undefined && (values.from !== undefined || values.to !== undefined))
    throw new UsageError(
      "--from and --to go with stock register DRUG.",
      "Run kennel-desk stock register tramadol --from 2026-11-01.",
    );
  const { store } = await requireStore(ctx);
  try {
    const base = { record: store, config: ctx.config, clock: ctx.clock, log: ctx.log };
    if (sub === "register") {
      const drug = freeText(rest.join(" "), TEXT_RULES.search);
      if (!drug)
        throw new UsageError(
          "Which drug? Give its name as on the label, or part of it.",
          "Run kennel-desk stock register tramadol.",
        );
      const from = values.from !== undefined ? dayOption(ctx, values.from) : undefined;
      const to = values.to !== undefined ? dayOption(ctx, values.to) : undefined;
      const answer = await drugRegister(base, drug, { from, to });
      return print(ctx, answer, json, () =>
        docText(drugRegisterDoc(answer, ctx.config.timezone), textOptions(ctx)),
      );
    }
    const kennel = ctx.config.kennel ? kennelDeps(ctx).kennel : undefined;
    if (!kennel) ctx.io.stderr.write("No kennel API set: the runway to each check-out is not known here.\n");
    const answer = await stockNow({ ...base, kennel }, { controlled: values.controlled === true });
    return print(ctx, answer, json, () =>
      docText(
        stockDoc(answer, ctx.config.timezone, { controlled: values.controlled === true }),
        textOptions(ctx),
      ),
    );
  } finally {
    await store.close();
  }
}
