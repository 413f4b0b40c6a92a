import { describe, expect, test } from "bun:test"
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs"
import { join } from "node:path"
import { hostTarget } from "../../src/release/platform"
import { cleanEnv, fakeRelease } from "./_release"

/** The npm channel: the main package's Node launcher runs the binary of the platform package beside it. */
const node = Bun.which("node")

describe.skipIf(!node)("npm packages (optionalDependencies pattern)", () => {
  test("the launcher runs this platform's binary and passes its exit code; without the package it says so", async () => {
    const { dir } = await fakeRelease()
    const npm = join(dir, "npm", "v0.2.0")
    const target = hostTarget()
    expect(readdirSync(npm).sort()).toEqual(["egc", `egc-${target}`])
    const main = JSON.parse(readFileSync(join(npm, "egc", "package.json"), "utf8"))
    expect(main.optionalDependencies).toEqual({ [`@egc-test/egc-${target}`]: "0.2.0" })
    const plat = JSON.parse(readFileSync(join(npm, `egc-${target}`, "package.json"), "utf8"))
    expect(plat.os).toEqual([process.platform])

    const launcher = join(npm, "egc", "bin", "egc.js")
    const run = async (args: string[]) => {
      const p = Bun.spawn([node!, launcher, ...args], {
        env: cleanEnv({}),
        stdin: "ignore",
        stdout: "pipe",
        stderr: "pipe",
      })
      const [code, stdout, stderr] = await Promise.all([
        p.exited,
        new Response(p.stdout).text(),
        new Response(p.stderr).text(),
      ])
      return { code, stdout, stderr }
    }
    const missing = await run(["version"])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain(`no prebuilt binary for ${target}`)

    mkdirSync(join(npm, "egc", "node_modules", "@egc-test"), { recursive: true })
    symlinkSync(join(npm, `egc-${target}`), join(npm, "egc", "node_modules", "@egc-test", `egc-${target}`))
    const ok = await run(["version"])
    expect(ok.stdout.trim()).toBe("0.2.0")
    expect(ok.code).toBe(0)
    expect((await run(["version", "--bogus"])).code).toBe(64)
  }, 600_000)
})
