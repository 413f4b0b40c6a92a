import { QUESTIONS_C } from "./recall-heldout-c/questions"

/**
 * The labelled corpus of the recall benchmark: engineering memory topics, each with values that
 * differ between projects (so another project's item is a look-alike, not an exact copy), and
 * paraphrased questions that do not contain the answer.
 */
export interface Topic {
  id: string
  kind: string
  entities: string[]
  values: string[]
  title: (v: string) => string
  body: (v: string) => string
  queries: string[]
}

const t = (topic: Topic) => topic

export const TOPICS: Topic[] = [
  t({
    id: "db",
    kind: "decision",
    entities: ["orders-service"],
    values: ["PostgreSQL 16", "MySQL 8", "CockroachDB", "SQLite with Litestream"],
    title: (v) => `Orders service database: ${v}`,
    body: (v) =>
      `The orders service stores its data in ${v}; chosen for transactional guarantees and the team's operational experience.`,
    queries: ["which database backs the orders service?", "where does orders data get persisted"],
  }),
  t({
    id: "queue",
    kind: "decision",
    entities: ["events"],
    values: ["Kafka", "RabbitMQ", "NATS JetStream", "Amazon SQS"],
    title: (v) => `Event bus is ${v}`,
    body: (v) => `Domain events are published to ${v}. Consumers must be idempotent because delivery is at-least-once.`,
    queries: ["what message broker do we publish domain events to", "how are events delivered between services"],
  }),
  t({
    id: "friday",
    kind: "lesson",
    entities: ["migrations"],
    values: ["Friday", "a release day", "the last day of a sprint", "a holiday eve"],
    title: (v) => `No schema migrations on ${v}`,
    body: (v) =>
      `Never run database schema migrations on ${v}: the last one locked the users table for forty minutes and nobody was around to roll back.`,
    queries: ["when should we avoid running migrations", "lesson about a migration locking the users table"],
  }),
  t({
    id: "auth",
    kind: "decision",
    entities: ["src/auth/session.ts"],
    values: [
      "signed HTTP-only cookies",
      "opaque tokens in Redis",
      "short-lived JWTs with refresh",
      "server sessions in Postgres",
    ],
    title: (v) => `Session handling: ${v}`,
    body: (v) => `Login sessions are kept as ${v}; never store tokens in localStorage.`,
    queries: ["how do we keep users logged in", "how are login sessions stored"],
  }),
  t({
    id: "node",
    kind: "constraint",
    entities: ["ci", ".nvmrc"],
    values: ["Node 20", "Node 22", "Bun 1.4", "Node 18"],
    title: (v) => `Runtime pinned to ${v}`,
    body: (v) => `CI and production both run ${v}; the version is pinned in .nvmrc and the Dockerfile must match.`,
    queries: ["which runtime version is pinned for CI", "what javascript runtime version runs in production"],
  }),
  t({
    id: "flaky",
    kind: "failure",
    entities: ["tests/payments.spec.ts"],
    values: [
      "a shared Stripe mock",
      "a real clock in retries",
      "parallel writes to one fixture file",
      "a race in the webhook handler",
    ],
    title: (v) => `Flaky payments test caused by ${v}`,
    body: (v) =>
      `The payments spec fails about one run in ten; the cause was ${v}. Quarantine it before blaming the code.`,
    queries: ["why does the payments spec fail randomly", "intermittent failure in payment tests"],
  }),
  t({
    id: "ratelimit",
    kind: "requirement",
    entities: ["gateway"],
    values: ["100 requests per minute", "20 requests per second", "1000 requests per hour", "50 requests per second"],
    title: (v) => `API rate limit ${v}`,
    body: (v) =>
      `The public gateway throttles each API key to ${v}; requests above that get HTTP 429 with Retry-After.`,
    queries: ["how much traffic can one API key send", "what throttling applies at the public gateway"],
  }),
  t({
    id: "logging",
    kind: "decision",
    entities: ["logger"],
    values: [
      "pino with JSON lines",
      "winston to stdout",
      "structured logs via OpenTelemetry",
      "bunyan with daily rotation",
    ],
    title: (v) => `Logging uses ${v}`,
    body: (v) => `Application logs are written using ${v}. Never log request bodies: they contain personal data.`,
    queries: ["what library do we log with", "rules for writing application logs"],
  }),
  t({
    id: "deploy",
    kind: "architecture",
    entities: ["deploy"],
    values: [
      "blue-green on Kubernetes",
      "canary releases with Argo Rollouts",
      "rolling updates on ECS",
      "Fly.io machines per region",
    ],
    title: (v) => `Deployment strategy: ${v}`,
    body: (v) => `Production deploys use ${v}; a failed health check rolls back automatically within five minutes.`,
    queries: ["how do we ship to production", "what happens when a release fails its health check"],
  }),
  t({
    id: "cache",
    kind: "decision",
    entities: ["cache"],
    values: ["60 seconds", "5 minutes", "one hour", "30 seconds"],
    title: (v) => `Product cache TTL ${v}`,
    body: (v) => `Catalogue responses are cached for ${v} in Redis; price changes purge the key explicitly.`,
    queries: ["how long are catalogue responses kept in redis", "expiry of the product cache"],
  }),
  t({
    id: "monorepo",
    kind: "architecture",
    entities: ["workspace"],
    values: ["pnpm workspaces", "Nx", "Turborepo", "npm workspaces"],
    title: (v) => `Monorepo tooling: ${v}`,
    body: (v) =>
      `Packages live in one repository managed with ${v}; shared code goes under packages/ and apps import it by name.`,
    queries: ["how is the repository organised into packages", "which tool manages the monorepo"],
  }),
  t({
    id: "timezone",
    kind: "constraint",
    entities: ["dates"],
    values: ["UTC everywhere", "UTC in storage, local time in UI only", "ISO 8601 with offsets", "epoch milliseconds"],
    title: (v) => `Timestamps: ${v}`,
    body: (v) => `All timestamps follow the rule: ${v}. A daylight saving bug double-charged subscriptions once.`,
    queries: ["how should we handle time zones", "rule for storing dates and times"],
  }),
  t({
    id: "review",
    kind: "preference",
    entities: ["pull-requests"],
    values: [
      "two approvals",
      "one approval from a code owner",
      "an approval plus green CI",
      "pairing instead of async review",
    ],
    title: (v) => `Code review needs ${v}`,
    body: (v) => `Pull requests merge only with ${v}; small PRs under 400 lines are preferred.`,
    queries: ["what is required before merging a pull request", "our code review policy"],
  }),
  t({
    id: "secrets",
    kind: "constraint",
    entities: ["vault"],
    values: ["HashiCorp Vault", "AWS Secrets Manager", "Doppler", "SOPS-encrypted files"],
    title: (v) => `Secrets live in ${v}`,
    body: (v) =>
      `Credentials are fetched at boot from ${v}; .env files are for local development only and are git-ignored.`,
    queries: ["where are production credentials kept", "how do services get their secrets"],
  }),
  t({
    id: "search",
    kind: "decision",
    entities: ["search"],
    values: ["Elasticsearch", "Meilisearch", "Postgres full-text search", "Typesense"],
    title: (v) => `Product search engine: ${v}`,
    body: (v) =>
      `Catalogue search runs on ${v}; the index is rebuilt nightly and updated incrementally on product edits.`,
    queries: ["what powers product search", "how is the catalogue index rebuilt"],
  }),
  t({
    id: "images",
    kind: "discovery",
    entities: ["cdn"],
    values: ["Cloudflare Images", "imgproxy behind the CDN", "Thumbor", "S3 plus Lambda resizing"],
    title: (v) => `Image resizing through ${v}`,
    body: (v) => `Product pictures are resized on the fly by ${v}; originals stay in object storage.`,
    queries: ["how are product pictures resized", "where do thumbnails come from"],
  }),
  t({
    id: "oom",
    kind: "failure",
    entities: ["worker"],
    values: [
      "unbounded CSV import buffers",
      "a memory leak in the PDF renderer",
      "loading whole S3 objects into memory",
      "an event listener added per request",
    ],
    title: (v) => `Worker OOM from ${v}`,
    body: (v) =>
      `The background worker was killed for running out of memory; root cause: ${v}. Stream large inputs instead.`,
    queries: ["why did the background worker crash with out of memory", "memory blow-up in the job runner"],
  }),
  t({
    id: "feature-flags",
    kind: "decision",
    entities: ["flags"],
    values: ["Unleash", "LaunchDarkly", "a flags table in Postgres", "GrowthBook"],
    title: (v) => `Feature flags via ${v}`,
    body: (v) =>
      `Unfinished features ship dark behind toggles managed in ${v}; remove a flag within two sprints of full rollout.`,
    queries: ["how do we hide unfinished features", "which toggle service do we use"],
  }),
  t({
    id: "api-style",
    kind: "architecture",
    entities: ["api"],
    values: ["REST with OpenAPI", "GraphQL federation", "gRPC internally, REST at the edge", "tRPC"],
    title: (v) => `API style: ${v}`,
    body: (v) => `Services expose ${v}; breaking changes need a versioned endpoint and a deprecation notice.`,
    queries: ["what protocol do services expose", "how do we introduce breaking changes to endpoints"],
  }),
  t({
    id: "linter",
    kind: "preference",
    entities: ["lint"],
    values: ["Biome", "ESLint with the strict preset", "oxlint", "ESLint plus Prettier"],
    title: (v) => `Linting with ${v}`,
    body: (v) =>
      `Code style is enforced by ${v} in a pre-commit hook and in CI; do not disable rules inline without a comment.`,
    queries: ["which linter enforces code style", "can I disable a lint rule inline"],
  }),
  t({
    id: "backup",
    kind: "requirement",
    entities: ["backups"],
    values: [
      "every hour with 30 days retention",
      "nightly with 14 days retention",
      "continuous WAL archiving",
      "every 6 hours to another region",
    ],
    title: (v) => `Database backups ${v}`,
    body: (v) => `Backups are taken ${v}; a restore drill runs each quarter and must finish under one hour.`,
    queries: ["how often is the database backed up", "restore drill schedule"],
  }),
  t({
    id: "i18n",
    kind: "decision",
    entities: ["locales"],
    values: ["ICU message format", "i18next JSON files", "gettext PO files", "FormatJS"],
    title: (v) => `Translations use ${v}`,
    body: (v) => `User-facing strings are translated with ${v}; never concatenate translated fragments.`,
    queries: ["how do we translate the interface", "rule about concatenating localized strings"],
  }),
  t({
    id: "payments-retry",
    kind: "lesson",
    entities: ["payments"],
    values: ["idempotency keys", "a retry budget of three", "exponential backoff with jitter", "a dead letter queue"],
    title: (v) => `Payment retries need ${v}`,
    body: (v) =>
      `Charging retries without ${v} once charged a customer twice; always send them when calling the payment provider.`,
    queries: ["how to avoid double charging customers", "lesson from the duplicate charge incident"],
  }),
  t({
    id: "docker",
    kind: "constraint",
    entities: ["Dockerfile"],
    values: ["distroless images", "Alpine with a non-root user", "Debian slim", "Chainguard images"],
    title: (v) => `Container base: ${v}`,
    body: (v) => `Containers are built on ${v}; images must not run as root and must pass the vulnerability scan.`,
    queries: ["what base image do containers use", "container security requirements"],
  }),
  t({
    id: "perf-budget",
    kind: "requirement",
    entities: ["frontend"],
    values: ["170 KB of JavaScript", "LCP under 2.5 seconds", "200 KB gzipped total", "TTI under 3 seconds on 4G"],
    title: (v) => `Performance budget: ${v}`,
    body: (v) => `The storefront has a performance budget of ${v}; CI fails a PR that exceeds it.`,
    queries: ["what page speed limits does the storefront have", "will CI block a heavy frontend change"],
  }),
  t({
    id: "email",
    kind: "decision",
    entities: ["mailer"],
    values: ["Postmark", "Amazon SES", "SendGrid", "Mailgun"],
    title: (v) => `Transactional email via ${v}`,
    body: (v) => `Receipts and password resets go out through ${v}; marketing mail uses a separate account and domain.`,
    queries: ["which provider sends password reset emails", "how are receipts mailed"],
  }),
  t({
    id: "n-plus-one",
    kind: "failure",
    entities: ["src/orders/list.ts"],
    values: ["the order list endpoint", "the invoice export", "the admin customer page", "the GraphQL cart resolver"],
    title: (v) => `N+1 queries in ${v}`,
    body: (v) =>
      `${v} issued one SQL query per row and took eight seconds for large accounts; batch with a dataloader.`,
    queries: ["which endpoint was slow because of one query per row", "fix for slow listing with too many SQL queries"],
  }),
  t({
    id: "branching",
    kind: "preference",
    entities: ["git"],
    values: ["trunk-based development", "GitHub flow with short branches", "release branches per version", "GitFlow"],
    title: (v) => `Branching model: ${v}`,
    body: (v) => `We follow ${v}; rebase on main before merging and squash commits.`,
    queries: ["what git workflow do we follow", "should I rebase or merge before landing"],
  }),
  t({
    id: "uploads",
    kind: "constraint",
    entities: ["uploads"],
    values: ["10 MB", "25 MB", "100 MB via presigned URLs", "5 MB"],
    title: (v) => `Upload size limit ${v}`,
    body: (v) => `User uploads are limited to ${v}; larger files are rejected before reaching the application servers.`,
    queries: ["how big can an uploaded file be", "maximum attachment size"],
  }),
  t({
    id: "observability",
    kind: "decision",
    entities: ["metrics"],
    values: ["Prometheus and Grafana", "Datadog", "Honeycomb", "New Relic"],
    title: (v) => `Metrics and dashboards in ${v}`,
    body: (v) =>
      `Service metrics and alert dashboards live in ${v}; every new endpoint gets latency and error-rate panels.`,
    queries: ["where do we watch service dashboards", "what monitoring stack do we use"],
  }),
  t({
    id: "pagination",
    kind: "architecture",
    entities: ["api"],
    values: [
      "cursor-based pagination",
      "keyset pagination on created_at",
      "offset with a 100-row cap",
      "opaque page tokens",
    ],
    title: (v) => `Listing endpoints use ${v}`,
    body: (v) =>
      `Every collection endpoint pages with ${v}; total counts are not returned because they are too expensive.`,
    queries: ["how do list endpoints page through results", "why don't collection responses include a total count"],
  }),
  t({
    id: "ssr",
    kind: "decision",
    entities: ["web"],
    values: ["Next.js with server components", "Remix", "Astro with islands", "SvelteKit"],
    title: (v) => `Storefront framework: ${v}`,
    body: (v) => `The storefront is rendered with ${v}; pages that need SEO must render on the server.`,
    queries: ["what framework renders the storefront", "server rendering requirement for SEO pages"],
  }),
  t({
    id: "tz-bug",
    kind: "discovery",
    entities: ["billing"],
    values: ["renewals at midnight UTC", "end-of-month proration", "leap-day renewals", "trial expiry across DST"],
    title: (v) => `Billing edge case: ${v}`,
    body: (v) => `Billing mishandles ${v}; there is a regression test in billing/edge-cases now.`,
    queries: ["known billing edge case with dates", "regression test for subscription renewal timing"],
  }),
  t({
    id: "owner",
    kind: "note",
    entities: ["team"],
    values: ["the platform team", "the checkout squad", "the data team", "the core API team"],
    title: (v) => `Inventory service owned by ${v}`,
    body: (v) =>
      `Questions about the inventory service go to ${v}; page them through the on-call rotation, not direct messages.`,
    queries: ["who owns the inventory service", "who do I ask about stock levels code"],
  }),
  t({
    id: "migrate-tool",
    kind: "decision",
    entities: ["migrations"],
    values: ["Prisma Migrate", "Flyway", "Atlas", "dbmate"],
    title: (v) => `Schema migrations with ${v}`,
    body: (v) => `Database schema changes are written as migration files run by ${v}; never edit an applied migration.`,
    queries: ["what tool applies schema changes", "can I edit an already applied migration file"],
  }),
  t({
    id: "retry-http",
    kind: "lesson",
    entities: ["http-client"],
    values: [
      "a 10 second timeout",
      "a circuit breaker",
      "retrying only idempotent methods",
      "a per-host connection limit",
    ],
    title: (v) => `Outbound HTTP needs ${v}`,
    body: (v) =>
      `Calls to partner APIs without ${v} hung the checkout during their outage; the shared HTTP client now enforces it.`,
    queries: ["what protects checkout when a partner API is down", "lesson from the partner outage hanging requests"],
  }),
]

export const QUERY_COUNT = TOPICS.reduce((n, topic) => n + topic.queries.length, 0)

/** The questions the latency, expansion-cost and warm-profile benches ask of stores filled from TOPICS. */
export const LATENCY_QUERIES = [
  "which database backs the orders service",
  "flaky payments test",
  "rate limit for api keys",
  "how do we deploy to production",
  "migration locked users table",
  "cache ttl redis catalogue",
  "worker out of memory",
  "feature flags toggles",
  "session cookies login",
  "backup retention restore drill",
]

/**
 * ~180 questions a latency bench has not asked before (the topics' own and corpus C's, none of LATENCY_QUERIES):
 * asked once each in a warm process, what each prompt costs.
 */
export const UNSEEN_QUESTIONS = [
  ...new Set([...TOPICS.flatMap((t) => t.queries), ...Object.values(QUESTIONS_C).flat()]),
].filter((q) => !LATENCY_QUERIES.includes(q))
