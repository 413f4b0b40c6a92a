import { describe, expect, test } from "bun:test"
import { createHash } from "node:crypto"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { buildBinary, runtimePath, TARGETS } from "../../scripts/build"

const haveRuntimes = TARGETS.every((t) => existsSync(runtimePath(t)))
const MAGIC: Record<string, (b: Buffer) => boolean> = {
  linux: (b) => b.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46])),
  darwin: (b) => b.readUInt32LE(0) === 0xfeedfacf,
  windows: (b) => b.subarray(0, 2).toString("latin1") === "MZ",
}

// `npm run runtimes` (run by .ci/run) fetches the embedded runtimes once; the build is offline.
describe.skipIf(!haveRuntimes)("cross-platform build", () => {
  test("every target builds from local runtimes into an executable of its platform", async () => {
    const dir = join(process.env.EGC_TEST_ROOT ?? "/tmp", "cross")
    for (const t of TARGETS) {
      const out = await buildBinary({ outfile: join(dir, t.out), target: t })
      const head = readFileSync(out).subarray(0, 8)
      const os = t.target.split("-")[1] ?? ""
      expect(MAGIC[os]?.(Buffer.from(head))).toBe(true)
      expect(createHash("sha256").update(readFileSync(out)).digest("hex")).toMatch(/^[0-9a-f]{64}$/)
    }
    const native = join(dir, "egc-linux-x64")
    if (process.platform === "linux" && process.arch === "x64") {
      const r = Bun.spawnSync([native, "version"], { stdout: "pipe" })
      expect(r.stdout.toString().trim()).toMatch(/^\d+\.\d+\.\d+$/)
    }
  }, 120_000)
})
