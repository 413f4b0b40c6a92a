import { dirname, resolve } from "node:path"
import type { Arg, Scene, WalkState } from "./invocation"

type PathClass =
  | "root"
  | "system"
  | "home"
  | "home-sub"
  | "temp"
  | "project-root"
  | "project-git"
  | "in-project"
  | "outside"

const SYSTEM =
  /^\/(etc|usr|bin|sbin|boot|lib|lib32|lib64|libx32|opt|srv|var|root|sys|proc|dev|home|Users|System|Library|Applications|private|snap|nix|mnt|media|Volumes|run|cdrom|lost\+found)(\/|$)/
const TEMP = /^\/(tmp|var\/tmp|private\/tmp|private\/var\/folders|dev\/shm)(\/|$)/

/** Expands what the guard can know of a path argument; undefined when it depends on run time. */
export function resolveArg(arg: Arg, state: WalkState, scene: Scene): string | undefined {
  let text = arg.text
  if (arg.unknown) {
    if (/\$\(|`|<\(/.test(text) || !text.includes("$")) return undefined
    let unknown = false
    text = text.replace(
      /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
      (_m, braced: string | undefined, fallback: string | undefined, bare: string | undefined) => {
        const value = variable((braced ?? bare)!, state, scene)
        if (value !== undefined && value !== "") return value
        if (fallback !== undefined) return fallback
        unknown = true
        return ""
      },
    )
    if (unknown || text.includes("$")) return undefined
  }
  if (text === "~" || text.startsWith("~/")) text = scene.home + text.slice(1)
  else if (/^~[A-Za-z_][\w.-]*(\/|$)/.test(text)) text = `/home/${text.slice(1)}`
  if (text.startsWith("/")) return resolve(text)
  return state.cwd === undefined ? undefined : resolve(state.cwd, text)
}

function variable(name: string, state: WalkState, scene: Scene): string | undefined {
  if (state.vars.has(name)) return state.vars.get(name)
  if (name === "HOME") return scene.home
  if (name === "TMPDIR" || name === "TMP" || name === "TEMP") return "/tmp"
  if (name === "PWD") return state.cwd
  return undefined
}

const inside = (child: string, parent: string): boolean =>
  child === parent || child.startsWith(parent.endsWith("/") ? parent : `${parent}/`)

export function classify(abs: string, scene: Scene): PathClass {
  if (abs === "/") return "root"
  if (abs === scene.home) return "home"
  if (inside(scene.home, abs)) return "system"
  const root = scene.projectRoot
  if (root && root !== scene.home && !inside(scene.home, root)) {
    if (abs === root) return "project-root"
    if (inside(abs, `${root}/.git`)) return "project-git"
    if (inside(abs, root)) return "in-project"
  }
  if (inside(abs, scene.home)) return "home-sub"
  if (TEMP.test(abs)) return "temp"
  if (SYSTEM.test(abs)) return "system"
  return "outside"
}

/** The path itself or one of its parents is the working directory: deleting it pulls the floor away. */
export const containsCwd = (abs: string, state: WalkState): boolean => state.cwd !== undefined && inside(state.cwd, abs)

export const isProtected = (abs: string, scene: Scene): boolean =>
  scene.protectedPaths.some((p) => inside(abs, resolve(scene.cwd, p.replace(/^~(?=\/|$)/, scene.home))))

export { dirname, inside }
