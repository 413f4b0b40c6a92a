import { z } from "zod"
import { bindKey, openDb } from "../../../core/db"
import { errorMessage } from "../../../core/errors"
import { loadKeys } from "../../../core/keys"
import { paths } from "../../../core/paths"
import { VERSION } from "../../../version"
import { runProbe, type Probe } from "../../health"
import type { ToolContext } from "../../tool"
import { memoryFor } from "../_memory"
import { defineTool } from "../../tool"
import description from "./server-health.md" with { type: "text" }

const part = z.object({
  status: z.enum(["ok", "warn", "fail", "absent"]).describe("ok, warn, fail, or absent when the part is not installed"),
  detail: z.string().describe("what was checked, or what is wrong and what to do"),
})

const attempt = (fn: () => string): Probe => {
  try {
    return { status: "ok", detail: fn() }
  } catch (e) {
    return { status: "fail", detail: errorMessage(e) }
  }
}

/** The in-memory search index of this project: every live record opened and indexed, or which did not. */
async function indexProbe(ctx: ToolContext): Promise<Probe> {
  try {
    const list = (await memoryFor(ctx)).list({ project: ctx.project, scope: "all" })
    const detail = `${list.length} live items of this project decrypted and indexed`
    if (list.unreadable.length)
      return { status: "warn", detail: `${detail}; ${list.unreadable.length} records failed to open (run egc doctor)` }
    return { status: "ok", detail }
  } catch (e) {
    return { status: "fail", detail: errorMessage(e) }
  }
}

export const serverHealth = defineTool({
  name: "server_health",
  title: "Server health",
  description,
  profile: "full",
  input: {},
  output: {
    version: z.string().describe("egc version"),
    database: part,
    key: part,
    index: part,
    config: part,
    project: z.string().describe("the project this call is bound to"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (_args, ctx) => {
    const key = attempt(() => `master key ${loadKeys({ create: false }).keyId} readable`)
    const database = attempt(() => {
      const db = openDb()
      db.query("SELECT 1").get()
      if (key.status === "ok") bindKey(db, loadKeys({ create: false }).keyId)
      return `${paths.db()} open`
    })
    const index = runProbe("index", await indexProbe(ctx))
    const config = runProbe("config", { status: "ok", detail: "valid" })
    return { version: VERSION, database, key, index, config, project: ctx.project.display }
  },
})
