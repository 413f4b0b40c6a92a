import { isProblem } from "../keep"
import { BLANK, PROGRESS, ROUTINE_LOG, SEPARATOR } from "./_noise"
import { type LineFilter, type Selection, selection } from "./_select"
import { genericFilter } from "./generic"
import { tableFilter } from "./table"

// BuildKit step output (`#7 0.412 …`) and classic builder chatter; step headers and results stay.
const BUILD_NOISE =
  /^#\d+ (?:\d+\.\d+ |sha256:|resolve |transferring |extracting |\[internal\] load)|^#\d+ (?:DONE|CACHED) [\d.]+s$|^ ---> (?:[0-9a-f]{8,}|Running in|Using cache)|^Removing intermediate container|^\s*(?:[0-9a-f]{12}: (?:Pulling|Waiting|Verifying|Download|Pull complete|Already exists|Extracting))/
// terraform: attribute lines of resources being created, refresh chatter.
const TF_NOISE =
  /^\s*\S+: (?:Refreshing state|Reading\.\.\.|Read complete|Still (?:reading|creating|destroying|modifying))|^\s+\+ \S+\s+= |^\s+\+ \S+\s+\{$|^\s+\+\s+\S+\s*=|\(known after apply\)\s*$/

export const infraFilter: LineFilter = (lines, ctx) => {
  const [name, sub] = ctx.words
  if (name === "terraform" || name === "tofu" || name === "terragrunt") return drop(lines, TF_NOISE)
  if (
    (name === "docker" || name === "podman") &&
    (sub === "build" || (sub === "buildx" && ctx.words[2] === "build") || sub === "pull" || sub === "push")
  )
    return drop(lines, BUILD_NOISE)
  if (sub === "describe") return describeFilter(lines)
  return isTable(lines) ? tableFilter(lines, ctx) : genericFilter(lines, ctx)
}

function drop(lines: string[], noise: RegExp): Selection {
  const sel = selection(lines.length, 1)
  let prevBlank = true
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] ?? ""
    const blank = BLANK.test(l)
    if ((noise.test(l) || PROGRESS.test(l) || ROUTINE_LOG.test(l) || (blank && prevBlank)) && !isProblem(l))
      sel.keep[i] = 0
    prevBlank = blank || !sel.keep[i]
  }
  return sel
}

/** kubectl describe: the object's status sections stay; long annotations, mounts and Normal events go. */
function describeFilter(lines: string[]): Selection {
  const sel = selection(lines.length, 1)
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] ?? ""
    if (
      /^\s+Normal\s+\S+\s+/.test(l) ||
      /^\s+\/var\/run\/secrets|kube-api-access|ConfigMapName:|ConfigMapOptional:|DownwardAPI:|TokenExpirationSeconds:/.test(
        l,
      ) ||
      SEPARATOR.test(l)
    )
      sel.keep[i] = 0
  }
  return sel
}

/** Column-aligned output with an upper-case header (docker ps, kubectl get, helm list). */
function isTable(lines: string[]): boolean {
  const header = lines.find((l) => l.trim()) ?? ""
  return /^[A-Z][A-Z0-9 _()-]{2,}\s{2,}[A-Z]/.test(header) && lines.length > 3
}
