/**
 * How every tool is declared and answers: read-only annotations, text content from the shared
 * plain-text renderers, structured content that is the answer's data as JSON, and failures as
 * tool errors described once (src/answers/failure.ts): "what happened. what to do (request id X)"
 * with {kind, what, whatToDo, requestId} as structured content.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { type ZodRawShape, z } from "zod";
import { describeFailure, UsageError } from "../answers/failure.ts";
import { thisYear } from "../answers/records.ts";
import type { Deps } from "../deps.ts";
import { isKennelError } from "../kennel/errors.ts";
import { failureText, jsonOf, rawText, type TextOptions } from "../text/index.ts";
import { localDate } from "../time.ts";
import { BROKEN_TEXT, brokenStringAt } from "./inputs.ts";

type ToolResult = {
  content: Array<{ type: "text"; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

export const PRIVACY = "Results contain real customer names, contact details and veterinary details.";

const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
} as const;

/** Plain text, no colours, in the kennel's zone: what every tool's text content is drawn with. */
export function textOptions(deps: Deps): TextOptions {
  return { color: false, timezone: deps.config.timezone, thisYear: thisYear(deps) };
}

export const today = (deps: Deps) => localDate(deps.clock.now(), deps.config.timezone);

/** The answer's data as JSON, as it goes on the wire (the same JSON as the command line's --json). */
function json(data: object): Record<string, unknown> {
  return JSON.parse(jsonOf(data)) as Record<string, unknown>;
}

export function answer(text: string, data: object): ToolResult {
  return { content: [{ type: "text", text }], structuredContent: json(data) };
}

/**
 * An answer's data as the tool's result: its plain-text rendering and the data itself; with
 * KENNEL_RAW_RESPONSES=1, the API's JSON unchanged (as text and as `raw`) and the request id.
 */
export function dataAnswer<D extends { requestId: string; raw?: unknown }>(
  deps: Deps,
  data: D,
  render: (data: D, options: TextOptions) => string,
): ToolResult {
  const o = textOptions(deps);
  if (deps.config.rawResponses && data.raw !== undefined) {
    return answer(rawText(data.raw, o), { raw: data.raw, requestId: data.requestId });
  }
  return answer(render(data, o), data);
}

/** Any error as a tool error, through the one description of failures. */
function failure(error: unknown, deps: Deps, tool: string): ToolResult {
  // A broken string that slipped past validation reaches encodeURIComponent: it is bad input.
  const cause =
    error instanceof URIError
      ? new UsageError(`The input to ${tool} ${BROKEN_TEXT}.`, "Correct it and try again.")
      : error;
  const f = describeFailure(cause);
  if (f.kind === "unexpected") deps.log.error({ tool, err: error }, `${tool}: unexpected error`);
  else deps.log.warn({ tool, failure: f }, `${tool}: ${f.kind}`);
  const structured = {
    kind: f.kind,
    what: f.what,
    whatToDo: f.whatToDo,
    requestId: f.requestId ?? null,
    // The kennel API's own kind of failure (timeout, rate_limited…): what an assistant can act on.
    ...(isKennelError(cause) ? { apiError: cause.kind, status: cause.status ?? null } : {}),
  };
  return {
    content: [{ type: "text", text: failureText(f, textOptions(deps)) }],
    structuredContent: structured,
    isError: true,
  };
}

interface ToolSpec<S extends ZodRawShape> {
  name: string;
  title: string;
  description: string;
  inputSchema: S;
}

/** The input schemas of a server's tools, for the input check in front of every call. */
const schemasOf = new WeakMap<McpServer, Map<string, z.ZodObject>>();

/** Registers one read-only tool whose body's failures become tool errors. */
export function addTool<S extends ZodRawShape>(
  server: McpServer,
  deps: Deps,
  spec: ToolSpec<S>,
  body: (args: z.infer<z.ZodObject<S>>) => Promise<ToolResult>,
): void {
  guardInput(server, deps);
  schemasOf.get(server)?.set(spec.name, z.object(spec.inputSchema));
  const run = async (args: z.infer<z.ZodObject<S>>): Promise<ToolResult> => {
    try {
      return await body(args);
    } catch (error) {
      return failure(error, deps, spec.name);
    }
  };
  server.registerTool(
    spec.name,
    {
      title: spec.title,
      description: spec.description,
      inputSchema: spec.inputSchema,
      annotations: { title: spec.title, ...READ_ONLY },
    },
    run as never,
  );
}

/** What is wrong with a tool's input, in words, or undefined when it is fine. */
export function inputProblem(schema: z.ZodObject, args: unknown): string | undefined {
  const broken = brokenStringAt(args);
  if (broken) return `${broken}: ${BROKEN_TEXT}`;
  const parsed = schema.safeParse(args ?? {});
  if (parsed.success) return undefined;
  return parsed.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? `${i.path.join(".")}: ` : ""}${i.message}`)
    .join("; ");
}

type CallHandler = (request: z.infer<typeof CallToolRequestSchema>, extra: unknown) => Promise<unknown>;

/**
 * Puts the input check in front of the SDK's own call handler (installed when the first tool is
 * registered), so bad input is a usage failure in the same shape as every other, with what was
 * wrong and what to do, and no request is built from it.
 */
function guardInput(server: McpServer, deps: Deps): void {
  if (schemasOf.has(server)) return;
  const schemas = new Map<string, z.ZodObject>();
  schemasOf.set(server, schemas);
  const low = server.server;
  const set = low.setRequestHandler.bind(low) as (schema: unknown, handler: CallHandler) => void;
  (low as { setRequestHandler: unknown }).setRequestHandler = (schema: unknown, handler: CallHandler) => {
    if (schema !== CallToolRequestSchema) return set(schema, handler);
    return set(schema, async (request, extra) => {
      const name = request.params.name;
      const schema = schemas.get(name);
      const problem = schema ? inputProblem(schema, request.params.arguments) : undefined;
      if (problem === undefined) return handler(request, extra);
      return failure(
        new UsageError(
          `The input to ${name} is not valid: ${problem}.`,
          "Correct the input (the tool's input schema says what each field takes) and call the tool again.",
        ),
        deps,
        name,
      );
    });
  };
}
