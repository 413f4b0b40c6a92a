import { EgcError } from "../core/errors"
import { VERSION } from "../version"
import { readTarGz } from "./tar"
import { readZip } from "./zip"
import { archiveName, binaryInArchive, compareVersions, hostTarget, isVersion, isWindowsTarget } from "./platform"
import { previousOf, replaceBinary, runningBinary, swapWithPrevious, versionOf } from "./replace"
import { download, latestVersion, releaseUrls } from "./source"
import { releasePublicKey, verifyDownload } from "./verify"
import { noteUpgrade } from "./record"

interface CheckResult {
  current: string
  latest: string
  newer: boolean
}

export async function checkForUpdate(timeoutMs?: number): Promise<CheckResult> {
  const latest = await latestVersion(timeoutMs)
  return { current: VERSION, latest, newer: compareVersions(latest, VERSION) > 0 }
}

interface UpgradeResult {
  from: string
  to: string
  bin: string
  previous?: string
  changed: boolean
  warning?: string
}

/** Download, verify (signature, then checksum), try, then swap in: any failure leaves `bin` as it was. */
export async function upgrade(opts: { version?: string } = {}): Promise<UpgradeResult> {
  if (opts.version !== undefined && !isVersion(opts.version.replace(/^v/, ""))) {
    throw new EgcError("E_USAGE", `--version ${JSON.stringify(opts.version)} is not a version like 1.2.3`)
  }
  const bin = runningBinary()
  const publicKey = releasePublicKey()
  if (!publicKey) {
    throw new EgcError("E_REFUSED", "this egc was built without the release key, so it cannot verify a download", {
      hint: "install a release with install.sh (it verifies with minisign), or rebuild from source",
    })
  }
  const to = opts.version?.replace(/^v/, "") ?? (await latestVersion())
  if (to === VERSION) return { from: VERSION, to, bin, changed: false }
  const target = hostTarget()
  const name = archiveName(to, target)
  const urls = releaseUrls()
  const [sums, signature, archive] = await Promise.all([
    download(urls.file(to, "SHA256SUMS")),
    download(urls.file(to, "SHA256SUMS.minisig")).then((b) => new TextDecoder().decode(b)),
    download(urls.file(to, name)),
  ])
  await verifyDownload({ sums, signature, archive, name, publicKey })
  const entries = isWindowsTarget(target) ? readZip(archive) : readTarGz(archive)
  const exe = entries.find((e) => e.name === binaryInArchive(to, target))
  if (!exe) throw new EgcError("E_INPUT", `${name} holds no ${binaryInArchive(to, target)}`)
  replaceBinary(bin, exe.data, to)
  const warning = noteUpgrade(bin, to)
  return { from: VERSION, to, bin, previous: previousOf(bin), changed: true, ...(warning ? { warning } : {}) }
}

export function rollback(): UpgradeResult {
  const bin = runningBinary()
  swapWithPrevious(bin)
  const to = versionOf(bin) ?? "unknown"
  const warning = noteUpgrade(bin, to)
  return { from: VERSION, to, bin, previous: previousOf(bin), changed: true, ...(warning ? { warning } : {}) }
}
