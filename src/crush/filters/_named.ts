/**
 * Names the agent's command line gave: a package (`npm ls qs`), a search pattern (`git log
 * --grep=router`, `grep -rn PAT`). Lines and JSON entries carrying them are never sampled away.
 */
const PKG_QUERY = new Set(["ls", "list", "la", "ll", "why", "explain", "view", "info", "show", "outdated", "tree"])
const VALUE_FLAGS = new Set(["-e", "--regexp", "-S", "-G", "--grep", "--author", "-p", "--package", "-i", "--invert"])

export function namedTerms(words: readonly string[]): string[] {
  const [name = "", sub = ""] = words
  const out: string[] = []
  const flagValue = (w: string, i: number): string | undefined => {
    const eq = /^(--grep|--author|--regexp|--package)=(.+)$/.exec(w)
    if (eq) return eq[2]
    return VALUE_FLAGS.has(w) ? words[i + 1] : undefined
  }
  if (
    ["npm", "pnpm", "yarn", "bun", "pip", "pip3", "uv", "cargo", "gem", "composer"].includes(name) &&
    PKG_QUERY.has(sub)
  ) {
    for (let i = 2; i < words.length; i++) {
      const w = words[i] ?? ""
      const v = flagValue(w, i)
      if (v !== undefined) {
        out.push(v)
        i++
      } else if (!w.startsWith("-")) out.push(w.replace(/(.)@[^/]*$/, "$1"))
    }
    return clean(out)
  }
  if (name === "git" || name === "grep" || name === "egrep" || name === "rg" || name === "ag" || name === "ack") {
    let pattern = name !== "git"
    for (let i = 1; i < words.length; i++) {
      const w = words[i] ?? ""
      if (w === "--") break
      const v = flagValue(w, i)
      if (v !== undefined) {
        out.push(v)
        if (!w.includes("=")) i++
        pattern = false
      } else if (name === "git" && w === "grep") pattern = true
      else if (pattern && !w.startsWith("-")) {
        out.push(w)
        pattern = false
      }
    }
  }
  return clean(out)
}

// regex syntax is dropped to the longest literal run: `fix(ed)?:` looks for `fix`
function clean(terms: string[]): string[] {
  return terms
    .map((t) => t.split(/[\\^$.*+?()[\]{}|]/).sort((a, b) => b.length - a.length)[0] ?? "")
    .filter((t) => t.length >= 2)
}
