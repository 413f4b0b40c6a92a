import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { EgcError } from "../core/errors"
import { selfArgv } from "../core/self"
import { git, gitOk, lastLine } from "./git"

/**
 * What keeps a mirror block out of commits, all in the repository's own, uncommitted files:
 * `filter.egc-mirror.clean` (and `.required`, so a missing egc fails `git add` instead of letting the
 * block through) in the local git config, one `/<path> filter=egc-mirror` line per guarded file in
 * `info/attributes` (not `.gitattributes`, which is committed and would ask teammates for a filter
 * they lack), and `/<path>` in `info/exclude` for files git does not track. egc's lines sit between
 * its own comment lines, so `off` removes exactly them.
 */
const FILTER = "egc-mirror"
const BEGIN = "# egc mirror: begin (egc mirror off removes these lines)"
const FINISH = "# egc mirror: end"

const shq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/** `<this egc> mirror clean`, as git's shell runs it (a source run is bun + its entry file). */
export function selfCleanCommand(): string {
  return `${selfArgv().map(shq).join(" ")} mirror clean`
}

export function filterCommand(root: string): string | undefined {
  const r = git(["config", "--get", `filter.${FILTER}.clean`], root)
  return r.code === 0 ? r.stdout.toString().trim() : undefined
}

export function filterRequired(root: string): boolean {
  const r = git(["config", "--bool", "--get", `filter.${FILTER}.required`], root)
  return r.code === 0 && r.stdout.toString().trim() === "true"
}

export function setFilter(root: string, command: string): void {
  if (filterCommand(root) !== command)
    gitOk(["config", "--local", `filter.${FILTER}.clean`, command], root, "setting the clean filter")
  if (!filterRequired(root))
    gitOk(["config", "--local", `filter.${FILTER}.required`, "true"], root, "setting the clean filter")
}

export function removeFilter(root: string): void {
  const r = git(["config", "--local", "--remove-section", `filter.${FILTER}`], root)
  // exit 128 with "no such section" when it was never set: nothing to undo
  if (r.code !== 0 && filterCommand(root) !== undefined)
    throw new EgcError("E_IO", `removing the clean filter failed: ${lastLine(r)}`)
}

const infoFile = (commonDir: string, name: "attributes" | "exclude") => join(commonDir, "info", name)

/** egc's lines in an info file (without the comment lines). */
export function sectionLines(commonDir: string, name: "attributes" | "exclude"): string[] {
  const file = infoFile(commonDir, name)
  if (!existsSync(file)) return []
  const lines = readFileSync(file, "utf8").split("\n")
  const from = lines.indexOf(BEGIN)
  const to = lines.indexOf(FINISH, from + 1)
  return from === -1 || to === -1 ? [] : lines.slice(from + 1, to).filter(Boolean)
}

/** Sets egc's section of an info file to `lines` (none: the section goes); the person's lines stay. */
export function setSection(commonDir: string, name: "attributes" | "exclude", lines: string[]): void {
  const file = infoFile(commonDir, name)
  const text = existsSync(file) ? readFileSync(file, "utf8") : ""
  const all = text.split("\n")
  const from = all.indexOf(BEGIN)
  const to = from === -1 ? -1 : all.indexOf(FINISH, from + 1)
  const kept = from === -1 || to === -1 ? all : [...all.slice(0, from), ...all.slice(to + 1)]
  while (kept.length && kept.at(-1) === "") kept.pop()
  const section = lines.length ? [BEGIN, ...lines, FINISH] : []
  const next = [...kept, ...section].join("\n")
  const out = next ? `${next}\n` : ""
  if (out === text) return
  try {
    mkdirSync(join(commonDir, "info"), { recursive: true })
    // a file that held only egc's lines goes with them
    if (out === "") unlinkSync(file)
    else writeFileSync(file, out)
  } catch (cause) {
    throw new EgcError("E_IO", `cannot write ${file}`, { cause })
  }
}

export const attributeLine = (rel: string) => `/${rel} filter=${FILTER}`
export const excludeLine = (rel: string) => `/${rel}`
export const guardedPaths = (commonDir: string): string[] =>
  sectionLines(commonDir, "attributes")
    .map((l) => /^\/(\S+) filter=egc-mirror$/.exec(l)?.[1])
    .filter((p): p is string => !!p)
