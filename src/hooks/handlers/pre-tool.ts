import { isAbsolute, resolve } from "node:path"
import type { HookContext, Verdict } from "../ports"
import type { HookAnswer, HookInput } from "../types"

/**
 * Pre-tool, in a fixed order: the guard's decision, then mesh claims, then the crusher's rewrite.
 * A denied or asked call is never rewritten, and a rewrite carries no permission of its own.
 */
export async function preTool(input: HookInput, ctx: HookContext): Promise<HookAnswer> {
  const call = input.call
  if (!call) return {}
  const where = { cwd: input.cwd, projectRoot: ctx.project.root, policy: ctx.config.guard }
  const { guard, mesh, crush } = ctx.deps
  // a shell or write call whose command or path is not a string cannot be judged: never let it through
  if (
    (call.kind === "shell" && call.command === undefined) ||
    (call.kind === "write" && !call.path && garbledPath(call.input))
  ) {
    const what = call.kind === "shell" ? "command" : "file path"
    return {
      decision: {
        kind: "ask",
        reason: `egc: the ${what} of this ${call.name} call could not be read, so the guard could not check it; confirm it yourself`,
      },
    }
  }
  if (call.kind === "shell" && call.command !== undefined) {
    const verdict = guard ? await guard.judgeCommand(call.command, where) : undefined
    if (verdict)
      await guard?.recordVerdict?.(verdict, {
        command: call.command,
        projectId: ctx.project.id,
        sessionId: input.sessionId,
        tool: input.tool,
      })
    const blocked = refusal(verdict)
    if (blocked) return blocked
    // an argv array was judged as one line, but the host expects its own shape back: no rewrite
    if (!ctx.config.crush.enabled || !ctx.config.crush.rewrite || !crush || Array.isArray(call.input.command)) return {}
    const rewrite = await crush.rewriteForCrush(call.command, { bin: ctx.bin, config: ctx.config })
    return rewrite !== undefined && rewrite !== call.command ? { rewrite } : {}
  }
  if (call.kind === "write" && call.path) {
    const abs = isAbsolute(call.path) ? call.path : resolve(input.cwd, call.path)
    const write = call.content === undefined ? { path: abs } : { path: abs, content: call.content }
    const blocked = refusal(guard?.judgeWrite ? await guard.judgeWrite(write, where) : undefined)
    if (blocked) return blocked
    const holder = mesh?.claimHolder ? await mesh.claimHolder(ctx.project, abs, input.sessionId) : undefined
    // claims are advisory: the person decides, as the guard's own write gate does
    if (holder)
      return {
        decision: {
          kind: "ask",
          reason: `${holder}. Coordinate with that session (mesh messages) or wait for the claim to expire`,
        },
      }
  }
  return {}
}

function refusal(verdict: Verdict | undefined): HookAnswer | undefined {
  if (!verdict || verdict.decision === "allow") return undefined
  const rule = verdict.rule ? ` [${verdict.rule}]` : ""
  const safer = verdict.alternative ? ` Safer: ${verdict.alternative}` : ""
  return { decision: { kind: verdict.decision, reason: `egc guard${rule}: ${verdict.reason ?? "refused"}.${safer}` } }
}

/** A write whose path field is there but not a string (a write with no path field, e.g. a patch, is not judged here). */
const garbledPath = (input: Record<string, unknown>) =>
  ["file_path", "path", "absolute_path", "filePath", "notebook_path"].some(
    (k) => k in input && typeof input[k] !== "string",
  )
