/**
 * `kennel-desk mcp`: the assistant connector, a Model Context Protocol server on standard input and
 * output. Standard output is the protocol's: logs go to standard error only.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createMcpServer } from "../mcp/server.ts";
import { type CliContext, kennelDeps, readOptions } from "./context.ts";
import { openStore } from "./record-store.ts";

export async function run(ctx: CliContext): Promise<number> {
  readOptions(ctx.args, {});
  // The care record, when there is one to read (get_care_record, and get_booking's stay summary).
  // A record that cannot be opened (PostgreSQL down) leaves the spec's tools working: said on standard error.
  const { store } = await openStore(ctx, { quiet: true }).catch((error: unknown) => {
    ctx.log.warn(
      { err: String((error as Error)?.message ?? error) },
      "the care record could not be opened: get_care_record is not offered",
    );
    return { store: undefined };
  });
  const deps = store ? { ...kennelDeps(ctx), record: store } : kennelDeps(ctx);
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
    if ("id" in message && !("method" in message)) {
      pending = Math.max(0, pending - 1);
      // An answer's notes (the bookings it read not whole) as one, beside it.
      ctx.flushNotes?.();
    }
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
  await store?.close();
  return 0;
}
