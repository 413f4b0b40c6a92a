import { existsSync } from "node:fs"
import { resolve } from "node:path"
import { type Arg, type Invocation, literal, type Walk } from "../invocation"
import { atRisk, hasStash, isRef, type Loss, nameFiles } from "../recover"
import { ALLOW, stricter, type Verdict } from "../types"
import { ask, deny } from "./finding"
import type { Rule } from "./index"
import { own } from "../../core/own"

const GLOBAL_VALUED =
  /^(-C|-c|--git-dir|--work-tree|--namespace|--exec-path|--config-env|--super-prefix|--list-cmds|--attr-source)$/
const EXEC_CONFIG =
  /^(core\.(hookspath|sshcommand|pager|editor|fsmonitor|gitproxy|askpass)|credential\..*helper|diff\.external|include\.path|includeif\..*\.path|alias\..*|filter\..*\.(clean|smudge|process)|diff\..*\.(command|textconv)|merge\..*\.driver|sequence\.editor|gpg\.program|protocol\..*\.allow)$/

/** A parsed git invocation: the subcommand and its words, with global options set aside. */
interface GitCall {
  sub: string
  args: string[]
  configs: string[]
}

function parseGit(words: Arg[]): GitCall | undefined {
  const configs: string[] = []
  let i = 1
  while (i < words.length) {
    const t = words[i]!.text
    if (t === "-c") configs.push(words[i + 1]?.text ?? "")
    else if (t.startsWith("-c") && t.length > 2 && !t.startsWith("--")) configs.push(t.slice(2))
    if (GLOBAL_VALUED.test(t)) i += 2
    else if (t.startsWith("-")) i++
    else break
  }
  const sub = words[i]?.text.toLowerCase()
  if (!sub) return undefined
  return { sub, args: words.slice(i + 1).map((w) => normalizeOption(w.text)), configs }
}

/** Options are matched case-insensitively (`--HARD`), and look-alike dashes count as dashes. */
const normalizeOption = (t: string): string => (t.startsWith("--") ? t.toLowerCase() : t)

/** Short options bundled in one word (`-qf`), up to the first that takes a value. */
function shortFlags(t: string, valued = ""): string {
  if (!/^-[a-zA-Z]/.test(t) || t.startsWith("--")) return ""
  let out = ""
  for (const ch of t.slice(1)) {
    out += ch
    if (valued.includes(ch)) break
  }
  return out
}

const has = (args: string[], re: RegExp): boolean => args.some((a) => re.test(a))
const shortHas = (args: string[], ch: string, valued = ""): boolean =>
  args.some((a) => shortFlags(a, valued).includes(ch))

const STASH = "git stash (or commit) first, so the work can be recovered"

