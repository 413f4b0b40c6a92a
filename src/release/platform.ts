import { existsSync } from "node:fs"

declare const EGC_TARGET: string | undefined

/** Release targets: what install.sh, install.ps1 and `egc upgrade` download for a machine. */
export const RELEASE_TARGETS = [
  "linux-x64",
  "linux-arm64",
  "linux-x64-musl",
  "linux-arm64-musl",
  "darwin-x64",
  "darwin-arm64",
  "windows-x64",
  "windows-arm64",
] as const
type ReleaseTarget = (typeof RELEASE_TARGETS)[number]

/** glibc first: a glibc system may carry musl's loader too (Debian's musl package). */
function isMusl(): boolean {
  const header = (process.report?.getReport?.() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header
  if (header?.glibcVersionRuntime) return false
  return existsSync("/lib/ld-musl-x86_64.so.1") || existsSync("/lib/ld-musl-aarch64.so.1")
}

/** The target this binary was built for (baked by scripts/build.ts), else this machine's. */
export function hostTarget(): ReleaseTarget {
  if (typeof EGC_TARGET === "string" && (RELEASE_TARGETS as readonly string[]).includes(EGC_TARGET))
    return EGC_TARGET as ReleaseTarget
  const os = process.platform === "win32" ? "windows" : process.platform
  const arch = process.arch === "arm64" ? "arm64" : "x64"
  return `${os}-${arch}${os === "linux" && isMusl() ? "-musl" : ""}` as ReleaseTarget
}

export const isWindowsTarget = (t: string) => t.startsWith("windows")

export const archiveName = (version: string, target: string) =>
  `egc-${version}-${target}.${isWindowsTarget(target) ? "zip" : "tar.gz"}`

/** The one executable inside an archive: `egc-<version>-<target>/egc[.exe]`. */
export const binaryInArchive = (version: string, target: string) =>
  `egc-${version}-${target}/egc${isWindowsTarget(target) ? ".exe" : ""}`

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/
export const isVersion = (v: string) => SEMVER.test(v)

/** Semantic-version order; a pre-release sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const pa = SEMVER.exec(a)
  const pb = SEMVER.exec(b)
  if (!pa || !pb) return a.localeCompare(b)
  for (let i = 1; i <= 3; i++) {
    const d = Number(pa[i]) - Number(pb[i])
    if (d !== 0) return Math.sign(d)
  }
  if (pa[4] === pb[4]) return 0
  if (pa[4] === undefined) return 1
  if (pb[4] === undefined) return -1
  return pa[4].localeCompare(pb[4], "en", { numeric: true })
}
