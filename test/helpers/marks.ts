/**
 * Whether Slack draws a text's marks as meant: each mark (`~`, `*`, `_`) opened and closed within the
 * same block's text, around words with no space at their edges, never left open for a later block.
 */
export function marksClosed(text: string, mark: string): boolean {
  const pieces = text.split(mark);
  if (pieces.length % 2 === 0) return false;
  return pieces.every((p, i) => i % 2 === 0 || (p.length > 0 && p.trim() === p));
}

/** The words of the texts, their marks aside, in order. */
export const wordsIn = (texts: string[]): string[] =>
  texts.join(" ").replace(/[*_~]/g, "").split(/\s+/).filter(Boolean);
