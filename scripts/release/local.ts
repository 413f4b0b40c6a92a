#!/usr/bin/env bun
/**
 * npm run release:local -- DIR [--version V] [--key SECRET_FILE] [--all] [--repo owner/name] [--npm @scope]
 * Writes a complete release into DIR in the layout EGC_DOWNLOAD_BASE (install.sh, install.ps1,
 * `egc upgrade`) expects — GitHub's own paths under one base:
 *   DIR/latest.json                      the releases/latest API answer (kept on the newest version)
 *   DIR/download/v<V>/egc-<V>-<target>.tar.gz|.zip, SHA256SUMS, SHA256SUMS.minisig, minisign.pub,
 *                     install.sh, install.ps1 (with the key and repository stamped in), release.json,
 *                     egc.rb (Homebrew formula) and egc.json (Scoop manifest) from the same hashes
 * Without --all only the host target is built; --all builds every target whose Bun runtime
 * `npm run runtimes` fetched. The key comes from --key or $EGC_SIGNING_KEY (the secret JSON of
 * `npm run release:key`); without either a throwaway key signs and its public key is in the folder.
 * --npm @scope also writes DIR/npm/v<V>/: @scope/egc (a Node launcher) and @scope/egc-<target> packages.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { sha256Hex } from "../../src/core/crypto"
import {
  archiveName,
  binaryInArchive,
  compareVersions,
  hostTarget,
  isVersion,
  isWindowsTarget,
} from "../../src/release/platform"
import { writeTarGz } from "../../src/release/tar"
import { writeZip } from "../../src/release/zip"
import { buildBinary, runtimePath, TARGETS } from "../build"
import { parseSums } from "../../src/release/verify"
import { homebrewFormula, scoopManifest } from "./channels"
import { changelogSection } from "./notes"
import { writeMainPackage, writePlatformPackage } from "./npm"
import { generateKey, loadKey, publicKeyFile, signMinisign } from "./sign"

const ROOT = resolve(import.meta.dir, "../..")
const argv = process.argv.slice(2)
const flag = (name: string) => {
  const i = argv.indexOf(name)
  return i >= 0 ? argv[i + 1] : undefined
}
const valued = new Set(["--version", "--key", "--repo", "--npm"])
const dir = argv.find((a, i) => !a.startsWith("--") && !valued.has(argv[i - 1] ?? ""))
if (!dir) {
  process.stderr.write("usage: npm run release:local -- DIR [--version V] [--key FILE] [--all] [--repo owner/name]\n")
  process.exit(64)
}
const version =
  flag("--version") ?? (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version
if (!isVersion(version)) throw new Error(`not a version: ${version}`)
const repo = flag("--repo") ?? "OWNER/egc"
const npmScope = flag("--npm")
if (npmScope !== undefined && !/^@[a-z0-9][a-z0-9._-]*$/.test(npmScope))
  throw new Error(`--npm takes an npm scope like @me, not ${npmScope}`)
const keyText = flag("--key") ? readFileSync(flag("--key")!, "utf8") : process.env.EGC_SIGNING_KEY
const key = keyText ? await loadKey(keyText) : (await generateKey()).key
if (!keyText) process.stderr.write("release:local: no --key or EGC_SIGNING_KEY; signing with a throwaway key\n")

const out = join(resolve(dir), "download", `v${version}`)
mkdirSync(out, { recursive: true })
const build = mkdtempSync(join(tmpdir(), "egc-release-"))
const bake = { version, publicKey: key.publicKey, repo }
const docs = ["LICENSE", "README.md", "CHANGELOG.md"].filter((f) => existsSync(join(ROOT, f)))
const sums: string[] = []
const built: string[] = []
const add = (name: string, data: Uint8Array | string) => {
  writeFileSync(join(out, name), data)
  sums.push(`${sha256Hex(typeof data === "string" ? new TextEncoder().encode(data) : data)}  ${name}`)
}

try {
  const jobs = argv.includes("--all")
    ? TARGETS.map((t) => {
        if (!existsSync(runtimePath(t))) throw new Error(`no runtime for ${t.release}: run npm run runtimes`)
        return { release: t.release as string, target: t }
      })
    : [{ release: hostTarget() as string, target: undefined }]
  for (const job of jobs) {
    const outfile = join(build, job.release, isWindowsTarget(job.release) ? "egc.exe" : "egc")
    const exe = await buildBinary({ outfile, target: job.target, releaseTarget: job.release, ...bake })
    const top = `egc-${version}-${job.release}`
    const entries = [
      { name: binaryInArchive(version, job.release), data: new Uint8Array(readFileSync(exe)), mode: 0o755 },
      ...docs.map((f) => ({ name: `${top}/${f}`, data: new Uint8Array(readFileSync(join(ROOT, f))), mode: 0o644 })),
    ]
    add(archiveName(version, job.release), isWindowsTarget(job.release) ? writeZip(entries) : writeTarGz(entries))
    built.push(job.release)
    if (npmScope) writePlatformPackage(join(resolve(dir), "npm", `v${version}`), npmScope, version, job.release, exe)
    process.stderr.write(`packaged ${archiveName(version, job.release)}\n`)
  }
} finally {
  rmSync(build, { recursive: true, force: true })
}

if (npmScope) writeMainPackage(join(resolve(dir), "npm", `v${version}`), npmScope, version, repo, built)
const stamp = (text: string) =>
  text
    .replace(/^(\$?EGC_PUBKEY_DEFAULT\s*=\s*)"[^"]*"/m, `$1"${key.publicKey}"`)
    .replace(/^(\$?EGC_REPO_DEFAULT\s*=\s*)"[^"]*"/m, `$1"${repo}"`)
add("install.sh", stamp(readFileSync(join(ROOT, "install.sh"), "utf8")))
add("install.ps1", stamp(readFileSync(join(ROOT, "install.ps1"), "utf8")))
const archiveSums = parseSums(sums.join("\n"))
const formula = homebrewFormula(version, repo, archiveSums)
const scoop = scoopManifest(version, repo, archiveSums)
if (formula) add("egc.rb", formula)
if (scoop) add("egc.json", scoop)
const sumsText = `${sums.sort((a, b) => a.slice(66).localeCompare(b.slice(66))).join("\n")}\n`
writeFileSync(join(out, "SHA256SUMS"), sumsText)
const when = Number(process.env.SOURCE_DATE_EPOCH ?? Math.floor(Date.now() / 1000))
writeFileSync(
  join(out, "SHA256SUMS.minisig"),
  await signMinisign(key, new TextEncoder().encode(sumsText), "SHA256SUMS", when),
)
writeFileSync(join(out, "minisign.pub"), publicKeyFile(key))

const base = `https://github.com/${repo}/releases`
const names = ["SHA256SUMS", "SHA256SUMS.minisig", "minisign.pub", ...sums.map((l) => l.slice(66))]
const release = {
  tag_name: `v${version}`,
  name: `egc ${version}`,
  draft: false,
  prerelease: version.includes("-"),
  published_at: new Date(when * 1000).toISOString(),
  html_url: `${base}/tag/v${version}`,
  body: changelogSection(readFileSync(join(ROOT, "CHANGELOG.md"), "utf8"), version),
  assets: names.map((name) => ({
    name,
    size: readFileSync(join(out, name)).length,
    browser_download_url: `${base}/download/v${version}/${name}`,
  })),
}
writeFileSync(join(out, "release.json"), `${JSON.stringify(release, null, 2)}\n`)
const latestPath = join(resolve(dir), "latest.json")
const current = existsSync(latestPath)
  ? (JSON.parse(readFileSync(latestPath, "utf8")) as { tag_name: string }).tag_name.slice(1)
  : undefined
if (!current || compareVersions(version, current) >= 0)
  writeFileSync(latestPath, `${JSON.stringify(release, null, 2)}\n`)
process.stderr.write(`release ${version} → ${out}\n`)
