import { foldText } from "../../core/screen"
import { processTerm, tokenize } from "./terms"

/**
 * Software vocabulary for query expansion: people ask in other words than they wrote ("basket"
 * for cart, "logged out" for session, "charged twice" for idempotency, "pg" for Postgres). Each
 * group is one concept; a question naming any member also looks for the others, at a lower weight
 * and counted as the same query term (so a synonym never outweighs the word that was asked).
 * General engineering vocabulary only — no project's names.
 */
const VOCABULARY: readonly string[] = [
  "database|db|postgres|postgresql|pg|mysql|sql|sqlite",
  "kubernetes|k8s|cluster|pod|pods|kubectl",
  "login|log in|logged in|logs in|logged out|sign in|signed in|signs in|sign-in|signin|session|sessions|authenticate|logout|cookie",
  "charged twice|double charge|duplicate charge|duplicate|idempotent|idempotency|idempotency key|retried",
  "image|images|picture|pictures|photo|photos|thumbnail|thumbnails",
  "cart|basket|shopping bag",
  "analytics|tracking|telemetry|metrics|pixel|events",
  "consent|privacy|cookie banner|gdpr|popup",
  "ci|pipeline|pipelines|build|builds|runner|runners",
  "ios|iphone|ipad",
  "android|play store",
  "minimum|oldest|older|supported|support",
  "compress|compressed|shrink|resize|resized|smaller|downscale",
  "fx|exchange rate|conversion rate|currency|euros|dollars",
  "checkout|payment page",
  "server-rendered|server render|ssr|client component|client-only|single page app|spa",
  "network|connection|connections|connectivity|cellular|offline|wifi",
  "notification|notifications|push",
  "token|tokens|credential|credentials|password|api key|secret|secrets|vault",
  "certificate|certificates|cert|certs|tls|https|ssl",
  "log|logs|logging",
  "alert|alerts|page|paging|paged|on-call|pager",
  "timeout|timeouts|timing out|timed out|time out|slow",
  "batch|batching|batches|chunk|chunks|paginate|pagination|pages",
  "retry|retries|retried|resend",
  "tax|vat|sales tax",
  "migration|migrations|schema",
  "feature flag|feature flags|toggle|toggles|switch|switches|kill switch|remote config|on/off",
  "deploy|deploys|release|releases|ship|rollout",
  "crash|crashes|stack trace|stack traces|sentry",
  "rate limit|throttle|throttling|brute force|lockout|locked out|attempts|credential stuffing",
  "keychain|keystore|secure storage|local storage|asyncstorage",
  "search|find|lookup",
  "cache|cached|caching|stale|ttl",
  "delete|remove|purge|cleanup",
  "retention|retain|keep|how long",
  "dns|resolver|resolvers",
  "link|links|deep link|url scheme|universal link",
  "upload|uploads|uploaded",
  "cpu|memory|resources|requests and limits|oom",
  "evicted|killed|oom-killed",
  "infra|infrastructure|terraform",
  "backup|backups|restore",
  "invoice|invoices|bill|billing",
  "refund|refunds",
  "decline|declined|failed payment|dunning",
]

interface Group {
  phrases: string[][]
  terms: string[]
}

let groups: Group[] | undefined

const termsOf = (text: string) =>
  tokenize(foldText(text))
    .map(processTerm)
    .filter((t): t is string => !!t)

function compiled(): Group[] {
  groups ??= VOCABULARY.map((line) => {
    const members = line.split("|")
    const phrases = members.map(termsOf).filter((p) => p.length > 0)
    // phrases trigger; only one-word members are looked for ("sign" of "sign-in" alone would match anything)
    const single = members.filter((m) => tokenize(m).length === 1).flatMap(termsOf)
    return { phrases, terms: [...new Set(single)] }
  })
  return groups
}

export interface WeightedTerm {
  term: string
  weight: number
  /** The query term this one stands in for: matches of either count once. */
  key: string
}

const EXPANSION_WEIGHT = 0.5

/** The expansion terms of a query (its own terms excluded), each keyed to the query term it came from. */
export function expandQuery(query: string): WeightedTerm[] {
  const asked = termsOf(query)
  const own = new Set(asked)
  const out = new Map<string, WeightedTerm>()
  for (const g of compiled()) {
    let key: string | undefined
    for (const phrase of g.phrases) {
      for (let i = 0; i + phrase.length <= asked.length && !key; i++) {
        if (phrase.every((t, k) => asked[i + k] === t)) key = asked[i]
      }
      if (key) break
    }
    if (!key) continue
    for (const term of g.terms)
      if (!own.has(term) && !out.has(term)) out.set(term, { term, weight: EXPANSION_WEIGHT, key })
  }
  return [...out.values()]
}
