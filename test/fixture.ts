import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"

/**
 * `await using tmp = tmpdir({ git: true, files: {...} })` — a temp folder removed at scope end.
 * With `git`, a repository made from files (HEAD, config, refs), without spawning git.
 */
export interface TmpDir {
  path: string
  [Symbol.asyncDispose](): Promise<void>
  [Symbol.dispose](): void
}

export interface GitOptions {
  branch?: string
  origin?: string
  detached?: string
}

export function tmpdir(opts: { git?: boolean | GitOptions; files?: Record<string, string> } = {}): TmpDir {
  const base = join(process.env.EGC_TEST_ROOT ?? "/tmp", "t")
  mkdirSync(base, { recursive: true })
  const path = mkdtempSync(join(base, "x-"))
  if (opts.git) makeGitRepo(path, opts.git === true ? {} : opts.git)
  for (const [rel, content] of Object.entries(opts.files ?? {})) writeFile(join(path, rel), content)
  const dispose = () => rmSync(path, { recursive: true, force: true })
  return { path, [Symbol.asyncDispose]: async () => dispose(), [Symbol.dispose]: dispose }
}

export function writeFile(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, content)
}

/** A minimal but real git layout: git itself accepts it. */
export function makeGitRepo(root: string, opts: GitOptions = {}): string {
  const git = join(root, ".git")
  for (const d of ["objects/info", "objects/pack", "refs/heads", "refs/tags", "refs/remotes/origin"])
    mkdirSync(join(git, d), { recursive: true })
  writeFileSync(join(git, "HEAD"), opts.detached ? `${opts.detached}\n` : `ref: refs/heads/${opts.branch ?? "main"}\n`)
  const remote = opts.origin
    ? `[remote "origin"]\n\turl = ${opts.origin}\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n`
    : ""
  writeFileSync(join(git, "config"), `[core]\n\trepositoryformatversion = 0\n\tbare = false\n${remote}`)
  return git
}

/**
 * Raw bytes of a file of the store, for "nothing in clear at rest" checks. SQLite holds POSIX
 * advisory locks, and closing any descriptor of a file drops all of this process's locks on it:
 * reading egc.db (or its -wal/-shm) with fs while a connection is open leaves that connection
 * reading a stale snapshot for the rest of the run. So every open connection is closed first.
 */
export function readStoreFile(path: string): Buffer {
  const { closeAllDbs } = require("../src/core/db") as typeof import("../src/core/db")
  closeAllDbs()
  return require("node:fs").readFileSync(path) as Buffer
}

/**
 * Gives the calling test file its own `$EGC_HOME` (the run shares one otherwise): for tests that
 * count rows across projects or read every file of the home, so other files' writes never count.
 * Call at the top level of the test file.
 */
export function ownEgcHome(): void {
  const { afterAll, afterEach, beforeEach } = require("bun:test") as typeof import("bun:test")
  const home = tmpdir()
  const shared = process.env.EGC_HOME
  const closeAll = () => (require("../src/core/db") as typeof import("../src/core/db")).closeAllDbs()
  beforeEach(() => {
    process.env.EGC_HOME = join(home.path, "egc")
  })
  afterEach(() => {
    closeAll()
    process.env.EGC_HOME = shared
  })
  afterAll(() => home[Symbol.dispose]())
}
