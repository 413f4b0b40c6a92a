import { describe, expect, test } from "bun:test"
import { changelogSection } from "../../scripts/release/notes"
import { archiveName, binaryInArchive, compareVersions, hostTarget, RELEASE_TARGETS } from "../../src/release/platform"
import { parseSums } from "../../src/release/verify"

describe("release naming and versions", () => {
  test("versions order as semver, pre-releases first", () => {
    const sorted = ["1.10.0", "0.2.0", "1.2.0-rc.2", "1.2.0", "1.2.0-rc.10", "0.10.1"].sort(compareVersions)
    expect(sorted).toEqual(["0.2.0", "0.10.1", "1.2.0-rc.2", "1.2.0-rc.10", "1.2.0", "1.10.0"])
    expect(compareVersions("0.2.0", "0.2.0")).toBe(0)
  })

  test("archive names: .zip for Windows, .tar.gz elsewhere; the host is a known target", () => {
    expect(archiveName("1.0.0", "windows-arm64")).toBe("egc-1.0.0-windows-arm64.zip")
    expect(archiveName("1.0.0", "linux-x64-musl")).toBe("egc-1.0.0-linux-x64-musl.tar.gz")
    expect(binaryInArchive("1.0.0", "windows-x64")).toBe("egc-1.0.0-windows-x64/egc.exe")
    expect(RELEASE_TARGETS).toContain(hostTarget())
  })

  test("SHA256SUMS lines parse in text and binary mode; junk lines do not", () => {
    const a = "a".repeat(64)
    const sums = parseSums(`${a}  egc-1.tar.gz\n${"B".repeat(64)} *egc-1.zip\nnot a line\n${"c".repeat(63)}  short\n`)
    expect([...sums]).toEqual([
      ["egc-1.tar.gz", a],
      ["egc-1.zip", "b".repeat(64)],
    ])
  })

  test("release notes come from the version's CHANGELOG section, else Unreleased", () => {
    const log = "# Changelog\n\n## [Unreleased]\n\n- next\n\n## [0.2.0]\n\n- two\n\n## 0.1.0\n\n- one\n"
    expect(changelogSection(log, "0.2.0")).toBe("- two")
    expect(changelogSection(log, "0.1.0")).toBe("- one")
    expect(changelogSection(log, "0.3.0")).toBe("- next")
    expect(changelogSection(log, "0.2")).toBe("- next")
  })
})
