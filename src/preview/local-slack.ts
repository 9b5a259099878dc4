/**
 * The preview's stand-in for Slack: one channel's messages, kept as the bot's real Block Kit
 * payloads, changed exactly as Slack would change them: response_url replies (new, replace_original,
 * delete_original), chat.postMessage (with threads), chat.postEphemeral, chat.delete,
 * conversations.history (for the morning post), users.info, auth.test.
 */

export interface PreviewMessage {
  id: number;
  ts: string;
  /** Who wrote it: the person typing, or the bot. */
  author: "you" | "bot" | "system";
  ephemeral: boolean;
  text: string;
  blocks: unknown[] | undefined;
  threadTs?: string | undefined;
  metadata?: { event_type: string; event_payload: Record<string, unknown> } | undefined;
}

export const PREVIEW_CHANNEL = "C0FRONTDESK";
export const PREVIEW_USER = "U0PREVIEW";

export class LocalSlack {
  readonly messages: PreviewMessage[] = [];
  version = 0;
  #nextId = 1;
  #ts = Math.floor(Date.now() / 1000);
  /** response_url id → the message it updates (a button's message, or the command's last answer). */
  readonly #targets = new Map<string, number | undefined>();
  #waiters: Array<() => void> = [];

  #changed(): void {
    this.version++;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves at the next change, or after `ms`. */
  waitForChange(since: number, ms: number): Promise<void> {
    if (this.version !== since) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  #nextTs(): string {
    this.#ts = Math.max(this.#ts + 1, Math.floor(Date.now() / 1000));
    return `${this.#ts}.000100`;
  }

  add(m: Omit<PreviewMessage, "id" | "ts">): PreviewMessage {
    const message: PreviewMessage = { ...m, id: this.#nextId++, ts: this.#nextTs() };
    this.messages.push(message);
    this.#changed();
    return message;
  }

  /** A response_url for a new command (no message yet) or a click on a message. */
  responseTarget(key: string, messageId: number | undefined): void {
    this.#targets.set(key, messageId);
  }

  /** What Slack does with a POST to a response_url. */
  respond(key: string, body: Record<string, unknown>): boolean {
    if (!this.#targets.has(key)) return false;
    const target = this.#targets.get(key);
    const index = target === undefined ? -1 : this.messages.findIndex((m) => m.id === target);
    if (body.delete_original === true) {
      if (index >= 0) this.messages.splice(index, 1);
      this.#targets.set(key, undefined);
      this.#changed();
      return true;
    }
    const content = {
      author: "bot" as const,
      ephemeral: body.response_type !== "in_channel",
      text: String(body.text ?? ""),
      blocks: Array.isArray(body.blocks) ? (body.blocks as unknown[]) : undefined,
    };
    if (body.replace_original === true && index >= 0) {
      const old = this.messages[index] as PreviewMessage;
      // Slack keeps a replaced message's visibility unless the reply says otherwise.
      this.messages[index] = {
        ...old,
        ...content,
        ephemeral: body.response_type ? content.ephemeral : old.ephemeral,
      };
      this.#changed();
      return true;
    }
    const added = this.add(content);
    // Later replies through the same response_url replace the latest answer.
    this.#targets.set(key, added.id);
    return true;
  }

  /** The Web API methods the bot uses. */
  api(method: string, body: Record<string, unknown>): Record<string, unknown> {
    switch (method) {
      case "auth.test":
        return {
          ok: true,
          user_id: "UKENNELDESK",
          bot_id: "BKENNELDESK",
          team_id: "TPREVIEW",
          user: "kennel-desk",
        };
      case "users.info":
        return {
          ok: true,
          user: { id: String(body.user), is_restricted: false, is_ultra_restricted: false },
        };
      case "chat.postMessage": {
        const m = this.add({
          author: "bot",
          ephemeral: false,
          text: String(body.text ?? ""),
          blocks: Array.isArray(body.blocks) ? (body.blocks as unknown[]) : undefined,
          threadTs: body.thread_ts ? String(body.thread_ts) : undefined,
          metadata: body.metadata as PreviewMessage["metadata"],
        });
        return { ok: true, channel: body.channel, ts: m.ts };
      }
      case "chat.postEphemeral": {
        const m = this.add({
          author: "bot",
          ephemeral: true,
          text: String(body.text ?? ""),
          blocks: Array.isArray(body.blocks) ? (body.blocks as unknown[]) : undefined,
        });
        return { ok: true, message_ts: m.ts };
      }
      case "chat.delete": {
        const i = this.messages.findIndex((m) => m.ts === body.ts);
        if (i === -1) return { ok: false, error: "message_not_found" };
        this.messages.splice(i, 1);
        this.#changed();
        return { ok: true };
      }
      case "conversations.history": {
        const oldest = Number(body.oldest ?? 0);
        const withMetadata = String(body.include_all_metadata) === "true";
        const top = this.messages
          .filter((m) => !m.ephemeral && !m.threadTs && m.author === "bot" && Number(m.ts) >= oldest)
          .reverse()
          .map((m) => ({
            type: "message",
            ts: m.ts,
            text: m.text,
            ...(withMetadata && m.metadata ? { metadata: m.metadata } : {}),
          }));
        return { ok: true, messages: top, has_more: false };
      }
      default:
        return { ok: true };
    }
  }
}
