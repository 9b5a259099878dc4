/**
 * `kennel-desk mcp`: the assistant connector, a Model Context Protocol server on standard input and
 * output. Standard output is the protocol's: logs go to standard error only.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createMcpServer } from "../mcp/server.ts";
import { type CliContext, kennelDeps, readOptions } from "./context.ts";

export async function run(ctx: CliContext): Promise<number> {
  readOptions(ctx.args, {});
  const deps = kennelDeps(ctx);
  const server = createMcpServer(deps);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  // Count requests in flight, so that when standard input ends every answer is still written.
  let pending = 0;
  type Receive = NonNullable<typeof transport.onmessage>;
  const receive = transport.onmessage as Receive | undefined;
  transport.onmessage = ((...args: Parameters<Receive>) => {
    const [message] = args;
    if ("id" in message && "method" in message) pending++;
    receive?.(...args);
  }) as Receive;
  const send = transport.send.bind(transport);
  transport.send = async (...args: Parameters<typeof send>) => {
    const [message] = args;
    if ("id" in message && !("method" in message)) pending = Math.max(0, pending - 1);
    return send(...args);
  };
  ctx.log.info(
    { baseUrl: deps.config.kennel?.baseUrl.href },
    "assistant connector ready on standard input and output",
  );
  await new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once("end", () => resolve());
  });
  const until = Date.now() + 60_000;
  while (pending > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  await server.close();
  return 0;
}
