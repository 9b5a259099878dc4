/**
 * How every tool is declared and answers: read-only annotations, text content from the shared
 * plain-text renderers, structured content that is the answer's data as JSON, and failures as
 * tool errors described once (src/answers/failure.ts): "what happened. what to do (request id X)"
 * with {kind, what, whatToDo, requestId} as structured content. A tool with a card (a pet, a
 * booking, a day, the board, a round, the care record) also gives, to a client that draws Block Kit
 * (Slack's assistant), the same document's Block Kit in `_meta.slack.blocks` beside the text.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestParamsSchema,
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { type ZodRawShape, z } from "zod";
import { describeFailure, UsageError } from "../answers/failure.ts";
import { thisYear } from "../answers/records.ts";
import { docCard } from "../blocks/card.ts";
import type { Deps } from "../deps.ts";
import { isKennelError } from "../kennel/errors.ts";
import type { Doc } from "../present/doc.ts";
import { docText } from "../text/doc.ts";
import { failureText, jsonOf, rawText, type TextOptions } from "../text/index.ts";
import { localDate } from "../time.ts";
import { unknownArguments } from "./arguments.ts";
import { BROKEN_TEXT, brokenStringAt } from "./inputs.ts";

type ToolResult = {
  content: Array<{ type: "text"; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: { slack: { blocks: unknown[] } };
};

/** A tool's answer as its body gives it: the result, and the document its card is drawn from. */
type Answered = ToolResult & { card?: Doc };

/**
 * Slack's assistant draws Block Kit a tool returns when it says so at `initialize`:
 * `capabilities.extensions["io.slack/block-kit"]`, with the media types it draws
 * (https://docs.slack.dev/ai/slackbot-mcp-client/returning-rich-responses/; the `extensions`
 * field is MCP's SEP-2133). ASSUMPTION: read tolerantly: the same key under `experimental` (where
 * clients declared extensions before SEP-2133) counts too, and a declaration without `mimeTypes`
 * means Block Kit's own; one whose `mimeTypes` leave Block Kit out does not.
 */
const BLOCK_KIT = "io.slack/block-kit";
const BLOCK_KIT_TYPE = "application/vnd.slack.blocks+json";

export function drawsBlockKit(capabilities: unknown): boolean {
  const c = capabilities as { extensions?: unknown; experimental?: unknown } | undefined;
  const declared = [c?.extensions, c?.experimental].map((group) =>
    group && typeof group === "object" ? (group as Record<string, unknown>)[BLOCK_KIT] : undefined,
  );
  const ext = declared.find((d) => d !== null && typeof d === "object") as
    | { mimeTypes?: unknown }
    | undefined;
  if (!ext) return false;
  return !Array.isArray(ext.mimeTypes) || ext.mimeTypes.includes(BLOCK_KIT_TYPE);
}

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

/** A tool's result: its text, its data, and (a tool with a card) the document both are from. */
export function answer(text: string, data: object, card?: Doc): Answered {
  return { content: [{ type: "text", text }], structuredContent: json(data), ...(card ? { card } : {}) };
}

/**
 * An answer's data as the tool's result, drawn from its document: the document's text, the data,
 * and the document for the card; with KENNEL_RAW_RESPONSES=1, the API's JSON unchanged (no card).
 */
export function docAnswer<D extends { requestId: string; raw?: unknown }>(
  deps: Deps,
  data: D,
  toDoc: (data: D, options: TextOptions) => Doc,
): Answered {
  const o = textOptions(deps);
  if (deps.config.rawResponses && data.raw !== undefined) {
    return answer(rawText(data.raw, o), { raw: data.raw, requestId: data.requestId });
  }
  const doc = toDoc(data, o);
  return answer(docText(doc, o), data, doc);
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
  /** The tool answers with a card (a document): Slack's assistant may draw its Block Kit. */
  card?: true;
}

interface RegisteredTool {
  definition: Tool;
  schema: z.ZodObject;
  run(args: unknown): Promise<Answered>;
}

/** A key no argument can have (the SDK checks the arguments' keys are strings): the value unwrapped by `sent`. */
const NOT_AN_OBJECT = "\u0000not an object";

/**
 * tools/call as the SDK reads it, but taking in any `arguments`: null is none (as if left out), and
 * anything else that is not an object reaches the tool, to be refused in words (never the protocol's
 * internal error with a raw dump of its schema's complaint).
 */
const CallTool = CallToolRequestSchema.extend({
  params: CallToolRequestParamsSchema.extend({
    arguments: z
      .unknown()
      .transform((v): Record<string, unknown> | undefined =>
        v === null || v === undefined
          ? undefined
          : typeof v === "object" && !Array.isArray(v)
            ? (v as Record<string, unknown>)
            : { [NOT_AN_OBJECT]: v },
      ),
  }),
});

