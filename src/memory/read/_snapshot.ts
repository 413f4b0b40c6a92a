import MiniSearch from "minisearch"
import { isSorted, radixTree, sortedEntries } from "./_radix"
import { U32Builder } from "./_u32"

/**
 * A compact binary form of a MiniSearch index, so a new process can load a project's index much
 * faster than MiniSearch.loadJSON rebuilds it (no per-posting objects or string keys). It reads
 * and writes MiniSearch's internal fields, which is why minisearch is pinned to an exact version;
 * the round-trip test in test/memory fails if an upgrade changes them.
 *
 * Layout: [u32 header length][header JSON][u32-aligned postings]. Header: counts, field ids,
 * average field lengths, document ids and terms (newline-joined; tokens never hold a newline).
 * Postings per term: field count, then per field: field id, doc count, (short id, frequency)*.
 * Field lengths: per document: short id, then one length per field.
 */
interface Internals {
  _documentCount: number
  _nextId: number
  _documentIds: Map<number, string>
  _idToShortId: Map<string, number>
  _fieldIds: Record<string, number>
  _fieldLength: Map<number, number[]>
  _avgFieldLength: number[]
  _storedFields: Map<number, unknown>
  _dirtCount: number
  _index: {
    _tree: Map<string, unknown>
    _prefix: string
    set(term: string, data: Map<number, Map<number, number>>): void
  }
}

const internals = <T>(ms: MiniSearch<T>) => ms as unknown as Internals

export function packIndex<T>(ms: MiniSearch<T>, tag = ""): Uint8Array {
  const m = internals(ms)
  const terms: string[] = []
  const post = new U32Builder()
  // postings of discarded documents linger until MiniSearch vacuums; they must not be persisted
  const live = m._documentIds
  // sorted, so a reader can build the term tree in one pass (see _radix.ts)
  const entries = sortedEntries<Postings>(m._index._tree, m._index._prefix)
  const pairs = new U32Builder()
  for (const [term, data] of entries) {
    // nothing discarded since the snapshot was loaded: a term it holds is copied as it is
    const raw = m._dirtCount === 0 && data instanceof LazyPostings ? data.raw() : undefined
    if (raw) {
      post.appendArray(raw)
      terms.push(term)
      continue
    }
    const start = post.length
    post.push(0)
    let kept = 0
    // read through eachPosting: postings still in snapshot form are copied without being decoded into Maps
    for (const fieldId of fieldIdsOf(data as Postings)) {
      pairs.length = 0
      eachPosting(data as Postings, fieldId, (doc, freq) => {
        if (live.has(doc)) pairs.push(doc).push(freq)
      })
      if (!pairs.length) continue
      post.push(fieldId).push(pairs.length / 2)
      post.append(pairs)
      kept++
    }
    if (!kept) {
      post.length = start
      continue
    }
    post.set(start, kept)
    terms.push(term)
  }
  const nFields = Object.keys(m._fieldIds).length
  const lengths: number[] = []
  for (const [doc, ls] of m._fieldLength) {
    lengths.push(doc)
    for (let f = 0; f < nFields; f++) lengths.push(ls[f] ?? 0)
  }
  const ids: string[] = []
  const shorts: number[] = []
  for (const [short, id] of m._documentIds) {
    shorts.push(short)
    ids.push(id)
  }
  const header = new TextEncoder().encode(
    JSON.stringify({
      v: 1,
      tag,
      documentCount: m._documentCount,
      nextId: m._nextId,
      fieldIds: m._fieldIds,
      avg: m._avgFieldLength,
      dirt: 0,
      ids: ids.join("\n"),
      terms: terms.join("\n"),
      nPost: post.length,
      nLen: lengths.length,
      nShort: shorts.length,
    }),
  )
  const pad = (4 - ((4 + header.length) % 4)) % 4
  const numbers = new Uint32Array(post.length + lengths.length + shorts.length)
  numbers.set(post.view(), 0)
  numbers.set(lengths, post.length)
  numbers.set(shorts, post.length + lengths.length)
  const out = new Uint8Array(4 + header.length + pad + numbers.byteLength)
  new DataView(out.buffer).setUint32(0, header.length, true)
  out.set(header, 4)
  out.set(new Uint8Array(numbers.buffer), 4 + header.length + pad)
  return out
}

