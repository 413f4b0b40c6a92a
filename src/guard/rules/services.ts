import type { Invocation } from "../invocation"
import { ALLOW, type Verdict } from "../types"
import { ask, deny } from "./finding"

/**
 * Cloud, secrets, backup, messaging, CI and platform CLIs share one shape: `tool [group] verb …`.
 * A destructive verb anywhere among the words (`delete`, `delete-secret`, `--delete`, `purge`,
 * `revoke`, …) makes the command ask or deny. Reading, listing and creating pass.
 */
const SERVICE_CLI = new Set([
  "aws",
  "gcloud",
  "gsutil",
  "bq",
  "az",
  "azcopy",
  "doctl",
  "linode-cli",
  "hcloud",
  "scw",
  "exo",
  "ibmcloud",
  "oci",
  "aliyun",
  "fly",
  "flyctl",
  "heroku",
  "vercel",
  "netlify",
  "firebase",
  "supabase",
  "railway",
  "render",
  "wrangler",
  "fastly",
  "cloudflared",
  "vault",
  "op",
  "doppler",
  "infisical",
  "bw",
  "chamber",
  "akeyless",
  "conjur",
  "sops",
  "velero",
  "restic",
  "borg",
  "rclone",
  "kopia",
  "duplicity",
  "duplicati",
  "rdiff-backup",
  "tarsnap",
  "s3cmd",
  "mc",
  "b2",
  "circleci",
  "gitlab-runner",
  "glab",
  "gh",
  "jenkins",
  "jenkins-cli",
  "travis",
  "buildkite-agent",
  "bk",
  "tkn",
  "argocd",
  "flux",
  "nats",
  "rabbitmqctl",
  "rabbitmqadmin",
  "kcat",
  "kafkactl",
  "pulsar-admin",
  "redpanda",
  "rpk",
  "eksctl",
  "kind",
  "minikube",
  "k3d",
  "nomad",
  "consul",
  "etcdctl",
  "vagrant",
  "packer",
  "ansible",
  "ansible-playbook",
  "stripe",
  "twilio",
  "sentry-cli",
  "datadog-ci",
  "algolia",
  "meilisearch",
  "elasticsearch-cli",
  "opensearch-cli",
  "gitea",
  "tea",
  "bitbucket",
  "az-devops",
  "snyk",
  "npm-cli",
  "prisma",
  "supabase-cli",
  "neonctl",
  "planetscale",
  "pscale",
  "turso",
  "atlas",
])

const DESTRUCTIVE =
  /^(delete|del|rm|rb|remove|destroy|purge|prune|drop|truncate|flush|flushall|flushdb|wipe|revoke|disable|unregister|deregister|uninstall|forget|compact|rdelete|clear|unsubscribe|terminate|erase|nuke|reset|cleanup|dedupe|deletefile|rmdir|rmdirs|move|moveto|unset|expire|kill|stop)$/
const DENY_VERBS = /^(destroy|purge|drop|truncate|flushall|flushdb|wipe|nuke|rdelete|rb)$/
const SECRET_WRITE = /^(put|update|rotate|restore|set|import)$/
/** Flags that delete on their own; others (`--delete-branch` after a merge, `--remove-orphans`) are routine. */
const DESTRUCTIVE_FLAG =
  /^--(delete|delete-config|delete-excluded|delete-before|delete-after|delete-during|delete-delay|remove|purge|force-delete\S*|drop|truncate|wipe|destroy)$/

/** True for a name in the service set, `kafka-*` tools and `*-cli` jars run through java. */
const isService = (name: string): boolean =>
  SERVICE_CLI.has(name) || name.startsWith("kafka-") || name.startsWith("kafka.")

export function serviceRule(inv: Invocation, name: string): Verdict {
  let words = inv.args.map((a) => a.text)
  if (name === "java") {
    const jar = words.indexOf("-jar")
    if (jar === -1 || !/cli\.jar$/.test(words[jar + 1] ?? "")) return ALLOW
    words = words.slice(jar + 2)
  } else if (!isService(name)) return ALLOW
  if (words.some((w) => /^--(force-reset|accept-data-loss)$/.test(w)))
    return ask(
      `service.${name}-data-loss`,
      `${name} ${words.find((w) => /^--(force-reset|accept-data-loss)$/.test(w))} drops data to apply the change`,
      "back up the database first",
    )
  if (name.startsWith("kafka") && words.includes("--reset-offsets") && words.includes("--execute"))
    return ask(
      "service.kafka-reset-offsets",
      "resetting consumer offsets makes consumers skip or replay messages",
      "run it with --dry-run first",
    )
  if (name === "railway" && words.slice(1).find((w) => !w.startsWith("-")) === "down")
    return ask("service.railway-down", "railway down removes the latest deployment of the service")
  const nameVerb = name
    .split(/[-_.]/)
    .slice(1)
    .find((p) => DESTRUCTIVE.test(p))
  if (nameVerb) return ask(`service.${name}`, `${name} ${nameVerb}s remote data that may not come back`)
  const safeRead =
    name === "aws" && words.includes("s3") && words.some((w) => w === "sync") && !words.some((w) => /^--delete/.test(w))
  for (const word of words.slice(1)) {
    if (/^[a-z]+:\/\//i.test(word) || word.includes("/") || (word.includes("=") && !word.startsWith("--"))) continue
    if (word.startsWith("-") && !DESTRUCTIVE_FLAG.test(word)) continue
    const parts = word
      .toLowerCase()
      .replace(/^-+/, "")
      .split(/[-_:.]/)
    const verb = parts.find((p) => DESTRUCTIVE.test(p) && (p !== "move" && p !== "moveto" ? true : name === "rclone"))
    const secretWrite =
      parts.length > 1 &&
      SECRET_WRITE.test(parts[0]!) &&
      parts.some((p) => p === "secret" || p === "secrets") &&
      !word.startsWith("-")
    if (!verb && !secretWrite) continue
    if (safeRead) break
    const what = `${name} ${words
      .slice(1)
      .filter((w) => !w.startsWith("-"))
      .slice(0, 3)
      .join(" ")}`.trim()
    if (secretWrite)
      return ask(
        "secrets.overwrite",
        `${what} overwrites a stored secret`,
        "create a new version and keep the old one until it is verified",
      )
    const level = verb && DENY_VERBS.test(verb) ? deny : ask
    return level(
      `service.${name.replace(/[^a-z0-9]+/gi, "-")}-${verb}`,
      `${what} (${word}) deletes or disables remote data that may not come back`,
      "run the matching list/describe command first, then do it yourself",
    )
  }
  if (name === "rclone" && /^(sync|bisync)$/.test(words.slice(1).find((w) => !w.startsWith("-")) ?? ""))
    return ask(
      "service.rclone-sync",
      "rclone sync deletes files at the destination that are not in the source",
      "rclone copy, or sync with --dry-run first",
    )
  return ALLOW
}
