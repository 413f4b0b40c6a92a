import { describe, expect, test } from "bun:test"
import { readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { tmpdir, writeFile } from "../fixture"
import { runEgc } from "./_binary"

/** `egc trust` through the compiled binary, in a temp home; only harmless commands are checked. */
describe("egc trust (compiled binary)", () => {
  const world = () => {
    const t = tmpdir()
    const project = join(t.path, "proj")
    writeFile(join(project, ".git/HEAD"), "ref: refs/heads/main\n")
    const env = { HOME: join(t.path, "home"), EGC_HOME: join(t.path, "egc") }
    return { t, project, env, config: join(project, ".egc/config.json") }
  }

  test("shows what the file loosens, records its hash (0600), and any change drops the trust", async () => {
    const w = world()
    using _ = w.t
    const text = JSON.stringify({ guard: { enabled: false } })
    writeFile(w.config, text)
    const run = (args: string[]) => runEgc(args, { cwd: w.project, env: w.env })
    const before = await run(["trust", "--show"])
    expect(before.code).toBe(0)
    expect(before.stdout).toContain("not trusted")
    expect(before.stdout).toContain("guard.enabled: false")
    expect((await run(["guard", "check", "--no-record", "git reset --hard"])).code).toBe(2)

    const trusted = await run(["trust"])
    expect(trusted.code).toBe(0)
    expect(trusted.stdout).toContain("guard.enabled: false")
    const store = join(w.env.EGC_HOME, "trust.json")
    expect((statSync(store).mode & 0o777).toString(8)).toBe("600")
    expect(readFileSync(store, "utf8")).toContain(w.config)
    expect((await run(["trust", "--show"])).stdout).toContain("status   trusted")
    expect((await run(["guard", "check", "--no-record", "git reset --hard"])).code).toBe(0)

    writeFileSync(w.config, text.replace("}}", "} }"))
    expect((await run(["trust", "--show"])).stdout).toContain("changed since you trusted it")
    expect((await run(["guard", "check", "--no-record", "git reset --hard"])).code).toBe(2)

    writeFileSync(w.config, text)
    expect((await run(["guard", "check", "--no-record", "git reset --hard"])).code).toBe(0)
    const revoked = await run(["trust", "--revoke"])
    expect(revoked.stdout).toContain("trust revoked")
    expect((await run(["guard", "check", "--no-record", "git reset --hard"])).code).toBe(2)
  })

  test("a tightening file needs no trust; no file is exit 66; an invalid file is exit 78", async () => {
    const w = world()
    using _ = w.t
    const run = (args: string[]) => runEgc(args, { cwd: w.project, env: w.env })
    expect((await run(["trust"])).code).toBe(66)
    writeFile(w.config, JSON.stringify({ guard: { deny: ["echo deny-marker"] } }))
    expect((await run(["trust", "--show"])).stdout).toContain("loosens  nothing")
    expect((await run(["guard", "check", "--no-record", "echo deny-marker"])).code).toBe(2)
    expect((await run(["guard", "check", "--no-record", "echo other"])).code).toBe(0)
    writeFile(w.config, JSON.stringify({ guard: { enabled: "no" } }))
    const bad = await run(["trust"])
    expect(bad.code).toBe(78)
    expect(bad.stderr).toContain("guard.enabled")
  })

  test("the compiled pre-tool hook: a broken or untrusted project file never turns the guard off, and says so", async () => {
    const w = world()
    using _ = w.t
    const hook = (command: string) =>
      runEgc(["hook", "pre-tool", "--tool", "claude-code"], {
        cwd: w.project,
        env: w.env,
        stdin: JSON.stringify({
          session_id: "s1",
          cwd: w.project,
          hook_event_name: "PreToolUse",
          tool_name: "Bash",
          tool_input: { command },
        }),
      })
    const decision = (r: { stdout: string }) =>
      JSON.parse(r.stdout || "{}") as { hookSpecificOutput?: { permissionDecision?: string }; systemMessage?: string }
    const control = decision(await hook("rm -rf /"))
    expect(control.hookSpecificOutput?.permissionDecision).toBe("deny")
    expect(control.systemMessage).toBeUndefined()

    writeFile(w.config, '{ "guard": { "enabled": false }')
    const broken = decision(await hook("rm -rf /"))
    expect(broken.hookSpecificOutput?.permissionDecision).toBe("deny")
    expect(broken.systemMessage).toContain("not valid JSON")

    writeFile(w.config, JSON.stringify({ guard: { enabled: false } }))
    const untrusted = decision(await hook("git reset --hard"))
    expect(untrusted.hookSpecificOutput?.permissionDecision).toBe("deny")
    expect(untrusted.systemMessage).toContain("egc trust")
    expect((await runEgc(["trust"], { cwd: w.project, env: w.env })).code).toBe(0)
    expect(decision(await hook("git reset --hard")).hookSpecificOutput?.permissionDecision).toBeUndefined()
  })
})
