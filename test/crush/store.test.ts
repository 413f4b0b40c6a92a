import { describe, expect, test } from "bun:test"
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { EgcError } from "../../src/core/errors"
import { newId } from "../../src/core/ids"
import { paths } from "../../src/core/paths"
import { readRun, RunWriter, STORE_LIMIT, sweepRuns } from "../../src/crush/store"

const SECRET = "hunter2-very-recognisable-output-line"

function store(chunks: Uint8Array[]): string {
  const id = newId("r")
  const w = new RunWriter(id)
  for (const c of chunks) w.write(c)
  w.close()
  return id
}

describe("stored runs", () => {
  test("round-trip of a multi-frame output, private and sealed", () => {
    const big = new TextEncoder().encode(`${SECRET}\n`.repeat(100_000))
    const id = store([big.subarray(0, 1_500_000), big.subarray(1_500_000)])
    const file = join(paths.crushRuns(), `${id}.run`)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(statSync(paths.crushRuns()).mode & 0o777).toBe(0o700)
    expect(readFileSync(file).includes(Buffer.from(SECRET))).toBe(false)
    const { bytes, meta } = readRun(id)
    expect(Buffer.from(bytes).equals(Buffer.from(big))).toBe(true)
    expect(meta).toEqual({ frames: 2, bytes: big.length, truncated: false })
  })

  test("an empty run reads back empty", () => {
    expect(readRun(store([])).bytes.length).toBe(0)
  })

  test("a flipped byte is detected", () => {
    const id = store([new TextEncoder().encode("line one\nline two\n")])
    const file = join(paths.crushRuns(), `${id}.run`)
    const data = readFileSync(file)
    data[20] = (data[20] ?? 0) ^ 0xff
    writeFileSync(file, data)
    expect(() => readRun(id)).toThrow(/incomplete or altered|failed authentication/)
  })

  test("a file cut short is reported, not shown as complete", () => {
    const id = store([new Uint8Array(2_500_000).fill(65)])
    const file = join(paths.crushRuns(), `${id}.run`)
    const data = readFileSync(file)
    writeFileSync(file, data.subarray(0, data.length - 60))
    expect(() => readRun(id)).toThrow(/incomplete or altered/)
  })

  test("a frame moved to another run's file does not open", () => {
    const a = store([new TextEncoder().encode("run a\n")])
    const b = store([new TextEncoder().encode("run b\n")])
    writeFileSync(join(paths.crushRuns(), `${b}.run`), readFileSync(join(paths.crushRuns(), `${a}.run`)))
    expect(() => readRun(b)).toThrow()
    expect(new TextDecoder().decode(readRun(a).bytes)).toBe("run a\n")
  })

  test("ids are validated and unknown runs say how long they are kept", () => {
    expect(() => readRun("../../etc/passwd")).toThrow(/not a crush run id/)
    let hint = ""
    try {
      readRun(newId("r"))
    } catch (e) {
      hint = (e as EgcError).hint ?? ""
    }
    expect(hint).toMatch(/keepHours/)
  })

  test("storage stops at the limit and says so", () => {
    const id = newId("r")
    const w = new RunWriter(id)
    const chunk = new Uint8Array(8 << 20)
    for (let i = 0; i < STORE_LIMIT / chunk.length + 2; i++) w.write(chunk)
    expect(w.close()).toEqual({ frames: expect.any(Number), bytes: STORE_LIMIT, truncated: true })
  })

  test("runs older than keepHours are swept, newer ones stay", () => {
    const old = store([new TextEncoder().encode("old\n")])
    const fresh = store([new TextEncoder().encode("fresh\n")])
    const past = (Date.now() - 30 * 3_600_000) / 1000
    utimesSync(join(paths.crushRuns(), `${old}.run`), past, past)
    sweepRuns(24)
    expect(existsSync(join(paths.crushRuns(), `${old}.run`))).toBe(false)
    expect(existsSync(join(paths.crushRuns(), `${fresh}.run`))).toBe(true)
    expect(readdirSync(paths.crushRuns()).every((n) => n.endsWith(".run"))).toBe(true)
  })
})
