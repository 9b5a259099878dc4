/** check_api_status: whether the kennel API is up and accepts the key, as /kennel status says it. */
import { statusAnswer } from "../../answers/kennel.ts";
import type { Deps } from "../../deps.ts";
import { statusText } from "../../text/index.ts";
import { addTool, answer, type ToolServer, textOptions } from "../tool.ts";

export function register(server: ToolServer, deps: Deps): void {
  addTool(
    server,
    deps,
    {
      name: "check_api_status",
      title: "Check the kennel API",
      description:
        "Whether the kennel API is up and accepts the key (GET /health). Tells apart: ok, unreachable (down, failing or too slow), wrong_address (the base URL does not lead to the API) and key_rejected.",
      inputSchema: {},
    },
    async () => {
      const s = await statusAnswer(deps, "bot");
      return answer(statusText(s, textOptions(deps)), s);
    },
  );
}
