import { afterEach, beforeEach, describe, expect, test } from "bun:test"
import { existsSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { openBoundDb } from "../../src/core/binding"
import { closeDb } from "../../src/core/db"
import { EgcError } from "../../src/core/errors"
import { paths } from "../../src/core/paths"
import { resolveProject } from "../../src/core/project"
import { runHook } from "../../src/hooks/run"
import { recordObservation } from "../../src/insight"
import { openMemory } from "../../src/memory"
import { payload } from "../hooks/_payloads"
import { tmpdir, type TmpDir } from "../fixture"
import { flipDataPage } from "./_flip"

/**
 * Issue 14 item 6: a database with flipped bytes in a data page is never written to again. Each
 * store is real (made by the production writer), damaged on disk with a seeded flip, and reopened as
 * a new process would open it; the same store verifies and takes writes before the flip.
 */
let home: TmpDir
const shared = process.env.EGC_HOME
beforeEach(() => {
  home = tmpdir()
  process.env.EGC_HOME = join(home.path, "egc")
})
afterEach(() => {
  closeDb()
  process.env.EGC_HOME = shared
  home[Symbol.dispose]()
})

const cli = { source: "cli" as const }

/** A populated store, checkpointed into the main file and closed, like a finished process leaves it. */
function populated(repo: string) {
  const memory = openMemory()
  const project = resolveProject(repo)
  for (let i = 0; i < 120; i++)
    memory.write(
      { kind: "note", body: `note ${i}: the parser cache evicts after ${i * 7} entries` },
      { project, actor: cli },
    )
  settle()
  return project
}

function settle(): void {
  openBoundDb().exec("PRAGMA wal_checkpoint(TRUNCATE)")
  closeDb()
}

const bytes = () => ({
  db: readFileSync(paths.db()),
  wal: existsSync(`${paths.db()}-wal`) ? statSync(`${paths.db()}-wal`).size : 0,
})

const refusal = (fn: () => unknown): EgcError => {
  try {
    fn()
  } catch (e) {
    if (e instanceof EgcError) return e
    throw e
  }
  throw new Error("the write was not refused")
}

describe("a damaged database refuses writes", () => {
  for (const seed of [7, 1234, 90210]) {
    test(`memory, insight and mesh writers refuse a store with flipped bytes (seed ${seed}); the file is untouched`, () => {
      using repo = tmpdir({ git: { origin: `git@github.com:acme/flip-${seed}.git` } })
      const project = populated(repo.path)
      // positive control: the same store, reopened as a new process, verifies and takes a write
      expect(
        openMemory().write({ kind: "note", body: "control write before damage" }, { project, actor: cli }).outcome,
      ).toBe("created")
      settle()
      const flipped = flipDataPage(paths.db(), "memory_items", seed)
      expect(flipped.offsets.length).toBe(4)
      const before = bytes()
      const memory = openMemory()
      const e = refusal(() =>
        memory.write({ kind: "note", body: "written into a damaged file" }, { project, actor: cli }),
      )
      expect(e.code).toBe("E_DB_CORRUPT")
      expect(e.message).toContain("nothing was written")
      expect(e.hint).toContain("egc doctor")
      expect(e.hint).toContain("backup")
      expect(
        refusal(() =>
          recordObservation({
            project: project.id,
            sessionId: "s",
            tool: "t",
            callName: "Bash",
            command: "ls",
            failed: false,
          }),
        ).code,
      ).toBe("E_DB_CORRUPT")
      expect(refusal(() => openBoundDb()).code).toBe("E_DB_CORRUPT")
      expect(bytes()).toEqual(before)
    })
  }

  test("an unchanged file is checked once: the stamp lets the next process skip the check", () => {
    using repo = tmpdir({ git: true })
    populated(repo.path)
    const stamp = `${paths.db()}-checked`
    openMemory().write({ kind: "note", body: "stamped write" }, { project: resolveProject(repo.path), actor: cli })
    expect(existsSync(stamp)).toBe(true)
    const s = statSync(paths.db(), { bigint: true })
    expect(readFileSync(stamp, "utf8")).toBe(`${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}`)
  })
})

describe("hooks on a damaged database", () => {
  test("post-tool answers without crashing and writes nothing; pre-tool still guards", async () => {
    using repo = tmpdir({ git: { origin: "git@github.com:acme/flip-hooks.git" } })
    populated(repo.path)
    flipDataPage(paths.db(), "memory_items", 42)
    const before = bytes()
    const post = await runHook("post-tool", "claude-code", {
      payload: {
        text: JSON.stringify(payload("claude-code", "post-tool", { cwd: repo.path, command: "npm test" })),
        truncated: false,
      },
    })
    expect(post.exitCode ?? 0).toBe(0)
    const pre = (command: string) =>
      runHook("pre-tool", "claude-code", {
        payload: {
          text: JSON.stringify(payload("claude-code", "pre-tool", { cwd: repo.path, command })),
          truncated: false,
        },
      })
    const denied = JSON.parse((await pre("git reset --hard HEAD~1")).stdout).hookSpecificOutput
    expect(denied.permissionDecision).toBe("deny")
    const allowed = (await pre("git status")).stdout
    expect(allowed).not.toContain('"deny"')
    expect(bytes()).toEqual(before)
  })
})

describe("the stamp across a process's close", () => {
  const stampOf = () => {
    const s = statSync(paths.db(), { bigint: true })
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}`
  }
  const stamp = () => readFileSync(`${paths.db()}-checked`, "utf8")

  test("a process that wrote stamps what its close leaves, so the next process need not check again", () => {
    using repo = tmpdir({ git: true })
    const project = populated(repo.path)
    openMemory().write({ kind: "note", body: "written, then closed" }, { project, actor: cli })
    const open = stampOf()
    expect(stamp()).toBe(open)
    closeDb()
    // the close checkpointed the write into the main file, and the stamp follows it
    expect(stampOf()).not.toBe(open)
    expect(stamp()).toBe(stampOf())
  })

  test("a file changed by something else while a process had it open is not vouched for; the next writer checks", () => {
    using repo = tmpdir({ git: { origin: "git@github.com:acme/stamp-close.git" } })
    const project = populated(repo.path)
    // positive control: checked, closed untouched, still stamped; a write goes through
    openBoundDb()
    closeDb()
    expect(stamp()).toBe(stampOf())
    expect(openMemory().write({ kind: "note", body: "control" }, { project, actor: cli }).outcome).toBe("created")
    settle()
    openBoundDb()
    expect(flipDataPage(paths.db(), "memory_items", 77).offsets.length).toBe(4)
    closeDb()
    expect(stamp()).not.toBe(stampOf())
    const before = bytes()
    const e = refusal(() => openMemory().write({ kind: "note", body: "after the flip" }, { project, actor: cli }))
    expect(e.code).toBe("E_DB_CORRUPT")
    expect(bytes()).toEqual(before)
  })
})
