import { describe, expect, test } from "bun:test"
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from "node:fs"
import { join } from "node:path"
import { writeFileAtomic } from "../../src/core/atomic-write"
import { paths } from "../../src/core/paths"
import { isTrusted, trust, trustFile } from "../../src/core/trust"
import { placeBin } from "../../src/install/bin"
import { atomicWrite } from "../../src/install/fsx"
import { settingOf, turnOn } from "../../src/mirror/store"
import { ownEgcHome, tmpdir } from "../fixture"

ownEgcHome()
const PROBE = join(import.meta.dir, "_atomic-probe.ts")
const modeOf = (path: string) => statSync(path).mode & 0o777
const temps = (dir: string) => readdirSync(dir).filter((n) => n.endsWith(".tmp"))

describe("the one atomic writer (core/atomic-write)", () => {
  test("links planted at the names trust.json and mirror.json used to write through are not followed", () => {
    using t = tmpdir({ files: { "victim.txt": "the victim's text\n", "project.toml": "x = 1\n" } })
    const victim = join(t.path, "victim.txt")
    trust(join(t.path, "project.toml"), "x = 1\n")
    turnOn("r_planted", undefined)
    // the old writers opened `<file>.tmp-<pid>` without O_EXCL: a link there sent the bytes to its target
    for (const file of [trustFile(), paths.mirror()]) symlinkSync(victim, `${file}.tmp-${process.pid}`)
    trust(join(t.path, "project.toml"), "x = 2\n")
    turnOn("r_planted2", ["AGENTS.md"])
    expect(readFileSync(victim, "utf8")).toBe("the victim's text\n")
    for (const file of [trustFile(), paths.mirror()]) {
      expect(lstatSync(file).isFile()).toBe(true)
      expect(modeOf(file)).toBe(0o600)
    }
    // the writes themselves happened (the positive control)
    expect(isTrusted(join(t.path, "project.toml"), "x = 2\n")).toBe(true)
    expect(isTrusted(join(t.path, "project.toml"), "x = 1\n")).toBe(false)
    expect(settingOf("r_planted2")?.files).toEqual(["AGENTS.md"])
    expect(settingOf("r_planted")).toBeDefined()
  })

  test("egc install --bin-dir: a link planted at the copy's old temp name is not followed; the copy is 0755", () => {
    using t = tmpdir({ files: { "victim.txt": "the victim's text\n", "build/egc": "#!/bin/sh\necho egc\n" } })
    const victim = join(t.path, "victim.txt")
    mkdirSync(join(t.path, "bin"))
    symlinkSync(victim, join(t.path, "bin", `egc.egc-${process.pid}.tmp`))
    const placed = placeBin(join(t.path, "build", "egc"), join(t.path, "bin"))
    expect(placed).toBe(join(t.path, "bin", "egc"))
    expect(readFileSync(victim, "utf8")).toBe("the victim's text\n")
    expect(readFileSync(placed, "utf8")).toBe("#!/bin/sh\necho egc\n")
    expect(lstatSync(placed).isFile()).toBe(true)
    expect(modeOf(placed)).toBe(0o755)
  })

  test("modes: an existing file keeps its own, a new one gets the asked mode exactly, trust.json is made 0600", () => {
    using t = tmpdir({ files: { "secret.json": "{}\n", "open.json": "{}\n" } })
    const secret = join(t.path, "secret.json")
    chmodSync(secret, 0o600)
    writeFileAtomic(secret, '{ "a": 1 }\n')
    expect(modeOf(secret)).toBe(0o600)
    expect(readFileSync(secret, "utf8")).toBe('{ "a": 1 }\n')
    const open = join(t.path, "open.json")
    chmodSync(open, 0o644)
    atomicWrite(open, '{ "b": 2 }\n', 0o600)
    expect(modeOf(open)).toBe(0o644)
    writeFileAtomic(join(t.path, "fresh"), "new", { mode: 0o640 })
    expect(modeOf(join(t.path, "fresh"))).toBe(0o640)
    atomicWrite(join(t.path, "sub", "made.json"), "{}\n")
    expect(modeOf(join(t.path, "sub", "made.json"))).toBe(0o644)
    chmodSync(trustFile(), 0o644)
    trust(join(t.path, "open.json"), "x")
    expect(modeOf(trustFile())).toBe(0o600)
    expect(temps(t.path)).toEqual([])
  })

  test("a write that fails (file-size limit) leaves the old file intact and no temp file; the same write fits without it", () => {
    using t = tmpdir({ files: { "state.json": "old state\n" } })
    const file = join(t.path, "state.json")
    const run = (limit: string) =>
      Bun.spawnSync(["sh", "-c", `ulimit -f ${limit}; exec "$0" "$@"`, process.execPath, PROBE, file, "200000"], {
        stdout: "pipe",
        stderr: "pipe",
      })
        .stdout.toString()
        .trim()
    expect(run("16")).toBe("failed: EFBIG")
    expect(readFileSync(file, "utf8")).toBe("old state\n")
    expect(temps(t.path)).toEqual([])
    expect(run("unlimited")).toBe("written")
    expect(readFileSync(file, "utf8")).toHaveLength(200_000)
    expect(temps(t.path)).toEqual([])
  })
})
