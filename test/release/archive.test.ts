import { describe, expect, test } from "bun:test"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { readTarGz, writeTarGz } from "../../src/release/tar"
import { readZip, writeZip } from "../../src/release/zip"
import { tmpdir } from "../fixture"

const entries = [
  {
    name: "egc-1.0.0-linux-x64/egc",
    data: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, ...new Array(3000).fill(7)]),
    mode: 0o755,
  },
  { name: "egc-1.0.0-linux-x64/LICENSE", data: new TextEncoder().encode("MIT\n"), mode: 0o644 },
]

describe("release archives", () => {
  test("tar.gz round-trips, is reproducible, and system tar reads it", () => {
    using tmp = tmpdir()
    const bytes = writeTarGz(entries)
    expect(writeTarGz(entries)).toEqual(bytes)
    expect(readTarGz(bytes)).toEqual(entries)
    writeFileSync(join(tmp.path, "a.tar.gz"), bytes)
    const r = Bun.spawnSync(["tar", "-xzf", "a.tar.gz", "egc-1.0.0-linux-x64/egc"], { cwd: tmp.path, stderr: "pipe" })
    expect(r.exitCode).toBe(0)
    expect(new Uint8Array(readFileSync(join(tmp.path, "egc-1.0.0-linux-x64/egc")))).toEqual(entries[0]!.data)
  })

  test("readTarGz reads what system tar writes, and refuses what is not gzip", () => {
    using tmp = tmpdir({ files: { "d/x.txt": "hello\n" } })
    expect(Bun.spawnSync(["tar", "-czf", "s.tar.gz", "d"], { cwd: tmp.path }).exitCode).toBe(0)
    const got = readTarGz(new Uint8Array(readFileSync(join(tmp.path, "s.tar.gz"))))
    expect(got.map((e) => [e.name, new TextDecoder().decode(e.data)])).toEqual([["d/x.txt", "hello\n"]])
    expect(() => readTarGz(new TextEncoder().encode("not an archive"))).toThrow(/not a valid .tar.gz/)
  })

  test("zip round-trips, keeps the executable mode, and unzip reads it; a flipped byte fails its CRC", () => {
    using tmp = tmpdir()
    const bytes = writeZip(entries)
    expect(readZip(bytes)).toEqual(entries)
    writeFileSync(join(tmp.path, "a.zip"), bytes)
    if (Bun.which("unzip")) {
      const r = Bun.spawnSync(["unzip", "-q", "a.zip"], { cwd: tmp.path, stderr: "pipe" })
      expect(r.exitCode).toBe(0)
      expect(readFileSync(join(tmp.path, "egc-1.0.0-linux-x64/LICENSE"), "utf8")).toBe("MIT\n")
    }
    const stored = writeZip([{ name: "x", data: new Uint8Array(2000).fill(1), mode: 0o644 }])
    const broken = new Uint8Array(stored)
    broken[33] = (broken[33] ?? 0) ^ 0xff
    expect(() => readZip(broken)).toThrow()
    expect(() => readZip(new Uint8Array(10))).toThrow(/no end record/)
  })
})
