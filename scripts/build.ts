#!/usr/bin/env bun
/**
 * Build the egc executable.
 *   bun run scripts/build.ts                 host binary → dist/egc
 *   bun run scripts/build.ts --all           eight targets → dist/egc-<os>-<arch>[-musl][.exe] + SHA256SUMS
 *   bun run scripts/build.ts --outfile F     host binary → F
 *   --version V  bake V instead of package.json's version;  --pubkey FILE  bake a minisign public
 *   key (what `egc upgrade` verifies releases with);  --repo owner/name  where upgrades look
 * Cross builds use Bun runtimes from the npm registry's @oven/bun-<platform> packages, fetched
 * once by `npm run runtimes` (scripts/fetch-runtimes.ts); the build itself downloads nothing.
 */
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { basename, dirname, join, resolve } from "node:path"

const ROOT = resolve(import.meta.dir, "..")
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }

export const TARGETS = [
  { target: "bun-linux-x64", pkg: "@oven/bun-linux-x64", out: "egc-linux-x64", release: "linux-x64" },
  { target: "bun-linux-arm64", pkg: "@oven/bun-linux-aarch64", out: "egc-linux-arm64", release: "linux-arm64" },
  { target: "bun-darwin-x64", pkg: "@oven/bun-darwin-x64", out: "egc-darwin-x64", release: "darwin-x64" },
  { target: "bun-darwin-arm64", pkg: "@oven/bun-darwin-aarch64", out: "egc-darwin-arm64", release: "darwin-arm64" },
  { target: "bun-windows-x64", pkg: "@oven/bun-windows-x64", out: "egc-windows-x64.exe", release: "windows-x64" },
  {
    target: "bun-linux-x64-musl",
    pkg: "@oven/bun-linux-x64-musl",
    out: "egc-linux-x64-musl",
    release: "linux-x64-musl",
  },
  {
    target: "bun-linux-arm64-musl",
    pkg: "@oven/bun-linux-aarch64-musl",
    out: "egc-linux-arm64-musl",
    release: "linux-arm64-musl",
  },
  {
    target: "bun-windows-arm64",
    pkg: "@oven/bun-windows-aarch64",
    out: "egc-windows-arm64.exe",
    release: "windows-arm64",
  },
] as const

export type BuildTarget = (typeof TARGETS)[number]

/** Baked into a binary: its version, and for release builds the key and repository upgrades trust. */
export interface BakeOptions {
  version?: string
  publicKey?: string
  repo?: string
  releaseTarget?: string
}

export const RUNTIMES_DIR = join(ROOT, ".egc-runtimes")

function bunBin(): string {
  return process.execPath
}

export function runtimePath(t: (typeof TARGETS)[number]): string {
  return join(
    RUNTIMES_DIR,
    t.pkg.replace("/", "__"),
    "package",
    "bin",
    t.target.includes("windows") ? "bun.exe" : "bun",
  )
}

export async function buildBinary(opts: { outfile: string; target?: BuildTarget } & BakeOptions): Promise<string> {
  const outfile = resolve(opts.outfile)
  mkdirSync(dirname(outfile), { recursive: true })
  const args = [
    "build",
    join(ROOT, "src/main.ts"),
    "--compile",
    "--minify",
    "--bytecode",
    "--format=esm",
    "--splitting",
    "--no-compile-autoload-dotenv",
    "--no-compile-autoload-bunfig",
    `--define=EGC_VERSION=${JSON.stringify(opts.version ?? pkg.version)}`,
    `--outfile=${outfile}`,
  ]
  if (opts.publicKey) args.push(`--define=EGC_RELEASE_PUBKEY=${JSON.stringify(opts.publicKey)}`)
  if (opts.repo) args.push(`--define=EGC_RELEASE_REPO=${JSON.stringify(opts.repo)}`)
  const releaseTarget = opts.releaseTarget ?? opts.target?.release
  // a release build (it knows its target) carries no test seams: EGC_TEST_NOW is compiled out
  if (releaseTarget) args.push(`--define=EGC_TARGET=${JSON.stringify(releaseTarget)}`, "--define=EGC_TEST_SEAMS=false")
  if (opts.target) {
    const runtime = runtimePath(opts.target)
    if (!existsSync(runtime))
      throw new Error(`missing runtime for ${opts.target.target}: run \`npm run runtimes\` first (${runtime})`)
    args.push(`--target=${opts.target.target}`, `--compile-executable-path=${runtime}`)
  }
  const proc = Bun.spawn([bunBin(), ...args], { cwd: ROOT, stdout: "pipe", stderr: "pipe" })
  const [code, out, err] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ])
  if (code !== 0) throw new Error(`bun build failed for ${basename(outfile)}:\n${out}${err}`)
  return outfile
}

function sha256(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex")
}

function flag(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name)
  return i >= 0 ? argv[i + 1] : undefined
}

export function bakeFromArgv(argv: string[]): BakeOptions {
  const keyFile = flag(argv, "--pubkey")
  return {
    version: flag(argv, "--version"),
    publicKey: keyFile ? readFileSync(keyFile, "utf8").trim().split(/\r?\n/).at(-1) : undefined,
    repo: flag(argv, "--repo"),
  }
}

if (import.meta.main) {
  const argv = process.argv.slice(2)
  const bake = bakeFromArgv(argv)
  const outIndex = argv.indexOf("--outfile")
  if (argv.includes("--all")) {
    const dist = join(ROOT, "dist")
    const sums: string[] = []
    for (const t of TARGETS) {
      const file = await buildBinary({ outfile: join(dist, t.out), target: t, ...bake })
      sums.push(`${sha256(file)}  ${t.out}`)
      process.stderr.write(`built ${t.out}\n`)
    }
    writeFileSync(join(dist, "SHA256SUMS"), `${sums.join("\n")}\n`)
    process.stderr.write(`wrote ${join(dist, "SHA256SUMS")}\n`)
  } else {
    const outfile = outIndex >= 0 && argv[outIndex + 1] ? argv[outIndex + 1]! : join(ROOT, "dist", "egc")
    await buildBinary({ outfile, ...bake })
    process.stderr.write(`built ${outfile}\n`)
  }
}
