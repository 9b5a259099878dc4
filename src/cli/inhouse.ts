/** `kennel-desk inhouse [DATE] [--page N] [--json]`: every pet staying, by room. */
import { houseReport } from "../answers/house.ts";
import { houseText } from "../text/index.ts";
import {
  type CliContext,
  dayOption,
  kennelDeps,
  nextPage,
  notePageShown,
  pageOption,
  print,
  readOptions,
  textOptions,
} from "./context.ts";

export async function run(ctx: CliContext): Promise<number> {
  const { values, positionals } = readOptions(
    ctx.args,
    { json: { type: "boolean" }, page: { type: "string" } },
    true,
  );
  const page = pageOption(values.page);
  const date = dayOption(ctx, positionals.join(" "));
  const deps = kennelDeps(ctx);
  const report = await houseReport(deps, date, { page });
  notePageShown(ctx, page, report.page, report.pages);
  return print(
    ctx,
    report,
    values.json === true,
    () => houseText(report, textOptions(ctx, deps)),
    nextPage(report.page, report.pages),
  );
}
