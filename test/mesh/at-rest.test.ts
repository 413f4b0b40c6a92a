import { describe, expect, test } from "bun:test"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { resolveProject } from "../../src/core/project"
import { claim, forceRelease, readEvents, send } from "../../src/mesh"
import { tmpdir } from "../fixture"
import { session } from "./_mesh"

/**
 * grep in another process: reading the database file here would open and close a descriptor on it,
 * and closing any descriptor drops every POSIX lock this process holds on that file (SQLite's locks
 * included), which would let other processes corrupt the database under our open connection.
 */
function grepHome(needle: string): string[] {
  const r = Bun.spawnSync(["grep", "-r", "-l", "-a", "-F", needle, process.env.EGC_HOME!])
  if (r.exitCode !== 0 && r.exitCode !== 1) throw new Error(`grep failed: ${r.stderr.toString()}`)
  return r.stdout.toString().split("\n").filter(Boolean)
}

describe("nothing of the mesh is stored in clear", () => {
  test("tasks, claim paths and reasons, messages and notes cannot be found with grep under EGC_HOME", () => {
    using dir = tmpdir({ git: true })
    const p = resolveProject(dir.path)
    const a = session(p, { task: "okapiTask builds the parser", tool: "okapiTool" })
    const b = session(p)
    readEvents(p, b)
    claim(p, a, { pattern: "src/okapiPath.ts", reason: "okapiReason refactor" })
    send(p, a, { to: b, text: "okapiMessage here", kind: "handoff", note: "okapiNote there" })
    forceRelease(p, "src/okapiPath.ts", "tester")
    expect(readEvents(p, b).some((e) => e.text === "okapiMessage here")).toBe(true)
    expect(existsSync(join(process.env.EGC_HOME!, "egc.db"))).toBe(true)
    // positive control: the tool name is stored in clear on purpose, and grep finds it
    expect(grepHome("okapiTool").length).toBeGreaterThan(0)
    for (const canary of ["okapiTask", "okapiPath", "okapiReason", "okapiMessage", "okapiNote"])
      expect({ canary, hits: grepHome(canary) }).toEqual({ canary, hits: [] })
  })
})
