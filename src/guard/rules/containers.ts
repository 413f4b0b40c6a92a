import type { Invocation, Walk } from "../invocation"
import { ALLOW } from "../types"
import { ask, deny } from "./finding"
import type { Rule } from "./index"

const GLOBAL_VALUED = /^(-H|--host|-c|--context|--config|--log-level|-l|--tlscacert|--tlscert|--tlskey|-f|--file|-p|--project-name|--env-file|--profile|--project-directory)$/

/** docker / podman: prune with volumes, volume removal, compose down -v. */
const docker: Rule = (inv, walk, name) => {
  const words: string[] = []
  const args = inv.args.slice(1).map((a) => a.text)
  for (let i = 0; i < args.length; i++) {
    if (GLOBAL_VALUED.test(args[i]!) && (words.length === 0 || (words.length === 1 && words[0] === "compose"))) i++
    else words.push(args[i]!)
  }
  const positional = words.filter((w) => !w.startsWith("-"))
  const [group, verb] = positional
  const flags = words.filter((w) => w.startsWith("-"))
  const all = flags.some((f) => /^(--all|-[a-zA-Z]*a[a-zA-Z]*)$/.test(f))
  const volumes = flags.some((f) => f === "--volumes" || /^-[a-zA-Z]*v[a-zA-Z]*$/.test(f))
  // images, networks and build cache come back with a pull or a build; volumes hold data that does not
  if (group === "system" && verb === "prune") return volumes ? deny("container.system-prune", `${name} system prune ${all ? "-a " : ""}--volumes deletes every unused image and volume (with their data)`, `${name} system prune without --volumes`) : ALLOW
  if (group === "system" && verb === "reset") return deny("container.system-reset", `${name} system reset deletes every container, image and volume`, `${name} system prune`)
  if (group === "volume" && (verb === "rm" || verb === "remove" || verb === "prune")) return deny("container.volume-rm", `${name} volume ${verb} deletes volume data`, "back the volume up first (docker run --rm -v vol:/v busybox tar …)")
  if (group === "container" && verb === "prune") return ask("container.prune", `${name} container prune deletes stopped containers and what they wrote`)
  if ((group === "compose" && verb === "down") || (name.endsWith("compose") && group === "down")) {
    if (volumes || flags.some((f) => /^--rmi/.test(f))) return deny("container.compose-down-volumes", "compose down -v deletes the project's volumes and their data", "compose down (without -v) keeps the data")
  }
  if ((group === "run" || group === "create") && flags.some((f) => f === "--privileged")) return ask("container.privileged", "a privileged container has full access to the host")
  if ((group === "run" || group === "create") && inv.args.some((a, k) => /^(-v|--volume)$/.test(inv.args[k - 1]?.text ?? "") && /^\/(:|$)|^\/(etc|root|home|Users|var|usr)?:/.test(a.text))) return ask("container.host-mount", "the container mounts the host's root or system folders read-write")
  if ((group === "rm" || group === "rmi" || group === "kill" || (group === "container" && verb === "rm") || (group === "image" && verb === "rm")) && inv.args.some((a) => a.unknown)) return ask("container.remove-all", `${name} ${group} on a computed list removes every container or image it names`, "name the containers to remove")
  const removing = group === "rm" || group === "rmi" || ((group === "container" || group === "image") && (verb === "rm" || verb === "remove"))
  if (removing && flags.some((f) => f === "--force" || /^-[a-zA-Z]*f[a-zA-Z]*$/.test(f))) return ask("container.force-remove", `${name} ${positional.join(" ")} --force removes running containers or images in use`, `stop them first (${name} stop), then remove without --force`)
  if (group === "exec" || group === "run") inner(inv, walk, group)
  return ALLOW
}

const EXEC_VALUED = /^(-e|--env|-u|--user|-w|--workdir|--env-file|--detach-keys|-v|--volume|-p|--publish|--name|--network|--net|--entrypoint|--mount|-l|--label|--platform|--cpus|-m|--memory|--restart|--add-host|--device|--cap-add|--cap-drop|--security-opt|--ulimit|--log-driver|--log-opt|-h|--hostname|--dns|--tmpfs|--pull|--gpus|--shm-size|--ipc|--pid|--expose|--health-cmd|--stop-signal|--runtime|--userns|--cidfile)$/

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
