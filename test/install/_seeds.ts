import { mkdirSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import type { Edit } from "../../src/install/types"

/**
 * A user's existing file for each kind of edit: comments, trailing commas and unrelated entries
 * that egc must keep. Returns the marker strings that must survive install.
 */
export function seedFor(edits: Edit[]): { content: string; survivors: string[] } | undefined {
  const ops = edits.map((e) => e.op)
  const first = ops[0]
  if (!first || first.kind === "file") return undefined
  if (first.kind === "toml-table")
    return {
      content: '# user comment\nmodel = "o3"\n\n[mcp_servers.user]\ncommand = "user-server"\n',
      survivors: ["# user comment", "user-server"],
    }
  if (first.kind === "yaml-set")
    return {
      content:
        "# user comment\nGOOSE_PROVIDER: openai\nextensions:\n  developer:\n    enabled: true\n    type: builtin\n",
      survivors: ["# user comment", "developer:"],
    }
  if (first.kind === "md-block") return { content: "# User notes\n\nkeep me\n", survivors: ["# User notes", "keep me"] }
  const hooks = ops.find((o) => o.kind === "json-hooks")
  let userHooks = ""
  if (hooks?.kind === "json-hooks") {
    const [event, entries] = Object.entries(hooks.events)[0] as [string, unknown[]]
    const claudeShape = typeof entries[0] === "object" && entries[0] !== null && "hooks" in entries[0]
    const entry = claudeShape
      ? '{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "user-check" }] }'
      : '{ "command": "user-check" }'
    userHooks = `\n  "hooks": {\n    "${event}": [\n      ${entry},\n    ],\n  },`
  }
  return {
    content: `{\n  // user comment\n  "userKey": "keep",${userHooks}\n  "userList": [1, 2,],\n}\n`,
    survivors: ["// user comment", '"userKey": "keep"', ...(userHooks ? ["user-check"] : [])],
  }
}

export function writeSeed(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, content)
}
