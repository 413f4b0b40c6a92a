import { type Arg, baseName, literal, placeholder, type Scene, type WalkState } from "../invocation"
import { atRisk, isRebuildable, nameFiles } from "../recover"
import { basename } from "node:path"
import { classify, containsCwd, dirname, inside, isProtected, resolveArg } from "../paths"
import { ALLOW, stricter, type Verdict } from "../types"
import { ask, deny } from "./finding"
import { inSecretDir, isSecretName, sensitiveWrite } from "./sensitive"
import { statSync } from "node:fs"
import type { Rule } from "./index"

const TRASH = "move it aside (mv to a dated folder, or the trash), or delete a path inside the project such as ./build"

/** Name patterns of files that are always rebuildable or junk: compiled objects, caches, logs, editor backups. */
const JUNK =
  /^(\*?\.(pyc|pyo|o|obj|class|log|tmp|swp|swo|orig|rej|bak)|__pycache__|\.DS_Store|\*~|\.pytest_cache|node_modules|Thumbs\.db)$/

interface RmFlags {
  recursive: boolean
  force: boolean
  noPreserveRoot: boolean
  targets: Arg[]
}

function rmFlags(args: Arg[]): RmFlags {
  const f: RmFlags = { recursive: false, force: false, noPreserveRoot: false, targets: [] }
  let options = true
  for (const a of args.slice(1)) {
    const t = a.text
    if (options && t === "--") options = false
    else if (options && t.startsWith("--")) {
      if (t === "--recursive") f.recursive = true
      else if (t === "--force") f.force = true
      else if (t === "--no-preserve-root") f.noPreserveRoot = true
    } else if (options && /^-[a-zA-Z]+$/.test(t)) {
      if (/[rR]/.test(t)) f.recursive = true
      if (t.includes("f")) f.force = true
    } else f.targets.push(a)
  }
  return f
}

/** Recursive deletes are judged by target: root, home, system dirs and the project root are denied. */
const rm: Rule = (inv, walk) => {
  const f = rmFlags(inv.args)
  if (f.noPreserveRoot) return deny("fs.rm-root", "rm --no-preserve-root exists only to delete /", TRASH)
  let verdict = ALLOW
  for (const target of f.targets) verdict = stricter(verdict, rmTarget(target, f, inv.state, walk.scene))
  return verdict
}

function rmTarget(target: Arg, f: RmFlags, state: WalkState, scene: Scene): Verdict {
  if (target.unknown && target.hint) {
    let verdict = ALLOW
    for (const word of target.hint.split(/\s+/).filter(Boolean))
      verdict = stricter(verdict, rmTarget(literal(word), f, state, scene))
    return verdict
  }
  const abs = resolveArg(target, state, scene)
  const what = target.text
  if (!abs) {
    // one match of find -exec: find's own rule has judged where the matches come from
    if (target.unknown && target.text === "{}" && target.many === false) return ALLOW
    if (target.many)
      return massDelete(
        target.roots ?? (state.cwd ? [state.cwd] : []),
        `rm ${f.recursive ? "-r " : ""}on every path it is fed`,
        scene,
      )
    if (!f.recursive) return ALLOW
    if (/^\$\{?[A-Za-z_]\w*\}?\/\*?$/.test(what))
      return deny(
        "fs.rm-unset-var",
        `rm -r ${what} deletes / when the variable is empty or unset`,
        "rm -rf ./build, or guard the variable: ${VAR:?}",
      )
    if (!f.force) return ALLOW
    return ask(
      "fs.rm-unknown-target",
      `rm -rf on ${what}, whose value is only known at run time`,
      "expand the path first and delete it explicitly",
    )
  }
  const kind = classify(abs, scene)
  if (isProtected(abs, scene)) return deny("fs.rm-protected", `${abs} is a protected path in the guard policy`, TRASH)
  if (kind === "root") return deny("fs.rm-root", "deletes the whole filesystem", TRASH)
  if (kind === "home") return deny("fs.rm-home", "deletes your home directory", TRASH)
  if (kind === "project-root" || (containsCwd(abs, state) && kind !== "temp"))
    return deny(
      "fs.rm-project-root",
      `deletes ${abs}, the project or working directory itself`,
      "delete the build output inside it, e.g. rm -rf ./build",
    )
  if (
    f.recursive &&
    target.glob &&
    kind === "in-project" &&
    dirname(abs) === scene.projectRoot &&
    /^[.*?[\]!^]+$/.test(basename(abs))
  )
    return deny(
      "fs.rm-project-root",
      `rm -r ${what} empties the project root`,
      "name the folders to delete, e.g. rm -rf ./build ./dist",
    )
  if (kind === "system")
    return f.recursive
      ? deny("fs.rm-system", `recursive delete of the system path ${abs}`, TRASH)
      : ask("fs.rm-system-file", `deletes the system file ${abs}`)
  const mass = f.recursive || target.glob
  if (!mass) return ALLOW
  if (kind === "project-git")
    return deny(
      "fs.rm-git-dir",
      "deletes the repository's .git directory and all history",
      "clone again or use git commands",
    )
  if (kind === "temp") return ALLOW
  if (kind === "in-project")
    return !f.recursive && JUNK.test(basename(abs))
      ? ALLOW
      : recoverable(abs, `rm ${f.recursive ? "-r " : ""}${what}`, scene)
  // rm -r without -f still deletes everything it may write; -f only silences the prompts for the rest
  const level = f.recursive && f.force ? deny : ask
  if (kind === "outside" && f.recursive && !f.force) return ALLOW
  if (kind === "home-sub")
    return level("fs.rm-home", `rm ${f.recursive ? "-r" : ""} ${what} deletes ${abs} inside your home directory`, TRASH)
  return level(
    "fs.rm-outside",
    `rm ${f.recursive ? "-r" : ""} ${what} deletes ${abs}, outside the project and temp folders`,
    TRASH,
  )
}

