/** A growable array of u32: millions of postings in a plain number array are several times larger and slower. */
export class U32Builder {
  #data: Uint32Array
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

  set(at: number, value: number): void {
    this.#data[at] = value
  }

  view(): Uint32Array {
    return this.#data.subarray(0, this.length)
  }

  #grow(need: number): void {
    const next = new Uint32Array(Math.max(need, this.#data.length * 2))
    next.set(this.view())
    this.#data = next
  }
}