/** `tag` names the term processing the index was built with; a snapshot built with other rules is refused. */
export function unpackIndex<T>(
  bytes: Uint8Array,
  options: ConstructorParameters<typeof MiniSearch<T>>[0],
  tag = "",
): MiniSearch<T> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const headerLength = view.getUint32(0, true)
  const h = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headerLength))) as {
    v: number
    tag?: string
    documentCount: number
    nextId: number
    fieldIds: Record<string, number>
    avg: number[]
    dirt: number
    ids: string
    terms: string
    nPost: number
    nLen: number
    nShort: number
  }
  if (h.v !== 1) throw new Error("unknown index snapshot version")
  if ((h.tag ?? "") !== tag) throw new Error("index snapshot was made with other term rules")
  const fields = (options as { fields: string[] }).fields
  if (Object.keys(h.fieldIds).join() !== fields.join()) throw new Error("index snapshot was made with other fields")
  const start = 4 + headerLength + ((4 - ((4 + headerLength) % 4)) % 4)
  // a view when the numbers are aligned in place (they are in a freshly opened snapshot): no second copy of the postings
  const at = bytes.byteOffset + start
  const numbers =
    at % 4 === 0
      ? new Uint32Array(bytes.buffer, at, (bytes.byteLength - start) >>> 2)
      : new Uint32Array(bytes.buffer.slice(at, bytes.byteOffset + bytes.byteLength))
  const ms = new MiniSearch<T>(options)
  const m = internals(ms)
  m._documentCount = h.documentCount
  m._nextId = h.nextId
  m._fieldIds = h.fieldIds
  m._avgFieldLength = h.avg
  m._dirtCount = h.dirt
  const ids = h.ids ? h.ids.split("\n") : []
  const shortBase = h.nPost + h.nLen
  m._documentIds = new Map()
  m._idToShortId = new Map()
  for (let i = 0; i < h.nShort; i++) {
    const short = numbers[shortBase + i] as number
    const id = ids[i] as string
    m._documentIds.set(short, id)
    m._idToShortId.set(id, short)
  }
  const nFields = Object.keys(h.fieldIds).length
  m._fieldLength = new Map()
  for (let i = h.nPost; i < h.nPost + h.nLen; i += nFields + 1) {
    const lengths = new Array<number>(nFields)
    for (let f = 0; f < nFields; f++) lengths[f] = numbers[i + 1 + f] as number
    m._fieldLength.set(numbers[i] as number, lengths)
  }
  m._storedFields = new Map()
  const terms = h.terms ? h.terms.split("\n") : []
  // postings stay encoded until a query reads them or an update touches the term
  const postings: LazyPostings[] = new Array(terms.length)
  let p = 0
  for (let t = 0; t < terms.length; t++) {
    postings[t] = new LazyPostings(numbers, p)
    const nf = numbers[p++] as number
    for (let f = 0; f < nf; f++) p += 2 + 2 * (numbers[p + 1] as number)
  }
  if (isSorted(terms)) {
    const SearchableMap = (
      m._index as unknown as { constructor: new (tree: Map<string, unknown>) => Internals["_index"] }
    ).constructor
    m._index = new SearchableMap(radixTree(terms, postings))
  } else {
    // a snapshot written before terms were sorted
    for (let t = 0; t < terms.length; t++)
      m._index.set(terms[t] as string, postings[t] as unknown as Map<number, Map<number, number>>)
  }
  return ms
}

/** A term's field → (document → frequency) map, decoded from the snapshot on first use. */
class LazyPostings {
  #decoded: Map<number, Map<number, number>> | undefined
  constructor(
    private readonly numbers: Uint32Array,
    private readonly offset: number,
  ) {}

