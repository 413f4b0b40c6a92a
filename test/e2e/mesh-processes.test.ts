import { describe, expect, test } from "bun:test"
import { join, resolve } from "node:path"
import { runEgc } from "./_binary"
import { stdioClient } from "./_mcp"
import { tmpdir } from "../fixture"

/**
 * The mesh across real processes, through real MCP clients: 8 `egc serve` sessions of one project
 * plus 2 of another, on one EGC_HOME.
 */
type C = Awaited<ReturnType<typeof stdioClient>> & { id: string }
const ROOT = resolve(import.meta.dir, "../..")

async function sessions(dir: string, n: number): Promise<C[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const c = await stdioClient(dir)
      const { session } = await c.call("session_announce", { task: `worker ${i}` })
      return Object.assign(c, { id: session as string })
    }),
  )
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function helper(args: string[]): Promise<string> {
  const proc = Bun.spawn([process.execPath, "run", join(ROOT, "test/e2e/fixtures/mesh-reader.ts"), ...args], {
    cwd: ROOT,
    env: process.env,
    stdout: "pipe",
    stderr: "pipe",
  })
  const [out, err] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  if (!out.trim()) throw new Error(err)
  return out.trim()
}

describe("mesh across 8 (+2) egc serve processes", () => {
  test("visibility, one winner, globs, death, exactly-once, flood, wake-up and expiry", async () => {
    using a = tmpdir({ git: true })
    using b = tmpdir({ git: true })
    const [as, bs] = await Promise.all([sessions(a.path, 8), sessions(b.path, 2)])
    const all = [...as, ...bs]
    try {
      // everyone sees everyone of the same project, and no one of the other
      for (const [group, others] of [
        [as, bs],
        [bs, as],
      ] as const) {
        for (const c of group) {
          const peers = (await c.call("session_peers")).peers.map((p: { session: string }) => p.session).sort()
          expect(peers).toEqual(
            group
              .filter((x) => x !== c)
              .map((x) => x.id)
              .sort(),
          )
          for (const o of others) expect(peers).not.toContain(o.id)
        }
      }

      // 8 simultaneous claims of one file: exactly one winner; the other project has its own winner
      const results = await Promise.all(all.map((c) => c.call("claim_path", { path: "src/shared.ts" })))
      expect(results.slice(0, 8).filter((r) => r.claimed)).toHaveLength(1)
      expect(results.slice(8).filter((r) => r.claimed)).toHaveLength(1)
      const winner = as[results.slice(0, 8).findIndex((r) => r.claimed)]!
      for (const r of results.slice(0, 8).filter((r) => !r.claimed)) expect(r.conflict.session).toBe(winner.id)

      // a glob claim covers a file under it
      const [g, h] = as.filter((c) => c !== winner)
      expect((await g!.call("claim_path", { path: "lib/**" })).claimed).toBe(true)
      expect((await h!.call("claim_path", { path: "lib/deep/file.ts" })).claimed).toBe(false)

      // a killed process's claims free up
      const gone = new Promise<void>((resolve) => (g!.client.onclose = resolve))
      process.kill(g!.pid!, "SIGKILL")
      await gone
      expect(alive(g!.pid!)).toBe(false)
      expect((await h!.call("claim_path", { path: "lib/deep/file.ts" })).claimed).toBe(true)
      expect((await h!.call("session_peers")).peers.map((p: { session: string }) => p.session)).not.toContain(g!.id)
      const live = as.filter((c) => c !== g)

      // a session id cannot be taken by another process; racing readers of one id get each message once
      const [sender, reader] = live.filter((c) => c !== h)
      expect(await helper(["announce", a.path, reader!.id])).toMatch(
        /^refused: session .* belongs to another live process/,
      )
      await reader!.call("session_events", {})
      for (let i = 0; i < 18; i++) await sender!.call("session_send", { to: reader!.id, text: `m${i}` })
      const [viaHelper, viaServer] = await Promise.all([
        helper(["read", a.path, reader!.id]).then((t) => JSON.parse(t) as string[]),
        (async () => {
          const got: string[] = []
          for (let i = 0; i < 12; i++)
            got.push(
              ...(await reader!.call("session_events", { limit: 2 })).events
                .filter((e: { kind: string }) => e.kind === "message")
                .map((e: { text: string }) => e.text),
            )
          return got
        })(),
      ])
      expect([...viaHelper, ...viaServer].sort()).toEqual(Array.from({ length: 18 }, (_, i) => `m${i}`).sort())

      // a flood beyond the limit is refused (18 sent above, 2 more allowed this minute)
      await sender!.call("session_send", { text: "m18" })
      await sender!.call("session_send", { text: "m19" })
      await expect(sender!.call("session_send", { text: "one too many" })).rejects.toThrow(/flood limit/)

      // wait wakes promptly across processes
      const [w, s] = live.filter((c) => c !== sender && c !== reader)
      await w!.call("session_events", {})
      const waiting = w!.call("session_wait", { timeout_seconds: 20 })
      await Bun.sleep(200)
      const sentAt = performance.now()
      await s!.call("session_send", { to: w!.id, text: "wake" })
      const woke = await waiting
      const latency = performance.now() - sentAt
      expect(woke.events.map((e: { text?: string }) => e.text)).toContain("wake")
      // woken by the message, not by its 20 s timeout (a loose bound: the machine may be loaded)
      expect(latency).toBeLessThan(10_000)

      // a 24-hour-old event is gone: a sweep by a process whose clock is 25 hours ahead deletes it
      await s!.call("session_send", { to: w!.id, text: "stale soon" })
      expect((await w!.call("session_events", { peek: true })).events.map((e: { text?: string }) => e.text)).toContain(
        "stale soon",
      )
      const later = await runEgc(["mesh", "peers", "--json"], {
        cwd: a.path,
        env: { EGC_TEST_NOW: String(Date.now() + 25 * 3_600_000) },
      })
      expect(later.code).toBe(0)
      const after = (await w!.call("session_events", { peek: true })).events as Array<{ kind: string; text?: string }>
      expect(after.filter((e) => e.kind === "message")).toEqual([])
    } finally {
      await Promise.all(all.map((c) => c.close().catch(() => undefined)))
    }
  }, 90_000)
})
