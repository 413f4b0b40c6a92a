import { accessSync, constants, existsSync, statSync } from "node:fs"
import { delimiter, join } from "node:path"
import { env } from "../core/env"
import { userHome } from "../core/paths"
import type { InstallContext, Scope } from "./types"

export function makeContext(opts: {
  scope: Scope
  project: string
  bin: string
  home?: string
  platform?: NodeJS.Platform
  pathDirs?: string[]
}): InstallContext {
  const home = opts.home ?? userHome()
  const platform = opts.platform ?? process.platform
  const xdgConfig = opts.home ? join(home, ".config") : (env.xdgConfigHome() ?? join(home, ".config"))
  const appData = env.appData() ?? join(home, "AppData", "Roaming")
  const vscodeUser =
    platform === "darwin"
      ? join(home, "Library", "Application Support", "Code", "User")
      : platform === "win32"
        ? join(appData, "Code", "User")
        : join(xdgConfig, "Code", "User")
  return {
    scope: opts.scope,
    home,
    project: opts.project,
    bin: opts.bin,
    platform,
    pathDirs: opts.pathDirs ?? env.path().split(delimiter).filter(Boolean),
    xdgConfig,
    vscodeUser,
  }
}

/** The first directory on PATH holding an executable `name`. */
export function onPath(ctx: InstallContext, name: string): string | undefined {
  const names = ctx.platform === "win32" ? [`${name}.exe`, `${name}.cmd`, name] : [name]
  for (const dir of ctx.pathDirs) {
    for (const n of names) {
      const p = join(dir, n)
      try {
        if (statSync(p).isFile()) {
          accessSync(p, constants.X_OK)
          return p
        }
      } catch {
        // not here
      }
    }
  }
  return undefined
}

export type Probe = { dir: string } | { file: string } | { bin: string }

/** Detection ladder shared by every target: folders, files, then binaries on PATH. */
export function probe(ctx: InstallContext, probes: Probe[]): string | undefined {
  for (const p of probes) {
    if ("bin" in p) {
      const found = onPath(ctx, p.bin)
      if (found) return found
    } else {
      const path = "dir" in p ? p.dir : p.file
      if (existsSync(path) && statSync(path).isDirectory() === "dir" in p) return path
    }
  }
  return undefined
}

/** Installed on this machine, or (at project scope) used in this project. */
export function detectTarget(
  ctx: InstallContext,
  target: { detect: (ctx: InstallContext) => string | undefined; projectMarkers: string[] },
): string | undefined {
  const found = target.detect(ctx)
  if (found || ctx.scope !== "project") return found
  return target.projectMarkers.map((m) => join(ctx.project, m)).find((p) => existsSync(p))
}
