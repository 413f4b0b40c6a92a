import type { Arg, Invocation, Walk } from "../invocation"
import { resolveArg } from "../paths"
import { ALLOW, stricter, type Verdict } from "../types"
import { ask, deny } from "./finding"
import type { Rule } from "./index"
import { inSecretDir, isSecretName } from "./sensitive"

const EXFIL_ALT = "share only the specific non-secret file, or rotate the credential if it already left"

function secretPath(arg: Arg | string, inv: Invocation, walk: Walk): string | undefined {
  const text = (typeof arg === "string" ? arg : arg.text).replace(/^[\w.-]*=/, "").replace(/^[@<]/, "")
  if (!text) return undefined
  const abs = resolveArg(
    { text, unknown: typeof arg === "string" ? text.includes("$") : arg.unknown, glob: false },
    inv.state,
    walk.scene,
  )
  if (!abs) return /(^|\/)\.(ssh|aws|gnupg)(\/|$)|id_(rsa|ed25519|ecdsa)|\.env\b/.test(text) ? text : undefined
  return inSecretDir(abs, walk.scene.home) || isSecretName(abs) ? abs : undefined
}

/** Uploads: curl -d @file / -F x=@file / -T file, wget --post-file, and HTTP DELETE against an API. */
const curl: Rule = (inv, walk, name) => {
  const args = inv.args
  let verdict: Verdict = ALLOW
  for (let i = 1; i < args.length; i++) {
    const t = args[i]!.text
    const next = args[i + 1]
    const upload =
      /^(-d|--data|--data-binary|--data-raw|--data-urlencode|--json|-F|--form|-T|--upload-file|--post-file|--body-file)$/.test(
        t,
      )
        ? next?.text
        : /^(--data(-binary|-urlencode)?|--post-file|--body-file|--upload-file|--form|--json)=/.test(t)
          ? t.slice(t.indexOf("=") + 1)
          : /^-[dFT]./.test(t)
            ? t.slice(2)
            : undefined
    if (
      upload !== undefined &&
      secretStdin(inv) &&
      (/^@-$|^[^=]*=@-$/.test(upload) || (/^(-T|--upload-file)$/.test(t) && upload === "-"))
    )
      verdict = stricter(
        verdict,
        deny("net.upload-secret", `${name} uploads ${secretStdin(inv)}, read from the pipe`, EXFIL_ALT),
      )
    if (
      upload !== undefined &&
      (/@|^-T$|^--upload-file$|^--post-file|^--body-file/.test(upload) ||
        /^-T|^--upload-file|^--post-file|^--body-file/.test(t))
    ) {
      const secret = secretPath(upload.replace(/^.*?@/, ""), inv, walk)
      if (secret)
        verdict = stricter(
          verdict,
          deny("net.upload-secret", `${name} uploads ${secret}, a credentials file`, EXFIL_ALT),
        )
    }
    const method = /^(-X|--request)$/.test(t)
      ? next?.text
      : /^-X./.test(t)
        ? t.slice(2)
        : /^--request=/.test(t)
          ? t.slice(10)
          : undefined
    if (method && /^delete$/i.test(method))
      verdict = stricter(
        verdict,
        ask(
          "net.http-delete",
          `${name} sends an HTTP DELETE to ${urlOf(args) ?? "a server"}`,
          "check the URL and run it yourself",
        ),
      )
    if (
      method &&
      /^(post|put)$/i.test(method) &&
      /\/(doDelete|doWipeOutWorkspace|doDisable|delete|destroy|purge|wipe|clear|deleteByQuery|disable)\b|\/_delete_by_query|\/_close\b/i.test(
        urlOf(args) ?? "",
      )
    )
      verdict = stricter(verdict, ask("net.http-delete", `${name} calls a delete endpoint (${urlOf(args)})`))
  }
  return verdict
}

