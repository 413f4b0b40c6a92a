import type { Arg } from "../invocation"
import { ALLOW, type Verdict } from "../types"
import { ask, deny } from "./finding"
import type { Rule } from "./index"
import { own } from "../../core/own"

/**
 * Registries: publishing is public and for good (ask); unpublishing or deleting a version breaks
 * whoever depends on it (deny); deprecating, yanking, tags and owners change what others get (ask).
 * Global options may come before the verb (`npm --prefix pkg publish`), so each tool names the
 * options that take a value.
 */
const VALUED: Record<string, RegExp> = {
  npm: /^(--prefix|--registry|--userconfig|--globalconfig|--cache|-w|--workspace|--loglevel|--otp|--tag|--access|-C)$/,
  pnpm: /^(--filter|-F|--dir|-C|--registry|--reporter|--loglevel|--workspace-concurrency|--tag|--access|--otp)$/,
  yarn: /^(--cwd|--registry|--tag|--access|--otp|--new-version)$/,
  bun: /^(--cwd|--registry|--tag|--access|--otp)$/,
  cargo: /^(--registry|--index|--token|--manifest-path|-p|--package|-Z|--config|--vers|--version)$/,
  gem: /^(--key|-k|--host|--otp|-v|--version|--platform)$/,
  dotnet: /^(-k|--api-key|-s|--source)$/,
  nuget: /^(-ApiKey|-Source|-src|-k|-s)$/i,
  mvn: /^(-f|--file|-s|--settings|-P|--activate-profiles|-pl|--projects|-D)$/,
}

const words = (args: Arg[], name: string): string[] => {
  const valued = own(VALUED, name)
  const out: string[] = []
  for (let i = 1; i < args.length; i++) {
    const t = args[i]!.text
    if (t.startsWith("-")) {
      if (valued?.test(t) && !t.includes("=")) i++
      continue
    }
    out.push(t)
  }
  return out
}

const has = (args: Arg[], re: RegExp) => args.some((a) => re.test(a.text))
const release = (what: string): Verdict =>
  ask(
    "publish.release",
    `${what} publishes to a package registry, publicly and for good`,
    "run it with --dry-run first, then publish it yourself",
  )
const withdraw = (what: string): Verdict =>
  deny("publish.unpublish", `${what} removes a released version others may depend on`, "deprecate it instead")
const mutate = (rule: string, what: string): Verdict =>
  ask(rule, `${what} changes what everyone installing the package gets`)

function jsLike(verb: string | undefined, rest: string[], name: string): Verdict {
  if (verb === "publish" || verb === "pub") return release(`${name} publish`)
  if (verb === "unpublish") return withdraw(`${name} unpublish`)
  if (verb === "deprecate" || verb === "undeprecate") return mutate("publish.deprecate", `${name} ${verb}`)
  if ((verb === "dist-tag" || verb === "dist-tags") && /^(add|rm|set)$/.test(rest[0] ?? ""))
    return mutate("publish.tag", `${name} dist-tag ${rest[0]}`)
  if (verb === "owner" && /^(add|rm|remove)$/.test(rest[0] ?? ""))
    return mutate("publish.owner", `${name} owner ${rest[0]}`)
  if (verb === "access" && /^(grant|revoke|set|public|restricted)$/.test(rest[0] ?? ""))
    return mutate("publish.owner", `${name} access ${rest[0]}`)
  return ALLOW
}

const npm: Rule = (inv, _w, name) => {
  const [verb, ...rest] = words(inv.args, name)
  return jsLike(verb, rest, name)
}

const yarn: Rule = (inv, _w, name) => {
  let w = words(inv.args, name)
  // `yarn workspace NAME CMD…` and `yarn workspaces foreach … CMD…` run CMD in other packages
  if (w[0] === "workspace") w = w.slice(2)
  else if (w[0] === "workspaces" && w[1] === "foreach") w = w.slice(2)
  if (w[0] === "npm" && w[1] === "tag" && /^(add|remove)$/.test(w[2] ?? ""))
    return mutate("publish.tag", `${name} npm tag ${w[2]}`)
  if (w[0] === "npm") w = w.slice(1)
  return jsLike(w[0], w.slice(1), name)
}

const bun: Rule = (inv, _w, name) => {
  const w = words(inv.args, name)
  return w[0] === "publish" || (w[0] === "pm" && w[1] === "publish") ? release(`${name} publish`) : ALLOW
}

const verbPublish =
  (verbs: RegExp): Rule =>
  (inv, _w, name) => {
    const w = words(inv.args, name)
    return w[0] && verbs.test(w[0]) ? release(`${name} ${w[0]}`) : ALLOW
  }

