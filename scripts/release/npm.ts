/**
 * The npm channel, esbuild's pattern: one small package per platform holding the binary (npm
 * installs only the one whose os/cpu/libc match), and a main package whose bin is a Node launcher
 * that finds it. `npx <scope>/egc` then runs egc with no download of its own.
 */
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"

const platformOf = (target: string) => {
  const [os, arch, libc] = target.split("-") as [string, string, string | undefined]
  return {
    os: os === "windows" ? "win32" : os,
    cpu: arch,
    ...(os === "linux" ? { libc: libc === "musl" ? "musl" : "glibc" } : {}),
  }
}

export function writePlatformPackage(dir: string, scope: string, version: string, target: string, exe: string): string {
  const name = `${scope}/egc-${target}`
  const root = join(dir, `egc-${target}`)
  const p = platformOf(target)
  mkdirSync(join(root, "bin"), { recursive: true })
  const file = join(root, "bin", target.startsWith("windows") ? "egc.exe" : "egc")
  copyFileSync(exe, file)
  chmodSync(file, 0o755)
  const pkg = {
    name,
    version,
    description: `The egc binary for ${target}`,
    license: "MIT",
    os: [p.os],
    cpu: [p.cpu],
    ...(p.libc ? { libc: [p.libc] } : {}),
    files: ["bin"],
  }
  writeFileSync(join(root, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`)
  return name
}

export function writeMainPackage(dir: string, scope: string, version: string, repo: string, targets: string[]): void {
  const root = join(dir, "egc")
  mkdirSync(join(root, "bin"), { recursive: true })
  const optionalDependencies = Object.fromEntries(targets.map((t) => [`${scope}/egc-${t}`, version]))
  const pkg = {
    name: `${scope}/egc`,
    version,
    description: "One local runtime for AI coding tools (prebuilt binary; see the README for install.sh)",
    license: "MIT",
    repository: { type: "git", url: `https://github.com/${repo}` },
    bin: { egc: "bin/egc.js" },
    files: ["bin"],
    optionalDependencies,
  }
  writeFileSync(join(root, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`)
  writeFileSync(join(root, "bin", "egc.js"), launcher(scope, repo), { mode: 0o755 })
}

const launcher = (scope: string, repo: string) => `#!/usr/bin/env node
"use strict"
// Runs the egc binary of this platform's optional dependency, passing arguments, stdio and exit code.
const { spawnSync } = require("node:child_process")
const { constants } = require("node:os")
const os = process.platform === "win32" ? "windows" : process.platform
const arch = process.arch === "arm64" ? "arm64" : "x64"
let libc = ""
if (os === "linux" && process.report && !process.report.getReport().header.glibcVersionRuntime) libc = "-musl"
const target = os + "-" + arch + libc
const pkg = ${JSON.stringify(scope)} + "/egc-" + target
let bin
try {
  bin = require.resolve(pkg + "/bin/egc" + (os === "windows" ? ".exe" : ""))
} catch {
  console.error("egc: no prebuilt binary for " + target + " (" + pkg + " is not installed); see https://github.com/${repo}#install")
  process.exit(1)
}
const r = spawnSync(bin, process.argv.slice(2), { stdio: "inherit" })
if (r.error) {
  console.error("egc: " + r.error.message)
  process.exit(1)
}
process.exit(r.status ?? 128 + (constants.signals[r.signal] || 0))
`
