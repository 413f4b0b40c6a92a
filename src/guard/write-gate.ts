import { isAbsolute, relative, resolve } from "node:path"
import { inside, isProtected } from "./paths"
import { sensitiveWrite } from "./rules/sensitive"
import { sceneFor } from "./scene"
import { ALLOW, stricter, type GuardContext, type Verdict } from "./types"

const PRIVATE_KEY = /-----BEGIN ((RSA|DSA|EC|OPENSSH|ENCRYPTED|PGP) )?PRIVATE KEY( BLOCK)?-----/
const LIVE_TOKEN =
  /\b(AKIA[0-9A-Z]{16}|ASIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{60,}|glpat-[A-Za-z0-9_-]{20,}|xox[abposr]-[A-Za-z0-9-]{10,}|sk-(proj-|ant-)?[A-Za-z0-9_-]{32,}|sk_live_[A-Za-z0-9]{24,}|rk_live_[A-Za-z0-9]{24,}|AIza[0-9A-Za-z_-]{35}|npm_[A-Za-z0-9]{36}|pypi-[A-Za-z0-9_-]{50,}|SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})\b/
const MAX_SCAN = 2_000_000

export interface WriteInput {
  path: string
  content?: string
  claimHolder?: (absPath: string) => string | undefined
}

/** Judges a file write by a coding tool: where it lands, and what it carries. */
export function judgeWrite(input: WriteInput, ctx: GuardContext): Verdict {
  try {
    const scene = sceneFor(ctx)
    const text = input.path.replace(/^~(?=\/|$)/, scene.home)
    const abs = resolve(scene.cwd, text)
    if (ctx.policy && !ctx.policy.enabled) return ALLOW
    let verdict = sensitiveWrite(abs, scene, "this write")
    if (isProtected(abs, scene))
      verdict = stricter(verdict, {
        decision: "ask",
        rule: "write.protected-path",
        reason: `${abs} is a protected path in the guard policy`,
      })
    const root = scene.projectRoot ?? scene.cwd
    if (!inside(abs, root) && !/^\/(tmp|var\/tmp|private\/tmp)(\/|$)/.test(abs)) {
      const rel = relative(root, abs)
      verdict = stricter(verdict, {
        decision: "ask",
        rule: "write.outside-project",
        reason: `writes ${isAbsolute(rel) ? abs : rel}, outside the project at ${root}`,
        alternative: "write inside the project, or confirm this path",
      })
    }
    const holder = input.claimHolder?.(abs)
    if (holder)
      verdict = stricter(verdict, {
        decision: "ask",
        rule: "write.claimed",
        reason: `${abs} is claimed by ${holder}`,
        alternative: "message that session, or wait for its claim to end",
      })
    const content = input.content?.slice(0, MAX_SCAN)
    if (content && PRIVATE_KEY.test(content))
      verdict = stricter(verdict, {
        decision: "deny",
        rule: "write.private-key",
        reason: "the content being written contains a private key",
        alternative: "reference the key by path; never paste it into a file",
      })
    else if (content && LIVE_TOKEN.test(content))
      verdict = stricter(verdict, {
        decision: "deny",
        rule: "write.live-token",
        reason: "the content being written contains what looks like a live API token",
        alternative: "read it from an environment variable or a secrets manager",
      })
    return verdict
  } catch (e) {
    return {
      decision: "ask",
      rule: "guard.internal",
      reason: `the guard failed while judging this write (${e instanceof Error ? e.message : String(e)})`,
    }
  }
}
