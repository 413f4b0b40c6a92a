import { EgcError } from "../core/errors"
import { env } from "../core/env"
import { isVersion } from "./platform"

declare const EGC_RELEASE_REPO: string | undefined

/** owner/name of the GitHub repository releases come from (baked by the release build). */
const releaseRepo = (): string =>
  typeof EGC_RELEASE_REPO === "string" && EGC_RELEASE_REPO ? EGC_RELEASE_REPO : "OWNER/egc"

/**
 * Where releases live. With EGC_DOWNLOAD_BASE=B (a mirror, an air-gapped copy, a test server):
 * B/latest.json (GitHub's releases/latest JSON) and B/download/v<version>/<file>, the layout
 * `npm run release:local -- DIR` writes. Otherwise GitHub's own URLs.
 */
export function releaseUrls() {
  const base = env.downloadBase()?.replace(/\/+$/, "")
  if (base && !/^https?:\/\//.test(base))
    throw new EgcError("E_CONFIG", `EGC_DOWNLOAD_BASE must be an http(s) URL, not ${base}`)
  const repo = releaseRepo()
  return {
    latest: base ? `${base}/latest.json` : `https://api.github.com/repos/${repo}/releases/latest`,
    file: (version: string, name: string) =>
      base
        ? `${base}/download/v${version}/${name}`
        : `https://github.com/${repo}/releases/download/v${version}/${name}`,
  }
}

const MAX_BYTES = 400 * 1024 * 1024

export async function download(url: string, timeoutMs = 120_000): Promise<Uint8Array> {
  let res: Response
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { "user-agent": "egc-upgrade" } })
  } catch (cause) {
    throw new EgcError("E_IO", `cannot reach ${url}`, {
      cause,
      hint: "check the network, or set EGC_DOWNLOAD_BASE to a mirror",
    })
  }
  if (res.status === 404)
    throw new EgcError("E_NOT_FOUND", `${url} does not exist (HTTP 404)`, {
      hint: "check the version: egc upgrade --check",
    })
  if (!res.ok) throw new EgcError("E_IO", `${url} answered HTTP ${res.status}`)
  const body = new Uint8Array(await res.arrayBuffer())
  if (body.length > MAX_BYTES) throw new EgcError("E_INPUT", `${url} is larger than ${MAX_BYTES} bytes`)
  return body
}

/** The newest published version, from the releases/latest JSON's tag_name. */
export async function latestVersion(timeoutMs?: number): Promise<string> {
  const url = releaseUrls().latest
  const text = new TextDecoder().decode(await download(url, timeoutMs))
  let tag: unknown
  try {
    tag = (JSON.parse(text) as { tag_name?: unknown }).tag_name
  } catch (cause) {
    throw new EgcError("E_INPUT", `${url} is not release metadata (JSON)`, { cause })
  }
  const version = typeof tag === "string" ? tag.replace(/^v/, "") : ""
  if (!isVersion(version))
    throw new EgcError("E_INPUT", `${url} names no valid version (tag_name ${JSON.stringify(tag)})`)
  return version
}
