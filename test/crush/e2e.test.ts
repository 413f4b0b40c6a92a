import { describe, expect, test } from "bun:test"
import { chmodSync, existsSync, readdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { egcBinary, runEgc } from "../e2e/_binary"
import { tmpdir } from "../fixture"

/** `egc crush` through the compiled binary, with harmless commands only. */
const EGC_HOME = () => process.env.EGC_HOME as string
const runsDir = () => join(EGC_HOME(), "crush")

/** A fake `cargo` on PATH that prints a noisy build and fails like rustc. */
function fakeCargo(dir: string): Record<string, string> {
  const script = join(dir, "cargo")
  writeFileSync(
    script,
    '#!/bin/sh\ni=0\nwhile [ $i -lt 400 ]; do echo "   Compiling crate$i v0.1.$i"; i=$((i+1)); done\necho "error[E0425]: cannot find value \\`x\\` in this scope" >&2\necho "  --> src/main.rs:2:5" >&2\necho "error: could not compile \\`app\\` due to 1 previous error"\nexit 101\n',
  )
  chmodSync(script, 0o755)
  return { PATH: `${dir}:${process.env.PATH}` }
}

describe("egc crush --", () => {
  test("small output passes through; exit code 0", async () => {
    const r = await runEgc(["crush", "--", "echo", "hello world"])
    expect(r).toMatchObject({ code: 0, stdout: "hello world\n" })
  })

  test("the command's exit code comes back; stdout and stderr keep their order", async () => {
    const r = await runEgc(["crush", "--", "sh", "-c", "echo one; echo two >&2; echo three; exit 7"])
    expect(r.code).toBe(7)
    expect(r.stdout).toBe("one\ntwo\nthree\n")
  })

  test("nothing of a run's output is in clear anywhere under EGC_HOME", async () => {
    const marker = `crush-canary-${Math.random().toString(36).slice(2)}`
    const r = await runEgc([
      "crush",
      "--",
      "sh",
      "-c",
      `i=0; while [ $i -lt 300 ]; do echo "${marker} line $i"; i=$((i+1)); done`,
    ])
    expect(r.stdout).toContain(marker)
    const hits = Bun.spawnSync(["grep", "-rl", marker, EGC_HOME()]).stdout.toString()
    expect(hits).toBe("")
  })

  test("stdin reaches the command", async () => {
    expect((await runEgc(["crush", "--", "cat"], { stdin: "from stdin\n" })).stdout).toBe("from stdin\n")
  })

  test("a missing command gets the shell's own error and 127", async () => {
    for (const argv of [["no-such-program-egc-test", "--flag"], ["no-such-program-egc-test"]]) {
      const r = await runEgc(["crush", "--", ...argv])
      expect(r.code).toBe(127)
      expect(r.stdout).toMatch(/no-such-program-egc-test: (?:command )?not found/)
    }
  })

  test("empty output: nothing printed, nothing stored", async () => {
    const before = existsSync(runsDir()) ? readdirSync(runsDir()).length : 0
    const r = await runEgc(["crush", "--", "true"])
    expect(r).toMatchObject({ code: 0, stdout: "" })
    expect(existsSync(runsDir()) ? readdirSync(runsDir()).length : 0).toBe(before)
  })

  test("a noisy failing build is filtered, the full output comes back with show, the ledger counts it", async () => {
    using dir = tmpdir()
    const env = fakeCargo(dir.path)
    const r = await runEgc(["crush", "--", "cargo", "build"], { env, cwd: dir.path })
    expect(r.code).toBe(101)
    expect(r.stdout).toContain("error[E0425]: cannot find value `x` in this scope\n  --> src/main.rs:2:5\n")
    expect(r.stdout).toContain("error: could not compile `app` due to 1 previous error")
    expect(r.stdout).not.toContain("Compiling crate200")
    const id = /egc crush show (r[0-9A-Z]{26}) \(a part: --lines A-B or --grep PATTERN\)\]\n$/.exec(r.stdout)?.[1]
    expect(id).toBeDefined()
    const shown = await runEgc(["crush", "show", id as string])
    expect(shown.code).toBe(0)
    expect(shown.stdout.split("\n").filter((l) => l.includes("Compiling")).length).toBe(400)
    expect(shown.stdout).toContain("error[E0425]")
    // a part: the matching lines with their numbers, or a range, as the footer says
    const grep = await runEgc(["crush", "show", id as string, "--grep", "E0425"])
    expect(grep.stdout).toMatch(/^\d+: error\[E0425\]: cannot find value `x` in this scope\n$/)
    const n = Number(/^(\d+):/.exec(grep.stdout)?.[1])
    const range = await runEgc(["crush", "show", id as string, "--lines", `${n}-${n + 1}`])
    expect(range.stdout).toBe("error[E0425]: cannot find value `x` in this scope\n  --> src/main.rs:2:5\n")
    expect((await runEgc(["crush", "show", id as string, "--lines", "ten"])).code).toBe(64)
    const gain = await runEgc(["gain", "--json"])
    const report = JSON.parse(gain.stdout) as { byFamily: Array<{ key: string; runs: number }> }
    expect(report.byFamily.find((f) => f.key === "build")?.runs).toBeGreaterThanOrEqual(1)
    expect((await runEgc(["gain"])).stdout).toMatch(/^egc crush: \d+ runs/)
  })

  test("binary output is replaced by a note; show --raw gives the bytes back", async () => {
    const r = await runEgc(["crush", "--", "sh", "-c", "head -c 3000 /dev/zero"])
    expect(r.stdout).toMatch(
      /^… binary output \(3000 bytes\) not shown; raw bytes: egc crush show r[0-9A-Z]{26} --raw\n$/,
    )
    const id = /show (r[0-9A-Z]{26})/.exec(r.stdout)?.[1] as string
    const raw = Bun.spawn([await egcBinary(), "crush", "show", id, "--raw"], {
      stdout: "pipe",
      env: process.env as Record<string, string>,
    })
    const bytes = new Uint8Array(await new Response(raw.stdout).arrayBuffer())
    expect(bytes.length).toBe(3000)
    expect(bytes.every((b) => b === 0)).toBe(true)
  })

  test("one 100 MB line streams through in bounded output", async () => {
    const r = await runEgc([
      "crush",
      "--",
      "sh",
      "-c",
      "head -c 100000000 /dev/zero | tr '\\0' a; echo; echo 'ERROR: quota exceeded'",
    ])
    expect(r.code).toBe(0)
    expect(r.stdout.length).toBeLessThan(20_000)
    expect(r.stdout).toContain("ERROR: quota exceeded")
    expect(r.stdout).toMatch(/summarised while streaming/)
  }, 60_000)

  for (const [signal, code] of [
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const) {
    test(`${signal} is passed to a command that never ends; the partial output is still printed`, async () => {
      const before = new Set(existsSync(runsDir()) ? readdirSync(runsDir()) : [])
      const proc = Bun.spawn(
        [await egcBinary(), "crush", "--", "sh", "-c", "echo started; while :; do echo tick; sleep 0.05; done"],
        { stdout: "pipe", stderr: "pipe", env: process.env as Record<string, string> },
      )
      // the run file appears with the first output: wait for that signal, with a deadline
      const deadline = Date.now() + 10_000
      while (!(existsSync(runsDir()) && readdirSync(runsDir()).some((n) => !before.has(n)))) {
        if (Date.now() > deadline) throw new Error("no output from the command")
        await Bun.sleep(20)
      }
      proc.kill(signal)
      const [exit, out] = await Promise.all([proc.exited, new Response(proc.stdout).text()])
      expect(exit).toBe(code)
      expect(out.startsWith("started\n")).toBe(true)
    })
  }
})

test("a command that ignores SIGTERM is killed by a second one", async () => {
  const before = new Set(existsSync(runsDir()) ? readdirSync(runsDir()) : [])
  const proc = Bun.spawn(
    [await egcBinary(), "crush", "--", "sh", "-c", "trap '' TERM; echo stubborn; while :; do sleep 0.05; done"],
    { stdout: "pipe", stderr: "pipe", env: process.env as Record<string, string> },
  )
  const deadline = Date.now() + 10_000
  while (!(existsSync(runsDir()) && readdirSync(runsDir()).some((n) => !before.has(n)))) {
    if (Date.now() > deadline) throw new Error("no output from the command")
    await Bun.sleep(20)
  }
  // signals do not queue: repeat until the command is gone (the first is ignored, a later one kills)
  const output = new Response(proc.stdout).text()
  let exited = false
  proc.exited.then(() => (exited = true))
  for (let tries = 0; !exited && tries < 100; tries++) {
    proc.kill("SIGTERM")
    await Promise.race([proc.exited, Bun.sleep(100)])
  }
  const [exit, out] = await Promise.all([proc.exited, output])
  expect(exit).toBe(137)
  expect(out).toBe("stubborn\n")
})

describe("egc crush filter / usage", () => {
  test("filter reads stdin as if the command printed it", async () => {
    const input = `${Array.from({ length: 300 }, (_, i) => `test t${i} ... ok`).join("\n")}\ntest result: ok. 300 passed; 0 failed\n`
    const r = await runEgc(["crush", "filter", "--command", "cargo test", "--exit-code", "0"], { stdin: input })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("… 300 passing test lines\ntest result: ok. 300 passed; 0 failed\n")
    expect(r.stdout).toContain("full output: run the command without egc crush]")
  })

  test("usage errors exit 64", async () => {
    expect((await runEgc(["crush"])).code).toBe(64)
    expect((await runEgc(["crush", "--"])).code).toBe(64)
    expect((await runEgc(["crush", "filter", "--command", "x", "--exit-code", "abc"], { stdin: "" })).code).toBe(64)
    expect((await runEgc(["gain", "--since", "whenever"])).code).toBe(64)
  })

  test("show of an unknown or malformed id", async () => {
    expect((await runEgc(["crush", "show", "r00000000000000000000000000"])).code).toBe(66)
    expect((await runEgc(["crush", "show", "../x"])).code).toBe(65)
  })

  test("doctor checks the runs folder and the ledger", async () => {
    const r = await runEgc(["doctor", "--json"])
    const checks = JSON.parse(r.stdout) as Array<{ name: string; status: string }>
    expect(checks.filter((c) => c.name.startsWith("crush")).map((c) => [c.name, c.status])).toEqual([
      ["crush runs", "ok"],
      ["crush ledger", "ok"],
    ])
  })
})

test("a running test command's failure reaches stdout before the command ends", async () => {
  using dir = tmpdir()
  const go = join(dir.path, "go")
  // the command cannot end until the test has read its failure from egc's stdout
  const script = `echo "  ✓ adds 1"; echo "FAIL src/sum.test.ts > subtracts"; while [ ! -f '${go}' ]; do sleep 0.05; done; echo "Tests  1 failed | 1 passed"`
  const proc = Bun.spawn([await egcBinary(), "crush", "--", "sh", "-c", script], {
    stdout: "pipe",
    stderr: "pipe",
    env: process.env as Record<string, string>,
  })
  let seen = ""
  const reader = proc.stdout.getReader()
  const decoder = new TextDecoder()
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    seen += decoder.decode(value, { stream: true })
    if (seen.includes("FAIL src/sum.test.ts > subtracts\n") && !existsSync(go)) {
      // nothing the command prints after this point is on stdout yet
      expect(seen).not.toContain("Tests  1 failed")
      expect(seen).not.toContain("✓ adds 1")
      writeFileSync(go, "")
    }
  }
  expect(await proc.exited).toBe(0)
  expect(existsSync(go)).toBe(true)
  expect(seen).toContain("[egc crush: the command ended; its filtered output follows]\n")
  expect(seen).toContain("Tests  1 failed | 1 passed\n")
})
