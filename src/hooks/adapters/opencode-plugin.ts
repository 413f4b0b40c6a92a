/**
 * The OpenCode plugin the installer writes to `~/.config/opencode/plugin/egc.js`. It is a thin
 * bridge: every decision is made by `egc hook … --tool opencode` (adapters/opencode.ts), so the
 * plugin never needs updating when egc's rules change. A hook failure never breaks OpenCode: a
 * missing or crashing binary is treated as "no answer".
 */
export const OPENCODE_PLUGIN_FILE = "egc.js"

export function openCodePluginSource(bin: string): string {
  return `// egc OpenCode plugin (written by egc install; remove with egc uninstall)
import { spawnSync } from "node:child_process"

const EGC = ${JSON.stringify(bin)}

function ask(event, payload) {
  try {
    const run = spawnSync(EGC, ["hook", event, "--tool", "opencode"], { input: JSON.stringify(payload), encoding: "utf8", timeout: 10000 })
    if (run.status !== 0 || !run.stdout) return { action: "none" }
    return JSON.parse(run.stdout)
  } catch {
    return { action: "none" }
  }
}

export const EgcPlugin = async ({ client, directory }) => {
  const inject = async (sessionID, text) => {
    if (!text || !sessionID) return
    try {
      await client.session.prompt({ path: { id: sessionID }, body: { noReply: true, parts: [{ type: "text", text }] } })
    } catch {}
  }
  return {
    event: async ({ event }) => {
      const info = event?.properties?.info ?? {}
      if (event?.type === "session.created") {
        const answer = ask("session-start", { session_id: info.id, cwd: info.directory ?? directory, source: "startup" })
        await inject(info.id, answer.context)
      }
      if (event?.type === "session.compacted") ask("pre-compact", { session_id: event.properties?.sessionID, cwd: directory })
      if (event?.type === "session.idle") ask("stop", { session_id: event.properties?.sessionID, cwd: directory })
      if (event?.type === "session.deleted") ask("session-end", { session_id: info.id, cwd: directory })
    },
    "chat.message": async (input, output) => {
      const text = (output?.parts ?? []).filter((p) => p.type === "text").map((p) => p.text).join("\\n")
      if (!text) return
      const answer = ask("prompt-submit", { session_id: input?.sessionID, cwd: directory, prompt: text })
      await inject(input?.sessionID, answer.context)
    },
    "tool.execute.before": async (input, output) => {
      const answer = ask("pre-tool", { session_id: input?.sessionID, cwd: directory, tool: input?.tool, args: output?.args ?? {} })
      if (answer.action === "deny" || answer.action === "ask") throw new Error("egc: " + (answer.reason ?? "blocked"))
      if (answer.action === "rewrite" && typeof answer.command === "string" && output?.args) output.args.command = answer.command
    },
    "tool.execute.after": async (input, output) => {
      const exit = output?.metadata?.exit
      ask("post-tool", { session_id: input?.sessionID, cwd: directory, tool: input?.tool, args: input?.args ?? {}, exit_code: typeof exit === "number" ? exit : undefined, output: String(output?.output ?? "").slice(0, 8192) })
    },
  }
}
`
}
