import { afterEach, describe, expect, test } from "bun:test"
import { rmSync, writeFileSync } from "node:fs"
import { ensureEgcHome, paths } from "../../src/core/paths"
import { releaseChecks } from "../../src/release/doctor"
import { tmpdir } from "../fixture"

/** The update line of egc doctor asks the (loopback) release server only when the person enabled it. */
function server(tag: string) {
  let hits = 0
  const s = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch() {
      hits++
      return Response.json({ tag_name: tag, assets: [] })
    },
  })
  return { base: `http://127.0.0.1:${s.port}`, hits: () => hits, stop: () => s.stop(true) }
}

afterEach(() => {
  delete process.env.EGC_DOWNLOAD_BASE
  rmSync(paths.config(), { force: true })
})

describe("egc doctor update check", () => {
  test("off by default: no request at all; on: a newer release is a warning with the fix", async () => {
    using tmp = tmpdir()
    const s = server("v99.0.0")
    try {
      process.env.EGC_DOWNLOAD_BASE = s.base
      const off = await releaseChecks({ cwd: tmp.path })
      expect(off).toEqual([
        expect.objectContaining({ name: "update", status: "ok", detail: expect.stringContaining("update check off") }),
      ])
      expect(s.hits()).toBe(0)

      ensureEgcHome()
      writeFileSync(paths.config(), JSON.stringify({ release: { checkForUpdates: true } }))
      const on = await releaseChecks({ cwd: tmp.path })
      expect(on).toEqual([
        {
          name: "update",
          status: "warn",
          detail: expect.stringContaining("egc 99.0.0 is available"),
          fix: "egc upgrade",
        },
      ])
      expect(s.hits()).toBe(1)
    } finally {
      s.stop()
    }
  })

  test("on, with an older release or an unreachable server: ok, or a warning that says why", async () => {
    using tmp = tmpdir()
    ensureEgcHome()
    writeFileSync(paths.config(), JSON.stringify({ release: { checkForUpdates: true } }))
    const s = server("v0.0.1")
    try {
      process.env.EGC_DOWNLOAD_BASE = s.base
      expect((await releaseChecks({ cwd: tmp.path }))[0]).toMatchObject({
        status: "ok",
        detail: expect.stringContaining("is the newest release"),
      })
    } finally {
      s.stop()
    }
    process.env.EGC_DOWNLOAD_BASE = s.base
    expect((await releaseChecks({ cwd: tmp.path }))[0]).toMatchObject({
      status: "warn",
      detail: expect.stringContaining("could not check"),
    })
  })

  test("a bad value for release.checkForUpdates is a configuration error, not a network call", async () => {
    using tmp = tmpdir()
    ensureEgcHome()
    writeFileSync(paths.config(), JSON.stringify({ release: { checkForUpdates: "yes" } }))
    expect((await releaseChecks({ cwd: tmp.path }))[0]?.detail).toContain("not checked")
  })
})