/** Emptying or shrinking a file: judged like deleting its content (temp files and new files pass). */
export function truncation(abs: string, what: string, scene: Scene): Verdict {
  const kind = classify(abs, scene)
  if (kind === "temp" || abs === "/dev/null") return ALLOW
  if (kind === "project-git") return deny("fs.truncate-git", `${what} empties ${abs}, inside .git`, "use git commands")
  if (isSecretName(abs) || inSecretDir(abs, scene.home))
    return ask("fs.truncate-secret", `${what} empties ${abs}, a secrets or key file`, "move it aside first")
  if (kind === "in-project") return recoverable(abs, what, scene)
  // a file that is not there loses nothing, when its folder can be seen
  if (!exists(abs) && exists(dirname(abs))) return ALLOW
  return ask(
    "fs.truncate",
    `${what} empties ${abs}, whose content cannot be brought back`,
    "move it aside first (mv file file.bak)",
  )
}

/** `truncate -s 0` / `-s -2G` / `-s <N` shrink files; growing them (`-s 10G`, `-s +50M`) loses nothing. */
const truncate: Rule = (inv, walk) => {
  const args = inv.args
  let size: string | undefined
  const targets: Arg[] = []
  for (let i = 1; i < args.length; i++) {
    const t = args[i]!.text
    if (t === "-s" || t === "--size") size = args[++i]?.text
    else if (/^-s./.test(t)) size = t.slice(2)
    else if (t.startsWith("--size=")) size = t.slice(7)
    else if (t === "-r" || t === "--reference") size = `ref:${args[++i]?.text ?? ""}`
    else if (!t.startsWith("-")) targets.push(args[i]!)
  }
  if (size === undefined || !/^(0+[KMGTPEZY]?(i?B)?|-.*|<.*|\/.*|%.*|ref:.*)$/i.test(size)) return ALLOW
  let verdict = ALLOW
  for (const t of targets) {
    const abs = resolveArg(t, inv.state, walk.scene)
    verdict = stricter(
      verdict,
      abs
        ? truncation(abs, `truncate -s ${size.replace(/^ref:/, "")}`, walk.scene)
        : ask("fs.truncate", `truncate -s ${size} on ${t.text}, only known at run time`),
    )
  }
  return verdict
}

const exists = (abs: string): boolean => {
  try {
    statSync(abs)
    return true
  } catch {
    return false
  }
}

/**
 * A delete inside the project is judged by what it would lose: build output and caches, clean
 * tracked files (git checkout brings them back) and ignored files pass; uncommitted changes and
 * untracked files deny, naming them; a state that cannot be read in time asks.
 */
function recoverable(abs: string, what: string, scene: Scene): Verdict {
  if (isRebuildable(abs, scene.projectRoot)) return ALLOW
  // a path that is not there loses nothing, when the project around it can be seen
  const seen = scene.projectRoot !== undefined && exists(scene.projectRoot)
  if (!exists(abs) && seen) return ALLOW
  const risk = seen
    ? atRisk([abs], "delete")
    : { known: false as const, why: `the project folder ${scene.projectRoot ?? ""} cannot be read` }
  if (!risk.known)
    return ask(
      "fs.delete-unknown-state",
      `${what}: ${risk.why}; whether it holds uncommitted work cannot be checked`,
      "commit or stash first, or delete only build output",
    )
  if (risk.files.length)
    return deny(
      "fs.delete-uncommitted",
      `${what} destroys work git cannot bring back: ${nameFiles(risk.files)}`,
      "commit or stash it first (git stash -u), then delete",
    )
  return ALLOW
}

