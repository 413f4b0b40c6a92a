import type { Family } from "../family"
import type { LineFilter } from "./_select"
import { buildFilter } from "./build"
import { genericFilter } from "./generic"
import { gitFilter } from "./git"
import { infraFilter } from "./infra"
import { listingFilter } from "./listing"
import { logsFilter } from "./logs"
import { pkgFilter } from "./pkg"
import { testFilter } from "./test"

const FILTERS: Record<Family, LineFilter> = {
  git: gitFilter,
  test: testFilter,
  build: buildFilter,
  pkg: pkgFilter,
  infra: infraFilter,
  listing: listingFilter,
  json: genericFilter,
  logs: logsFilter,
  generic: genericFilter,
}

export function filterFor(family: Family): LineFilter {
  return FILTERS[family]
}

/** Output that is one JSON document or NDJSON, whatever the command (gh --json, kubectl -o json). */
export function looksLikeJson(lines: string[]): boolean {
  const first = lines.find((l) => l.trim())?.trimStart() ?? ""
  const last = lines.findLast((l) => l.trim())?.trimEnd() ?? ""
  return (first.startsWith("{") && last.endsWith("}")) || (first.startsWith("[") && last.endsWith("]"))
}

// what the pipeline and the streaming summary share with the filters
export { namedTerms } from "./_named"
export { isOwnFrame } from "./_noise"
export { filterContext, type FilterContext, type LineFilter, type Selection } from "./_select"
