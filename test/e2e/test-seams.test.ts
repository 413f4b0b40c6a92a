import { describe, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { buildBinary } from "../../scripts/build"
import { hostTarget } from "../../src/release/platform"
import { tmpdir } from "../fixture"
import { egcBinary } from "./_binary"

const FIXED = 86_400_000

/** `memory add` then `memory list --json` under EGC_TEST_NOW: the recorded time says which clock ran. */
function recordedAt(bin: string, dir: string, home: string): number {
  const env = { ...process.env, EGC_HOME: home, EGC_TEST_NOW: String(FIXED) }
  const add = Bun.spawnSync([bin, "memory", "add", "a note about clocks", "--json"], { cwd: dir, env })
  expect(add.exitCode).toBe(0)
  const list = Bun.spawnSync([bin, "memory", "list", "--json"], { cwd: dir, env })
  const items = (JSON.parse(list.stdout.toString()) as { items: Array<{ recordedAt: number }> }).items
  expect(items).toHaveLength(1)
  return items[0]!.recordedAt
}

describe("test seams stay out of release builds", () => {
  test("the test build honours EGC_TEST_NOW; a release build neither reads nor contains it", async () => {
    using dir = tmpdir({ git: true })
    using out = tmpdir()
    const dev = await egcBinary()
    const release = await buildBinary({ outfile: join(out.path, "egc"), releaseTarget: hostTarget() })
    expect(recordedAt(dev, dir.path, join(out.path, "home-dev"))).toBe(FIXED)
    const real = recordedAt(release, dir.path, join(out.path, "home-release"))
    expect(real).not.toBe(FIXED)
    expect(real).toBeGreaterThan(Date.parse("2024-01-01"))
    expect(readFileSync(dev).includes("EGC_TEST_NOW")).toBe(true)
    expect(readFileSync(release).includes("EGC_TEST_NOW")).toBe(false)
    // the key rotation's crash seam (test/cli/keys-rotate.test.ts) is compiled out the same way
    expect(readFileSync(dev).includes("EGC_TEST_ROTATE_STOP")).toBe(true)
    expect(readFileSync(release).includes("EGC_TEST_ROTATE_STOP")).toBe(false)
  }, 120_000)
})
