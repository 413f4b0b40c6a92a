import { describe, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { openCodePluginSource } from "../../src/hooks/adapters"
import { makeGitRepo, tmpdir } from "../fixture"
import { egcBinary } from "./_binary"

/**
 * The OpenCode plugin text, loaded as a module the way OpenCode loads it, driving the compiled
 * binary: the guard refuses by throwing, the crusher rewrites `output.args.command`, session start
 * injects through `client.session.prompt` (recorded here instead of a server).
 */
describe("OpenCode plugin", () => {
  test("blocks, rewrites and injects through the binary", async () => {
    using dir = tmpdir()
    const project = join(dir.path, "proj")
    makeGitRepo(project, { origin: "https://example.com/e2e/opencode.git" })
    const file = join(dir.path, "egc.js")
    writeFileSync(file, openCodePluginSource(await egcBinary()))
    const { EgcPlugin } = (await import(file)) as {
      EgcPlugin: (ctx: unknown) => Promise<Record<string, (...a: any[]) => Promise<void>>>
    }
    const prompts: unknown[] = []
    const client = { session: { prompt: async (req: unknown) => void prompts.push(req) } }
    const hooks = await EgcPlugin({ client, directory: project })

    const denied = { args: { command: "git reset --hard HEAD~1" } }
    await expect(hooks["tool.execute.before"]!({ tool: "bash", sessionID: "ses_1" }, denied)).rejects.toThrow(
      /git\.reset-hard/,
    )
    expect(denied.args.command).toBe("git reset --hard HEAD~1")

    const listing = { args: { command: "git status" } }
    await hooks["tool.execute.before"]!({ tool: "bash", sessionID: "ses_1" }, listing)
    expect(listing.args.command).toMatch(/ crush -- git status$/)

    await hooks["chat.message"]!(
      { sessionID: "ses_1" },
      { parts: [{ type: "text", text: "remember that we pin node 22" }] },
    )
    // a person's own "remember" is their consent: stored active (memory.rememberPrompt), and said so
    expect(JSON.stringify(prompts)).toContain("Stored in project memory as the person asked")
    expect(JSON.stringify(prompts)).toContain('"noReply":true')
  }, 60_000)
})