/** The arguments as sent: what was not an object, unwrapped. */
const sent = (args: Record<string, unknown> | undefined): unknown =>
  args && NOT_AN_OBJECT in args ? args[NOT_AN_OBJECT] : args;

/**
 * The connector's server: the SDK's protocol server (its public API) answering tools/list and
 * tools/call itself, so every tool's input is checked here first and bad input is a usage failure in
 * the same shape as every other, with what was wrong and what to do, and no request is built from it.
 */
export class ToolServer {
  readonly server: Server;
  readonly #tools = new Map<string, RegisteredTool>();

  constructor(info: { name: string; version: string }, instructions: string, deps: Deps) {
    this.server = new Server(info, { capabilities: { tools: {} }, instructions });
    this.server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [...this.#tools.values()].map((t) => t.definition),
    }));
    this.server.setRequestHandler(CallTool, async (request) => {
      const { name } = request.params;
      const args = sent(request.params.arguments);
      const tool = this.#tools.get(name);
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Tool ${name} not found`);
      const unknown = unknownArguments(name, args, Object.keys(tool.schema.shape));
      if (unknown !== undefined) {
        const known = Object.keys(tool.schema.shape);
        return failure(
          new UsageError(
            unknown,
            known.length
              ? `Call ${name} again with its own arguments (${known.join(", ")}): nothing was looked up.`
              : `Call ${name} again with no arguments: nothing was looked up.`,
          ),
          deps,
          name,
        );
      }
      const problem = inputProblem(tool.schema, args);
      if (problem !== undefined) {
        return failure(
          new UsageError(
            `The input to ${name} is not valid: ${problem}${/[.?!]$/.test(problem) ? "" : "."}`,
            "Correct the input (the tool's input schema says what each field takes) and call the tool again.",
          ),
          deps,
          name,
        );
      }
      const { card, ...result } = await tool.run(tool.schema.parse(args ?? {}));
      if (card && drawsBlockKit(this.server.getClientCapabilities()))
        result._meta = { slack: { blocks: docCard(card) } };
      return result;
    });
  }

  add(tool: RegisteredTool): void {
    if (this.#tools.has(tool.definition.name)) throw new Error(`Two tools named ${tool.definition.name}`);
    this.#tools.set(tool.definition.name, tool);
  }

  connect(transport: Transport): Promise<void> {
    return this.server.connect(transport);
  }

  close(): Promise<void> {
    return this.server.close();
  }
}

/** Registers one read-only tool whose body's failures become tool errors. */
export function addTool<S extends ZodRawShape>(
  server: ToolServer,
  deps: Deps,
  spec: ToolSpec<S>,
  body: (args: z.infer<z.ZodObject<S>>) => Promise<Answered>,
): void {
  // Strict: an argument the tool does not take is refused (src/mcp/arguments.ts), and its input
  // schema says so (additionalProperties: false).
  const schema = z.strictObject(spec.inputSchema);
  server.add({
    definition: {
      name: spec.name,
      title: spec.title,
      description: spec.description,
      // As the SDK draws a tool's input schema: JSON Schema draft 7, of what the tool takes in.
      inputSchema: z.toJSONSchema(schema, { target: "draft-7", io: "input" }) as Tool["inputSchema"],
      annotations: { title: spec.title, ...READ_ONLY },
      ...(spec.card ? { _meta: { slack: { supportsBlockKit: true } } } : {}),
    },
    schema,
    run: async (args) => {
      try {
        return await body(args as z.infer<z.ZodObject<S>>);
      } catch (error) {
        return failure(error, deps, spec.name);
      }
    },
  });
}

/** What is wrong with a tool's input, in words, or undefined when it is fine. */
export function inputProblem(schema: z.ZodObject, args: unknown): string | undefined {
  const broken = brokenStringAt(args);
  if (broken) return `${broken}: ${BROKEN_TEXT}`;
  const parsed = schema.safeParse(args ?? {});
  if (parsed.success) return undefined;
  // Each message as written ("… Did you mean evening?", "2026-02-31 is not a real date. Use …"),
  // its closing full stop dropped between two ("…; …") so none is doubled.
  const issues = parsed.error.issues.slice(0, 5);
  return issues
    .map((i, n) => {
      const message = n < issues.length - 1 ? i.message.replace(/\.$/, "") : i.message;
      return `${i.path.length ? `${i.path.join(".")}: ` : ""}${message}`;
    })
    .join("; ");
}
