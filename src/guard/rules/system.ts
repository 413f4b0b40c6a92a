import { ALLOW } from "../types"
import { ask, deny } from "./finding"
import type { Rule } from "./index"

const kill: Rule = (inv) => {
  const targets = inv.args.slice(1).filter((a) => !/^-[A-Za-z0-9]+$/.test(a.text) || a.text === "-1")
  const signalled = inv.args.slice(1).filter((a) => /^-/.test(a.text))
  if (targets.some((a) => a.text === "-1") || (signalled.length > 1 && inv.args.some((a) => a.text === "-1")))
    return deny(
      "proc.kill-all",
      "kill -1 signals every process you own, ending your session and everything in it",
      "kill the specific process id",
    )
  if (inv.args.some((a) => a.text === "1") && inv.args.some((a) => /^-(9|KILL|SIGKILL)$/.test(a.text)))
    return deny("proc.kill-init", "kill -9 1 targets init", "kill the specific process id")
  return ALLOW
}

const killByName: Rule = (inv, _walk, name) => {
  const words = inv.args.slice(1).filter((a) => !a.text.startsWith("-"))
  if (inv.args.some((a) => /^-(l|-list|V|-version)$/.test(a.text)) || !words.length) return ALLOW
  return ask(
    "proc.kill-by-name",
    `${name} ${words.map((w) => w.text).join(" ")} ends every process whose name matches`,
    "kill the specific process id (pgrep -a first)",
  )
}

/** `shutdown -c` cancels, `-k` only warns, `--show` lists: none of them changes the power state. */
const power: Rule = (inv, _walk, name) =>
  inv.args.some((a) => /^(-c|--cancel|-k|--show|--wall-only|--help)$/.test(a.text))
    ? ALLOW
    : deny("proc.power", `${name} shuts down or restarts the machine`, "ask the user to do it")

const systemctl: Rule = (inv) => {
  const verb = inv.args.slice(1).find((a) => !a.text.startsWith("-"))?.text
  if (verb && /^(poweroff|reboot|halt|kexec|suspend|hibernate|emergency|rescue|isolate)$/.test(verb))
    return deny("proc.power", `systemctl ${verb} stops the machine or its services`, "ask the user to do it")
  if (verb && /^(stop|mask|kill)$/.test(verb))
    return ask("proc.service-stop", `systemctl ${verb} stops a system service`)
  if (verb === "disable" && inv.args.some((a) => a.text === "--now"))
    return ask("proc.service-stop", "systemctl disable --now stops a system service")
  return ALLOW
}

const init: Rule = (inv) =>
  inv.args.some((a) => /^[06]$/.test(a.text))
    ? deny("proc.power", "init 0/6 shuts down or restarts the machine")
    : ALLOW

/** `crontab -r` deletes every job; `crontab FILE` and `crontab -` replace them all with new ones. */
const crontab: Rule = (inv) => {
  if (inv.args.some((a) => /^-[a-zA-Z]*r/.test(a.text)))
    return deny(
      "proc.crontab-remove",
      "crontab -r deletes every scheduled job of the user",
      "crontab -l > backup first; edit with crontab -e",
    )
  const words = inv.args.slice(1).filter((a, k) => !/^-[a-zA-Z]/.test(a.text) && inv.args[k]?.text !== "-u")
  if (words.length && !inv.args.some((a) => /^-[a-zA-Z]*[el]/.test(a.text)))
    return ask(
      "proc.crontab-replace",
      `crontab ${words[0]!.text} replaces every scheduled job of the user`,
      "crontab -l > backup first; edit with crontab -e",
    )
  return ALLOW
}

const has = (inv: { args: { text: string }[] }, re: RegExp) => inv.args.some((a) => re.test(a.text))
const FIREWALL_ALT = "add or delete the one rule you mean; list the rules first"

/** Flushing the firewall, deleting its chains or opening a default policy removes its protection. */
const iptables: Rule = (inv, _w, name) => {
  if (has(inv, /^(-F|--flush|-X|--delete-chain)$|^-[a-zA-Z]*F$/))
    return ask("sys.firewall-flush", `${name} flushes firewall rules`, FIREWALL_ALT)
  const policy = inv.args.findIndex((a) => a.text === "-P" || a.text === "--policy")
  if (policy !== -1 && /^ACCEPT$/i.test(inv.args[policy + 2]?.text ?? ""))
    return ask(
      "sys.firewall-open",
      `${name} -P ${inv.args[policy + 1]?.text} ACCEPT lets all traffic through`,
      FIREWALL_ALT,
    )
  return ALLOW
}

const nft: Rule = (inv) => {
  const words = inv.args
    .slice(1)
    .filter((a) => !a.text.startsWith("-"))
    .map((a) => a.text)
  return (words[0] === "flush" && /^(ruleset|table|chain)$/.test(words[1] ?? "")) ||
    (words[0] === "delete" && /^(table|chain)$/.test(words[1] ?? ""))
    ? ask("sys.firewall-flush", `nft ${words.slice(0, 2).join(" ")} removes firewall rules`, FIREWALL_ALT)
    : ALLOW
}

const ufw: Rule = (inv) => {
  const verb = inv.args.slice(1).find((a) => !a.text.startsWith("-"))?.text
  return verb === "disable" || verb === "reset"
    ? ask("sys.firewall-disable", `ufw ${verb} turns the firewall off or drops its rules`, FIREWALL_ALT)
    : ALLOW
}

