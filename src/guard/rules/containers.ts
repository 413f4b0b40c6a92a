import type { Invocation, Walk } from "../invocation"
import { own } from "../../core/own"
import { ALLOW, type Verdict } from "../types"
import { ask, deny } from "./finding"
import type { Rule } from "./index"

const GLOBAL_VALUED =
  /^(-H|--host|-c|--context|--config|--log-level|-l|--tlscacert|--tlscert|--tlskey|-f|--file|-p|--project-name|--env-file|--profile|--project-directory)$/

/** A docker/podman/compose command line read once: its group and verb, flags, and what they imply. */
interface DockerLine {
  inv: Invocation
  walk: Walk
  name: string
  group: string
  verb: string
  positional: string[]
  flags: string[]
  all: boolean
  volumes: boolean
}

function readLine(inv: Invocation, walk: Walk, name: string): DockerLine {
  const words: string[] = []
  const args = inv.args.slice(1).map((a) => a.text)
  for (let i = 0; i < args.length; i++) {
    if (GLOBAL_VALUED.test(args[i]!) && (words.length === 0 || (words.length === 1 && words[0] === "compose"))) i++
    else words.push(args[i]!)
  }
  const positional = words.filter((w) => !w.startsWith("-"))
  const flags = words.filter((w) => w.startsWith("-"))
  return {
    inv,
    walk,
    name,
    group: positional[0] ?? "",
    verb: positional[1] ?? "",
    positional,
    flags,
    all: flags.some((f) => /^(--all|-[a-zA-Z]*a[a-zA-Z]*)$/.test(f)),
    volumes: flags.some((f) => f === "--volumes" || /^-[a-zA-Z]*v[a-zA-Z]*$/.test(f)),
  }
}

/** A verdict, or undefined when the line is fine as far as this handler knows. */
type Handler = (d: DockerLine) => Verdict | undefined

const removeComputed: Handler = (d) =>
  d.inv.args.some((a) => a.unknown)
    ? ask(
        "container.remove-all",
        `${d.name} ${d.group} on a computed list removes every container or image it names`,
        "name the containers to remove",
      )
    : undefined

const forceRemove: Handler = (d) =>
  d.flags.some((f) => f === "--force" || /^-[a-zA-Z]*f[a-zA-Z]*$/.test(f))
    ? ask(
        "container.force-remove",
        `${d.name} ${d.positional.join(" ")} --force removes running containers or images in use`,
        `stop them first (${d.name} stop), then remove without --force`,
      )
    : undefined

const removeWithForce: Handler = (d) => removeComputed(d) ?? forceRemove(d)

const composeDown: Handler = (d) =>
  d.volumes || d.flags.some((f) => /^--rmi/.test(f))
    ? deny(
        "container.compose-down-volumes",
        "compose down -v deletes the project's volumes and their data",
        "compose down (without -v) keeps the data",
      )
    : undefined

const HOST_FOLDER = /^\/(:|$)|^\/(etc|root|home|Users|var|usr)?:/

/** run / create: a privileged container, or the host's root or system folders mounted. */
const startContainer: Handler = (d) => {
  if (d.flags.some((f) => f === "--privileged")) {
    return ask("container.privileged", "a privileged container has full access to the host")
  }
  const args = d.inv.args
  const mountsHost = args.some((a, k) => /^(-v|--volume)$/.test(args[k - 1]?.text ?? "") && HOST_FOLDER.test(a.text))
  if (mountsHost) {
    return ask("container.host-mount", "the container mounts the host's root or system folders read-write")
  }
  return undefined
}

const runInside: Handler = (d) => {
  inner(d.inv, d.walk, d.group)
  return undefined
}

/** Verb handlers by group (the first positional word); a group not listed is allowed. */
const GROUPS: Record<string, Handler> = {
  // images, networks and build cache come back with a pull or a build; volumes hold data that does not
  system: (d) => {
    if (d.verb === "prune") {
      if (!d.volumes) return ALLOW
      const flags = `${d.all ? "-a " : ""}--volumes`
      const what = `${d.name} system prune ${flags} deletes every unused image and volume (with their data)`
      return deny("container.system-prune", what, `${d.name} system prune without --volumes`)
    }
    if (d.verb !== "reset") return undefined
    const what = `${d.name} system reset deletes every container, image and volume`
    return deny("container.system-reset", what, `${d.name} system prune`)
  },
  volume: (d) =>
    ["rm", "remove", "prune"].includes(d.verb)
      ? deny(
          "container.volume-rm",
          `${d.name} volume ${d.verb} deletes volume data`,
          "back the volume up first (docker run --rm -v vol:/v busybox tar …)",
        )
      : undefined,
  container: (d) => {
    if (d.verb === "prune") {
      return ask("container.prune", `${d.name} container prune deletes stopped containers and what they wrote`)
    }
    if (d.verb === "rm") return removeWithForce(d)
    return d.verb === "remove" ? forceRemove(d) : undefined
  },
  image: (d) => (d.verb === "rm" ? removeWithForce(d) : d.verb === "remove" ? forceRemove(d) : undefined),
  rm: removeWithForce,
  rmi: removeWithForce,
  kill: removeComputed,
  compose: (d) => (d.verb === "down" ? composeDown(d) : undefined),
  down: (d) => (d.name.endsWith("compose") ? composeDown(d) : undefined),
  run: (d) => startContainer(d) ?? runInside(d),
  create: startContainer,
  exec: runInside,
}

/** docker / podman: prune with volumes, volume removal, compose down -v. */
const docker: Rule = (inv, walk, name) => {
  const d = readLine(inv, walk, name)
  return own(GROUPS, d.group)?.(d) ?? ALLOW
}

const EXEC_VALUED =
  /^(-e|--env|-u|--user|-w|--workdir|--env-file|--detach-keys|-v|--volume|-p|--publish|--name|--network|--net|--entrypoint|--mount|-l|--label|--platform|--cpus|-m|--memory|--restart|--add-host|--device|--cap-add|--cap-drop|--security-opt|--ulimit|--log-driver|--log-opt|-h|--hostname|--dns|--tmpfs|--pull|--gpus|--shm-size|--ipc|--pid|--expose|--health-cmd|--stop-signal|--runtime|--userns|--cidfile)$/

/** `docker exec CTR CMD` / `docker run IMAGE CMD`: CMD runs inside the container; judged with its paths unknown. */
function inner(inv: Invocation, walk: Walk, group: string): void {
  const args = inv.args
  let i = args.findIndex((a) => a.text === group) + 1
  while (i < args.length && args[i]!.text.startsWith("-")) i += EXEC_VALUED.test(args[i]!.text) ? 2 : 1
  const cmd = args.slice(i + 1)
  if (cmd.length) walk.run({ ...inv, args: cmd, state: { ...inv.state, cwd: undefined, vars: new Map() } })
}

export const containerRules: Record<string, Rule> = {
  docker,
  podman: docker,
  nerdctl: docker,
  "docker-compose": docker,
  "podman-compose": docker,
}