  #real(): Map<number, Map<number, number>> {
    if (this.#decoded) return this.#decoded
    const n = this.numbers
    let p = this.offset
    const fields = new Map<number, Map<number, number>>()
    const nf = n[p++] as number
    for (let f = 0; f < nf; f++) {
      const fieldId = n[p++] as number
      const nd = n[p++] as number
      const freqs = new Map<number, number>()
      for (let d = 0; d < nd; d++) freqs.set(n[p++] as number, n[p++] as number)
      fields.set(fieldId, freqs)
    }
    this.#decoded = fields
    return fields
  }

  /** Start of a field's (document, frequency) pairs in the encoded form, and their count. */
  #field(fieldId: number): [number, number] {
    const n = this.numbers
    let p = this.offset
    const nf = n[p++] as number
    for (let f = 0; f < nf; f++) {
      const id = n[p] as number
      const nd = n[p + 1] as number
      if (id === fieldId) return [p + 2, nd]
      p += 2 + 2 * nd
    }
    return [p, 0]
  }

  /** The encoded form (field count, then per field: id, count, pairs) while not yet decoded. */
  raw(): Uint32Array | undefined {
    if (this.#decoded) return undefined
    const n = this.numbers
    let p = this.offset
    const nf = n[p++] as number
    for (let f = 0; f < nf; f++) p += 2 + 2 * (n[p + 1] as number)
    return n.subarray(this.offset, p)
  }

  fieldIds(): number[] {
    if (this.#decoded) return [...this.#decoded.keys()]
    const n = this.numbers
    const out: number[] = []
    let p = this.offset
    const nf = n[p++] as number
    for (let f = 0; f < nf; f++) {
      out.push(n[p] as number)
      p += 2 + 2 * (n[p + 1] as number)
    }
    return out
  }

  /** Scoring reads the encoded postings directly: no Maps are built for a term a query only reads. */
  countIn(fieldId: number): number {
    return this.#decoded ? (this.#decoded.get(fieldId)?.size ?? 0) : this.#field(fieldId)[1]
  }

  eachIn(fieldId: number, visit: (doc: number, freq: number) => void): void {
    if (this.#decoded) {
      this.#decoded.get(fieldId)?.forEach((freq, doc) => {
        visit(doc, freq)
      })
      return
    }
    const [start, count] = this.#field(fieldId)
    const n = this.numbers
    for (let p = start, end = start + 2 * count; p < end; p += 2) visit(n[p] as number, n[p + 1] as number)
  }

  get size(): number {
    return this.#real().size
  }
  get(key: number) {
    return this.#real().get(key)
  }
  has(key: number): boolean {
    return this.#real().has(key)
  }
  set(key: number, value: Map<number, number>): this {
    this.#real().set(key, value)
    return this
  }
  delete(key: number): boolean {
    return this.#real().delete(key)
  }
  clear(): void {
    this.#real().clear()
  }
  forEach(fn: (value: Map<number, number>, key: number) => void): void {
    this.#real().forEach(fn)
  }
  keys() {
    return this.#real().keys()
  }
  values() {
    return this.#real().values()
  }
  entries() {
    return this.#real().entries()
  }
  [Symbol.iterator]() {
    return this.#real()[Symbol.iterator]()
  }
}

/** A term's postings: field id → (document → frequency), decoded or still in snapshot form. */
export type Postings = Map<number, Map<number, number>> | LazyPostings

/** Documents holding the term in a field; with `live`, only those it accepts (discarded ones linger). */
export function postingCount(data: Postings, fieldId: number, live?: (doc: number) => boolean): number {
  if (!live) return data instanceof LazyPostings ? data.countIn(fieldId) : (data.get(fieldId)?.size ?? 0)
  let n = 0
  eachPosting(data, fieldId, (doc) => {
    if (live(doc)) n++
  })
  return n
}

export function eachPosting(data: Postings, fieldId: number, visit: (doc: number, freq: number) => void): void {
  if (data instanceof LazyPostings) {
    data.eachIn(fieldId, visit)
    return
  }
  data.get(fieldId)?.forEach((freq, doc) => {
    visit(doc, freq)
  })
}

function fieldIdsOf(data: Postings): number[] {
  return data instanceof LazyPostings ? data.fieldIds() : [...data.keys()]
}
