import type { Scene, WalkState } from "../invocation"
import { isProtected, resolveArg } from "../paths"
import type { Redirect } from "../../core/shell/ast"
import { ALLOW, type Verdict } from "../types"
import { ask, deny } from "./finding"
import { sensitiveWrite } from "./sensitive"

const WRITES = new Set([">", ">>", ">|", "&>", "&>>", "<>"])
const BLOCK_DEVICE = /^\/dev\/(sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk|mapper\/|md\d|loop)/

/** Output redirections onto devices, system files and protected files. */
export function redirectRisk(r: Redirect, scene: Scene, state: WalkState): Verdict {
  if (!r.target) return ALLOW
  if (/^\/dev\/(tcp|udp)\//.test(r.target.text))
    return deny(
      "net.dev-tcp",
      `redirecting to ${r.target.text} opens a raw network connection (a reverse shell or an exfiltration channel)`,
    )
  if (!WRITES.has(r.op)) return ALLOW
  const abs = resolveArg({ text: r.target.text, unknown: r.target.dynamic, glob: false }, state, scene)
  if (!abs) return ALLOW
  if (BLOCK_DEVICE.test(abs))
    return deny(
      "disk.redirect-device",
      `writing straight to ${abs} overwrites the disk`,
      "write to a regular file instead",
    )
  if (isProtected(abs, scene)) return ask("fs.protected-path", `${abs} is a protected path in the guard policy`)
  return sensitiveWrite(abs, scene, "a redirection", false)
}
