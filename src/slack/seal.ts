/**
 * A modal's `private_metadata`, sealed: Slack hands it back unchanged with the form's submission,
 * but anyone holding the signing secret could forge a submission, so what the bot wrote there is
 * signed with a key derived from that secret (in Socket Mode, which needs none, from the app-level
 * token) and a form whose seal does not match is refused, nothing written. The server still checks
 * every form like a button (src/answers/record-round.ts): the seal proves only that the bot wrote
 * the metadata.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export interface Seal {
  /** The text with its seal: `text.seal`. */
  sign(text: string): string;
  /** The text when its seal matches, else undefined. */
  open(sealed: string | undefined): string | undefined;
}

/** Characters the seal adds to a text (a dot and 43 of base64url). */
export const SEAL_LENGTH = 44;

export function createSeal(secret: string): Seal {
  const key = createHmac("sha256", secret).update("kennel-desk private_metadata v1").digest();
  const mac = (text: string) => createHmac("sha256", key).update(text).digest("base64url");
  return {
    sign: (text) => `${text}.${mac(text)}`,
    open(sealed) {
      if (!sealed || sealed.length < SEAL_LENGTH) return undefined;
      const at = sealed.lastIndexOf(".");
      if (at < 0) return undefined;
      const text = sealed.slice(0, at);
      const given = Buffer.from(sealed.slice(at + 1));
      const wanted = Buffer.from(mac(text));
      return given.length === wanted.length && timingSafeEqual(given, wanted) ? text : undefined;
    },
  };
}

/** The seal of a bot: from its signing secret, else (Socket Mode) its app-level token. */
export function sealFor(slack: {
  signingSecret?: string | undefined;
  appToken?: string | undefined;
  botToken: string;
}): Seal {
  return createSeal(slack.signingSecret ?? slack.appToken ?? slack.botToken);
}
