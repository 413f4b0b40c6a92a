/** Written from the situation lines alone by a second author who never saw the stored items. */
export const QUESTIONS_D: Record<string, [string, string]> = {
  "vitals-mllp-timeout": [
    "HL7 socket read timeout value",
    "the micro lab is sending those huge culture panels again and the interface engine says our side dropped the connection partway through — how long is our listener supposed to wait before giving up on a message?",
  ],
  "vitals-ack-after-commit": [
    "when do we send the ACK back to the lab",
    "I'm refactoring the inbound handler and want to reply AA to the sender as soon as the message parses, before the database write — is there a reason we hold off until it's persisted?",
  ],
  "vitals-loinc-mapping": [
    "where do local lab codes get translated to LOINC",
    "the lab added a new in-house assay code and I was about to add its LOINC equivalent to a Java enum — is that how we handle code translations, or does someone else own that list?",
  ],
  "vitals-token-refresh": [
    "EHR bearer token expiring 401s",
    "seeing occasional 401s from the EHR's FHIR endpoint right around when our credential gets old — should we be fetching a new one ahead of time instead of retrying after it's refused?",
  ],
  "vitals-ehr-freeze": [
    "can we deploy during the hospital upgrade",
    "hospital IT just announced the EHR is mid-migration for the next few weeks — am I allowed to push the lab interface fix to prod now or does it have to wait?",
  ],
  "vitals-flaky-timezone": [
    "observation timestamp test flaky on CI",
    "the test that checks the result datetime passed locally but broke on the build agent this morning with an hour's difference — have we seen this before and what was behind it?",
  ],
  "vitals-no-patient-ids-in-logs": [
    "can I log the MRN",
    "debugging a mismatched result and I'd love to print the medical record number from the PID segment in the error log — what are we allowed to put in log lines?",
  ],
  "vitals-dead-letter": [
    "where do rejected lab results go",
    "a batch of observations keeps failing the FHIR profile checks — do we retry forever, drop them, or is there a holding area and someone we tell about it?",
  ],
  "vitals-hapi-pin": [
    "upgrade HAPI FHIR to latest major",
    "dependabot opened a PR bumping the HAPI libraries to the new major version — is there a known reason we've been sitting on the old one, something about ServiceRequest references?",
  ],
  "vitals-restore-drill": [
    "how often do we test DB restores",
    "audit is asking for evidence our Postgres backups actually work — do we have a schedule for rehearsing recovery, and why was it set up?",
  ],
  "vitals-critical-paging": [
    "critical value notification to physician",
    "a potassium came through way out of range overnight — how is the on-call clinician supposed to be told, do we send an email or go through something the hospital runs?",
  ],
  "kiln-spot-checkpoint": [
    "how often to checkpoint training",
    "my run on the preemptible instances died after six hours and restarted from scratch — what's our convention for saving state during training jobs?",
  ],
  "kiln-online-cache-ttl": [
    "Redis feature cache expiry",
    "I want to raise the TTL on the online feature lookups to cut Redis load — was it lowered on purpose at some point?",
  ],
  "kiln-s3-throttling": [
    "S3 503 SlowDown during data loading",
    "the dataloader is getting SlowDown errors from the bucket when it reads my new dataset written as thousands of little parquet shards — how are we supposed to lay out training data?",
  ],
  "kiln-torch-pin": [
    "why aren't we on the latest PyTorch",
    "I need something from the newest torch release — can I bump the version in requirements, or is something about the CUDA drivers on our boxes holding it back?",
  ],
  "kiln-flaky-model-tests": [
    "model accuracy test nondeterministic",
    "the eval test asserting AUC failed in CI and passed on rerun without any change — how did we deal with non-reproducible metrics in tests before?",
  ],
  "kiln-idle-notebooks": [
    "my Jupyter kernel got killed",
    "came back from lunch and my GPU notebook server was gone along with all the in-memory state — is something culling unused notebooks?",
  ],
  "kiln-point-in-time": [
    "label leakage in training set join",
    "I'm building a training set by joining the latest feature values onto historical events — is that safe, or did we get burned before by offline metrics that didn't hold up in production?",
  ],
  "kiln-additive-schema": [
    "rename a feature column",
    "the feature called txn_amt_7d has a misleading name and I want to change it in the Feast definition — what's the right way to do that without breaking anything?",
  ],
  "kiln-ray-spill": [
    "Ray OOM on big shuffle",
    "my Ray dataset job with a big groupby keeps getting workers killed by the memory monitor — what config did we use to get past that before?",
  ],
  "kiln-model-canary": [
    "how to roll out a new fraud model",
    "the retrained model beats the current one offline and I want to swap it in tomorrow — what's the process, can I just replace the serving artifact?",
  ],
  "kiln-idempotent-backfill": [
    "backfill rerun duplicates rows",
    "an Airflow backfill task failed halfway and got retried, and now I'm worried the day's table has everything twice — how are backfills meant to write their output?",
  ],
  "convoy-solver-budget": [
    "OR-Tools search cutoff per depot",
    "planning for the biggest depot takes ages and blocks the dispatch screen — does the optimiser run until it proves optimal, or is there a limit after which it returns what it has?",
  ],
  "convoy-dedupe-pings": [
    "duplicate GPS updates from Kafka",
    "I'm seeing the same truck location event processed twice in the tracking consumer — is that expected, and where are we supposed to filter it out?",
  ],
  "convoy-matrix-cache": [
    "OSRM distance matrix caching",
    "a dispatcher complained the ETAs ignored this morning's rush-hour jam — how fresh are the drive-time numbers the planner uses, and was that staleness a deliberate trade-off?",
  ],
  "convoy-grpc-deadlines": [
    "gRPC context deadline propagation",
    "writing a new service that calls the routing service — can I just use context.Background() for the outbound call, or is there a rule about timeouts?",
  ],
  "convoy-peak-freeze": [
    "can we ship in December",
    "it's the week after Black Friday and I have a small fix for the driver ETA page ready — are we allowed to deploy right now?",
  ],
  "convoy-geocoder-limit": [
    "geocoding API 429 too many requests",
    "a client uploaded 40k new addresses and I wanted to geocode them all right away in a loop — are there limits with the provider I should know about, and how do we handle bulk jobs?",
  ],
  "convoy-flaky-kafka-tests": [
    "Kafka integration tests flaky in CI",
    "the consumer tests sometimes fail with broker connection errors right at the start and then pass on retry — do we know why, and what fix did we use?",
  ],
  "convoy-proto-reserved": [
    "can I reuse a deleted protobuf field number",
    "I'm cleaning up the Stop message and want to renumber the fields so they're tidy after deleting a couple — is that okay with our mobile clients?",
  ],
  "convoy-oncall-split": [
    "who gets paged at night for routing outages",
    "a 3am alert fired for the tracking pipeline and I'm not sure whether it's ours or the other team's — how is overnight on-call divided?",
  ],
  "convoy-time-windows": [
    "hard vs soft constraints in the VRP",
    "a customer's booked delivery slot makes the plan infeasible unless we push it a little — can the solver violate that, or should I relax the driver's lunch break instead?",
  ],
  "convoy-geofence-migration": [
    "change geometry column type without locking",
    "I need to alter the depot polygon column in PostGIS and was going to run a single ALTER TABLE — has that caused trouble before, and how did we do it last time?",
  ],
  "petal-node-support": [
    "drop old Node in a minor release?",
    "Node 18 is end-of-life and I'd like to bump engines in package.json for the next point release — is that allowed under our versioning rules?",
  ],
  "petal-dual-build": [
    "publish ESM only",
    "I want to remove the CommonJS output and ship pure ESM to simplify the build — did we try that before, and what happened?",
  ],
  "petal-flaky-dst": [
    "DST test fails on one platform only",
    "the spring-forward test is red on just one runner in the matrix while the others pass — is this the known issue, and what was the cause?",
  ],
  "petal-trusted-publishing": [
    "NPM_TOKEN for release workflow",
    "setting up the release job and looking for which repo secret holds the npm token — how do we actually authenticate publishes to the registry?",
  ],
  "petal-size-budget": [
    "bundle size check failing",
    "my PR adds a few locales and now the build errors about exceeding the byte limit — what's the rule, and how should locale data be structured so apps can tree-shake it?",
  ],
  "petal-zero-deps": [
    "can I add a runtime dependency",
    "I'd like to pull in a small helper package for parsing — are we ok with adding something to dependencies, and how do we handle updates of dev tooling like TypeScript and the linter?",
  ],
  "petal-holiday-freeze": [
    "release over Christmas?",
    "a contributor's fix got merged on December 22nd and they're asking for a new version on npm — do we cut releases over the end-of-year break?",
  ],
  "petal-tzdata-refresh": [
    "update IANA tz database",
    "a user reports we format times in some country an hour off after it changed its DST rules — when do we pull in the latest zone info?",
  ],
  "petal-ci-minutes": [
    "why don't PR builds run the full matrix",
    "my pull request only ran a couple of jobs and skipped the bigger runners — is that deliberate, and what's the reasoning?",
  ],
  "petal-deprecation-policy": [
    "how long before removing a deprecated function",
    "I want to delete the old formatDate helper that's been marked deprecated since last month — can that go in the next release?",
  ],
  "petal-formatter-cache": [
    "Intl.DateTimeFormat construction slow",
    "profiling shows most of the time goes into constructing new Intl formatters on each call — do we memoize them, and keyed on what?",
  ],
  "ticker-gap-recovery": [
    "sequence gap retransmit vs snapshot",
    "we dropped a chunk of packets on the A feed at the open — when does the handler ask for a retransmission versus just pulling a full book refresh?",
  ],
  "ticker-fix-heartbeat": [
    "FIX session heartbeat timeout",
    "the FIX connection looked healthy for twenty minutes but nothing was flowing — how many missed HeartBtInt intervals before we kill it and reconnect?",
  ],
  "ticker-exchange-throttle": [
    "exchange kicked us for message rate",
    "I'm adding a burst of resend requests on the session at startup — is there a rate cap I need to respect on our side so the venue doesn't cut us off?",
  ],
  "ticker-no-hot-path-alloc": [
    "latency spikes from logging",
    "I want to add a debug log with std::format in the packet decode loop — is heap allocation allowed there?",
  ],
  "ticker-compiler-pin": [
    "bump gcc major version",
    "the new compiler release has a C++ feature I need — why is the toolchain stuck on the older version?",
  ],
  "ticker-refdata-refresh": [
    "reload instrument list during the day",
    "a new symbol got listed at 11am and the handler doesn't know about it — can we reload the security master intraday?",
  ],
  "ticker-deploy-window": [
    "deploy during market hours",
    "I have a hotfix for the decoder at 10:30 — can I roll it out now, or does it have to wait until after the session?",
  ],
  "ticker-core-isolation": [
    "isolcpus CPU pinning for feed threads",
    "seeing jitter on the receive thread, and I noticed a cron job landing on the same core — how are the CPUs supposed to be set up on these boxes?",
  ],
  "ticker-capture-retention": [
    "how long are pcaps kept",
    "I need to replay a session from six weeks ago to debug a book mismatch — do we still have the packet captures, and what format are they stored in?",
  ],
  "ticker-flaky-replay": [
    "replay test fails on slow CI box",
    "the pcap replay test passes on my workstation but fails now and then on the shared runner — is there a known issue with timing in those tests?",
  ],
  "ticker-ptp-clock": [
    "timestamps out of order across hosts",
    "comparing logs from two servers shows events whose receive times go backwards — how are clocks synced on our hosts?",
  ],
}
