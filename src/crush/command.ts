/**
 * Just enough shell parsing to choose a filter and judge a rewrite: quoted words, operators
 * (`|`, `&&`, `;`, redirections), env prefixes, and wrappers such as `npx`, `pnpm exec` or
 * `uv run` peeled off to find the program that really runs.
 */
export interface Token {
  kind: "word" | "op"
  value: string
  /** Offset just past the token in the command text (operators only). */
  end?: number
}

const OPS = ["&&", "||", "|&", ">>", "&>", "2>&1", ";;", "|", "&", ";", ">", "<", "(", ")"]

export function tokenize(command: string): Token[] | undefined {
  const out: Token[] = []
  let word = ""
  let inWord = false
  let i = 0
  const flush = () => {
    if (inWord) out.push({ kind: "word", value: word })
    word = ""
    inWord = false
  }
  while (i < command.length) {
    const c = command[i] as string
    if (c === "'") {
      const end = command.indexOf("'", i + 1)
      if (end === -1) return undefined
      word += command.slice(i + 1, end)
      inWord = true
      i = end + 1
      continue
    }
    if (c === '"') {
      let j = i + 1
      while (j < command.length && command[j] !== '"') j += command[j] === "\\" ? 2 : 1
      if (j >= command.length) return undefined
      word += command.slice(i + 1, j).replace(/\\(["\\$`])/g, "$1")
      inWord = true
      i = j + 1
      continue
    }
    if (c === "\\" && i + 1 < command.length) {
      word += command[i + 1]
      inWord = true
      i += 2
      continue
    }
    if (c === " " || c === "\t") {
      flush()
      i++
      continue
    }
    if (c === "\n") {
      flush()
      out.push({ kind: "op", value: ";" })
      i++
      continue
    }
    const op = OPS.find((o) => command.startsWith(o, i))
    if (op) {
      // `2>file`, `1>>log`: the fd number glued to a redirection belongs to it
      if ((op === ">" || op === ">>") && inWord && /^\d+$/.test(word)) inWord = false
      flush()
      out.push({ kind: "op", value: op, end: i + op.length })
      i += op.length
      continue
    }
    word += c
    inWord = true
    i++
  }
  flush()
  return out
}

const ENV_ASSIGN = /^[A-Za-z_][A-Za-z0-9_]*=/

/** Words of the first simple command, env prefixes and wrappers removed: `npx jest -w` → `jest -w`. */
export function programWords(command: string): string[] {
  const tokens = tokenize(command) ?? command.split(/\s+/).map((value) => ({ kind: "word" as const, value }))
  const words: string[] = []
  for (const t of tokens) {
    if (t.kind === "op") {
      // `cd dir && cmd`: judge the command that produces the output
      if ((t.value === "&&" || t.value === ";") && words[0] === "cd") {
        words.length = 0
        continue
      }
      break
    }
    words.push(t.value)
  }
  return unwrap(words)
}

const FLAG_WITH_VALUE = new Set([
  "-p",
  "--package",
  "-c",
  "--cwd",
  "-C",
  "--dir",
  "--filter",
  "-w",
  "--workspace",
  "--with",
  "--python",
  "--project",
])

function skipFlags(words: string[], from: number): number {
  let i = from
  while (i < words.length && (words[i] ?? "").startsWith("-")) {
    if (words[i] === "--") return i + 1
    i += FLAG_WITH_VALUE.has(words[i] ?? "") ? 2 : 1
  }
  return i
}

function unwrap(input: string[]): string[] {
  let words = input
  for (let guard = 0; guard < 8 && words.length; guard++) {
    let i = 0
    while (i < words.length && ENV_ASSIGN.test(words[i] ?? "")) i++
    words = words.slice(i)
    const [head = "", second = ""] = words
    const name = head.split("/").pop() ?? head
    if (
      [
        "npx",
        "bunx",
        "pnpx",
        "time",
        "nice",
        "nohup",
        "command",
        "builtin",
        "exec",
        "stdbuf",
        "timeout",
        "xvfb-run",
        "dotenv",
      ].includes(name)
    ) {
      let next = skipFlags(words, 1)
      if (name === "timeout" && next < words.length) next++
      if (name === "stdbuf") next = skipFlags(words, 1)
      words = words.slice(next)
      continue
    }
    if (name === "env") {
      words = words.slice(skipFlags(words, 1))
      continue
    }
    if (["pnpm", "yarn", "npm", "bun"].includes(name) && ["exec", "dlx", "x"].includes(second)) {
      words = words.slice(skipFlags(words, 2))
      continue
    }
    if (
      ["uv", "poetry", "pipenv", "pdm", "hatch", "rye", "bundle", "conda", "mamba", "pixi"].includes(name) &&
      ["run", "exec"].includes(second)
    ) {
      words = words.slice(skipFlags(words, 2))
      continue
    }
    if (/^python[\d.]*$/.test(name) && second === "-m" && words[2]) {
      words = words.slice(2)
      continue
    }
    if (name === "sudo") {
      words = words.slice(skipFlags(words, 1))
      continue
    }
    break
  }
  return words.length ? [(words[0] ?? "").split("/").pop() ?? "", ...words.slice(1)] : []
}
