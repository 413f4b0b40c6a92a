import { ALLOW } from "../types"
import { ask, deny } from "./finding"
import type { Rule } from "./index"

const GLOBAL_VALUED = /^(-H|--host|-c|--context|--config|--log-level|-l|--tlscacert|--tlscert|--tlskey|-f|--file|-p|--project-name|--env-file|--profile|--project-directory)$/

/** docker / podman: prune with volumes, volume removal, compose down -v. */
const docker: Rule = (inv, _w, name) => {
  const words: string[] = []
  const args = inv.args.slice(1).map((a) => a.text)
  for (let i = 0; i < args.length; i++) {
    if (GLOBAL_VALUED.test(args[i]!) && words.length < 2) i++
    else words.push(args[i]!)
  }
  const positional = words.filter((w) => !w.startsWith("-"))
  const [group, verb] = positional
  const flags = words.filter((w) => w.startsWith("-"))
  const all = flags.some((f) => /^(--all|-[a-zA-Z]*a[a-zA-Z]*)$/.test(f))
  const volumes = flags.some((f) => f === "--volumes" || /^-[a-zA-Z]*v[a-zA-Z]*$/.test(f))
  if (group === "system" && verb === "prune") return all || volumes ? deny("container.system-prune", `${name} system prune ${all ? "-a " : ""}${volumes ? "--volumes " : ""}deletes every unused image${volumes ? " and volume (with their data)" : ""}`, `${name} container prune, or remove named images`) : ask("container.prune", `${name} system prune deletes stopped containers, networks and dangling images`)
  if (group === "volume" && (verb === "rm" || verb === "remove" || verb === "prune")) return deny("container.volume-rm", `${name} volume ${verb} deletes volume data`, "back the volume up first (docker run --rm -v vol:/v busybox tar …)")
  if ((group === "image" || group === "container" || group === "network" || group === "builder" || group === "buildx") && verb === "prune") return ask("container.prune", `${name} ${group} prune deletes unused ${group}s`)
  if ((group === "compose" && verb === "down") || (name.endsWith("compose") && group === "down")) {
    if (volumes || flags.some((f) => /^--rmi/.test(f))) return deny("container.compose-down-volumes", "compose down -v deletes the project's volumes and their data", "compose down (without -v) keeps the data")
  }
  if ((group === "run" || group === "create") && flags.some((f) => f === "--privileged")) return ask("container.privileged", "a privileged container has full access to the host")
  return ALLOW
}

export const containerRules: Record<string, Rule> = {
  docker,
  podman: docker,
  nerdctl: docker,
  "docker-compose": docker,
  "podman-compose": docker,
}