/** Deletes of files only known at run time (`find … -delete`, `… | xargs rm`), judged by the folders they come from. */
function massDelete(roots: string[], what: string, scene: Scene, filtered = true): Verdict {
  if (!roots.length)
    return ask(
      "fs.mass-delete",
      `${what}, whose paths are only known at run time`,
      "list the files first, then delete them by name",
    )
  let verdict = ALLOW
  for (const root of roots) {
    const kind = classify(root, scene)
    if (kind === "temp" && !filtered && /^\/(tmp|var\/tmp|private\/tmp|dev\/shm)\/?$/.test(root))
      verdict = stricter(
        verdict,
        ask(
          "fs.mass-delete",
          `${what} under ${root}, the whole shared temp folder (other programs' files too)`,
          "delete your own folder inside it",
        ),
      )
    if (kind === "root" || kind === "home" || kind === "system")
      verdict = stricter(verdict, deny("fs.mass-delete", `${what} under ${root}`, TRASH))
    else if (kind === "home-sub" || kind === "outside")
      verdict = stricter(
        verdict,
        ask(
          "fs.mass-delete",
          `${what} under ${root}, outside the project`,
          "list the files first, then delete them by name",
        ),
      )
    else if (kind === "project-git" || (!filtered && scene.projectRoot && inside(`${scene.projectRoot}/.git`, root)))
      verdict = stricter(
        verdict,
        deny(
          "fs.rm-git-dir",
          `${what} under ${root} deletes the repository's .git directory too`,
          "add -name/-path filters, or delete build output only",
        ),
      )
    else if (kind === "project-root" || kind === "in-project")
      verdict = stricter(verdict, recoverable(root, what, scene))
  }
  return verdict
}

const FIND_VALUED =
  /^-(name|iname|path|ipath|wholename|iwholename|regex|iregex|type|xtype|newer\w*|perm|user|group|uid|gid|size|[amc]time|[amc]min|maxdepth|mindepth|lname|ilname|samefile|inum|links|fstype|used|printf|fprint|fprint0|fls|context|regextype|D|files0-from)$/

const DELETERS = /^(rm|unlink|shred|rmdir|srm|trash|trash-put|gio)$/

