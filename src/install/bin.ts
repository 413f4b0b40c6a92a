import { accessSync, constants, mkdirSync, readFileSync, statSync } from "node:fs"
import { join, resolve } from "node:path"
import { writeFileAtomic } from "../core/atomic-write"
import { EgcError } from "../core/errors"
import { selfBinary } from "../core/self"

/**
 * The absolute path tools will run: `--bin`, else the running release binary. Running from
 * source (`bun src/main.ts`) has no stable binary, so it needs `--bin`.
 */
export function resolveBin(given?: string): string {
  const self = selfBinary()
  if (!given && !self) {
    throw new EgcError("E_USAGE", "egc is running from source, so there is no binary to register", {
      hint: "pass --bin <path to the egc binary>, or run the compiled binary",
    })
  }
  const bin = resolve(given ?? self ?? "")
  try {
    if (!statSync(bin).isFile()) throw new Error("not a file")
    if (process.platform !== "win32") accessSync(bin, constants.X_OK)
  } catch (cause) {
    throw new EgcError("E_NOT_FOUND", `${bin} is not an executable file`, {
      cause,
      hint: "pass --bin with the path of the egc binary",
    })
  }
  return bin
}

/** Copy the binary into a user bin folder (atomically) and return its new path. */
export function placeBin(from: string, dir: string): string {
  const to = join(resolve(dir), process.platform === "win32" ? "egc.exe" : "egc")
  if (resolve(from) === to) return to
  mkdirSync(dir, { recursive: true })
  writeFileAtomic(to, readFileSync(from), { mode: 0o755, keepMode: false })
  return to
}
