import { foldText } from "../../core/screen"
import { phraseWords, processTerm, tokenize } from "./terms"
import { DELIVERY_VOCABULARY } from "./vocabulary-delivery"
import { PRODUCT_VOCABULARY } from "./vocabulary-product"
import { SERVICES_VOCABULARY } from "./vocabulary-services"

/**
 * Software vocabulary for query expansion: people ask in other words than they wrote ("basket"
 * for cart, "logged out" for session, "charged twice" for idempotency, "pg" for Postgres). Each
 * group is one concept; a question naming any member also looks for the others, at a lower weight
 * and counted as the same query term (so a synonym never outweighs the word that was asked).
 * General engineering vocabulary only — no project's names.
 *
 * A member is a word or a phrase; a phrase (or a hyphenated word) triggers its group, and is looked for
 * as the items holding all its words (two or more after the stop list; read/_together.ts), never on one
 * of them ("sign" of "sign-in" alone would match anything). A one-word member marked with
 * LOOKED_FOR_ONLY is looked for when the group triggers and never triggers it: the spelled-out word of
 * an abbreviation that also means other things ("~balancer" for lb: asking about an account balance
 * must not bring load balancers).
 *
 * Adding a group (test/memory/vocabulary.test.ts checks the mechanical part):
 * - one concept whose members a developer would use interchangeably in a question: abbreviations,
 *   spelled-out forms, synonyms, everyday paraphrases of a symptom; no project's or product's names
 *   beyond well-known technologies;
 * - no hub word as a trigger ("issue", "data", "error", "fix" …), and no word whose stem is one
 *   ("accessibility" stems to access: mark it LOOKED_FOR_ONLY, or leave it out when what it would be
 *   looked for as is an everyday word too: "production" → product, "hourly" → hour, "locale" → local);
 * - a member stemming joins to another adds nothing (Porter2 already meets "deadlocks"/"deadlocked");
 * - a phrase keeps two words after the stop list ("not found" would trigger on "found" alone);
 * - at least one one-word member, else the group looks for nothing;
 * - a word sits in two groups only when it truly means each.
 * Do not tune groups on a benchmark's questions.
 */
export const LOOKED_FOR_ONLY = "~"

/** The groups written before the rules above, kept as they were (the tests compare against them). */
const WRITTEN_FIRST: readonly string[] = [
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

/** In this order: a query's first matching group names the key of a term two groups share. */
export const VOCABULARY: readonly string[] = [
  ...WRITTEN_FIRST,
  ...SERVICES_VOCABULARY,
  ...DELIVERY_VOCABULARY,
  ...PRODUCT_VOCABULARY,
]

/**
 * A group as expansion uses it: its trigger phrases, the one-word terms looked for when it triggers, and its
 * members of several words, looked for as all their words in one item (read/_together.ts).
 */
export interface Group {
  phrases: ReadonlyArray<readonly string[]>
  terms: readonly string[]
  together: ReadonlyArray<readonly string[]>
}

const termsOf = (text: string) =>
  tokenize(foldText(text))
    .map(processTerm)
    .filter((t): t is string => !!t)

/** One group line, stemmed; a trigger phrase keeps its stop words ("log in", "how long", "on/off"). */
export function compileGroup(line: string): Group {
  const members = line.split("|")
  const triggers = members.filter((m) => !m.startsWith(LOOKED_FOR_ONLY))
  const phrases = triggers
    .map((m) => phraseWords(m))
    .filter((p) => p.some((w) => w.term))
    .map((p) => p.map((w) => w.word))
  // phrases trigger; one-word members are looked for on their own, longer ones as all their words together
  const looked = members.map((m) => (m.startsWith(LOOKED_FOR_ONLY) ? m.slice(LOOKED_FOR_ONLY.length) : m))
  const single = looked.filter((m) => tokenize(m).length === 1).flatMap(termsOf)
  const several = new Map<string, string[]>()
  for (const m of looked) {
    const words = [...new Set(termsOf(m))]
    if (tokenize(m).length > 1 && words.length > 1) several.set(words.join(" "), words)
  }
  return { phrases, terms: [...new Set(single)], together: [...several.values()] }
}
