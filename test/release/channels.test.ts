import { describe, expect, test } from "bun:test"
import { homebrewFormula, scoopManifest } from "../../scripts/release/channels"

const h = (c: string) => c.repeat(64)
const sums = new Map([
  ["egc-1.2.0-darwin-arm64.tar.gz", h("a")],
  ["egc-1.2.0-linux-x64.tar.gz", h("b")],
  ["egc-1.2.0-windows-x64.zip", h("c")],
])

describe("Homebrew and Scoop from SHA256SUMS", () => {
  test("the formula carries exactly the platforms and hashes of the release", () => {
    const rb = homebrewFormula("1.2.0", "me/egc", sums)!
    expect(rb).toContain('url "https://github.com/me/egc/releases/download/v1.2.0/egc-1.2.0-darwin-arm64.tar.gz"')
    expect(rb).toContain(`sha256 "${h("a")}"`)
    expect(rb).toContain(`sha256 "${h("b")}"`)
    expect(rb).not.toContain("darwin-x64")
    expect(rb).not.toContain("linux-arm64")
    expect(rb).toContain('version "1.2.0"')
    expect(homebrewFormula("1.2.0", "me/egc", new Map([["egc-1.2.0-windows-x64.zip", h("c")]]))).toBeUndefined()
  })

  test("the Scoop manifest names the zip, its hash and the folder inside it", () => {
    const m = JSON.parse(scoopManifest("1.2.0", "me/egc", sums)!)
    expect(m.architecture).toEqual({
      "64bit": {
        url: "https://github.com/me/egc/releases/download/v1.2.0/egc-1.2.0-windows-x64.zip",
        hash: h("c"),
        extract_dir: "egc-1.2.0-windows-x64",
      },
    })
    expect(m.bin).toBe("egc.exe")
    expect(scoopManifest("1.2.0", "me/egc", new Map())).toBeUndefined()
  })
})
