import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { tmpdir } from "../fixture"

/** A temporary HOME and project folders for one real-client test (removed at scope end). */
export function clientWorld(): { home: string; folder(name: string): string; [Symbol.dispose](): void } {
  const root = tmpdir()
  const folder = (name: string) => {
    const path = join(root.path, name)
    mkdirSync(path, { recursive: true })
    return path
  }
  return { home: folder("home"), folder, [Symbol.dispose]: () => root[Symbol.dispose]() }
}

/**
 * A real git repository (made by git, with two empty commits) for tests that check a scripted
 * reset was refused: the returned HEAD must still be HEAD afterwards. `git` runs more commands in it.
 */
export function repoWithHistory(repo: string, home: string): { head: string; git: (...args: string[]) => string } {
  const git = (...args: string[]) =>
    Bun.spawnSync(
      ["git", "-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "commit.gpgsign=false", ...args],
      { cwd: repo, env: { PATH: process.env.PATH ?? "", HOME: home, GIT_CONFIG_NOSYSTEM: "1" } },
    )
      .stdout.toString()
      .trim()
  git("init", "-q", "-b", "main")
  git("commit", "-q", "--allow-empty", "-m", "one")
  git("commit", "-q", "--allow-empty", "-m", "two")
  return { head: git("rev-parse", "HEAD"), git }
}
