/** `kennel-desk status [--json]`: the kennel API's state in words. Exit 0 when OK, 1 otherwise. */
import { statusAnswer } from "../answers/kennel.ts";
import { statusText } from "../text/index.ts";
import { type CliContext, kennelDeps, print, readOptions, textOptions } from "./context.ts";

export async function run(ctx: CliContext): Promise<number> {
  const { values } = readOptions(ctx.args, { json: { type: "boolean" } });
  const deps = kennelDeps(ctx);
  const answer = await statusAnswer(deps);
  print(ctx, answer, values.json === true, () => statusText(answer, textOptions(ctx, deps)));
  return answer.words.ok ? 0 : 1;
}
