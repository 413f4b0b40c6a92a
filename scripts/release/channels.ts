/**
 * A Homebrew formula and a Scoop manifest made from the same SHA256SUMS as the release, so a tap
 * or bucket repository only has to copy them. A platform missing from the sums is left out.
 */
const DESC = "One local runtime for AI coding tools: shared encrypted memory, a command guard, an output filter"

export function homebrewFormula(version: string, repo: string, sums: Map<string, string>): string | undefined {
  const url = (t: string) => `https://github.com/${repo}/releases/download/v${version}/egc-${version}-${t}.tar.gz`
  const block = (t: string) => {
    const hash = sums.get(`egc-${version}-${t}.tar.gz`)
    return hash ? [`      url "${url(t)}"`, `      sha256 "${hash}"`] : undefined
  }
  const os = (name: string, arm: string, intel: string) => {
    const a = block(arm)
    const i = block(intel)
    if (!a && !i) return []
    return [
      `  ${name} do`,
      ...(a ? ["    on_arm do", ...a, "    end"] : []),
      ...(i ? ["    on_intel do", ...i, "    end"] : []),
      "  end",
    ]
  }
  const body = [...os("on_macos", "darwin-arm64", "darwin-x64"), ...os("on_linux", "linux-arm64", "linux-x64")]
  if (!body.length) return undefined
  return [
    "class Egc < Formula",
    `  desc "${DESC}"`,
    `  homepage "https://github.com/${repo}"`,
    `  version "${version}"`,
    '  license "MIT"',
    ...body,
    "",
    "  def install",
    '    bin.install "egc"',
    "  end",
    "",
    "  test do",
    '    assert_equal version.to_s, shell_output("#{bin}/egc version").strip',
    "  end",
    "end",
    "",
  ].join("\n")
}

export function scoopManifest(version: string, repo: string, sums: Map<string, string>): string | undefined {
  const base = `https://github.com/${repo}/releases/download`
  const arches = { "64bit": "windows-x64", arm64: "windows-arm64" } as const
  const architecture: Record<string, { url: string; hash: string; extract_dir: string }> = {}
  const auto: Record<string, { url: string; extract_dir: string }> = {}
  for (const [arch, t] of Object.entries(arches)) {
    const hash = sums.get(`egc-${version}-${t}.zip`)
    if (!hash) continue
    architecture[arch] = {
      url: `${base}/v${version}/egc-${version}-${t}.zip`,
      hash,
      extract_dir: `egc-${version}-${t}`,
    }
    auto[arch] = { url: `${base}/v$version/egc-$version-${t}.zip`, extract_dir: `egc-$version-${t}` }
  }
  if (!Object.keys(architecture).length) return undefined
  const manifest = {
    version,
    description: DESC,
    homepage: `https://github.com/${repo}`,
    license: "MIT",
    architecture,
    bin: "egc.exe",
    checkver: { github: `https://github.com/${repo}` },
    autoupdate: { architecture: auto, hash: { url: "$baseurl/SHA256SUMS" } },
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}
