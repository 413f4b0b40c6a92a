import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { judgeCommand } from "../../src/guard"

/** The guard corpus (DATA: these commands are judged, never executed). */
export interface CorpusItem {
  command: string
  expected: "block" | "allow"
  category: string
  source: string
  cwd?: string
  policy_note?: string
}

const SHARED = join(import.meta.dir, "../../../shared/corpora/guard")
const FIXTURES = join(import.meta.dir, "../fixtures/guard")

/** The shared corpus beside the repository when present, else the copy in test/fixtures. */
export function corpusFile(name: string): string {
  return existsSync(join(SHARED, name)) ? join(SHARED, name) : join(FIXTURES, name)
}

export function loadCorpus(path = corpusFile("dev.json")): CorpusItem[] {
  return JSON.parse(readFileSync(path, "utf8")) as CorpusItem[]
}

/**
 * A home with a git project inside it, as the anchors' harness used. The guard only reasons about
 * these paths (the project root is passed in), so they need not exist and nothing is touched.
 */
export function corpusScene(): { home: string; project: string } {
  return { home: "/home/tester", project: "/home/tester/work/proj" }
}

export interface Score {
  n: number
  blocks: number
  allows: number
  caught: number
  passed: number
  misses: CorpusItem[]
  falseAlarms: CorpusItem[]
}

export function score(items: CorpusItem[], scene = corpusScene()): Score {
  const s: Score = { n: 0, blocks: 0, allows: 0, caught: 0, passed: 0, misses: [], falseAlarms: [] }
  for (const item of items) {
    if (item.policy_note) continue
    const v = judgeCommand(item.command, { cwd: scene.project, home: scene.home, projectRoot: scene.project })
    s.n++
    if (item.expected === "block") {
      s.blocks++
      if (v.decision !== "allow") s.caught++
      else s.misses.push(item)
    } else {
      s.allows++
      if (v.decision === "allow") s.passed++
      else s.falseAlarms.push(item)
    }
  }
  return s
}
