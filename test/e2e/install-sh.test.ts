import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { tmpdir } from "../fixture"
import { cleanEnv, fakeRelease, serveRelease } from "./_release"

/**
 * install.sh against a fake release on a loopback server: the script a person downloads (key and
 * repository stamped in) and the repository's own copy (no key: checksum only).
 */
const SHELLS = [["dash"], ["bash"], ["busybox", "sh"], ["zsh"]].filter(([c]) => Bun.which(c!))
const REPO_SCRIPT = resolve(import.meta.dir, "../../install.sh")
let site: ReturnType<typeof serveRelease>
let stamped: string

beforeAll(async () => {
  const { dir } = await fakeRelease()
  site = serveRelease(dir)
  stamped = join(dir, "download", "v0.2.0", "install.sh")
}, 600_000)
afterAll(() => site?.stop())

async function install(shell: string[], script: string, root: string, env: Record<string, string>) {
  const home = join(root, "home")
  const tmp = join(root, "tmp")
  mkdirSync(home, { recursive: true })
  mkdirSync(tmp, { recursive: true })
  const p = Bun.spawn([...shell, script], {
    env: cleanEnv({ HOME: home, TMPDIR: tmp, EGC_HOME: join(root, "egc-home"), EGC_RUN_INSTALL: "0", ...env }),
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  })
  const [code, stderr] = await Promise.all([p.exited, new Response(p.stderr).text()])
  return { code, stderr, bin: join(home, ".local", "bin"), tmpLeft: readdirSync(tmp) }
}

const versionOf = (bin: string) => Bun.spawnSync([bin, "version"], { stdout: "pipe" }).stdout.toString().trim()

describe("install.sh on loopback", () => {
  test("dash and bash are available (the brief's shells)", () => {
    expect(SHELLS.map((s) => s[0])).toContain("dash")
    expect(SHELLS.map((s) => s[0])).toContain("bash")
  })

  for (const shell of SHELLS) {
    test(`${shell.join(" ")}: installs the newest release, verified, and it runs`, async () => {
      using root = tmpdir()
      const r = await install(shell, stamped, root.path, { EGC_DOWNLOAD_BASE: site.url("good") })
      expect(r.stderr).toContain("checksum of egc-0.2.0-")
      if (Bun.which("minisign")) expect(r.stderr).toContain("signature of SHA256SUMS: ok")
      expect(r.code).toBe(0)
      expect(versionOf(join(r.bin, "egc"))).toBe("0.2.0")
      expect(readdirSync(r.bin)).toEqual(["egc"])
      expect(r.tmpLeft).toEqual([])
      expect(r.stderr).toContain("is not on your PATH")
    }, 120_000)
  }

  test("EGC_VERSION and EGC_INSTALL_DIR pick the version and the folder", async () => {
    using root = tmpdir()
    const dir = join(root.path, "opt", "bin")
    const r = await install(["dash"], stamped, root.path, {
      EGC_DOWNLOAD_BASE: site.url("good"),
      EGC_VERSION: "v0.1.0",
      EGC_INSTALL_DIR: dir,
    })
    expect(r.code).toBe(0)
    expect(versionOf(join(dir, "egc"))).toBe("0.1.0")
    expect(existsSync(join(r.bin, "egc"))).toBe(false)
  }, 120_000)

  for (const shell of [["dash"], ["bash"]]) {
    test(`${shell[0]}: a tampered archive is refused and leaves the old egc and no files behind`, async () => {
      using root = tmpdir()
      const bin = join(root.path, "home", ".local", "bin")
      mkdirSync(bin, { recursive: true })
      writeFileSync(join(bin, "egc"), "old egc\n")
      const bad = await install(shell, stamped, root.path, { EGC_DOWNLOAD_BASE: site.url("bad-archive") })
      expect(bad.code).toBe(1)
      expect(bad.stderr).toMatch(
        /checksum mismatch for egc-0\.2\.0-\S+ \(expected [0-9a-f]{64}, got [0-9a-f]{64}\).*nothing was installed/,
      )
      expect(readdirSync(bin)).toEqual(["egc"])
      expect(readFileSync(join(bin, "egc"), "utf8")).toBe("old egc\n")
      expect(bad.tmpLeft).toEqual([])
      // positive control: the same home, the honest server
      const good = await install(shell, stamped, root.path, { EGC_DOWNLOAD_BASE: site.url("good") })
      expect(good.code).toBe(0)
      expect(versionOf(join(bin, "egc"))).toBe("0.2.0")
    }, 120_000)

    test(`${shell[0]}: a tampered SHA256SUMS is refused, by the checksum without a key`, async () => {
      using root = tmpdir()
      const r = await install(shell, REPO_SCRIPT, root.path, { EGC_DOWNLOAD_BASE: site.url("wrong-sums") })
      expect(r.code).toBe(1)
      expect(r.stderr).toContain("signature not checked")
      expect(r.stderr).toMatch(/checksum mismatch .*expected 0{64}/)
      expect(existsSync(r.bin) ? readdirSync(r.bin) : []).toEqual([])
      expect(r.tmpLeft).toEqual([])
    }, 120_000)
  }

  test.skipIf(!Bun.which("minisign"))(
    "a SHA256SUMS rewritten to match a swapped archive is refused by the signature",
    async () => {
      using root = tmpdir()
      const r = await install(["dash"], stamped, root.path, { EGC_DOWNLOAD_BASE: site.url("swapped") })
      expect(r.code).toBe(1)
      expect(r.stderr).toContain("signature check FAILED for SHA256SUMS")
      expect(existsSync(r.bin) ? readdirSync(r.bin) : []).toEqual([])
      expect(r.tmpLeft).toEqual([])
      // control: EGC_REQUIRE_SIGNATURE with the key present installs the honest release
      const good = await install(["dash"], stamped, root.path, {
        EGC_DOWNLOAD_BASE: site.url("good"),
        EGC_REQUIRE_SIGNATURE: "1",
      })
      expect(good.code).toBe(0)
    },
    120_000,
  )

  test("without a key, EGC_REQUIRE_SIGNATURE=1 refuses instead of installing unverified", async () => {
    using root = tmpdir()
    const r = await install(["dash"], REPO_SCRIPT, root.path, {
      EGC_DOWNLOAD_BASE: site.url("good"),
      EGC_REQUIRE_SIGNATURE: "1",
    })
    expect(r.code).toBe(1)
    expect(r.stderr).toContain("EGC_REQUIRE_SIGNATURE=1 but the signature cannot be checked")
    expect(existsSync(r.bin) ? readdirSync(r.bin) : []).toEqual([])
  }, 120_000)

  test("a version that is not released, and an unknown flag, are refused with a reason", async () => {
    using root = tmpdir()
    const missing = await install(["dash"], REPO_SCRIPT, root.path, {
      EGC_DOWNLOAD_BASE: site.url("good"),
      EGC_VERSION: "9.9.9",
    })
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain("cannot download")
    const weird = await install(["dash"], REPO_SCRIPT, root.path, {
      EGC_DOWNLOAD_BASE: site.url("good"),
      EGC_VERSION: "1.0;x",
    })
    expect(weird.stderr).toContain("not a release version")
    const p = Bun.spawnSync(["dash", REPO_SCRIPT, "--bogus"], { stderr: "pipe", env: cleanEnv({}) })
    expect(p.exitCode).toBe(1)
    expect(p.stderr.toString()).toContain("unknown argument: --bogus")
  }, 120_000)
})