const pfctl: Rule = (inv) =>
  has(inv, /^(-d|-F)$|^-F/)
    ? ask("sys.firewall-disable", "pfctl -d / -F disables or flushes the packet filter", FIREWALL_ALT)
    : ALLOW

const userDelete: Rule = (inv, _w, name) =>
  inv.args.slice(1).some((a) => !a.text.startsWith("-"))
    ? deny(
        "sys.user-delete",
        `${name} deletes an account${has(inv, /^(-r|--remove|--remove-home|-[a-zA-Z]*r[a-zA-Z]*)$/) ? " and its home folder" : ""}`,
        "lock the account instead (usermod -L)",
      )
    : ALLOW

const passwd: Rule = (inv) =>
  has(inv, /^(-d|--delete)$/)
    ? deny(
        "sys.password-blank",
        "passwd -d leaves the account with no password",
        "lock it (passwd -l) or set a new password",
      )
    : ALLOW

const usermod: Rule = (inv) => {
  const p = inv.args.findIndex((a) => a.text === "-p" || a.text === "--password")
  return p !== -1
    ? ask(
        "sys.password-set",
        "usermod -p sets a password hash directly (an empty one blanks it)",
        "use passwd interactively",
      )
    : ALLOW
}

/** `chpasswd` reads user:password lines; an empty password blanks the account. */
const chpasswd: Rule = (inv) => {
  const data = inv.stdin?.kind === "data" ? inv.stdin.text : undefined
  if (data === undefined)
    return ask("sys.password-set", "chpasswd sets passwords from its input, which cannot be checked")
  return /^[^:\s]+:\s*$/m.test(data)
    ? deny("sys.password-blank", "chpasswd blanks a password", "set a real password with passwd")
    : ALLOW
}

const history: Rule = (inv) =>
  inv.args.some((a) => a.text === "-c") ? ask("proc.history-clear", "clears the shell history") : ALLOW

const service: Rule = (inv) =>
  inv.args.some((a) => /^(stop|restart)$/.test(a.text)) && inv.args.length >= 3
    ? ask("proc.service-stop", `service ${inv.args[1]!.text} ${inv.args[2]!.text} stops a system service`)
    : ALLOW

/** Commands stored now and run later: alias bodies, traps, at jobs, `script -c`. */
const deferred: Rule = (inv, walk, name) => {
  const args = inv.args.slice(1)
  if (name === "alias")
    for (const a of args) {
      const eq = a.text.indexOf("=")
      if (eq > 0) walk.script(a.text.slice(eq + 1), inv.state, `the alias ${a.text.slice(0, eq)}`)
    }
  if (name === "trap" && args[0] && !args[0].text.startsWith("-"))
    walk.script(args[0].text, inv.state, "a trap handler")
  if ((name === "at" || name === "batch") && inv.stdin?.kind === "data")
    walk.script(inv.stdin.text, inv.state, `the ${name} job`)
  if (name === "script") {
    const c = args.findIndex((a) => a.text === "-c" || a.text === "--command")
    if (c !== -1 && args[c + 1]) walk.script(args[c + 1]!.text, inv.state, "script -c")
  }
  return ALLOW
}

/** tmux and screen run what they are given, or type it into a shell (send-keys). */
const multiplexer: Rule = (inv, walk, name) => {
  const words = inv.args.slice(1).map((a) => a.text)
  const verb = words.find((w) => !w.startsWith("-"))
  if (name === "tmux" && (verb === "send-keys" || verb === "send")) {
    const keys = words
      .slice(words.indexOf(verb) + 1)
      .filter(
        (w, i, all) =>
          !/^(Enter|C-m|KPEnter)$/.test(w) &&
          !(w.startsWith("-") && i < all.length - 1) &&
          !/^-t$/.test(all[i - 1] ?? ""),
      )
    if (keys.length) walk.script(keys.join(" "), inv.state, "keys sent to a tmux pane")
  } else if (
    (name === "tmux" && /^(new-session|new|new-window|neww|split-window|splitw|respawn-pane)$/.test(verb ?? "")) ||
    (name === "screen" && words.some((w) => /^-d?m/.test(w)))
  ) {
    const last = words.at(-1)
    if (last && last !== verb && !last.startsWith("-")) walk.script(last, inv.state, `the command ${name} starts`)
  }
  return ALLOW
}

const launchctl: Rule = (inv) => {
  const verb = inv.args[1]?.text
  return verb && /^(unload|remove|bootout|disable|kill|stop)$/.test(verb)
    ? ask("proc.service-stop", `launchctl ${verb} stops or removes a launchd service`)
    : ALLOW
}

export const systemRules: Record<string, Rule> = {
  launchctl,
  alias: deferred,
  trap: deferred,
  at: deferred,
  batch: deferred,
  script: deferred,
  tmux: multiplexer,
  screen: multiplexer,
  service,
  kill,
  killall: killByName,
  pkill: killByName,
  shutdown: power,
  reboot: power,
  halt: power,
  poweroff: power,
  systemctl,
  init,
  telinit: init,
  crontab,
  history,
  iptables,
  ip6tables: iptables,
  "iptables-legacy": iptables,
  "iptables-nft": iptables,
  nft,
  ufw,
  pfctl,
  userdel: userDelete,
  deluser: userDelete,
  groupdel: userDelete,
  delgroup: userDelete,
  passwd,
  usermod,
  chpasswd,
}
