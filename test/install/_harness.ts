import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from "node:fs"
import { dirname, join, relative } from "node:path"
import { applyPlan, computePlan, loadRecord, type Plan, type Scope, uninstall } from "../../src/install"
import type { StageHook } from "../../src/install/apply"
import { tmpdir, type TmpDir } from "../fixture"

/** A temp HOME, project and EGC_HOME, plus a fake egc binary (a harmless echo script). */
export interface Sandbox {
  tmp: TmpDir
  home: string
  project: string
  bin: string
  [Symbol.dispose](): void
}

export function sandbox(name = "egc"): Sandbox {
  const tmp = tmpdir()
  const home = join(tmp.path, "home")
  const project = join(tmp.path, "project")
  mkdirSync(home, { recursive: true })
  mkdirSync(project, { recursive: true })
  const saved = process.env.EGC_HOME
  process.env.EGC_HOME = join(tmp.path, "egc-home")
  const bin = fakeBin(join(tmp.path, "bin", name))
  return {
    tmp,
    home,
    project,
    bin,
    [Symbol.dispose]() {
      process.env.EGC_HOME = saved
      tmp[Symbol.dispose]()
    },
  }
}

export function fakeBin(path: string): string {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, '#!/bin/sh\necho "$@"\n')
  chmodSync(path, 0o755)
  return path
}

export function plan(
  sb: Sandbox,
  opts: { targets?: string[]; scope?: Scope; bin?: string; platform?: NodeJS.Platform } = {},
): Plan {
  return computePlan({
    scope: opts.scope ?? "user",
    project: sb.project,
    bin: opts.bin ?? sb.bin,
    home: sb.home,
    pathDirs: [],
    ...(opts.platform ? { platform: opts.platform } : {}),
    ...(opts.targets ? { targets: opts.targets } : {}),
    record: loadRecord(),
  })
}

export function install(sb: Sandbox, opts: Parameters<typeof plan>[1] & { onStage?: StageHook } = {}) {
  const p = plan(sb, opts)
  return { plan: p, result: applyPlan(p, opts.onStage ? { onStage: opts.onStage } : {}) }
}

export { uninstall }

/** Every file and folder under the sandbox's home and project, with contents and modes. */
export function snapshot(sb: Sandbox): Record<string, string> {
  const out: Record<string, string> = {}
  for (const root of [sb.home, sb.project])
    walk(root, (p) => {
      const st = lstatSync(p)
      const key = relative(sb.tmp.path, p)
      out[key] = st.isSymbolicLink()
        ? `link:${readlinkSync(p)}`
        : st.isDirectory()
          ? `dir:${(st.mode & 0o777).toString(8)}`
          : `${(st.mode & 0o777).toString(8)}:${readFileSync(p, "base64")}`
    })
  return out
}

function walk(dir: string, visit: (p: string) => void): void {
  if (!existsSync(dir)) return
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    visit(p)
    if (lstatSync(p).isDirectory()) walk(p, visit)
  }
}

export const read = (p: string) => readFileSync(p, "utf8")
