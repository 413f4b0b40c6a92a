#!/usr/bin/env bun
/**
 * Build the egc executable.
 *   bun run scripts/build.ts                 host binary → dist/egc
 *   bun run scripts/build.ts --all           five platforms → dist/egc-<os>-<arch>[.exe] + SHA256SUMS
 *   bun run scripts/build.ts --outfile F     host binary → F
 * Cross builds use Bun runtimes from the npm registry's @oven/bun-<platform> packages, fetched
 * once by `npm run runtimes` (scripts/fetch-runtimes.ts); the build itself downloads nothing.
 */
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { basename, dirname, join, resolve } from "node:path"

const ROOT = resolve(import.meta.dir, "..")
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }

export const TARGETS = [
  { target: "bun-linux-x64", pkg: "@oven/bun-linux-x64", out: "egc-linux-x64" },
  { target: "bun-linux-arm64", pkg: "@oven/bun-linux-aarch64", out: "egc-linux-arm64" },
  { target: "bun-darwin-x64", pkg: "@oven/bun-darwin-x64", out: "egc-darwin-x64" },
  { target: "bun-darwin-arm64", pkg: "@oven/bun-darwin-aarch64", out: "egc-darwin-arm64" },
  { target: "bun-windows-x64", pkg: "@oven/bun-windows-x64", out: "egc-windows-x64.exe" },
] as const

export const RUNTIMES_DIR = join(ROOT, ".egc-runtimes")

function bunBin(): string {
  return process.execPath
}

export function runtimePath(t: (typeof TARGETS)[number]): string {
  return join(RUNTIMES_DIR, t.pkg.replace("/", "__"), "package", "bin", t.target.includes("windows") ? "bun.exe" : "bun")
}

export async function buildBinary(opts: { outfile: string; target?: (typeof TARGETS)[number] }): Promise<string> {
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
    `--define=EGC_VERSION=${JSON.stringify(pkg.version)}`,
    `--outfile=${outfile}`,
  ]
  if (opts.target) {
    const runtime = runtimePath(opts.target)
    if (!existsSync(runtime)) throw new Error(`missing runtime for ${opts.target.target}: run \`npm run runtimes\` first (${runtime})`)
    args.push(`--target=${opts.target.target}`, `--compile-executable-path=${runtime}`)
  }
  const proc = Bun.spawn([bunBin(), ...args], { cwd: ROOT, stdout: "pipe", stderr: "pipe" })
  const [code, out, err] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  if (code !== 0) throw new Error(`bun build failed for ${basename(outfile)}:\n${out}${err}`)
  return outfile
}

function sha256(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex")
}

if (import.meta.main) {
  const argv = process.argv.slice(2)
  const outIndex = argv.indexOf("--outfile")
  if (argv.includes("--all")) {
    const dist = join(ROOT, "dist")
    const sums: string[] = []
    for (const t of TARGETS) {
      const file = await buildBinary({ outfile: join(dist, t.out), target: t })
      sums.push(`${sha256(file)}  ${t.out}`)
      process.stderr.write(`built ${t.out}\n`)
    }
    writeFileSync(join(dist, "SHA256SUMS"), `${sums.join("\n")}\n`)
    process.stderr.write(`wrote ${join(dist, "SHA256SUMS")}\n`)
  } else {
    const outfile = outIndex >= 0 && argv[outIndex + 1] ? argv[outIndex + 1]! : join(ROOT, "dist", "egc")
    await buildBinary({ outfile })
    process.stderr.write(`built ${outfile}\n`)
  }
}
