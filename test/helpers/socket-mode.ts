/**
 * A loopback stand-in for Slack's Socket Mode endpoint (the URL apps.connections.open hands out):
 * says hello to each connection, records what the bot sends (acks), and can misbehave the ways a
 * real network and Slack do: drop a connection abruptly, ask for a new one (`disconnect`), stop
 * answering (no pongs, no close handshake), and refuse new connections for a while.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import { type CommandInput, commandForm, type SlackStandIn } from "./slack.ts";

export interface SocketStandIn {
  url: string;
  /** Connections accepted so far (each got a hello). */
  connections: number;
  /** Messages the bot sent (acks: `{ envelope_id, payload }`). */
  received: Array<Record<string, unknown>>;
  /** The newest open connection. */
  current(): WebSocket | undefined;
  /** Ends the current connection abruptly (no close frame): a dropped network. */
  drop(): void;
  /** Slack's `disconnect` message (refresh_requested, warning, link_disabled…). */
  sendDisconnect(reason: string): void;
  /** The current connection goes silent: no pongs, no close handshake (a dead Wi-Fi). */
  silence(): void;
  /** New connections are refused (ECONNREFUSED) until accept(). */
  refuse(): Promise<void>;
  accept(): Promise<void>;
  /** The next `n` connections are closed right after Slack's hello (a flapping link). */
  flap(n: number): void;
  /** Sends an envelope on the current connection. */
  send(envelope: Record<string, unknown>): void;
  /** Sends a slash command envelope; returns its envelope id and response_url id. */
  command(slack: SlackStandIn, input: CommandInput): { envelopeId: string; responseId: string };
  waitForConnections(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

let envelopes = 0;

export async function startSocketStandIn(): Promise<SocketStandIn> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(404);
    res.end();
  });
  const wss = new WebSocketServer({ server });
  const open = new Set<WebSocket>();
  const tcp = new Set<Socket>();
  server.on("connection", (s: Socket) => {
    tcp.add(s);
    s.on("close", () => tcp.delete(s));
  });
  let latest: WebSocket | undefined;
  let flapping = 0;
  const stand: SocketStandIn = {
    url: "",
    connections: 0,
    received: [],
    current: () => latest,
    drop() {
      latest?.terminate();
    },
    sendDisconnect(reason) {
      latest?.send(JSON.stringify({ type: "disconnect", reason, debug_info: { host: "stand-in" } }));
    },
    silence() {
      const socket = (latest as unknown as { _socket?: Socket } | undefined)?._socket;
      socket?.pause();
      // Nothing read means no pong and no answer to a close frame; writes are dropped too.
      if (socket) socket.write = (() => true) as Socket["write"];
    },
    async refuse() {
      // Stops listening at once; the open connection (if any) stays until dropped.
      server.close();
    },
    async accept() {
      await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
    },
    flap(n) {
      flapping = n;
    },
    send(envelope) {
      latest?.send(JSON.stringify(envelope));
    },
    command(slack, input) {
      const { form, id } = commandForm(slack, input);
      const envelopeId = `env-${++envelopes}`;
      stand.send({
        envelope_id: envelopeId,
        type: "slash_commands",
        accepts_response_payload: true,
        payload: form,
      });
      return { envelopeId, responseId: id };
    },
    async waitForConnections(n, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (stand.connections < n) {
        if (Date.now() > until)
          throw new Error(`expected ${n} Socket Mode connections, saw ${stand.connections}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async close() {
      for (const ws of open) ws.terminate();
      for (const s of tcp) s.destroy();
      wss.close();
      await new Promise<void>((r) => (server.listening ? server.close(() => r()) : r()));
    },
  };
  wss.on("connection", (ws) => {
    open.add(ws);
    latest = ws;
    ws.on("close", () => {
      open.delete(ws);
      if (latest === ws) latest = undefined;
    });
    ws.on("error", () => undefined);
    ws.on("message", (data) => {
      try {
        stand.received.push(JSON.parse(String(data)) as Record<string, unknown>);
      } catch {
        // not JSON: ignored
      }
    });
    stand.connections += 1;
    ws.send(
      JSON.stringify({
        type: "hello",
        num_connections: 1,
        connection_info: { app_id: "A1" },
        debug_info: {},
      }),
    );
    if (flapping > 0) {
      flapping -= 1;
      setTimeout(() => ws.terminate(), 5);
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  stand.url = `ws://127.0.0.1:${port}/link`;
  return stand;
}
