import { describe, expect, test } from "bun:test"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join } from "node:path"
import { createLogger, logToFile, logToStderr } from "../../src/core/log"
import { paths } from "../../src/core/paths"
import { resolveProject } from "../../src/core/project"
import { readRun, RunWriter } from "../../src/crush/store"
import { newId } from "../../src/core/ids"
import { recordVerdict } from "../../src/guard"
import { listEvents } from "../../src/guard/record"
import { readEvents, send } from "../../src/mesh"
import { openMemory } from "../../src/memory"
import { ownEgcHome, tmpdir } from "../fixture"
import { session } from "../mesh/_mesh"

// reads every file under $EGC_HOME and writes crush runs: its own home, so no other test sees them
ownEgcHome()

/** Every file under $EGC_HOME, read as bytes. */
function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n)
    return statSync(p).isDirectory() ? allFiles(p) : [p]
  })
}

describe("every write path stores the secret redacted", () => {
  test("memory, mesh, guard log, hook log and crush output: the secret is nowhere under $EGC_HOME", () => {
    using dir = tmpdir({ git: true })
    const project = resolveProject(dir.path)
    // secret values built at run time; the plain marker is the positive control for the plaintext log
    const secret = `Zk3p${"Q9vLm2Rt8Xw1".split("").reverse().join("")}Yb7`
    const control = "visible-control-marker"

    const memory = openMemory()
    const w = memory.write(
      { kind: "note", body: `${control}: the aws secret is ${secret}` },
      { project, actor: { source: "agent", sessionId: "s1", tool: "t" } },
    )
    const item = memory.get({ project, id: w.id as string })
    expect(item && "body" in item ? item.body : "").toContain(control)
    expect(item && "body" in item ? item.body : "").not.toContain(secret)

    const [a, b] = [session(project), session(project)]
    readEvents(project, b)
    send(project, a, { to: b, text: `${control} DB_PASSWORD=${secret}` })
    const got = readEvents(project, b).find((e) => e.kind === "message")
    expect(got?.text).toBe(`${control} DB_PASSWORD=[REDACTED:assigned-secret]`)

    recordVerdict(
      { decision: "deny", rule: "x.y", reason: "r" },
      { command: `AWS_SECRET_ACCESS_KEY=${secret} ${control}`, projectId: project.id },
    )
    expect(listEvents({ projectId: project.id })[0]?.command).toBe(
      `AWS_SECRET_ACCESS_KEY=[REDACTED:assigned-secret] ${control}`,
    )

    logToFile()
    createLogger("hook").warn(`${control} payload had --token ${secret}`, { error: `MY_API_TOKEN=${secret}` })
    logToStderr()
    const log = readFileSync(join(paths.logs(), "egc.log"), "utf8")
    expect(log).toContain(control)
    expect(log).not.toContain(secret)

    const id = newId("r")
    const writer = new RunWriter(id)
    writer.write(
      new TextEncoder().encode(`${control}\nexport GITHUB_TOKEN=ghp_${secret}${secret}abc\nSECRET_KEY=${secret}\n`),
    )
    writer.close()
    const out = new TextDecoder().decode(readRun(id).bytes)
    expect(out).toContain(control)
    expect(out).not.toContain(secret)

    const leaks = allFiles(dirname(paths.db())).filter((f) => readFileSync(f).includes(Buffer.from(secret)))
    expect(leaks).toEqual([])
  })

  test("a crush output split across 1 MB frames: a secret on the boundary is redacted, other bytes kept", () => {
    const secret = `${"Q9vLm2Rt8Xw1".split("").reverse().join("")}Zk3pYb7`
    const filler = "ordinary output line\n".repeat(Math.ceil((1 << 20) / 21))
    const head = filler.slice(0, (1 << 20) - 10)
    const text = `${head}\nDB_PASSWORD=${secret}\n-----BEGIN RSA PRIVATE KEY-----\n${secret}\n-----END RSA PRIVATE KEY-----\ntail\n`
    const bytes = new TextEncoder().encode(text)
    const id = newId("r")
    const writer = new RunWriter(id)
    for (let at = 0; at < bytes.length; at += 65_536) writer.write(bytes.subarray(at, at + 65_536))
    writer.close()
    const out = new TextDecoder().decode(readRun(id).bytes)
    expect(out).not.toContain(secret)
    expect(out).toBe(`${head}\nDB_PASSWORD=[REDACTED:assigned-secret]\n[REDACTED:private-key]\ntail\n`)
  })
})
