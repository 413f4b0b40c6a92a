/**
 * Step 1 of the held-out recall corpus (issue 16): one line per situation, written before any
 * item text, then the questions, written from the situation line alone (the way a teammate asks
 * weeks later), never from the stored item. items.ts was written afterwards. `split()` assigns
 * each situation to the tuning or the held-out half by a hash of its id, fixed before any run.
 */
export interface Situation {
  id: string
  project: "ledger" | "atlas" | "harbor" | "quill"
  situation: string
  questions: [string, string]
}

export const SITUATIONS: Situation[] = [
  // ledger: payments and billing backend
  {
    id: "ledger-export-batch",
    project: "ledger",
    situation: "The nightly accounting export kept timing out, so it was changed to run in pages of rows.",
    questions: [
      "the nightly export keeps timing out again — didn't we decide something about batching it?",
      "why does the accounting job fetch things in chunks instead of one big query",
    ],
  },
  {
    id: "ledger-idempotency",
    project: "ledger",
    situation:
      "Customers were charged twice when the card call was retried; every charge now carries an idempotency key.",
    questions: [
      "a customer says they got charged twice, what did we do about that last time",
      "is it safe to retry a payment request if the provider times out",
    ],
  },
  {
    id: "ledger-money-type",
    project: "ledger",
    situation: "Amounts are stored as integer cents, never floats, after rounding errors in invoices.",
    questions: ["what type should I use for the price column", "why are the invoice totals off by a cent sometimes"],
  },
  {
    id: "ledger-webhook-verify",
    project: "ledger",
    situation: "Provider webhooks must have their signature checked, and events are processed once by event id.",
    questions: [
      "how do we know a webhook call really comes from the payment provider",
      "we got the same payment event delivered three times, is that handled",
    ],
  },
  {
    id: "ledger-pg-pooling",
    project: "ledger",
    situation:
      "The database ran out of connections during month-end; a connection pooler was put in front of Postgres.",
    questions: [
      "pg is refusing connections under load, what's our setup for that",
      "why is there a pgbouncer thing between the service and the db",
    ],
  },
  {
    id: "ledger-refund-window",
    project: "ledger",
    situation: "Refunds older than 180 days cannot go through the provider and need a manual bank transfer.",
    questions: [
      "can I refund an order from last year through the API",
      "the refund call fails for an old invoice, why",
    ],
  },
  {
    id: "ledger-migration-freeze",
    project: "ledger",
    situation: "No schema migrations during the last three days of the month because of the close.",
    questions: ["can I ship this migration on the 30th", "when are we not allowed to change the database schema"],
  },
  {
    id: "ledger-currency-rates",
    project: "ledger",
    situation: "Exchange rates are fetched once a day and cached; invoices use the rate of the invoice date.",
    questions: ["which conversion rate applies when we bill in euros", "how often do we pull fx rates"],
  },
  {
    id: "ledger-audit-retention",
    project: "ledger",
    situation: "Financial audit records are kept for ten years and never deleted by cleanup jobs.",
    questions: ["how long do we have to keep the audit trail", "can the cleanup cron remove old ledger entries"],
  },
  {
    id: "ledger-tax-service",
    project: "ledger",
    situation: "Sales tax is computed by an external tax service, with a fallback table if it is down.",
    questions: ["what happens to checkout tax if the tax api is unreachable", "who calculates VAT for us"],
  },
  {
    id: "ledger-flaky-test",
    project: "ledger",
    situation: "A test for invoice dates failed around midnight UTC; tests now freeze the clock.",
    questions: ["the invoice test only fails at night, is that known", "how should tests deal with the current date"],
  },
  {
    id: "ledger-dunning",
    project: "ledger",
    situation: "Failed subscription payments are retried on days 1, 3 and 7 before the account is suspended.",
    questions: [
      "what's the retry schedule when a card is declined on renewal",
      "when do we suspend someone who stopped paying",
    ],
  },
  // atlas: storefront web app
  {
    id: "atlas-session-cookie",
    project: "atlas",
    situation:
      "Users were logged out randomly because sessions lived in memory; sessions moved to Redis with a 14-day cookie.",
    questions: [
      "people keep getting logged out after deploys, did we fix that before",
      "how long does a login last on the store",
    ],
  },
  {
    id: "atlas-image-cdn",
    project: "atlas",
    situation: "Product images are resized on the fly by the CDN instead of being pre-generated at upload.",
    questions: [
      "where do the thumbnails come from",
      "do we need to generate smaller pictures when a product photo is uploaded",
    ],
  },
  {
    id: "atlas-search-engine",
    project: "atlas",
    situation:
      "Product search moved from SQL LIKE queries to a dedicated search engine (Meilisearch) because of typos and speed.",
    questions: [
      "search is slow and doesn't find misspelled products, what's the plan",
      "what powers the product search box",
    ],
  },
  {
    id: "atlas-feature-flags",
    project: "atlas",
    situation: "Feature toggles are managed in a hosted flag service, not in environment variables.",
    questions: [
      "how do I turn the new checkout on only for some users",
      "where do we keep the on/off switches for features",
    ],
  },
  {
    id: "atlas-checkout-ssr",
    project: "atlas",
    situation: "The checkout pages are server-rendered; client-only rendering broke on old Safari.",
    questions: ["can I make the payment page a client component", "why isn't the checkout a single page app"],
  },
  {
    id: "atlas-cart-merge",
    project: "atlas",
    situation:
      "When an anonymous shopper signs in, the guest cart is merged into the account cart, keeping the higher quantity.",
    questions: [
      "what happens to the basket when someone logs in",
      "items disappeared from a cart after sign in, how should merging work",
    ],
  },
  {
    id: "atlas-price-cache",
    project: "atlas",
    situation: "Prices are cached for five minutes at the edge; a promotion start purges the cache.",
    questions: ["a sale started but the old price still shows", "how long can a stale price be displayed"],
  },
  {
    id: "atlas-a11y",
    project: "atlas",
    situation: "Every UI change must pass automated accessibility checks in CI after a complaint about screen readers.",
    questions: ["do we test for screen reader support", "my PR failed on some axe rule, is that check required"],
  },
  {
    id: "atlas-rate-limit-login",
    project: "atlas",
    situation: "Login attempts are limited per IP and per account after a credential-stuffing attack.",
    questions: [
      "someone is brute forcing passwords, do we throttle sign in",
      "why am I locked out after a few wrong passwords locally",
    ],
  },
  {
    id: "atlas-analytics-consent",
    project: "atlas",
    situation: "Analytics scripts only load after the visitor accepts the cookie banner.",
    questions: [
      "tracking numbers dropped, could it be the privacy popup",
      "can I add a marketing pixel to the page head",
    ],
  },
  // harbor: platform and infrastructure
  {
    id: "harbor-k8s-requests",
    project: "harbor",
    situation: "Pods without CPU and memory requests got evicted; every deployment now must set requests and limits.",
    questions: [
      "my service keeps getting killed on the cluster, any rule about resources",
      "are resource limits mandatory in our k8s manifests",
    ],
  },
  {
    id: "harbor-terraform-state",
    project: "harbor",
    situation: "Terraform state lives in a locked remote backend after two people applied at once and corrupted it.",
    questions: ["where is the infra state file kept", "two of us ran apply at the same time, is that prevented now"],
  },
  {
    id: "harbor-db-backups",
    project: "harbor",
    situation: "Database backups run hourly with point-in-time recovery and are restored monthly as a drill.",
    questions: [
      "how would we get the postgres data back from yesterday afternoon",
      "do we ever test that backups actually restore",
    ],
  },
  {
    id: "harbor-secrets",
    project: "harbor",
    situation: "Secrets come from a vault at runtime; nothing sensitive is committed or baked into images.",
    questions: ["where do I put the api token for the new service", "can I add the password to the helm values file"],
  },
  {
    id: "harbor-ci-runners",
    project: "harbor",
    situation: "CI moved to self-hosted runners because hosted minutes ran out and builds queued for an hour.",
    questions: ["why do our pipelines run on our own machines", "builds are waiting forever to start, what runs them"],
  },
  {
    id: "harbor-alert-fatigue",
    project: "harbor",
    situation:
      "Paging alerts were cut to symptoms users feel (error rate, latency); CPU alerts only go to a dashboard.",
    questions: ["I got woken up for high cpu, should that page", "what should trigger an on-call page"],
  },
  {
    id: "harbor-ingress-tls",
    project: "harbor",
    situation:
      "TLS certificates are issued and renewed automatically by cert-manager after an expired certificate outage.",
    questions: [
      "the https cert expired last year, how are certs handled now",
      "do I need to renew certificates by hand for a new domain",
    ],
  },
  {
    id: "harbor-node-upgrade",
    project: "harbor",
    situation: "Cluster node upgrades are done one pool at a time on Tuesdays, with pod disruption budgets.",
    questions: [
      "when can we upgrade the kubernetes nodes",
      "the node rollout took down every replica of a service, how should it go",
    ],
  },
  {
    id: "harbor-log-retention",
    project: "harbor",
    situation: "Application logs are kept 30 days in hot storage and a year in cold storage because of cost.",
    questions: ["how far back can I search the logs", "the logging bill exploded, what did we decide on keeping logs"],
  },
  {
    id: "harbor-dns-ttl",
    project: "harbor",
    situation: "DNS records are lowered to a short TTL a day before any migration so cutover is quick.",
    questions: [
      "we're moving the api to a new load balancer, anything to do with dns first",
      "why did the switch take hours for some users last time",
    ],
  },
  // quill: mobile app
  {
    id: "quill-push-tokens",
    project: "quill",
    situation:
      "Push notification tokens are refreshed on every app start because stale tokens silently stopped notifications.",
    questions: [
      "some users stopped getting notifications, seen that before",
      "when do we send the device token to the backend",
    ],
  },
  {
    id: "quill-offline-sync",
    project: "quill",
    situation: "Notes edited offline are synced with last-writer-wins per field, not per document.",
    questions: [
      "two phones edited the same note without network, who wins",
      "how does the app resolve conflicting edits after being offline",
    ],
  },
  {
    id: "quill-release-train",
    project: "quill",
    situation: "App store releases ship every two weeks on a fixed train; hotfixes only for crashes.",
    questions: ["when does the next version go to the stores", "can we push a small UI fix out tomorrow"],
  },
  {
    id: "quill-crash-reporting",
    project: "quill",
    situation: "Crash reports go to Sentry with symbol uploads in CI, after unreadable iOS stack traces.",
    questions: [
      "the crash logs are just memory addresses, how do we get readable ones",
      "which tool do we use for app crashes",
    ],
  },
  {
    id: "quill-token-storage",
    project: "quill",
    situation: "Auth refresh tokens are stored in the Keychain/Keystore, never in AsyncStorage.",
    questions: [
      "where should the app keep the login token",
      "is it ok to save the session in local storage on the phone",
    ],
  },
  {
    id: "quill-min-os",
    project: "quill",
    situation: "The minimum supported versions are iOS 15 and Android 8 after looking at usage numbers.",
    questions: ["do we still support old android phones", "what's the oldest iPhone software we run on"],
  },
  {
    id: "quill-image-upload",
    project: "quill",
    situation: "Photos are compressed on the device and uploaded in the background with resumable uploads.",
    questions: [
      "uploads fail on bad mobile connections, what's our approach",
      "do we shrink pictures before sending them",
    ],
  },
  {
    id: "quill-deep-links",
    project: "quill",
    situation: "Deep links use universal links/app links with a web fallback instead of a custom URL scheme.",
    questions: [
      "links from emails don't open the app, how are links supposed to work",
      "can we register a myapp:// scheme",
    ],
  },
  {
    id: "quill-analytics-batching",
    project: "quill",
    situation: "Analytics events are batched and sent every 30 seconds to save battery.",
    questions: [
      "the app drains battery, is telemetry sending too often",
      "why do events show up late in the dashboard",
    ],
  },
  {
    id: "quill-feature-flags",
    project: "quill",
    situation: "Remote config toggles gate new screens so they can be turned off without a store release.",
    questions: [
      "how can we disable a broken screen without waiting for app review",
      "do we have kill switches in the mobile app",
    ],
  },
]

/** FNV-1a of the id: half the situations tune, the other half is held out. Fixed before any run. */
export function split(id: string): "tune" | "held" {
  let h = 0x811c9dc5
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0
  return h % 2 === 0 ? "tune" : "held"
}
