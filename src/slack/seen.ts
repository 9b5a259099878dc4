/** A bounded set of recently seen keys (the oldest forgotten first): re-deliveries are handled once. */
export class Seen {
  readonly #keys = new Set<string>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  has(key: string): boolean {
    return this.#keys.has(key);
  }

  add(key: string): void {
    this.#keys.add(key);
    if (this.#keys.size > this.#max) this.#keys.delete(this.#keys.values().next().value as string);
  }
}
