import { describe, expect, test } from "bun:test"
import { runEgc } from "./_binary"
import { stdioClient } from "./_mcp"
import { tmpdir } from "../fixture"

/** `egc mesh …` for a person, against live `egc serve` sessions. */
describe("egc mesh CLI", () => {
  test("peers, claims, send and a forced release that the holder hears about", async () => {
    using dir = tmpdir({ git: true })
    using other = tmpdir({ git: true })
    const c = await stdioClient(dir.path)
    const { session } = await c.call("session_announce", { task: "cli e2e" })
    await c.call("claim_path", { path: "src/api/**", reason: "rewriting" })
    await c.call("session_events")

    const peers = await runEgc(["mesh", "peers"], { cwd: dir.path })
    expect(peers.code).toBe(0)
    expect(peers.stdout).toContain(session)
    expect(peers.stdout).toContain('task "cli e2e"')
    expect((await runEgc(["mesh", "peers"], { cwd: other.path })).stdout).toBe("no live sessions in this project\n")

    const claims = JSON.parse((await runEgc(["mesh", "claims", "--json"], { cwd: dir.path })).stdout)
    expect(claims).toEqual([
      expect.objectContaining({ pattern: "src/api/**", session, reason: "rewriting", mode: "exclusive" }),
    ])

    const sent = await runEgc(["mesh", "send", "please stop at a clean point"], { cwd: dir.path })
    expect(sent.code).toBe(0)
    const freed = await runEgc(["mesh", "release", "./src/api/**"], { cwd: dir.path })
    expect(freed.code).toBe(0)
    expect(JSON.parse((await runEgc(["mesh", "claims", "--json"], { cwd: dir.path })).stdout)).toEqual([])
    const events = (await c.call("session_events")).events as Array<{
      kind: string
      from: string
      text?: string
      path?: string
    }>
    expect(events.find((e) => e.kind === "message")).toMatchObject({ text: "please stop at a clean point" })
    expect(events.find((e) => e.kind === "message")?.from).toMatch(/^cli:/)
    expect(events.find((e) => e.kind === "released")).toMatchObject({ path: "src/api/**" })
    await c.close()
  })

  test("bad input gets a clear error and the right exit code", async () => {
    using dir = tmpdir({ git: true })
    const missing = await runEgc(["mesh", "release", "c_nothing"], { cwd: dir.path })
    expect(missing.code).toBe(66)
    expect(missing.stderr).toMatch(/no live claim "c_nothing"/)
    const big = await runEgc(["mesh", "send", "x".repeat(9000)], { cwd: dir.path })
    expect(big.code).toBe(65)
    expect(big.stderr).toMatch(/above the limit/)
    const nobody = await runEgc(["mesh", "send", "hi", "--to", "s_nobody"], { cwd: dir.path })
    expect(nobody.code).toBe(66)
    const usage = await runEgc(["mesh", "send"], { cwd: dir.path })
    expect(usage.code).toBe(64)
  })
})
