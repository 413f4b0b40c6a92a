import { describe, expect, spyOn, test } from "bun:test"
import * as crypto from "../../src/core/crypto"
import { aad, open, randomBytes, seal } from "../../src/core/crypto"
import { resealFrames, resealRun, resealValue } from "../../src/core/reseal"

/** The one re-seal step every owner uses: counts, all-or-nothing frames, plaintexts zeroed. */
const text = (s: string) => new TextEncoder().encode(s)
const from = randomBytes(32)
const to = randomBytes(32)
const other = randomBytes(32)
const ad = (i: number) => aad("t", `id-${i}`, "p")

describe("resealFrames", () => {
  test("frames sealed under the old key move together; the plaintexts opened are zeroed afterwards", () => {
    const frames = [0, 1, 2].map((i) => seal(from, text(`zebra-frame-${i}`), ad(i)))
    const opened: Uint8Array[] = []
    const realOpen = crypto.open
    const spy = spyOn(crypto, "open").mockImplementation((key, envelope, additional) => {
      const plain = realOpen(key, envelope, additional)
      opened.push(plain)
      return plain
    })
    let next: Uint8Array[] | undefined
    const run = resealRun("reseal", from, to)
    try {
      next = resealFrames(run, frames, [0, 1, 2].map(ad))
    } finally {
      spy.mockRestore()
    }
    expect(run.counts).toEqual({ done: 1, stale: 0, unreadable: 0 })
    expect(next?.map((e, i) => new TextDecoder().decode(open(to, e, ad(i))))).toEqual([
      "zebra-frame-0",
      "zebra-frame-1",
      "zebra-frame-2",
    ])
    expect(() => open(from, next?.[0] ?? new Uint8Array(), ad(0))).toThrow()
    expect(opened.length).toBe(3)
    expect(opened.every((p) => p.length > 0 && p.every((b) => b === 0))).toBe(true)
  })

  test("one frame under another key: nothing is returned and the value counts as unreadable", () => {
    const frames = [seal(from, text("a"), ad(0)), seal(other, text("b"), ad(1))]
    const run = resealRun("reseal", from, to)
    expect(resealFrames(run, frames, [ad(0), ad(1)])).toBeUndefined()
    expect(run.counts).toEqual({ done: 0, stale: 0, unreadable: 1 })
    // positive control: the same frames, all under the old key, move
    const good = resealRun("reseal", from, to)
    expect(
      resealFrames(good, [seal(from, text("a"), ad(0)), seal(from, text("b"), ad(1))], [ad(0), ad(1)]),
    ).toHaveLength(2)
    expect(good.counts.done).toBe(1)
  })
})

describe("resealValue", () => {
  test("check mode counts: new key done, old key stale, neither unreadable; writes nothing", () => {
    const run = resealRun("check", from, to)
    expect(resealValue(run, seal(to, text("n"), ad(0)), ad(0))).toBeUndefined()
    expect(resealValue(run, seal(from, text("o"), ad(0)), ad(0))).toBeUndefined()
    expect(resealValue(run, seal(other, text("x"), ad(0)), ad(0))).toBeUndefined()
    expect(resealValue(run, seal(to, text("n"), ad(0)), ad(1))).toBeUndefined()
    expect(run.counts).toEqual({ done: 1, stale: 1, unreadable: 2 })
  })

  test("reseal mode: already under the new key counts done and is left; an old one comes back sealed", () => {
    const run = resealRun("reseal", from, to)
    expect(resealValue(run, seal(to, text("n"), ad(0)), ad(0))).toBeUndefined()
    const moved = resealValue(run, seal(from, text("o"), ad(0)), ad(0))
    expect(new TextDecoder().decode(open(to, moved ?? new Uint8Array(), ad(0)))).toBe("o")
    expect(run.counts).toEqual({ done: 2, stale: 0, unreadable: 0 })
  })
})
