import { ALLOW } from "../types"
import { ask, deny } from "./finding"
import type { Rule } from "./index"
import { helmPush } from "./publish"

/** The words that are not options, skipping the values of options that take one (`-n prod`). */
const positionals = (args: { text: string }[], valued?: RegExp): string[] => {
  const out: string[] = []
  for (let i = 1; i < args.length; i++) {
    const t = args[i]!.text
    if (!t.startsWith("-")) out.push(t)
    else if (valued?.test(t)) i++
  }
  return out
}
const KUBE_VALUED =
  /^(-n|--namespace|--context|--kubeconfig|--cluster|--user|-s|--server|--token|--as|--as-group|--as-uid|-l|--selector|-o|--output|--field-selector|--grace-period|--timeout|-c|--container|--request-timeout|--kube-context|--kube-apiserver|--kube-token|--registry-config|--repository-config|--repository-cache|--certificate-authority|--client-certificate|--client-key|--tls-server-name|-v|--v|--cache-dir|-f|--filename|-k|--kustomize)$/
const flag = (args: { text: string }[], re: RegExp): boolean => args.some((a) => re.test(a.text))

const terraform: Rule = (inv, _w, name) => {
  const [verb, sub] = positionals(inv.args)
  if (verb === "destroy" || (verb === "apply" && flag(inv.args, /^-?-destroy$/)))
    return deny(
      "cloud.terraform-destroy",
      `${name} destroy deletes every resource in the state`,
      `${name} plan -destroy to review first`,
    )
  if (verb === "apply" && flag(inv.args, /^-?-auto-approve$/))
    return ask(
      "cloud.terraform-auto-approve",
      `${name} apply -auto-approve changes infrastructure without showing the plan`,
      `${name} plan, then ${name} apply`,
    )
  if (verb === "state" && (sub === "rm" || sub === "push"))
    return ask("cloud.terraform-state", `${name} state ${sub} rewrites the state file`)
  if (verb === "workspace" && sub === "delete")
    return ask("cloud.terraform-state", `${name} workspace delete drops a workspace's state`)
  if (verb === "taint" || verb === "force-unlock")
    return ask(
      "cloud.terraform-state",
      `${name} ${verb} changes the state so resources are replaced or a lock is broken`,
    )
  return ALLOW
}

const pulumi: Rule = (inv, _w, name) => {
  const [verb] = positionals(inv.args)
  if (verb === "destroy" || verb === "down")
    return deny(
      "cloud.iac-destroy",
      `${name} ${verb} deletes every resource of the stack`,
      `${name} preview --diff first`,
    )
  if ((verb === "up" || verb === "update") && flag(inv.args, /^(--yes|-y|--skip-preview)$/))
    return ask("cloud.iac-auto-approve", `${name} ${verb} --yes changes infrastructure without a preview`)
  return ALLOW
}

const cdk: Rule = (inv) =>
  positionals(inv.args)[0] === "destroy"
    ? deny("cloud.iac-destroy", "cdk destroy deletes the stack's resources")
    : ALLOW

const kubectl: Rule = (inv, walk, name) => {
  const words = positionals(inv.args, KUBE_VALUED)
  const verb = words[0]
  const dashdash = inv.args.findIndex((a) => a.text === "--")
  if ((verb === "exec" || verb === "debug" || verb === "run") && dashdash !== -1 && dashdash + 1 < inv.args.length)
    walk.run({ ...inv, args: inv.args.slice(dashdash + 1), state: { ...inv.state, cwd: undefined, vars: new Map() } })
  if (verb === "delete") {
    const kind = words[1]?.toLowerCase()
    if (
      flag(inv.args, /^(--all|-A|--all-namespaces)$/) ||
      kind === "all" ||
      /^(ns|namespace|namespaces|node|nodes|pv|persistentvolume|persistentvolumes|crd|customresourcedefinition)s?$/.test(
        kind ?? "",
      ) ||
      /^(ns|namespaces?)\//.test(kind ?? "")
    )
      return deny(
        "cloud.kubectl-delete-broad",
        `${name} delete ${words.slice(1).join(" ")} removes a namespace, nodes or everything of a kind`,
        `${name} delete the named resource, after ${name} get`,
      )
    return ask(
      "cloud.kubectl-delete",
      `${name} delete ${words.slice(1).join(" ")} removes cluster resources`,
      `${name} delete --dry-run=client first`,
    )
  }
  if (verb === "drain") return ask("cloud.kubectl-drain", `${name} drain evicts every pod from the node`)
  if (verb === "replace" && flag(inv.args, /^--force$/))
    return ask("cloud.kubectl-replace-force", "replace --force deletes and recreates resources")
  if (verb === "scale" && flag(inv.args, /^--replicas=0$/))
    return ask("cloud.kubectl-scale-zero", "scaling to zero stops the workload")
  return ALLOW
}

const helm: Rule = (inv, walk, name) => {
  const verb = positionals(inv.args, KUBE_VALUED)[0]
  if (verb === "uninstall" || verb === "delete" || verb === "del" || verb === "un")
    return deny(
      "cloud.helm-uninstall",
      `helm ${verb} removes the release and its resources`,
      "helm rollback, or helm get values first",
    )
  return helmPush(inv, walk, name)
}

/** Framework tasks that drop or reset a database. */
const dbTask: Rule = (inv, _w, name) => {
  const task = inv.args
    .slice(1)
    .map((a) => a.text)
    .find((t) => /^db:(drop|reset|purge|schema:load|migrate:reset|truncate_all|setup)(:|$)/.test(t))
  if (!task) return ALLOW
  return /^db:(drop|purge|truncate_all)/.test(task)
    ? deny("db.framework-drop", `${name} ${task} deletes the database`, "dump it first, and run it yourself")
    : ask("db.framework-reset", `${name} ${task} recreates the database and loses its data`)
}

/** `ansible HOSTS -m shell -a 'CMD'` runs CMD on every host. */
const ansible: Rule = (inv, walk) => {
  const module = inv.args.find((_a, k) => /^(-m|--module-name)$/.test(inv.args[k - 1]?.text ?? ""))?.text
  const arg = inv.args.find((_a, k) => /^(-a|--args)$/.test(inv.args[k - 1]?.text ?? ""))?.text
  if (arg && (!module || /^(shell|command|raw|ansible\.builtin\.(shell|command|raw))$/.test(module)))
    walk.script(arg, { ...inv.state, cwd: undefined, vars: new Map() }, "the command ansible runs on its hosts")
  return ALLOW
}

export const cloudRules: Record<string, Rule> = {
  ansible,
  rails: dbTask,
  rake: dbTask,
  sequelize: dbTask,
  "sequelize-cli": dbTask,
  terraform,
  tofu: terraform,
  terragrunt: terraform,
  pulumi,
  cdk,
  cdktf: cdk,
  kubectl,
  oc: kubectl,
  k: kubectl,
  helm,
}
