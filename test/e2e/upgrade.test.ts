import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { mkdirSync, readdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { tmpdir } from "../fixture"
import { cleanEnv, fakeRelease, serveRelease } from "./_release"

/** `egc upgrade` of an installed 0.1.0 against a loopback release, with an `egc serve` running throughout. */
let site: ReturnType<typeof serveRelease>
let release: { dir: string }

beforeAll(async () => {
  release = await fakeRelease()
  site = serveRelease(release.dir)
}, 600_000)
afterAll(() => site?.stop())

// Never spawnSync here: the release server runs on this process's event loop.
async function run(bin: string, args: string[], env: Record<string, string>) {
  const p = Bun.spawn([bin, ...args], { env: cleanEnv(env), stdin: "ignore", stdout: "pipe", stderr: "pipe" })
  const [code, stdout, stderr] = await Promise.all([
    p.exited,
    new Response(p.stdout).text(),
    new Response(p.stderr).text(),
  ])
  return { code, stdout, stderr }
}

async function installed(
  root: string,
  version: string,
): Promise<{ bin: string; dir: string; env: Record<string, string> }> {
  const home = join(root, "home")
  const dir = join(home, ".local", "bin")
  mkdirSync(join(root, "tmp"), { recursive: true })
  const env = { HOME: home, EGC_HOME: join(root, "egc-home"), TMPDIR: join(root, "tmp") }
  const script = join(release.dir, "download", `v${version}`, "install.sh")
  const p = Bun.spawn(["dash", script], {
    env: cleanEnv({ ...env, EGC_DOWNLOAD_BASE: site.url("good"), EGC_VERSION: version, EGC_RUN_INSTALL: "0" }),
    stdin: "ignore",
    stdout: "ignore",
    stderr: "pipe",
  })
  const [code, stderr] = await Promise.all([p.exited, new Response(p.stderr).text()])
  if (code !== 0) throw new Error(stderr)
  return { bin: join(dir, "egc"), dir, env }
}

describe("egc upgrade on loopback", () => {
  test("0.1.0 → 0.2.0 and back with --rollback, a running egc serve unaffected; tampering changes nothing", async () => {
    using root = tmpdir()
    const { bin, dir, env } = await installed(root.path, "0.1.0")
    const good = { ...env, EGC_DOWNLOAD_BASE: site.url("good") }
    expect((await run(bin, ["version"], env)).stdout.trim()).toBe("0.1.0")

    const transport = new StdioClientTransport({
      command: bin,
      args: ["serve"],
      cwd: root.path,
      env: cleanEnv(env),
      stderr: "pipe",
    })
    const client = new Client({ name: "upgrade-e2e", version: "1" })
    await client.connect(transport)
    try {
      const before = (await client.listTools()).tools.length
      expect(before).toBeGreaterThan(0)

      const check = await run(bin, ["upgrade", "--check", "--json"], good)
      expect(check.code).toBe(0)
      expect(JSON.parse(check.stdout)).toEqual({ current: "0.1.0", latest: "0.2.0", newer: true })

      for (const variant of ["bad-archive", "wrong-sums", "swapped"]) {
        const bad = await run(bin, ["upgrade"], { ...env, EGC_DOWNLOAD_BASE: site.url(variant) })
        expect(bad.code).toBe(65)
        expect(bad.stderr).toMatch(/checksum mismatch|signature check failed/)
        expect((await run(bin, ["version"], env)).stdout.trim()).toBe("0.1.0")
        expect(readdirSync(dir)).toEqual(["egc"])
      }

      const up = await run(bin, ["upgrade"], good)
      expect(up.stderr).toBe("")
      expect(up.code).toBe(0)
      expect(up.stdout).toContain("0.1.0 → 0.2.0")
      expect((await run(bin, ["version"], env)).stdout.trim()).toBe("0.2.0")
      expect((await run(`${bin}.previous`, ["version"], env)).stdout.trim()).toBe("0.1.0")
      expect(readdirSync(dir).sort()).toEqual(["egc", "egc.previous"])
      expect(JSON.parse((await run(bin, ["upgrade", "--check", "--json"], good)).stdout).newer).toBe(false)
      expect((await run(bin, ["upgrade"], good)).stdout).toContain("0.2.0 is already installed")

      // the server started from 0.1.0 still answers, still as 0.1.0
      expect((await client.listTools()).tools.length).toBe(before)
      expect(client.getServerVersion()?.version).toBe("0.1.0")

      const back = await run(bin, ["upgrade", "--rollback"], env)
      expect(back.code).toBe(0)
      expect(back.stdout).toContain("rolled back")
      expect((await run(bin, ["version"], env)).stdout.trim()).toBe("0.1.0")
      expect((await run(`${bin}.previous`, ["version"], env)).stdout.trim()).toBe("0.2.0")
      expect(readdirSync(dir).sort()).toEqual(["egc", "egc.previous"])

      const pinned = await run(bin, ["upgrade", "--version", "0.2.0", "--json"], good)
      expect(JSON.parse(pinned.stdout)).toMatchObject({ from: "0.1.0", to: "0.2.0", changed: true })
      expect((await client.listTools()).tools.length).toBe(before)
    } finally {
      await client.close()
    }
  }, 300_000)

  test("refusals: no such version, bad flags, rollback without a previous binary", async () => {
    using root = tmpdir()
    const { bin, env } = await installed(root.path, "0.1.0")
    const good = { ...env, EGC_DOWNLOAD_BASE: site.url("good") }
    const missing = await run(bin, ["upgrade", "--version", "9.9.9"], good)
    expect(missing.code).toBe(66)
    expect(missing.stderr).toContain("HTTP 404")
    expect((await run(bin, ["upgrade", "--version", "latest"], good)).code).toBe(64)
    expect((await run(bin, ["upgrade", "--rollback", "--check"], good)).code).toBe(64)
    expect((await run(bin, ["upgrade", "--bogus"], good)).code).toBe(64)
    const none = await run(bin, ["upgrade", "--rollback"], env)
    expect(none.code).toBe(66)
    expect(none.stderr).toContain("no previous binary")
    expect((await run(bin, ["upgrade", "--check"], { ...env, EGC_DOWNLOAD_BASE: "file:///etc" })).code).toBe(78)
    expect((await run(bin, ["version"], env)).stdout.trim()).toBe("0.1.0")
  }, 300_000)

  test("an upgrade keeps egc install's record of a placed binary true", async () => {
    using root = tmpdir()
    const { bin, env } = await installed(root.path, "0.1.0")
    mkdirSync(env.EGC_HOME!, { recursive: true, mode: 0o700 })
    const record = { version: 1, egcVersion: "0.1.0", bin, files: {}, placedBin: { path: bin, sha256: "x" } }
    writeFileSync(join(env.EGC_HOME!, "install.json"), JSON.stringify(record), { mode: 0o600 })
    expect((await run(bin, ["upgrade"], { ...env, EGC_DOWNLOAD_BASE: site.url("good") })).code).toBe(0)
    const after = JSON.parse(await Bun.file(join(env.EGC_HOME!, "install.json")).text())
    expect(after.egcVersion).toBe("0.2.0")
    expect(after.placedBin.sha256).toBe(
      new Bun.CryptoHasher("sha256").update(await Bun.file(bin).bytes()).digest("hex"),
    )
  }, 300_000)
})

describe("egc upgrade without a release key", () => {
  test("a binary built without the key refuses to upgrade instead of installing unverified", async () => {
    const { egcBinary } = await import("./_binary")
    const bin = await egcBinary()
    const r = await run(bin, ["upgrade"], { EGC_DOWNLOAD_BASE: site.url("good") })
    expect(r.code).toBe(65)
    expect(r.stderr).toContain("built without the release key")
  }, 300_000)
})