const urlOf = (args: Arg[]): string | undefined => args.find((a) => /^[a-z]+:\/\//i.test(a.text))?.text

const httpie: Rule = (inv, walk, name) => {
  const method = inv.args.slice(1).find((a) => !a.text.startsWith("-"))?.text
  if (method && /^delete$/i.test(method)) return ask("net.http-delete", `${name} sends an HTTP DELETE`)
  return curl(inv, walk, name)
}

/** What a pipe hands this command when it carries the environment or a key file. */
const secretStdin = (inv: Invocation): string | undefined =>
  inv.stdin?.kind === "stream" ? inv.stdin.secret : undefined

const COPY_VALUED = /^-[iFoPSJcl]$/

/** Copying credentials off the machine (an identity file given with -i logs in; it is not copied). */
const copyOut: Rule = (inv, walk, name) => {
  const words = inv.args
    .slice(1)
    .filter((a, k) => !a.text.startsWith("-") && !COPY_VALUED.test(inv.args[k]?.text ?? ""))
  const remote = words.some((a) => /^[^/\s]*:/.test(a.text) && !/^[a-zA-Z]:\\/.test(a.text))
  for (const w of remote ? words : []) {
    const secret = /^[^/\s]*:/.test(w.text) ? undefined : secretPath(w, inv, walk)
    if (secret)
      return deny("net.upload-secret", `${name} copies ${secret}, a credentials file, to another host`, EXFIL_ALT)
  }
  return ALLOW
}

const rsync: Rule = (inv, walk, name) => {
  const del = inv.args.find((a) => /^--(delete|del$|remove-source-files)/.test(a.text))
  if (del && !inv.args.some((a) => /^(-n|--dry-run|-[a-zA-Z]*n[a-zA-Z]*)$/.test(a.text) && a.text !== "--numeric-ids"))
    return ask(
      "fs.rsync-delete",
      `rsync ${del.text} deletes files at the destination that are not in the source`,
      "run it with --dry-run first",
    )
  return copyOut(inv, walk, name)
}

const netcat: Rule = (inv, walk, name) => {
  if (
    inv.args.some(
      (a) =>
        /^(-e|-c|--exec|--sh-exec|--lua-exec)$/.test(a.text) || (/^-[a-zA-Z]*e$/.test(a.text) && a.text.length <= 4),
    )
  )
    return deny("net.reverse-shell", `${name} -e hands a shell to whoever connects`, "use ssh for remote access")
  if (secretStdin(inv))
    return deny("net.upload-secret", `${name} sends ${secretStdin(inv)} over the network`, EXFIL_ALT)
  const file = inv.stdin?.kind === "stream" ? inv.stdin.producer.replace(/^file /, "") : undefined
  if (file && secretPath(file, inv, walk))
    return deny("net.upload-secret", `${name} sends ${file}, a credentials file, over the network`, EXFIL_ALT)
  return ALLOW
}

const PRIVATE_KEY =
  /(^|\/)(id_(rsa|dsa|ecdsa|ed25519)(_sk)?|[^/]*\.(pem|key|p12|pfx))$|(^|\/)\.aws\/credentials$|(^|\/)\.(netrc|git-credentials)$/

/** Printing a private key or credentials file puts it in the agent's transcript. */
const readSecret: Rule = (inv, walk, name) => {
  for (const a of inv.args.slice(1)) {
    if (a.text.startsWith("-")) continue
    const abs = resolveArg(a, inv.state, walk.scene) ?? a.text
    if (PRIVATE_KEY.test(abs) && !/\.pub$/.test(abs))
      return ask(
        "secrets.read",
        `${name} prints ${a.text} into the transcript`,
        "refer to the file by path instead of printing it",
      )
  }
  return ALLOW
}

const socat: Rule = (inv) =>
  inv.args.some((a) => /(^|,)(exec|system):/i.test(a.text))
    ? deny(
        "net.reverse-shell",
        "socat exec:/system: connects a program to a network socket",
        "use ssh for remote access",
      )
    : ALLOW

const SSH_VALUED = /^-[bcDEeFIiJLlmOoPpQRSWw]$/

/** `ssh host CMD` runs CMD on another machine: judged as shell, with the remote paths unknown. */
const ssh: Rule = (inv, walk) => {
  const args = inv.args
  let i = 1
  while (i < args.length && args[i]!.text.startsWith("-")) i += SSH_VALUED.test(args[i]!.text) ? 2 : 1
  const remote = args.slice(i + 1).map((a) => a.text)
  if (secretStdin(inv)) return deny("net.upload-secret", `ssh sends ${secretStdin(inv)} to another host`, EXFIL_ALT)
  const state = { ...inv.state, cwd: undefined, vars: new Map<string, string | undefined>() }
  if (remote.length) walk.script(remote.join(" "), state, "the remote command given to ssh")
  else if (inv.stdin?.kind === "data") walk.script(inv.stdin.text, state, "the script fed to ssh")
  return ALLOW
}

/** `gh gist create FILE…` (or `-` for stdin) publishes the files, secret or not, to a gist. */
const gh: Rule = (inv, walk) => {
  const words = inv.args
    .slice(1)
    .filter((a) => !a.text.startsWith("-") || a.text === "-")
    .map((a) => a.text)
  if (words[0] !== "gist" || (words[1] !== "create" && words[1] !== "new" && words[1] !== "edit")) return ALLOW
  if (words.includes("-") && secretStdin(inv))
    return deny("net.upload-secret", `gh gist create uploads ${secretStdin(inv)}`, EXFIL_ALT)
  for (const a of inv.args.slice(3)) {
    if (a.text.startsWith("-")) continue
    const secret = secretPath(a, inv, walk)
    if (secret) return deny("net.upload-secret", `gh gist ${words[1]} uploads ${secret}, a secrets file`, EXFIL_ALT)
  }
  return ALLOW
}

export const networkRules: Record<string, Rule> = {
  gh,
  socat,
  ssh,
  curl,
  wget: curl,
  http: httpie,
  https: httpie,
  xh: httpie,
  scp: copyOut,
  sftp: copyOut,
  rsync,
  nc: netcat,
  ncat: netcat,
  netcat,
  cat: readSecret,
  less: readSecret,
  more: readSecret,
  head: readSecret,
  tail: readSecret,
  bat: readSecret,
  base64: readSecret,
  xxd: readSecret,
  strings: readSecret,
}