const cargo: Rule = (inv, _w, name) => {
  const [verb] = words(inv.args, name)
  if (verb === "publish") return release(`${name} publish`)
  if (verb === "yank") return has(inv.args, /^--undo$/) ? ALLOW : mutate("publish.yank", `${name} yank`)
  if (verb === "owner" && has(inv.args, /^(-a|--add|-r|--remove)$/)) return mutate("publish.owner", `${name} owner`)
  return ALLOW
}

const gem: Rule = (inv, _w, name) => {
  const [verb] = words(inv.args, name)
  if (verb === "push") return release(`${name} push`)
  if (verb === "yank") return mutate("publish.yank", `${name} yank`)
  if (verb === "owner" && has(inv.args, /^(-a|--add|-r|--remove)$/)) return mutate("publish.owner", `${name} owner`)
  return ALLOW
}

const nugetVerb = (verb: string | undefined, name: string): Verdict =>
  verb === "push" ? release(`${name} push`) : verb === "delete" ? withdraw(`${name} delete`) : ALLOW
const dotnet: Rule = (inv, _w, name) => {
  const w = words(inv.args, name)
  return w[0] === "nuget" ? nugetVerb(w[1], "dotnet nuget") : ALLOW
}
const nuget: Rule = (inv, _w, name) => nugetVerb(words(inv.args, name)[0]?.toLowerCase(), name)

const mvn: Rule = (inv, _w, name) => {
  const goal = words(inv.args, name).find((w) =>
    /^(deploy|release:perform|deploy:deploy-file|nexus-staging:release)$/.test(w),
  )
  return goal ? release(`${name} ${goal}`) : ALLOW
}

const gradle: Rule = (inv, _w, name) => {
  const task = words(inv.args, name).find((w) => /^(:?[\w-]+:)*publish(?!\w*MavenLocal)\w*$/.test(w))
  return task ? release(`${name} ${task}`) : ALLOW
}

const vsce: Rule = (inv, _w, name) => {
  const [verb] = words(inv.args, name)
  return verb === "publish" ? release(`${name} publish`) : verb === "unpublish" ? withdraw(`${name} unpublish`) : ALLOW
}

const pub: Rule = (inv, _w, name) => {
  const w = words(inv.args, name)
  const at = w[0] === "pub" ? 1 : 0
  if (name !== "pub" && at === 0) return ALLOW
  return w[at] === "publish" && !has(inv.args, /^(-n)$/) ? release(`${name} publish`) : ALLOW
}

const mix: Rule = (inv, _w, name) => {
  const task = words(inv.args, name)[0]
  if (task === "hex.publish") return release(`${name} hex.publish`)
  if (task === "hex.retire" || task === "hex.owner") return mutate("publish.owner", `${name} ${task}`)
  return ALLOW
}

const pod: Rule = (inv, _w, name) => {
  const [group, verb] = words(inv.args, name)
  if (group !== "trunk") return ALLOW
  if (verb === "push") return release(`${name} trunk push`)
  if (verb === "delete") return withdraw(`${name} trunk delete`)
  return verb === "deprecate" || verb === "remove-owner" || verb === "add-owner"
    ? mutate("publish.owner", `${name} trunk ${verb}`)
    : ALLOW
}

const swift: Rule = (inv, _w, name) => {
  const [group, verb] = words(inv.args, name)
  return group === "package-registry" && verb === "publish" ? release(`${name} package-registry publish`) : ALLOW
}

export const helmPush: Rule = (inv, _w, name) => (words(inv.args, name)[0] === "push" ? release(`${name} push`) : ALLOW)

/** Release tools whose whole job is publishing (`np`, `lerna publish`, `changeset publish`). */
const releaser: Rule = (inv, _w, name) => {
  const [verb] = words(inv.args, name)
  if (name === "np") return has(inv.args, /^(--preview|--version|-v)$/) ? ALLOW : release("np")
  return verb === "publish" ? release(`${name} publish`) : ALLOW
}

export const publishRules: Record<string, Rule> = {
  npm,
  pnpm: npm,
  yarn,
  bun,
  deno: verbPublish(/^publish$/),
  jsr: verbPublish(/^publish$/),
  cargo,
  gem,
  twine: verbPublish(/^upload$/),
  poetry: verbPublish(/^publish$/),
  uv: verbPublish(/^publish$/),
  flit: verbPublish(/^publish$/),
  hatch: verbPublish(/^publish$/),
  pdm: verbPublish(/^publish$/),
  dotnet,
  nuget,
  mvn,
  mvnw: mvn,
  gradle,
  gradlew: gradle,
  vsce,
  ovsx: vsce,
  pub,
  dart: pub,
  flutter: pub,
  mix,
  pod,
  swift,
  np: releaser,
  lerna: releaser,
  changeset: releaser,
}