const SUBCOMMANDS: Record<string, (args: string[], protectedBranches: readonly string[]) => Verdict> = {
  reset(args) {
    const mode = args.find((a) => /^--(ha|har|hard|me|mer|merg|merge)$/.test(a))
    if (mode)
      return deny(
        "git.reset-hard",
        `git reset ${mode} discards uncommitted changes for good`,
        `${STASH}; or use git reset --soft / --mixed`,
      )
    return ALLOW
  },
  checkout(args) {
    const { positionals, dashdash, flags } = split(
      args,
      /^(-b|-B|--orphan|--conflict|-U|--unified|--inter-hunk-context|--track|-t)$/,
      "bB",
    )
    if (flags.some((f) => /^--pathspec-from-file/.test(f)))
      return deny(
        "git.checkout-paths",
        "git checkout with a pathspec file overwrites those files' uncommitted changes",
        STASH,
      )
    if (flags.some((f) => f === "--force" || shortFlags(f, "bBU").includes("f")))
      return deny("git.checkout-force", "git checkout --force throws away uncommitted changes", STASH)
    if (
      flags.some(
        (f) => /^-[bB]|^--orphan/.test(f) || shortFlags(f, "bB").includes("b") || shortFlags(f, "bB").includes("B"),
      )
    )
      return ALLOW
    if (dashdash >= 0 && positionals.length > dashdash)
      return deny("git.checkout-paths", "git checkout -- <paths> overwrites uncommitted changes in those files", STASH)
    if (positionals.length >= 1 && flags.some((f) => /^(--ours|--theirs|-p|--patch|--merge|-m)$/.test(f)))
      return deny(
        "git.checkout-paths",
        "git checkout --ours/--theirs/--patch/--merge <paths> overwrites working-tree changes in those files",
        STASH,
      )
    if (positionals.length >= 2)
      return deny(
        "git.checkout-paths",
        "git checkout <ref> <paths> overwrites uncommitted changes in those files",
        STASH,
      )
    if (positionals.length === 1 && /^(\.|\.\/.*|:\/.*|\*.*)$/.test(positionals[0]!))
      return deny("git.checkout-paths", `git checkout ${positionals[0]} discards uncommitted changes`, STASH)
    return ALLOW
  },
  restore(args) {
    const staged = has(args, /^--staged$/) || shortHas(args, "S", "s")
    const worktree = has(args, /^--worktree$/) || shortHas(args, "W", "s")
    if (staged && !worktree) return ALLOW
    if (!args.some((a) => !a.startsWith("-"))) return ALLOW
    return deny(
      "git.restore-worktree",
      "git restore overwrites uncommitted changes in the working tree",
      `${STASH}; git restore --staged only unstages`,
    )
  },
  switch(args) {
    if (has(args, /^(--force|--discard-changes)$/) || shortHas(args, "f", "cC"))
      return deny("git.switch-force", "git switch --force / --discard-changes throws away uncommitted changes", STASH)
    return ALLOW
  },
  clean(args) {
    const dry = has(args, /^(--dry-run|--interactive)$/) || shortHas(args, "n", "e") || shortHas(args, "i", "e")
    const force = has(args, /^--force$/) || shortHas(args, "f", "e")
    if (force && !dry)
      return deny(
        "git.clean-force",
        "git clean -f deletes untracked files, which git cannot bring back",
        "run git clean -n first to see what would go, or git stash -u",
      )
    return ALLOW
  },
  push(args, protectedBranches) {
    const force = has(args, /^--force(?!-with-lease(=.*)?$|-if-includes$)/) || shortHas(args, "f", "o")
    if (force)
      return deny(
        "git.push-force",
        "git push --force overwrites the remote branch and can destroy others' commits",
        "git push --force-with-lease",
      )
    if (has(args, /^--prune$/))
      return ask(
        "git.push-prune",
        "git push --prune deletes every remote branch that has no local counterpart",
        "delete the remote branches you mean by name",
      )
    if (has(args, /^--mirror$/))
      return deny(
        "git.push-mirror",
        "git push --mirror overwrites and deletes every ref on the remote",
        "push the branches you mean, one by one",
      )
    const refs = args.filter((a) => !a.startsWith("-")).slice(1)
    if (refs.some((r) => r.startsWith("+")))
      return deny(
        "git.push-force",
        `git push ${refs.find((r) => r.startsWith("+"))} force-updates the remote branch`,
        "git push --force-with-lease",
      )
    const deleting = has(args, /^(--delete|-d)$/) ? refs : refs.filter((r) => r.startsWith(":")).map((r) => r.slice(1))
    if (deleting.length) {
      const hit = deleting.find((r) => protectedBranches.includes(r.replace(/^refs\/heads\//, "")))
      return hit
        ? deny("git.push-delete-protected", `deletes the protected branch ${hit} on the remote`)
        : ask("git.push-delete", `deletes ${deleting.join(", ")} on the remote`)
    }
    return ALLOW
  },
  branch(args) {
    const del = has(args, /^--delete$/) || shortHas(args, "d")
    const force = has(args, /^--force$/) || shortHas(args, "f")
    if (shortHas(args, "D") || (del && force))
      return deny(
        "git.branch-force-delete",
        "git branch -D deletes a branch even if its commits are not merged anywhere",
        "git branch -d, which refuses to drop unmerged work",
      )
    return ALLOW
  },
  stash(args) {
    const sub = args.find((a) => !a.startsWith("-"))
    if (sub === "drop" || sub === "clear")
      return deny(
        `git.stash-${sub}`,
        `git stash ${sub} deletes stashed work for good`,
        "git stash list / git stash show first; keep it with git stash branch",
      )
    return ALLOW
  },
  "filter-branch": () =>
    deny("git.history-rewrite", "git filter-branch rewrites the whole history", "work on a fresh clone"),
  "filter-repo": () =>
    deny("git.history-rewrite", "git filter-repo rewrites the whole history", "work on a fresh clone"),
  reflog(args) {
    const sub = args.find((a) => !a.startsWith("-"))
    return sub === "expire" || sub === "delete"
      ? deny("git.reflog-expire", "expiring the reflog removes the last way back to lost commits")
      : ALLOW
  },
  gc(args) {
    return has(args, /^--prune=(now|all)$/)
      ? deny(
          "git.gc-prune-now",
          "git gc --prune=now deletes unreachable commits at once",
          "plain git gc keeps a grace period",
        )
      : ALLOW
  },
  prune: () => ask("git.prune", "git prune deletes unreachable objects"),
  worktree(args) {
    const sub = args.find((a) => !a.startsWith("-"))
    if (sub !== "remove") return ALLOW
    const before = args.slice(0, args.indexOf("--") === -1 ? undefined : args.indexOf("--"))
    return has(before, /^--force$/) || shortHas(before, "f")
      ? deny(
          "git.worktree-remove-force",
          "git worktree remove --force deletes a worktree with uncommitted changes",
          "commit or stash in that worktree, then remove it",
        )
      : ALLOW
  },
  config(args) {
    if (has(args, /^(--get|--get-all|--get-regexp|--list|-l)$/)) return ALLOW
    if (has(args, /^(--remove-section|--unset-all|--rename-section)$/))
      return ask("git.config-destructive", "removes git configuration")
    const key = args.find((a) => !a.startsWith("-"))?.toLowerCase()
    const value = args.filter((a) => !a.startsWith("-"))[1]
    if (key && EXEC_CONFIG.test(key) && value !== undefined)
      return ask("git.config-exec", `setting ${key} makes git run a program of your choosing`)
    return ALLOW
  },
  "update-ref": (args) => (has(args, /^-d$/) ? ask("git.update-ref-delete", "deletes a ref directly") : ALLOW),
  "symbolic-ref": () => ALLOW,
}

function split(
  args: string[],
  valued: RegExp,
  shortValued: string,
): { positionals: string[]; dashdash: number; flags: string[] } {
  const positionals: string[] = []
  const flags: string[] = []
  let dashdash = -1
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (a === "--") {
      dashdash = positionals.length
      positionals.push(...args.slice(i + 1))
      break
    }
    if (a === "-" || !a.startsWith("-")) positionals.push(a)
    else {
      flags.push(a)
      const sf = shortFlags(a, shortValued)
      const gluedValue = sf.length && shortValued.includes(sf.at(-1)!) && a.length > sf.length + 1
      if (valued.test(a) && !a.includes("=")) {
        if (!(a === "--track" || a === "-t") || /^(direct|inherit)$/.test(args[i + 1] ?? "")) i++
      } else if (sf.length && shortValued.includes(sf.at(-1)!) && !gluedValue) i++
    }
  }
  return { positionals, dashdash, flags }
}

export const gitRule: Rule = (inv, walk) => {
  const call = parseGit(inv.args)
  if (!call) return ALLOW
  nestedCommands(call, inv, walk)
  const judge = own(SUBCOMMANDS, call.sub)
  const args = call.sub === "checkout" || call.sub === "restore" ? call.args : operandsAfterDashDash(call.args)
  const verdict = recoverability(call, judge ? judge(args, walk.scene.protectedBranches) : ALLOW, gitCwd(inv))
  const badConfig = call.configs.find((c) => EXEC_CONFIG.test(c.split("=")[0]!.toLowerCase()))
  return badConfig
    ? stricter(
        verdict,
        ask("git.config-exec", `git -c ${badConfig.split("=")[0]} makes git run a program of your choosing`),
      )
    : verdict
}

/**
 * After `--` every word is an operand, however it looks: `git branch -d -- -feature` deletes a branch
 * named -feature and forces nothing. Such words are marked (a NUL, which no parsed word holds) so
 * the option tests pass over them. checkout and restore read `--` themselves.
 */
function operandsAfterDashDash(args: string[]): string[] {
  const at = args.indexOf("--")
  return at === -1
    ? args
    : [...args.slice(0, at + 1), ...args.slice(at + 1).map((a) => (a.startsWith("-") ? `\0${a}` : a))]
}

/** Where git runs: the walk's working directory, moved by `-C DIR` options. */
function gitCwd(inv: Invocation): string | undefined {
  let cwd = inv.state.cwd
  for (let i = 1; i < inv.args.length; i++) {
    const t = inv.args[i]!.text
    if (t === "-C") {
      const dir = inv.args[i + 1]
      cwd = !dir || dir.unknown || cwd === undefined ? undefined : resolve(cwd, dir.text)
      i++
    } else if (!t.startsWith("-")) break
  }
  return cwd
}

const DISCARDS = new Set([
  "git.reset-hard",
  "git.checkout-paths",
  "git.restore-worktree",
  "git.clean-force",
  "git.stash-drop",
  "git.stash-clear",
])

/**
 * Commands that discard work are judged by the work there is: a clean tree loses nothing to
 * `reset --hard` (to HEAD; to another commit it also drops commits, and stays denied), `checkout -- <path>` or `restore` of an unchanged file, `clean -f` with nothing
 * untracked, `stash drop` with no stash. When the state cannot be read the rule's own verdict stands.
 * A lone `git checkout NAME` that names no ref but an existing path is a restore of that path.
 */
function recoverability(call: GitCall, verdict: Verdict, cwd: string | undefined): Verdict {
  if (!cwd) return verdict
  const { sub, args } = call
  if (sub === "checkout" && verdict.decision === "allow") {
    const { positionals, flags } = split(
      args,
      /^(-b|-B|--orphan|--conflict|-U|--unified|--inter-hunk-context|--track|-t)$/,
      "bB",
    )
    if (positionals.length !== 1 || flags.some((f) => /^-[bB]|^--orphan|^--detach$|^-t$|^--track/.test(f)))
      return verdict
    const name = positionals[0]!
    if (isRef(cwd, name) !== false || !existsSync(resolve(cwd, name))) return verdict
    return judgeLoss(
      [resolve(cwd, name)],
      "worktree",
      `git checkout ${name} overwrites uncommitted changes in`,
      verdict,
      "deny",
    )
  }
  if (!verdict.rule || !DISCARDS.has(verdict.rule)) return verdict
  if (sub === "stash") return hasStash(cwd) === false ? ALLOW : verdict
  if (sub === "clean") {
    if (has(args, /^-[a-zA-Z]*[xX]/)) return verdict
    return judgeLoss(
      pathsOf(args, cwd, /^(-e|--exclude)$/),
      "untracked",
      "git clean -f deletes untracked files",
      verdict,
    )
  }
  if (sub === "reset") {
    // moving the branch to another commit also drops commits from it (only the reflog keeps them)
    const target = args.find((a) => !a.startsWith("-"))
    if (target && target !== "HEAD" && target !== "@") return verdict
    return judgeLoss([cwd], "all", "git reset --hard discards uncommitted changes in", verdict)
  }
  if (sub === "restore") {
    const both = has(args, /^(--staged|-S)$/) || shortHas(args, "S", "s")
    return judgeLoss(
      pathsOf(args, cwd, /^(-s|--source|--pathspec-from-file)$/),
      both ? "all" : "worktree",
      "git restore overwrites uncommitted changes in",
      verdict,
    )
  }
  if (sub === "checkout") {
    if (has(args, /^--pathspec-from-file/)) return verdict
    const { positionals, dashdash } = split(
      args,
      /^(-b|-B|--orphan|--conflict|-U|--unified|--inter-hunk-context|--track|-t)$/,
      "bB",
    )
    const ref = dashdash > 0 || (dashdash < 0 && positionals.length >= 2) ? positionals[0] : undefined
    const paths = (dashdash >= 0 ? positionals.slice(dashdash) : ref ? positionals.slice(1) : positionals).map((p) =>
      resolve(cwd, p),
    )
    return judgeLoss(paths, ref ? "all" : "worktree", "git checkout overwrites uncommitted changes in", verdict)
  }
  return verdict
}

function pathsOf(args: string[], cwd: string, valued: RegExp): string[] {
  const out: string[] = []
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (a === "--") {
      out.push(...args.slice(i + 1))
      break
    }
    if (valued.test(a)) i++
    else if (!a.startsWith("-")) out.push(a)
  }
  // pathspec magic (`:/`, `:(glob)`) is resolved by git itself: such a call keeps the rule's verdict
  return (out.length ? out : ["."]).map((p) => (p.startsWith(":") ? "*" : resolve(cwd, p)))
}

function judgeLoss(
  paths: string[],
  loss: Loss,
  what: string,
  verdict: Verdict,
  level: "deny" | "keep" = "keep",
): Verdict {
  if (paths.some((p) => /[*?[]/.test(p))) return verdict
  const risk = atRisk(paths, loss)
  if (!risk.known) return verdict
  if (!risk.files.length) return ALLOW
  const rule = verdict.rule ?? "git.checkout-paths"
  return {
    decision: level === "deny" ? "deny" : verdict.decision === "allow" ? "deny" : verdict.decision,
    rule,
    reason: `${what} ${nameFiles(risk.files)}, which git cannot bring back`,
    alternative: STASH,
  }
}

/** Commands git runs for you: `submodule foreach`, `rebase --exec`/`-x`, `bisect run`. */
function nestedCommands(call: GitCall, inv: Invocation, walk: Walk): void {
  const { sub, args } = call
  if (sub === "submodule" && args.includes("foreach")) {
    const rest = args
      .slice(args.indexOf("foreach") + 1)
      .filter((a) => a !== "--recursive" && a !== "-q" && a !== "--quiet")
    if (rest.length) walk.script(rest.join(" "), inv.state, "git submodule foreach")
  }
  if (sub === "rebase") {
    for (let i = 0; i < args.length; i++) {
      if (args[i] === "--exec" || args[i] === "-x") walk.script(args[i + 1] ?? "", inv.state, "git rebase --exec")
      else if (args[i]!.startsWith("--exec=")) walk.script(args[i]!.slice(7), inv.state, "git rebase --exec")
    }
  }
  if (sub === "bisect" && args[0] === "run" && args.length > 1) walk.run({ ...inv, args: args.slice(1).map(literal) })
  if (sub === "config") {
    const [key, value] = args.filter((a) => !a.startsWith("-"))
    if (key?.toLowerCase().startsWith("alias.") && value?.startsWith("!"))
      walk.script(value.slice(1), inv.state, `the git alias ${key.slice(6)}`)
  }
  for (const c of call.configs) {
    const eq = c.indexOf("=")
    if (c.toLowerCase().startsWith("alias.") && c[eq + 1] === "!")
      walk.script(c.slice(eq + 2), inv.state, "a git alias given with -c")
  }
}
