/**
 * Words heavy in a view's bytes (Slack refuses a view past 250 kB): distinct words each with an `&`
 * (five bytes once escaped for mrkdwn), an emoji (four) and Japanese (three bytes a character), as a
 * kennel may type them. A text of them passes a view's size in fewer than its 100 blocks.
 */

/** Distinct words of `tag` ("m1w0&🐾犬の薬を食後に与える"), as many as make `chars` characters with a space between. */
export function heavyWords(tag: string, chars: number): string[] {
  const out: string[] = [];
  for (let i = 0, n = 0; n < chars; i++) {
    const w = `${tag}w${i}&🐾犬の薬を食後に与える`;
    out.push(w);
    n += w.length + 1;
  }
  return out;
}

/** A text of heavy words: `heavyWords` joined, at most about `chars` characters. */
export const heavyText = (tag: string, chars: number): string => heavyWords(tag, chars).join(" ");

/** Each word as mrkdwn shows it: its `&` escaped. */
export const shownWords = (words: string[]): string[] => words.map((w) => w.replaceAll("&", "&amp;"));

/** Every word a view's blocks show (sections, their fields, context, headers), split at spaces, marks and quotes. */
export function wordsShown(blocks: unknown[]): Set<string> {
  const texts: string[] = [];
  for (const b of blocks as Array<{
    text?: { text?: string };
    fields?: Array<{ text: string }>;
    elements?: Array<{ text?: unknown }>;
  }>) {
    if (b.text?.text) texts.push(b.text.text);
    for (const f of b.fields ?? []) texts.push(f.text);
    for (const e of b.elements ?? []) if (typeof e.text === "string") texts.push(e.text);
  }
  return new Set(texts.join(" ").split(/[\s*_~"`,:()]+/));
}
