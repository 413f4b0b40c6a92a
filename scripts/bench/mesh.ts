#!/usr/bin/env bun
/**
 * Session mesh across processes, through real MCP clients over stdio.
 *   bun run scripts/bench/mesh.ts [sessions=20] [wakeSamples=60]
 * - wake latency: sender's commit (event time) → the waiter's session_wait answered at its client
 *   (targets p50 ≤ 20 ms, p95 ≤ 50 ms), and send call start → wait answered (upper bound);
 * - claim_path and session_send round trips with N live sessions;
 * - CPU used by N processes blocked in session_wait for 10 s (from /proc/<pid>/stat).
 */
import { readFileSync } from "node:fs"
import { cpus } from "node:os"
import { client, fmt, row, setup, stats } from "./_util"

const N = Number(process.argv[2] ?? 20)
const WAKES = Number(process.argv[3] ?? 60)
const { bin, project, env } = await setup("mesh")
const sessions = await Promise.all(Array.from({ length: N }, () => client(bin, project, env)))
const ids = await Promise.all(
  sessions.map(async (s) => (await s.call("session_announce", { task: "bench" })).session as string),
)
await Promise.all(sessions.map((s) => s.call("session_events", {})))

// claim and send round trips, all sessions at once
const claimMs: number[] = []
const sendMs: number[] = []
for (let round = 0; round < 10; round++) {
  await Promise.all(
    sessions.map(async (s, i) => {
      let t = performance.now()
      await s.call("claim_path", { path: `src/s${i}/f${round}.ts` })
      claimMs.push(performance.now() - t)
      t = performance.now()
      await s.call("session_send", { to: ids[(i + 1) % N], text: `round ${round}` })
      sendMs.push(performance.now() - t)
    }),
  )
}
// the same, one call at a time; every sender stays under the flood limit of 20 a minute:
// 10 burst + 3 here + at most 4 wake-ups (the usual case: 20 sessions alive, one of them acting)
const claimSeq: number[] = []
const sendSeq: number[] = []
for (let i = 0; i < 200; i++) {
  const s = sessions[i % N]!
  let t = performance.now()
  await s.call("claim_path", { path: `seq/f${i}.ts` })
  claimSeq.push(performance.now() - t)
  if (i < 3 * N) {
    t = performance.now()
    await s.call("session_send", { to: ids[(i + 1) % N], text: `seq ${i}` })
    sendSeq.push(performance.now() - t)
  }
}
const drain = async (s: (typeof sessions)[number]) => {
  while ((await s.call("session_events", {})).more) {}
}
await Promise.all(sessions.map(drain))

// wake latency: one waiter, senders rotating (the flood limit is per sender)
const waiter = sessions[0]!
const commitToWake: number[] = []
const sendToWake: number[] = []
for (let i = 0; i < WAKES; i++) {
  const sender = sessions[1 + (i % (N - 1))]!
  const waiting = waiter.call("session_wait", { timeout_seconds: 10 })
  await Bun.sleep(30)
  const t0 = performance.now()
  const sent = sender.call("session_send", { to: ids[0], text: `wake ${i}` })
  const woke = await waiting
  const tWake = performance.now()
  const wallWake = Date.now()
  await sent
  const ev = (woke.events as Array<{ text?: string; at: string }>).find((e) => e.text === `wake ${i}`)
  if (!ev) throw new Error(`wait ${i} returned without the message: ${JSON.stringify(woke)}`)
  commitToWake.push(wallWake - Date.parse(ev.at))
  sendToWake.push(tWake - t0)
}

// idle CPU: every session blocked in session_wait for 10 s
await Promise.all(sessions.map(drain))
const ticks = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")
  return Number(f[11]) + Number(f[12])
}
const base0 = sessions.map((s) => ticks(s.pid))
const tBase = performance.now()
await Bun.sleep(10_000)
const baseSec = (performance.now() - tBase) / 1000
const baseCpu = sessions.reduce((sum, s, i) => sum + ((ticks(s.pid) - base0[i]!) * 1000) / 100, 0)
const before = sessions.map((s) => ticks(s.pid))
const tIdle = performance.now()
await Promise.all(sessions.map((s) => s.call("session_wait", { timeout_seconds: 10 })))
const idleSec = (performance.now() - tIdle) / 1000
const cpuMs = sessions.map((s, i) => ((ticks(s.pid) - before[i]!) * 1000) / 100)
const totalCpu = cpuMs.reduce((a, b) => a + b, 0)
await Promise.all(sessions.map((s) => s.close()))

console.log(
  [
    `egc mesh benchmark — ${new Date().toISOString()} — ${N} live egc serve sessions, ${cpus().length} cores, ${cpus()[0]?.model ?? "?"}, Bun ${Bun.version}`,
    "",
    "| measure (ms) | n | p50 | p95 | min | max |",
    "| --- | --- | --- | --- | --- | --- |",
    row("wake: sender commit → waiter's answer at its client", stats(commitToWake)),
    row("wake: send call start → waiter's answer", stats(sendToWake)),
    row(`claim_path round trip, one at a time (${N} live sessions, up to 400 live claims)`, stats(claimSeq)),
    row(`session_send round trip, one at a time (${N} live sessions)`, stats(sendSeq)),
    row(`claim_path round trip (${N} sessions at once)`, stats(claimMs)),
    row(`session_send round trip (${N} sessions at once)`, stats(sendMs)),
    "",
    `baseline: ${N} idle egc serve processes (no call) for ${fmt(baseSec)} s used ${fmt(baseCpu)} ms CPU in all (${fmt(baseCpu / N / baseSec)} ms per process per second)`,
    `idle: ${N} processes in session_wait for ${fmt(idleSec)} s used ${fmt(totalCpu)} ms CPU in all (${fmt(totalCpu / N / idleSec)} ms CPU per process per second; clock tick 10 ms)`,
  ].join("\n"),
)
