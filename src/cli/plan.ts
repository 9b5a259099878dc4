/**
 * `kennel-desk plan REF|ID [DATE] [--json]`: a stay's care plans (each pet's current version, its
 * state, who confirmed it and when, and what each item asks of the day's rounds).
 * `kennel-desk plan --pet ID [DATE] [--json]`: one pet's latest kept plan, from the care record alone.
 * Read only: a plan not kept yet is drafted for the answer and says so; nothing is written.
 */
import { UsageError } from "../answers/failure.ts";
import { carePlans, petCarePlan } from "../answers/plan-view.ts";
import { carePlansDoc } from "../present/plan.ts";
import { docText } from "../text/doc.ts";
import { type CliContext, dayOption, petOption, print, readOptions, textOptions } from "./context.ts";
import { kennelDepsWithRecord } from "./record-deps.ts";
import { openStore } from "./record-store.ts";

export async function run(ctx: CliContext): Promise<number> {
  const { values, positionals } = readOptions(
    ctx.args,
    { json: { type: "boolean" }, pet: { type: "string" } },
    true,
  );
  const json = values.json === true;
  if (values.pet !== undefined) {
    const petId = petOption(values.pet);
    const date = dayOption(ctx, positionals.join(" "));
    const { store } = await openStore(ctx);
    if (!store) return 1;
    try {
      const answer = await petCarePlan({ record: store, config: ctx.config }, petId, date);
      return print(ctx, answer, json, () =>
        docText(carePlansDoc(answer, ctx.config.timezone), textOptions(ctx)),
      );
    } finally {
      await store.close();
    }
  }
  const [ref, ...rest] = positionals;
  if (!ref) {
    throw new UsageError(
      "Which booking? Give its reference or id (or --pet ID for a pet's kept plan).",
      "Run kennel-desk plan HP-7K2M9Q, for example.",
    );
  }
  const date = dayOption(ctx, rest.join(" "));
  const { deps, close } = await kennelDepsWithRecord(ctx);
  try {
    const answer = await carePlans(deps, { booking: ref, date });
    return print(ctx, answer, json, () =>
      docText(carePlansDoc(answer, ctx.config.timezone), textOptions(ctx)),
    );
  } finally {
    await close();
  }
}
