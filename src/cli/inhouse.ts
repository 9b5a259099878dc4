/**
 * `kennel-desk inhouse [DATE] [--page N | --json]`: every pet staying, by room; `--json` is the whole
 * day's data (every stay, the day's counts).
 */
import { houseReport } from "../answers/house.ts";
import { houseText } from "../text/index.ts";
import {
  type CliContext,
  dayOption,
  jsonIsWholeDay,
  nextPage,
  notePageShown,
  pageOption,
  print,
  readOptions,
  textOptions,
} from "./context.ts";
import { kennelDepsWithRecord } from "./record-deps.ts";

export async function run(ctx: CliContext): Promise<number> {
  const { values, positionals } = readOptions(
    ctx.args,
    { json: { type: "boolean" }, page: { type: "string" } },
    true,
  );
  const json = values.json === true;
  jsonIsWholeDay(json, values.page, "kennel-desk inhouse");
  const page = pageOption(values.page);
  const date = dayOption(ctx, positionals.join(" "));
  const { deps, close } = await kennelDepsWithRecord(ctx);
  try {
    const report = await houseReport(deps, date, json ? { wholeDay: true } : { page });
    notePageShown(ctx, page, report.page, report.pages);
    return print(
      ctx,
      report,
      json,
      () => houseText(report, textOptions(ctx)),
      nextPage(report.page, report.pages),
    );
  } finally {
    await close();
  }
}
