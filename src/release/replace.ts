import { copyFileSync, existsSync, linkSync, renameSync, unlinkSync, writeFileSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import { env } from "../core/env"
import { EgcError } from "../core/errors"
import { selfBinary } from "../core/self"

const windows = process.platform === "win32"

/** The executable this process runs from; refused when egc runs from source under bun. */
export function runningBinary(): string {
  const bin = selfBinary()
  if (!bin) {
    throw new EgcError("E_REFUSED", "egc upgrade replaces a compiled egc binary; this egc runs from source", {
      hint: "update the checkout and rebuild (npm run build), or install a release with install.sh",
    })
  }
  return bin
}

export const previousOf = (bin: string) => join(dirname(bin), `${basename(bin)}.previous`)

const quietUnlink = (path: string) => {
  try {
    unlinkSync(path)
  } catch {}
}

/** Asks a candidate binary its version: a binary that does not run here is never put in place. */
export function versionOf(bin: string): string | undefined {
  try {
    const r = Bun.spawnSync([bin, "version"], {
      stdout: "pipe",
      stderr: "pipe",
      env: { ...env.all(), EGC_DISABLE: "1" },
    })
    return r.exitCode === 0 ? r.stdout.toString().trim() : undefined
  } catch {
    return undefined
  }
}

/**
 * Put `bytes` at `bin`, keeping the old binary as `<bin>.previous`. The new file is written and
 * tried beside the old one, then renamed over it: no moment without a working `bin`, and a running
 * `egc serve` keeps its own (unlinked) file. Windows cannot replace a running .exe, so there the
 * old one is moved aside first.
 */
export function replaceBinary(bin: string, bytes: Uint8Array, expectVersion: string): void {
  const staged = join(dirname(bin), `.${basename(bin)}.upgrade-${process.pid}${windows ? ".exe" : ""}`)
  const previous = previousOf(bin)
  try {
    writeFileSync(staged, bytes, { mode: 0o755, flag: "wx" })
    const got = versionOf(staged)
    if (got !== expectVersion) {
      throw new EgcError(
        "E_INPUT",
        `the downloaded binary does not run here (it said ${JSON.stringify(got ?? "nothing")})`,
        {
          hint: "this platform may need another build (musl vs glibc); nothing was changed",
        },
      )
    }
    quietUnlink(previous)
    if (windows) renameSync(bin, previous)
    else {
      try {
        linkSync(bin, previous)
      } catch {
        copyFileSync(bin, previous)
      }
    }
    renameSync(staged, bin)
  } catch (e) {
    quietUnlink(staged)
    if (e instanceof EgcError) throw e
    throw new EgcError("E_IO", `cannot replace ${bin}: ${(e as Error).message}`, {
      cause: e,
      hint: "check that you may write to its folder",
    })
  }
}

/** Swap `bin` and `<bin>.previous`: a second rollback returns to where the first started. */
export function swapWithPrevious(bin: string): void {
  const previous = previousOf(bin)
  if (!existsSync(previous))
    throw new EgcError("E_NOT_FOUND", `no previous binary to roll back to (${previous})`, {
      hint: "only an egc upgrade keeps one",
    })
  const aside = join(dirname(bin), `.${basename(bin)}.rollback-${process.pid}`)
  try {
    if (windows) renameSync(bin, aside)
    else linkSync(bin, aside)
    renameSync(previous, bin)
    renameSync(aside, previous)
  } catch (e) {
    throw new EgcError("E_IO", `cannot roll back ${bin}: ${(e as Error).message}`, { cause: e })
  }
}
