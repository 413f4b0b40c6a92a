// Fourth held-out recall corpus (D): five made-up projects far from the usual web/mobile app. Topics overlap on
// purpose (caching, flaky tests, freezes, migrations, rate limits, tokens, timeouts, retries, flags, pins, backups,
// on-call, cost), so look-alikes exist across projects.
export type ProjectD =
  // hospital lab-results integration: HL7 v2 over MLLP into a FHIR R4 server, Java 17, Spring Boot, HAPI FHIR, Postgres
  | "vitals"
  // ML training and feature-store platform: Python 3.11, PyTorch, Ray, S3, Feast with a Redis online store, Airflow
  | "kiln"
  // logistics route optimiser: Go, gRPC, Kafka, OR-Tools, OSRM, Postgres/PostGIS
  | "convoy"
  // open-source timezone-aware date formatting library run by volunteers: TypeScript, npm, GitHub Actions, semver
  | "petal"
  // low-latency market-data feed handler: C++20, ITCH over multicast, FIX sessions, kernel-bypass NICs, Linux tuning
  | "ticker"

export interface SituationD {
  id: string
  project: ProjectD
  situation: string
}

export const SITUATIONS_D: SituationD[] = [
  // ---- vitals
  {
    id: "vitals-mllp-timeout",
    project: "vitals",
    situation:
      "The HL7 listener waits a full minute for a message now, because big microbiology batches stall halfway.",
  },
  {
    id: "vitals-ack-after-commit",
    project: "vitals",
    situation:
      "We acknowledge a lab message only after the result is saved, since a restart once lost acknowledged results.",
  },
  {
    id: "vitals-loinc-mapping",
    project: "vitals",
    situation: "The lab owns the table that maps its local test codes to standard codes; we never hardcode them.",
  },
  {
    id: "vitals-token-refresh",
    project: "vitals",
    situation:
      "The EHR's access tokens only live five minutes, so we renew them early instead of waiting for a rejection.",
  },
  {
    id: "vitals-ehr-freeze",
    project: "vitals",
    situation: "Nothing ships while the hospital's clinical systems are in an upgrade freeze.",
  },
  {
    id: "vitals-flaky-timezone",
    project: "vitals",
    situation: "A test on result times failed randomly because the build machines ran in a different timezone.",
  },
  {
    id: "vitals-no-patient-ids-in-logs",
    project: "vitals",
    situation: "Patient identifiers are never written to logs; only the message's own id is.",
  },
  {
    id: "vitals-dead-letter",
    project: "vitals",
    situation: "Results that fail validation are retried a few times, then parked and reported to the lab daily.",
  },
  {
    id: "vitals-hapi-pin",
    project: "vitals",
    situation: "We stay on the older FHIR library version because the new major broke how results link to orders.",
  },
  {
    id: "vitals-restore-drill",
    project: "vitals",
    situation: "A restore test came back incomplete, so restores are now practised every quarter.",
  },
  {
    id: "vitals-critical-paging",
    project: "vitals",
    situation: "Dangerously abnormal results alert the doctor on call through the hospital's own pager system.",
  },
  // ---- kiln
  {
    id: "kiln-spot-checkpoint",
    project: "kiln",
    situation:
      "Training saves its progress often because the cheap machines it runs on get taken away without warning.",
  },
  {
    id: "kiln-online-cache-ttl",
    project: "kiln",
    situation: "Served features are now cached for a much shorter time after stale values caused bad fraud scores.",
  },
  {
    id: "kiln-s3-throttling",
    project: "kiln",
    situation:
      "The object store throttled us for reading too many tiny files, so training data is merged into big files.",
  },
  {
    id: "kiln-torch-pin",
    project: "kiln",
    situation: "The deep learning framework is held back a version because the newer one needs a GPU driver we lack.",
  },
  {
    id: "kiln-flaky-model-tests",
    project: "kiln",
    situation:
      "Model quality tests gave different answers run to run until randomness was fixed and tolerances widened.",
  },
  {
    id: "kiln-idle-notebooks",
    project: "kiln",
    situation: "To keep GPU spending down, idle notebooks are shut down automatically.",
  },
  {
    id: "kiln-point-in-time",
    project: "kiln",
    situation: "A model looked great offline and failed live because training data used information from the future.",
  },
  {
    id: "kiln-additive-schema",
    project: "kiln",
    situation:
      "Feature definitions only gain fields; a rename means a new version, since old models read the old names.",
  },
  {
    id: "kiln-ray-spill",
    project: "kiln",
    situation:
      "Large shuffles ran the cluster out of memory until intermediate data was allowed to spill to local disk.",
  },
  {
    id: "kiln-model-canary",
    project: "kiln",
    situation: "A new model first gets a small share of traffic behind a switch before it replaces the old one.",
  },
  {
    id: "kiln-idempotent-backfill",
    project: "kiln",
    situation: "Backfill jobs overwrite whole partitions so that a retried task cannot double the data.",
  },
  // ---- convoy
  {
    id: "convoy-solver-budget",
    project: "convoy",
    situation: "Route planning gets a fixed time limit per depot and hands back the best plan found so far.",
  },
  {
    id: "convoy-dedupe-pings",
    project: "convoy",
    situation: "Vehicle position messages are de-duplicated because the queue can deliver the same one twice.",
  },
  {
    id: "convoy-matrix-cache",
    project: "convoy",
    situation: "Travel-time lookups between places are cached for a day, accepting that traffic changes in between.",
  },
  {
    id: "convoy-grpc-deadlines",
    project: "convoy",
    situation:
      "Every internal call passes its caller's time limit along, after calls without one piled up and hung a service.",
  },
  {
    id: "convoy-peak-freeze",
    project: "convoy",
    situation: "No releases between mid-November and the new year, the busiest delivery season.",
  },
  {
    id: "convoy-geocoder-limit",
    project: "convoy",
    situation: "The address lookup provider caps our call rate, so we throttle ourselves and batch the rest overnight.",
  },
  {
    id: "convoy-flaky-kafka-tests",
    project: "convoy",
    situation: "Integration tests against the message queue failed at random because they started before it was ready.",
  },
  {
    id: "convoy-proto-reserved",
    project: "convoy",
    situation: "Message fields are never reused or renumbered, after an older driver app broke on a changed field.",
  },
  {
    id: "convoy-oncall-split",
    project: "convoy",
    situation: "Night alerts are split between two teams by what broke, after pages kept bouncing between them.",
  },
  {
    id: "convoy-time-windows",
    project: "convoy",
    situation: "Customer delivery windows can never be broken by a plan, while driver breaks may shift at a cost.",
  },
  {
    id: "convoy-geofence-migration",
    project: "convoy",
    situation:
      "Depot boundaries moved to a new column type by writing both for a while; a one-shot change locked the table.",
  },
  // ---- petal
  {
    id: "petal-node-support",
    project: "petal",
    situation:
      "Dropping support for an old Node version counts as a breaking change and waits for the next major release.",
  },
  {
    id: "petal-dual-build",
    project: "petal",
    situation:
      "The library still ships both module formats because going modern-only broke too many users' test setups.",
  },
  {
    id: "petal-flaky-dst",
    project: "petal",
    situation: "A daylight-saving test failed on only one operating system in the build matrix.",
  },
  {
    id: "petal-trusted-publishing",
    project: "petal",
    situation:
      "Releases are published through the CI's identity instead of a stored secret, after a scare about a leaked one.",
  },
  {
    id: "petal-size-budget",
    project: "petal",
    situation:
      "The build fails if the library grows past its size budget; language data must be droppable by bundlers.",
  },
  {
    id: "petal-zero-deps",
    project: "petal",
    situation: "The library has no runtime dependencies, and development tools are upgraded together once a week.",
  },
  {
    id: "petal-holiday-freeze",
    project: "petal",
    situation: "No releases over the holidays because there is nobody around to review or fix a bad one.",
  },
  {
    id: "petal-tzdata-refresh",
    project: "petal",
    situation:
      "The bundled timezone rules are refreshed before every release, after old rules gave a country the wrong offset.",
  },
  {
    id: "petal-ci-minutes",
    project: "petal",
    situation: "The expensive CI machines only run on the main branch now, because the free minutes kept running out.",
  },
  {
    id: "petal-deprecation-policy",
    project: "petal",
    situation: "Old functions warn once and are removed only in a later major, at least half a year after the warning.",
  },
  {
    id: "petal-formatter-cache",
    project: "petal",
    situation:
      "Built-in formatter objects are reused per language and options, since creating them dominated the run time.",
  },
  // ---- ticker
  {
    id: "ticker-gap-recovery",
    project: "ticker",
    situation:
      "Missed messages are re-requested from the exchange, unless the gap is so large that a full snapshot is faster.",
  },
  {
    id: "ticker-fix-heartbeat",
    project: "ticker",
    situation:
      "A session that misses two heartbeats is dropped and reconnected, after a dead connection went unnoticed.",
  },
  {
    id: "ticker-exchange-throttle",
    project: "ticker",
    situation:
      "We cap our own message rate per session, because the exchange disconnected us for going over its limit.",
  },
  {
    id: "ticker-no-hot-path-alloc",
    project: "ticker",
    situation: "Nothing allocates memory on the fast path; a string built in the logger caused latency spikes.",
  },
  {
    id: "ticker-compiler-pin",
    project: "ticker",
    situation: "The compiler stays on an older major because the new one made message parsing measurably slower.",
  },
  {
    id: "ticker-refdata-refresh",
    project: "ticker",
    situation:
      "Instrument reference data loads before the open and is not refreshed intraday, since that stalled the feed.",
  },
  {
    id: "ticker-deploy-window",
    project: "ticker",
    situation: "Deploys happen only after the market closes, never during trading hours.",
  },
  {
    id: "ticker-core-isolation",
    project: "ticker",
    situation: "Feed threads get dedicated processor cores that the operating system keeps everything else off.",
  },
  {
    id: "ticker-capture-retention",
    project: "ticker",
    situation: "Raw network captures are kept a month for replay, and compressed because storing them got expensive.",
  },
  {
    id: "ticker-flaky-replay",
    project: "ticker",
    situation: "Replay tests failed on slow machines because they used the real clock instead of the recorded times.",
  },
  {
    id: "ticker-ptp-clock",
    project: "ticker",
    situation:
      "Machines sync their clocks with a precise hardware protocol, after drift put our timestamps out of order.",
  },
]
