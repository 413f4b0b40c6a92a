import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readFileSync } from "node:fs"
import { join, normalize, resolve } from "node:path"

/**
 * Two signed fake releases (0.1.0 and 0.2.0 of the host target) made by `npm run release:local`
 * with one throwaway key (0.2.0 also as npm packages of scope @egc-test), served from 127.0.0.1 under variants:
 *   /good/…        as written
 *   /bad-archive/… the archive with one byte flipped (SHA256SUMS and its signature intact)
 *   /wrong-sums/…  SHA256SUMS naming another hash for the archive (its signature no longer holds)
 *   /swapped/…     a flipped archive and a SHA256SUMS rewritten to match it: only the signature can tell
 */
const ROOT = resolve(import.meta.dir, "../..")
let made: Promise<{ dir: string; publicKey: string }> | undefined

async function sh(cmd: string[]): Promise<void> {
  const p = Bun.spawn(cmd, { cwd: ROOT, stdout: "pipe", stderr: "pipe" })
  const [code, err] = await Promise.all([p.exited, new Response(p.stderr).text()])
  if (code !== 0) throw new Error(`${cmd.join(" ")} failed:\n${err}`)
}

export function fakeRelease(): Promise<{ dir: string; publicKey: string }> {
  made ??= (async () => {
    const work = join(process.env.EGC_TEST_ROOT ?? "/tmp", "release")
    mkdirSync(work, { recursive: true })
    const key = join(work, "key.json")
    const dir = join(work, "site")
    if (!existsSync(key))
      await sh([process.execPath, "run", "scripts/release/keygen.ts", key, join(work, "minisign.pub")])
    await sh([process.execPath, "run", "scripts/release/local.ts", dir, "--version", "0.1.0", "--key", key])
    await sh([
      process.execPath,
      "run",
      "scripts/release/local.ts",
      dir,
      "--version",
      "0.2.0",
      "--key",
      key,
      "--npm",
      "@egc-test",
    ])
    return { dir, publicKey: (JSON.parse(readFileSync(key, "utf8")) as { publicKey: string }).publicKey }
  })()
  return made
}

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex")
const flip = (b: Uint8Array) => {
  const out = new Uint8Array(b)
  const i = Math.floor(out.length / 2)
  out[i] = (out[i] ?? 0) ^ 0x01
  return out
}

export function serveRelease(dir: string) {
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      const [, variant, ...rest] = new URL(req.url).pathname.split("/")
      const rel = normalize(rest.join("/"))
      const file = join(dir, rel)
      if (rel.startsWith("..") || !existsSync(file)) return new Response("not found", { status: 404 })
      const bytes = new Uint8Array(readFileSync(file))
      const isArchive = /\.(tar\.gz|zip)$/.test(rel)
      if (variant === "good") return new Response(bytes)
      if (variant === "bad-archive") return new Response(isArchive ? flip(bytes) : bytes)
      if (variant === "wrong-sums" && rel.endsWith("/SHA256SUMS")) {
        return new Response(new TextDecoder().decode(bytes).replace(/^[0-9a-f]{64}(?= {2}egc-)/gm, "0".repeat(64)))
      }
      if (variant === "wrong-sums") return new Response(bytes)
      if (variant === "swapped") {
        if (isArchive) return new Response(flip(bytes))
        if (!rel.endsWith("/SHA256SUMS")) return new Response(bytes)
        const folder = join(dir, rel, "..")
        const text = new TextDecoder()
          .decode(bytes)
          .replace(/^([0-9a-f]{64}) {2}(egc-\S+)$/gm, (_m, _h, name: string) => {
            return `${sha(flip(new Uint8Array(readFileSync(join(folder, name)))))}  ${name}`
          })
        return new Response(text)
      }
      return new Response("unknown variant", { status: 404 })
    },
  })
  return { url: (variant: string) => `http://127.0.0.1:${server.port}/${variant}`, stop: () => server.stop(true) }
}

/** The environment for a spawned installer or binary: no proxy, no inherited EGC_* settings. */
export function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || /proxy/i.test(k) || (k.startsWith("EGC_") && k !== "EGC_HOME")) continue
    env[k] = v
  }
  return { ...env, ...extra }
}
