/** A growable array of u32: millions of postings in a plain number array are several times larger and slower. */
export class U32Builder {
  #data: Uint32Array
  #view: Uint32Array | undefined
  length = 0

  constructor(capacity = 1024) {
    this.#data = new Uint32Array(capacity)
  }

  push(value: number): this {
    if (this.length === this.#data.length) this.#grow(this.length + 1)
    this.#data[this.length++] = value
    return this
  }

  append(other: U32Builder): void {
    this.appendArray(other.view())
  }

  appendArray(values: Uint32Array): void {
    if (this.length + values.length > this.#data.length) this.#grow(this.length + values.length)
    this.#data.set(values, this.length)
    this.length += values.length
  }

  /** The same object until the builder grows (read/score.ts keeps scores per posting list object). */
  view(): Uint32Array {
    if (this.#view?.length !== this.length || this.#view.buffer !== this.#data.buffer)
      this.#view = this.#data.subarray(0, this.length)
    return this.#view
  }

  #grow(need: number): void {
    const next = new Uint32Array(Math.max(need, this.#data.length * 2))
    next.set(this.view())
    this.#data = next
  }
}