/** `find -delete` deletes whatever matches; `-exec CMD {} ;` runs CMD on each match. */
const find: Rule = (inv, walk) => {
  const args = inv.args
  let verdict = ALLOW
  const firstExpr = args.findIndex((a, k) => k > 0 && (a.text.startsWith("-") || a.text === "(" || a.text === "!"))
  const starts = args.slice(1, firstExpr === -1 ? undefined : firstExpr)
  const names = args
    .filter((_a, k) => /^-(i?name|i?path|i?wholename)$/.test(args[k - 1]?.text ?? ""))
    .map((a) => a.text)
  const junkOnly =
    names.length > 0 &&
    names.every((n) => JUNK.test(n.replace(/^\*\//, ""))) &&
    !args.some((a) => /^(-o|-or|,)$/.test(a.text))
  const deletes = (): Verdict => {
    const roots = starts.length ? starts.map((s) => resolveArg(s, inv.state, walk.scene)) : [inv.state.cwd]
    if (roots.some((r) => r === undefined))
      return junkOnly
        ? ALLOW
        : ask(
            "fs.find-delete",
            "find deletes under a folder only known at run time",
            "run the same find with -print, then delete",
          )
    // logs and caches may go from the project; not from the whole disk, home or the system
    if (junkOnly)
      return roots.some((r) => /^(root|home|system)$/.test(classify(r!, walk.scene)))
        ? deny("fs.find-delete", `find -delete under ${roots.join(" ")}`, TRASH)
        : ALLOW
    return massDelete(roots as string[], "find deleting every match", walk.scene, names.length > 0)
  }
  for (let i = 1; i < args.length; i++) {
    const t = args[i]!.text
    if (FIND_VALUED.test(t)) {
      i++
      if (t === "-fprintf") i++
      continue
    }
    if (t === "-delete") verdict = stricter(verdict, deletes())
    if (t === "-exec" || t === "-execdir" || t === "-ok" || t === "-okdir") {
      const end = args.findIndex((a, k) => k > i && (a.text === ";" || a.text === "+"))
      // each {} is one match: the mass delete is judged here, from find's start folders
      const cmd = args
        .slice(i + 1, end === -1 ? undefined : end)
        .map((a) => (a.text.includes("{}") ? { ...placeholder(a.text), many: false } : a))
      // through wrappers too (`-exec env rm -rf {} ;`): any deleter among the words before the match
      const slot = cmd.findIndex((a) => a.text.includes("{}"))
      if (
        (t === "-exec" || t === "-execdir") &&
        cmd.slice(0, slot === -1 ? undefined : slot).some((a) => DELETERS.test(baseName(a.text)))
      )
        verdict = stricter(verdict, deletes())
      if (cmd.length) walk.run({ ...inv, args: cmd })
      i = end === -1 ? args.length : end
    }
  }
  return verdict
}

/** `fd … -x CMD` / `-X CMD` runs CMD on every match, like find -exec. */
const fd: Rule = (inv, walk) => {
  const at = inv.args.findIndex((a) => /^(-x|--exec|-X|--exec-batch)$/.test(a.text))
  if (at === -1) return ALLOW
  const cmd = inv.args.slice(at + 1).map((a) => (a.text.includes("{") ? placeholder(a.text) : a))
  if (cmd.length) walk.run({ ...inv, args: cmd.some((a) => a.unknown) ? cmd : [...cmd, placeholder()] })
  return ALLOW
}

const dd: Rule = (inv) => {
  const of = inv.args.find((a) => a.text.startsWith("of="))?.text.slice(3)
  if (of && /^\/dev\/(?!null$|zero$|stdout$|stderr$|tty$|fd\/)/.test(of))
    return deny(
      "disk.dd-device",
      `dd writes raw blocks onto ${of}, destroying what is on it`,
      "write the image to a regular file and double-check the device name",
    )
  return ALLOW
}

const shred: Rule = (inv) => {
  const dev = inv.args.find((a) => a.text.startsWith("/dev/"))
  return dev
    ? deny("disk.shred", `shred overwrites ${dev.text}`)
    : ask("fs.shred", "shred destroys file contents beyond recovery", "delete normally, or move the file aside")
}

const recursiveOwner =
  (rule: string, verb: string): Rule =>
  (inv, walk) => {
    const recursive = inv.args.some((a) => /^-[a-zA-Z]*R[a-zA-Z]*$|^--recursive$/.test(a.text))
    const scene = walk.scene
    const mode =
      verb === "chmod"
        ? inv.args.slice(1).find((a) => !a.text.startsWith("-") || /^-[rwxXst]+$/.test(a.text))?.text
        : undefined
    let verdict = ALLOW
    const targets = inv.args
      .slice(1)
      .filter((a) => !a.text.startsWith("-"))
      .slice(1)
    for (const t of targets) {
      const abs = resolveArg(t, inv.state, scene)
      const kind = abs ? classify(abs, scene) : undefined
      if (recursive && (kind === "root" || kind === "system" || kind === "home"))
        verdict = stricter(
          verdict,
          deny(
            rule,
            `recursive ${verb} on ${abs} changes ownership or permissions across the system`,
            `limit it to the project folder, e.g. ${verb} -R ... ./dir`,
          ),
        )
    }
    if (mode && /^([0-7]?[2467][0-7]{3}|[ugoa]*\+[rwx]*s[rwx]*)$/.test(mode))
      verdict = stricter(
        verdict,
        ask(
          "perm.setuid",
          `${verb} ${mode} sets the setuid/setgid bit`,
          "drop the s bit; grant the narrow permission needed",
        ),
      )
    if (mode && /^(0?777|a\+rwx|ugo\+rwx|o\+w|a\+w)$/.test(mode))
      verdict = stricter(
        verdict,
        ask(
          "perm.world-writable",
          `${verb} ${mode} makes files writable by every user`,
          `use the narrowest mode that works, e.g. ${verb} 755 or u+x`,
        ),
      )
    return verdict
  }

/** `cp /dev/null FILE` empties FILE. */
const cp: Rule = (inv, walk, name) => {
  const words = inv.args.slice(1).filter((a) => !a.text.startsWith("-"))
  if (words.length === 2 && words[0]!.text === "/dev/null") {
    const abs = resolveArg(words[1]!, inv.state, walk.scene)
    if (abs) return stricter(truncation(abs, "cp /dev/null", walk.scene), writeTargets(inv, walk, name))
  }
  return writeTargets(inv, walk, name)
}

const SED_EXEC = /(^|[;\n{}])\s*e(\s|$)|s(.)((?:(?!\3)[^\\]|\\.)*)\3((?:(?!\3)[^\\]|\\.)*)\3[gpIiMm0-9]*e/

/** sed's `e` command and the `e` flag of `s///e` run text as a shell command. */
const sed: Rule = (inv, walk) => {
  const args = inv.args
  const scripts: string[] = []
  let explicit = false
  for (let i = 1; i < args.length; i++) {
    const t = args[i]!.text
    if (t === "-e" || t === "--expression") {
      explicit = true
      scripts.push(args[++i]?.text ?? "")
    } else if (t.startsWith("--expression=")) {
      explicit = true
      scripts.push(t.slice(13))
    } else if (t === "-f" || t === "--file" || t === "-l" || t === "--line-length") i++
    else if (!t.startsWith("-") && !explicit && !scripts.length) scripts.push(t)
  }
  for (const script of scripts) {
    const m = SED_EXEC.exec(script)
    if (!m) continue
    if (m[5]) walk.script(m[5], inv.state, "the command sed's e flag runs")
    return ask(
      "interp.sed-exec",
      "sed's e command runs the pattern space as a shell command",
      "do the substitution with sed, and run commands separately",
    )
  }
  return ALLOW
}

const mv: Rule = (inv, walk) => {
  const scene = walk.scene
  const paths = inv.args.slice(1).filter((a) => !a.text.startsWith("-"))
  const dest = paths.at(-1)
  if (dest?.text === "/dev/null") return deny("fs.mv-devnull", "moving onto /dev/null destroys the source", TRASH)
  const into = writeTargets(inv, walk, "mv")
  if (into.decision !== "allow") return into
  for (const src of paths.slice(0, -1)) {
    const abs = resolveArg(src, inv.state, scene)
    const kind = abs ? classify(abs, scene) : undefined
    if (kind === "root" || kind === "home" || (kind === "system" && abs!.split("/").length <= 3))
      return deny("fs.mv-system", `moves ${abs} away`, "copy instead of moving")
  }
  return ALLOW
}

/** rimraf and friends are rm -rf under another name. */
const rmrf: Rule = (inv, walk, name) =>
  rm(
    { ...inv, args: [literal("rm"), literal("-rf"), ...inv.args.slice(1).filter((a) => !a.text.startsWith("-"))] },
    walk,
    name,
  )

/** Writing files onto system paths, start-up files, key folders, devices. */
const writeTargets: Rule = (inv, walk, name) => {
  const words = inv.args.slice(1).filter((a) => !a.text.startsWith("-"))
  const targets = name === "tee" ? words : words.slice(-1)
  let verdict: Verdict = ALLOW
  for (const t of targets) {
    const abs = resolveArg(t, inv.state, walk.scene)
    if (!abs) continue
    if (/^\/dev\/(sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk)/.test(abs))
      verdict = stricter(verdict, deny("disk.write-device", `${name} writes onto the device ${abs}`))
    else if (isProtected(abs, walk.scene))
      verdict = stricter(verdict, ask("fs.protected-path", `${abs} is a protected path in the guard policy`))
    else verdict = stricter(verdict, sensitiveWrite(abs, walk.scene, name, false))
  }
  return verdict
}

const blkdiscard: Rule = (inv) =>
  deny("disk.discard", `blkdiscard erases every block of ${inv.args.at(-1)?.text ?? "the device"}`)

const diskutil: Rule = (inv) => {
  const verb = inv.args[1]?.text.toLowerCase() ?? ""
  return /^(erasedisk|erasevolume|partitiondisk|zerodisk|randomdisk|secureerase|reformat|apfs)$/.test(verb) &&
    !(verb === "apfs" && !/delete|erase/i.test(inv.args[2]?.text ?? ""))
    ? deny(
        "disk.format",
        `diskutil ${inv.args[1]!.text} erases a disk or volume`,
        "check diskutil list first, and run it yourself",
      )
    : ALLOW
}

export const filesystemRules: Record<string, Rule> = {
  rm,
  rimraf: rmrf,
  fd,
  fdfind: fd,
  tee: writeTargets,
  cp,
  truncate,
  sed,
  gsed: sed,
  install: writeTargets,
  blkdiscard,
  diskutil,
  unlink: rm,
  find,
  dd,
  shred,
  mv,
  chmod: recursiveOwner("perm.chmod-recursive", "chmod"),
  chown: recursiveOwner("perm.chown-recursive", "chown"),
  chgrp: recursiveOwner("perm.chown-recursive", "chgrp"),
}
