import { own } from "../own"

/**
 * Programs that run another program, one table for the guard and the crusher. The guard follows a
 * wrapper to judge what it runs (guard/rules/wrappers.ts, which also reads the scripts of `xargs`,
 * `parallel`, `su -c` and `env -S`); the crusher only names the program whose output it filters
 * (crush/command.ts). Each entry says which options take a value and how many words come before
 * the wrapped command.
 */
interface WrapperSpec {
  valued: RegExp
  /** Leading operands that are not the command (timeout's duration, flock's file). */
  operands?: number
  /** Options that end the wrapper: the rest is not run (`sudo -l`, `command -v`). */
  inert?: RegExp
}

export const WRAPPERS: Readonly<Record<string, WrapperSpec>> = {
  sudo: {
    valued: /^-[ugpCDrthURT]$|^--(user|group|prompt|close-from|chdir|role|type|host|other-user|command-timeout)$/,
    inert: /^-[lvKe]$|^--(list|validate|remove-timestamp|edit)$/,
  },
  doas: { valued: /^-[uC]$/ },
  nohup: { valued: /^$/ },
  time: { valued: /^-[fo]$/ },
  builtin: { valued: /^$/ },
  exec: { valued: /^-a$/ },
  nice: { valued: /^-n$|^--adjustment$/ },
  ionice: { valued: /^-[cnp]$|^--(class|classdata|pid)$/ },
  timeout: { valued: /^-[sk]$|^--(signal|kill-after)$/, operands: 1 },
  stdbuf: { valued: /^-[ioe]$/ },
  setsid: { valued: /^$/ },
  chrt: { valued: /^$/, operands: 1 },
  taskset: { valued: /^$/, operands: 1 },
  unbuffer: { valued: /^$/ },
  caffeinate: { valued: /^-[t w]$/ },
  flock: { valued: /^-[wEc]$|^--(timeout|conflict-exit-code|command)$/, operands: 1 },
  strace: { valued: /^-[eopsEuIXbPO]$/ },
  ltrace: { valued: /^-[eopsEunIl]$/ },
  torsocks: { valued: /^$/ },
  proxychains: { valued: /^-f$/ },
  proxychains4: { valued: /^-f$/ },
  "systemd-run": {
    valued: /^-[pEMH]$|^--(unit|property|description|slice|uid|gid|working-directory|setenv|machine|host)$/,
  },
  runuser: { valued: /^-[ugs]$|^--(user|group|shell)$/ },
  watch: { valued: /^-[nd]$|^--(interval|differences)$/ },
  dotenv: { valued: /^-[ecv]$/ },
  chroot: { valued: /^--(userspec|groups)$/, operands: 1 },
  unshare: { valued: /^-[S G]$|^--(setuid|setgid|map-user|map-group|propagation|wd|root)$/ },
  nsenter: { valued: /^-[tSGwr]$|^--(target|setuid|setgid|wd|root)$/ },
  pkexec: { valued: /^--user$/ },
  firejail: { valued: /^$/ },
  "xvfb-run": { valued: /^-[nsefpw]$|^--(server-num|server-args|error-file|auth-file|xauth-protocol|wait)$/ },
  "ssh-agent": { valued: /^-[aEtP]$/ },
  "dbus-run-session": { valued: /^--(config-file|dbus-daemon)$/ },
  "with-contenv": { valued: /^$/ },
  // the guard reads these three its own way first (env -S and -C, command -v, the applet's name)
  env: { valued: /^-[uC]$|^--(unset|chdir)$/ },
  command: { valued: /^$/, inert: /^-[vV]+$/ },
  busybox: { valued: /^$/ },
  toybox: { valued: /^$/ },
}

/** Package runners: `npx jest`, `uvx ruff`; the first word after the options is the package's command. */
export const RUNNERS: ReadonlySet<string> = new Set(["npx", "bunx", "pnpx", "uvx"])

/** Tools whose subcommand runs another program: `pnpm exec jest`, `uv run pytest`, `bundle exec rake`. */
export const SUBCOMMAND_RUNNERS: Readonly<Record<string, readonly string[]>> = {
  pnpm: ["dlx", "x", "exec"],
  yarn: ["dlx", "x", "exec"],
  bun: ["dlx", "x", "exec"],
  npm: ["exec", "x"],
  pipx: ["run"],
  uv: ["run"],
  poetry: ["run"],
  pipenv: ["run"],
  pdm: ["run"],
  hatch: ["run"],
  rye: ["run"],
  bundle: ["exec"],
  conda: ["run"],
  mamba: ["run"],
  pixi: ["run", "exec"],
}

/** A runner's options that take a value (the package, a directory, a registry, an interpreter). */
export const RUNNER_VALUED =
  /^(-p|--package|--registry|--cache|--prefix|--cwd|--with|--from|--python|--spec|-w|--workspace|-C|--dir|--filter|--project|-n|--name)$/

/** The subcommand that makes `name` a runner of another program, if `sub` is one. */
export const runsSubcommand = (name: string, sub: string | undefined): boolean =>
  sub !== undefined && (own(SUBCOMMAND_RUNNERS, name)?.includes(sub) ?? false)
