import type { CorpusItem } from "../recall-heldout/items"
import type { ProjectC } from "./situations"

/** One stored item, as corpus A defines it, in this corpus's projects. */
export type CorpusItemC = CorpusItem<ProjectC>

export const ITEMS_C: CorpusItemC[] = [
  // harborpay
  {
    project: "harborpay",
    kind: "decision",
    title: "Inactivity lock: IDLE_TIMEOUT_MS = 15 min, same as the web portal",
    body:
      "Agreed with product in the auth sync: the in-app inactivity timer in core/auth/SessionManager.kt " +
      "is IDLE_TIMEOUT_MS = 15 * 60_000. Touch events and navigation reset it through the " +
      "ProcessLifecycleOwner observer. 15 min matches the web banking portal, so customers get the same " +
      "behaviour on both channels and support only has one number to explain. Backgrounding the app for " +
      "longer than the timer forces the lock screen on resume.",
    entities: ["core/auth/SessionManager.kt", "IDLE_TIMEOUT_MS", "ProcessLifecycleOwner", "15 min"],
    answers: "harborpay-idle-logout",
    old: true,
  },
  {
    project: "harborpay",
    kind: "decision",
    title: "Inactivity timer cut to 5 min after AUD-2291",
    body:
      "The external auditors (finding AUD-2291) said a 15 min idle window is too generous for an app " +
      "that can move money. IDLE_TIMEOUT_MS in core/auth/SessionManager.kt is now 5 * 60_000, and the " +
      "refresh token is revoked server-side on that logout instead of only showing the local lock " +
      "screen. We stopped trying to match the web portal. Shipped in 6.14.0; support has a macro for " +
      "people annoyed at being kicked out while reading long statements.",
    entities: ["core/auth/SessionManager.kt", "IDLE_TIMEOUT_MS", "AUD-2291", "6.14.0", "5 min"],
    answers: "harborpay-idle-logout",
  },
  {
    project: "harborpay",
    kind: "constraint",
    title: "Keep okhttp at 4.10.0 until someone does a device-farm pass",
    body:
      "Keep com.squareup.okhttp3:okhttp at 4.10.0 in gradle/libs.versions.toml. Renovate opened the " +
      "4.11 bump; it compiled, but the pinning tests in NetworkModuleTest have never been run against " +
      "it on real devices, so the PR is closed until somebody books time on the device farm. Do not " +
      "merge Renovate PRs for okhttp without that run, even if CI is green.",
    entities: ["okhttp 4.10.0", "gradle/libs.versions.toml", "Renovate", "NetworkModuleTest"],
    answers: "harborpay-okhttp-pin",
    old: true,
  },
  {
    project: "harborpay",
    kind: "constraint",
    title: "OkHttp held below 4.12: CertificatePinner fails on API 24/25",
    body:
      "We are on 4.11.0 since the Firebase Test Lab run passed. 4.12.0 is blocked: on Android 7.0/7.1 " +
      "(API 24/25) the pinned handshake to api.harborpay.example fails with SSLPeerUnverifiedException " +
      "because the cleaned certificate chain differs on those devices. Roughly 3% of MAU still runs API " +
      '24-25. renovate.json has allowedVersions "<4.12" for okhttp; drop the rule when minSdk moves to ' +
      "26.",
    entities: [
      "okhttp 4.11.0",
      "okhttp 4.12.0",
      "CertificatePinner",
      "SSLPeerUnverifiedException",
      "renovate.json",
      "minSdk 24",
    ],
    answers: "harborpay-okhttp-pin",
  },
  {
    project: "harborpay",
    kind: "lesson",
    title: "TransferFlowTest flakes were animations + Thread.sleep guesses",
    body:
      "TransferFlowTest failed about 1 run in 6 on CI with NoMatchingViewException on the confirm " +
      "button. Cause: the bottom-sheet animation plus Thread.sleep(500) guesses in the test. Fix: " +
      "testOptions { animationsDisabled = true } in app/build.gradle.kts, an OkHttp IdlingResource " +
      "registered in the runner, and composeTestRule.waitUntil instead of sleeps. 50 green runs in a " +
      "row on the emulator matrix after. House rule now: no sleep() in androidTest, a custom lint check " +
      "fails the build on it.",
    entities: ["TransferFlowTest", "Espresso", "IdlingResource", "animationsDisabled", "composeTestRule.waitUntil"],
    answers: "harborpay-flaky-ui-tests",
  },
  {
    project: "harborpay",
    kind: "constraint",
    title: "Play Store rollout freeze Dec 23 - Jan 2",
    body:
      "Customer care runs a skeleton crew over the holidays, so no production rollouts (staged " +
      "percentages included) from Dec 23 through Jan 2. A build already sitting at 20% stays at 20%; " +
      "nobody pushes it to 100% during the window. Only exception is a security fix signed off by the " +
      "CISO and the head of care, with a briefing for care agents before it goes out. Internal and beta " +
      "tracks are fine.",
    entities: ["Play Console", "staged rollout", "Dec 23", "Jan 2", "customer care"],
    answers: "harborpay-december-freeze",
  },
  {
    project: "harborpay",
    kind: "failure",
    title: "Post-mortem 6.9.0: payees gone for users jumping db v11 to v13",
    body:
      "Users going from 6.7 (Room schema v11) straight to 6.9 (v13) lost their payee list. " +
      "MIGRATION_12_13 recreated the payee table to drop the nickname column and never copied the rows, " +
      "and fallbackToDestructiveMigration() in AppDatabase.kt hid a second missing path. About 18k " +
      "users affected; most got payees back on the next server sync. Actions: destructive fallback " +
      "removed, MigrationTestHelper tests from every historical schema to current, and column drops use " +
      "the copy-table-then-rename pattern.",
    entities: ["AppDatabase.kt", "MIGRATION_12_13", "fallbackToDestructiveMigration", "MigrationTestHelper", "6.9.0"],
    answers: "harborpay-room-migration-loss",
  },
  {
    project: "harborpay",
    kind: "decision",
    title: "Balance: Cache-Control no-store, no Room mirror; transactions 60 s",
    body:
      'A stale balance generated tickets like "I paid and the number didn\'t move". AccountRepository ' +
      "now always calls GET /accounts/{id}/balance with Cache-Control: no-store and keeps no Room copy " +
      "of it. The transaction list keeps a 60-second in-memory cache plus the Room copy for offline " +
      'viewing, with a "last updated" label. Don\'t add the balance to the offline snapshot even if ' +
      "product asks again; the risk team said no.",
    entities: ["AccountRepository.kt", "GET /accounts/{id}/balance", "Cache-Control: no-store", "Room", "60 s"],
    answers: "harborpay-balance-not-cached",
  },
  {
    project: "harborpay",
    kind: "decision",
    title: "BiometricPrompt: third failure drops to the app PIN pad",
    body:
      "BiometricAuthenticator.kt counts onAuthenticationFailed; on the 3rd failure (or ERROR_LOCKOUT) " +
      "we dismiss BiometricPrompt and show our 6-digit app PIN pad. We deliberately never offer the " +
      "online-banking password on the device: typing it on a phone was the main phishing vector in the " +
      "2023 incidents, and the PIN is bound to a device key in Android Keystore anyway.",
    entities: ["BiometricAuthenticator.kt", "BiometricPrompt", "ERROR_LOCKOUT", "Android Keystore", "app PIN"],
    answers: "harborpay-biometric-fallback",
  },
  {
    project: "harborpay",
    kind: "failure",
    title: "INC-0412: RetryInterceptor resent POST /transfers",
    body:
      "A customer paid their landlord twice. Our RetryInterceptor retried POST /transfers on " +
      "SocketTimeoutException, but the first request had reached core banking. Transfers are now off " +
      "the retry list entirely, every transfer draft carries an Idempotency-Key generated once, and on " +
      "a timeout the app goes to TransferStatusScreen, which polls GET /transfers/{key} instead of " +
      "submitting again. Same rule for standing orders and card top-ups.",
    entities: ["INC-0412", "RetryInterceptor", "POST /transfers", "Idempotency-Key", "TransferStatusScreen"],
    answers: "harborpay-no-transfer-retry",
  },
  {
    project: "harborpay",
    kind: "decision",
    title: "Firebase Remote Config: ship dark, 5% then 25% then 100%",
    body:
      "Anything user-visible ships dark behind a key in FeatureFlags.kt, backed by Firebase Remote " +
      "Config with default false in remote_config_defaults.xml. Rollout: internal, then 5% of prod for " +
      "48 h while watching Crashlytics and the payments error dashboard, then 25%, then 100%. The " +
      "removal ticket is created with the flag. Kill switch is setting the condition back to 0%; it " +
      "takes effect at the next fetch (minimumFetchInterval is 1 h in prod).",
    entities: [
      "FeatureFlags.kt",
      "Firebase Remote Config",
      "remote_config_defaults.xml",
      "Crashlytics",
      "minimumFetchInterval",
    ],
    answers: "harborpay-remote-flags",
  },
  {
    project: "harborpay",
    kind: "constraint",
    title: "OTP SMS capped at 3 per MSISDN per 10 min; 429 + Retry-After",
    body:
      "The auth backend allows at most 3 OTP SMS per phone number per rolling 10 minutes, for SMS cost " +
      "and because bursts match SIM-swap fraud patterns. A 4th call gets 429 with Retry-After. " +
      'OtpViewModel greys out "Resend code" after the 3rd send and shows a countdown from the ' +
      "Retry-After value instead of letting people tap into errors. Never show the raw 429 text.",
    entities: ["/auth/otp/send", "HTTP 429", "Retry-After", "OtpViewModel"],
    answers: "harborpay-otp-resend-limit",
  },
  {
    project: "harborpay",
    kind: "failure",
    title: "6.11.0-rc crash: R8 full mode ate the Moshi DTO constructors",
    body:
      "After AGP 8.0 switched R8 full mode on by default, the 6.11.0-rc release build died at start " +
      'with "No JsonAdapter for class AccountDto". The codegen adapters survived but the DTO ' +
      "constructors were stripped. Added -keep class com.harborpay.api.dto.** { <init>(...); } and the " +
      "Moshi rules to app/proguard-rules.pro. CI now runs the smoke test on the minified release " +
      "variant, not only on debug.",
    entities: ["R8 full mode", "AGP 8.0", "Moshi", "app/proguard-rules.pro", "com.harborpay.api.dto"],
    answers: "harborpay-shrinker-crash",
  },
  {
    project: "harborpay",
    kind: "note",
    title: "Merchant logos: Coil disk cache 50 MB",
    body:
      "Merchant and biller logos in the transaction list load through one Coil ImageLoader built in " +
      "di/ImageModule.kt, with a 50 MB disk cache and a 25% memory cache. The CDN sends a week-long " +
      "max-age and logo URLs are versioned, so we never bust that cache by hand. If a logo looks wrong, " +
      "the fix is a new URL from the merchant-data team, not clearing caches on devices.",
    entities: ["Coil", "ImageLoader", "disk cache", "50 MB", "cdn.harborpay.example"],
  },
  {
    project: "harborpay",
    kind: "discovery",
    title: "fastlane supply hits Play API quota uploading screenshots",
    body:
      "Uploading store screenshots for all 40 locales in one fastlane supply run trips the Play " +
      "Developer API quota and the lane dies with 429 halfway, leaving the listing half updated. " +
      "Workaround: the upload_images lane now does 8 locales per run with skip_upload_apk, and we only " +
      "refresh screenshots for a major redesign. Nothing to do with our own backend throttling.",
    entities: ["fastlane supply", "Google Play Developer API", "429", "screenshots", "40 locales"],
  },
  {
    project: "harborpay",
    kind: "note",
    title: '"Session" in analytics dashboards is the Firebase one',
    body:
      "When product talks about sessions per user in the Looker dashboard they mean Firebase Analytics " +
      "sessions: session_start fires after 30 min of the app being in the background, default setting. " +
      "It has nothing to do with login or the auth lock. We left the default so numbers stay comparable " +
      "with last year's reports.",
    entities: ["Firebase Analytics", "session_start", "30 min", "Looker"],
  },
  {
    project: "harborpay",
    kind: "decision",
    title: "Dependencies moved to a Gradle version catalog",
    body:
      "Migrated all module build files from buildSrc constants to gradle/libs.versions.toml. Reasons: " +
      "buildSrc changes invalidated the whole build cache, and Renovate understands catalogs natively. " +
      "Plugins go in the [plugins] block; bundles for compose and testing. Don't add versions inline in " +
      "a module's build.gradle.kts any more, review will bounce it.",
    entities: ["gradle/libs.versions.toml", "buildSrc", "version catalog", "Renovate"],
  },
  {
    project: "harborpay",
    kind: "lesson",
    title: "CI emulator boot needs a snapshot, not a longer wait",
    body:
      'The androidTest job sometimes died with "Timeout waiting for emulator to boot" after 600 s. ' +
      "Raising emulator-boot-timeout just made failures slower. What helped: caching the AVD snapshot " +
      "with actions/cache and booting from it with -no-snapshot-save, which brings the boot to ~40 s. " +
      "Use API 30 x86_64 images, the ATD images were slower on the shared runners.",
    entities: ["reactivecircus/android-emulator-runner", "AVD snapshot", "GitHub Actions", "emulator-boot-timeout"],
  },
  {
    project: "harborpay",
    kind: "preference",
    title: "Compose previews: one file per screen, PreviewParameterProvider for states",
    body:
      "We prefer a ScreenNamePreviews.kt next to each screen with a PreviewParameterProvider covering " +
      "loading, empty, error and content states, light and dark. Previews must not touch Hilt; pass " +
      "plain state objects. Screenshot tests (Paparazzi) reuse the same providers, so a new state shows " +
      "up in both places.",
    entities: ["Jetpack Compose", "@Preview", "PreviewParameterProvider", "ui/preview"],
  },
  {
    project: "harborpay",
    kind: "avoid",
    title: "Never put secrets or API keys in Remote Config",
    body:
      "Someone proposed shipping the maps API key through Remote Config to rotate it without a release. " +
      "Don't: Remote Config values are readable by anyone with the app installed and a proxy. Keys that " +
      "must rotate go through our /config/client endpoint behind auth, and restricted keys stay in " +
      "BuildConfig signed by app fingerprint.",
    entities: ["Firebase Remote Config", "API keys", "BuildConfig", "secrets"],
  },
  {
    project: "harborpay",
    kind: "note",
    title: "Release train: every second Tuesday, 3 day beta soak",
    body:
      "The mobile release train cuts a branch every second Tuesday morning, sends it to the beta track, " +
      "and promotes to prod on Friday if crash-free users stay above 99.7%. The release captain rotates " +
      "weekly (see #mobile-release topic). Missed the cut? Your change waits for the next train, no " +
      "cherry-picks except fixes for regressions introduced in the current branch.",
    entities: ["release train", "beta track", "Tuesday", "release captain"],
  },
  {
    project: "harborpay",
    kind: "avoid",
    title: "Don't add money-moving POSTs to RetryInterceptor's allow list",
    body:
      "RetryInterceptor only retries routes listed in retryableRoutes, and that list must stay GET-only " +
      "plus the two idempotent PUTs for profile settings. A reviewer added POST /topups in 6.12 " +
      '"because timeouts on bad networks annoy people" and we caught it in beta. If a money-moving call ' +
      "times out, the answer is the status screen that looks the payment up by its Idempotency-Key, not " +
      "another submit.",
    entities: ["RetryInterceptor", "retryableRoutes", "POST /transfers", "POST /topups", "Idempotency-Key"],
    answers: "harborpay-no-transfer-retry",
  },
  // grainline
  {
    project: "grainline",
    kind: "decision",
    title: "Meteodata Pro: hourly forecast per station",
    body:
      "We're on the Meteodata Pro plan (5,000 calls/day), which is plenty: dags/weather_forecast.py " +
      "fetches the hourly forecast for each of our ~180 weather stations one request at a time, every 2 " +
      "hours. Simple to retry per station, and a single failing station doesn't hold up the rest. " +
      "Revisit if the station count grows past 400.",
    entities: ["Meteodata Pro", "5,000 calls/day", "dags/weather_forecast.py", "forecast_hourly"],
    answers: "grainline-weather-quota",
    old: true,
  },
  {
    project: "grainline",
    kind: "decision",
    title: "Meteodata Basic (1,000/day): bulk endpoint, 50 stations per call",
    body:
      "Finance downgraded us to Meteodata Basic in March: 1,000 calls a day, hard 403 after that until " +
      "midnight UTC. Per-station requests every 2 h would need ~2,200. weather_forecast.py now uses " +
      "/v2/forecast/bulk with 50 station ids per request (the max), so a full refresh is 4 calls. A " +
      "counter in the Airflow Variable meteodata_calls_today stops the DAG at 900 to keep headroom for " +
      "manual backfills.",
    entities: ["Meteodata Basic", "1,000 calls/day", "/v2/forecast/bulk", "dags/weather_forecast.py", "50 stations"],
    answers: "grainline-weather-quota",
  },
  {
    project: "grainline",
    kind: "decision",
    title: "soil_moisture_daily runs at 03:00 UTC",
    body:
      "soil_moisture_daily (dags/soil_moisture.py) is scheduled 0 3 * * *. The co-op's SFTP export is " +
      "documented to land by 02:30 UTC, so 03:00 gives half an hour of margin and the agronomy " +
      "dashboards are fresh before the European morning. The SFTP sensor task waits up to 20 min if the " +
      "file is late.",
    entities: ["soil_moisture_daily", "schedule 0 3 * * *", "co-op SFTP", "dags/soil_moisture.py"],
    answers: "grainline-soil-dag-later",
    old: true,
  },
  {
    project: "grainline",
    kind: "decision",
    title: "soil_moisture_daily moved to 04:30 UTC",
    body:
      "Since the co-op moved their export job to a new server in October the file lands between 03:50 " +
      "and 04:15 UTC, and the 03:00 run kept timing out in the SFTPSensor and paging on-call. Schedule " +
      'is now 30 4 * * *, sensor timeout 45 min, mode="reschedule" so it doesn\'t hold a worker slot. ' +
      "Dashboards are still ready before 06:00 CET. The co-op promised no commitment on timing, so keep " +
      "the sensor.",
    entities: ["soil_moisture_daily", "schedule 30 4 * * *", "co-op SFTP", "SFTPSensor", "dags/soil_moisture.py"],
    answers: "grainline-soil-dag-later",
  },
  {
    project: "grainline",
    kind: "decision",
    title: "Sensor ingest: retries=3, exponential backoff, max 20 min",
    body:
      "Ingest tasks in dags/sensor_ingest.py use retries=3, retry_delay=2 min, " +
      "retry_exponential_backoff=True, max_retry_delay=20 min. We used to have retries=10 with a fixed " +
      "1 min delay; during the Snowflake incident in May every failed task hammered INGEST_WH again, " +
      "queued 300+ COPY statements and the warehouse auto-scaled to 4 clusters (about 90 credits burned " +
      "in a night). Three attempts then fail loudly; on-call reruns by hand.",
    entities: ["default_args", "retries=3", "retry_exponential_backoff", "max_retry_delay", "INGEST_WH"],
    answers: "grainline-ingest-retries",
  },
  {
    project: "grainline",
    kind: "lesson",
    title: "raw.field_uploads freshness: Sat/Sun scouting lands Monday, warn-only",
    body:
      "dbt source freshness on raw.field_uploads errored nearly every Monday: farm managers upload " +
      "Sat/Sun scouting notes on Monday morning, so on Sunday night the newest row is 48-60 h old. It " +
      "isn't broken data. sources.yml now has warn_after 36 hours and no error_after for that source; " +
      "the warning goes to #data-quality, not to PagerDuty. Other sources keep their error thresholds.",
    entities: ["dbt source freshness", "sources.yml", "warn_after", "error_after", "raw.field_uploads"],
    answers: "grainline-monday-freshness",
  },
  {
    project: "grainline",
    kind: "constraint",
    title: "pandas<2.2 because the Snowflake provider chokes on its datetime changes",
    body:
      "constraints.txt pins pandas==2.1.4. With pandas 2.2 the apache-airflow-providers-snowflake " +
      "version that matches Airflow 2.7.3 writes TIMESTAMP_NTZ columns as integers (the new " +
      "non-nanosecond datetime units) through write_pandas, and the readings land as 1970 dates. Unpin " +
      "only together with the Airflow 2.9 upgrade, and test write_pandas on a datetime column first.",
    entities: ["pandas 2.1.4", "pandas 2.2", "apache-airflow-providers-snowflake", "Airflow 2.7.3", "constraints.txt"],
    answers: "grainline-pandas-pin",
  },
  {
    project: "grainline",
    kind: "constraint",
    title: "Merge freeze Sep 1 - Oct 15",
    body:
      "From Sep 1 to Oct 15 growers and co-op advisors watch the Tableau yield boards daily to plan " +
      "trucking and drying. In that window no merges to main for DAGs or dbt models except fixes for " +
      "broken data; branch protection requires a second approval from the data lead. Refactors, new " +
      "sources, and dbt version bumps wait until after Oct 15.",
    entities: ["harvest freeze", "yield dashboards", "Sep 1", "Oct 15", "main branch protection"],
    answers: "grainline-harvest-freeze",
  },
  {
    project: "grainline",
    kind: "failure",
    title: "fct_yield_daily killed at 3600 s; rebuilt as incremental merge",
    body:
      "TRANSFORM_WH has STATEMENT_TIMEOUT_IN_SECONDS = 3600, and the full rebuild of fct_yield_daily (4 " +
      "years of combine telemetry, ~2.1B rows) crossed it three nights in a row and was cancelled. " +
      "Rather than raising the timeout and the bill, the model is materialized='incremental' with " +
      "unique_key=['field_id','day'] and a 3-day lookback in is_incremental() for late uploads. Nightly " +
      "run now ~6 min. Full refresh only by hand on a size L warehouse.",
    entities: ["fct_yield_daily", "STATEMENT_TIMEOUT_IN_SECONDS", "TRANSFORM_WH", "is_incremental", "unique_key"],
    answers: "grainline-warehouse-timeout",
  },
  {
    project: "grainline",
    kind: "lesson",
    title: "temp -> soil_temp_c took out 14 models; shim view for one release",
    body:
      "RENAME COLUMN temp TO soil_temp_c straight on raw.sensor_readings took out 14 dependent models " +
      "and two Tableau extracts overnight. New procedure: add the new column, keep a shim view exposing " +
      "both names for one release cycle, move stg_sensor_readings and consumers, then drop the old " +
      "name. Announce them in #data-consumers a week ahead.",
    entities: ["raw.sensor_readings", "soil_temp_c", "stg_sensor_readings", "compatibility view", "dbt"],
    answers: "grainline-column-rename",
  },
  {
    project: "grainline",
    kind: "decision",
    title: "Parcel geocoding cached in S3 for 90 days",
    body:
      "The geocode_fields task resolves parcel ids to polygons and centroids through the land registry " +
      "API, which is slow (~2 s per parcel) and paid per call. Parcel polygons are practically static, " +
      "so results are stored as JSON under s3://grainline-cache/geocode/<parcel_id>.json and an S3 " +
      "lifecycle rule expires them after 90 days. To force a refresh for one farm, delete its prefix; " +
      "don't shorten the rule.",
    entities: ["s3://grainline-cache/geocode/", "90 days", "lifecycle rule", "parcel_id", "geocode_fields task"],
    answers: "grainline-geocode-cache",
  },
  {
    project: "grainline",
    kind: "discovery",
    title: "Duplicate readings came from EMQX redelivery; dedupe on (device_id, reading_ts)",
    body:
      "Duplicates in raw.sensor_readings (up to 8% some days) come from EMQX redelivering QoS 1 batches " +
      "when the bridge reconnects; the gateway doesn't dedupe. We keep raw as-is and dedupe in " +
      "stg_sensor_readings with QUALIFY ROW_NUMBER() OVER (PARTITION BY device_id, reading_ts ORDER BY " +
      "_loaded_at) = 1. Don't dedupe on payload hash: devices resend the same timestamp with corrected " +
      "values.",
    entities: ["EMQX", "QoS 1", "stg_sensor_readings", "QUALIFY ROW_NUMBER", "device_id", "reading_ts"],
    answers: "grainline-duplicate-readings",
  },
  {
    project: "grainline",
    kind: "decision",
    title: "irrigation_v2 in shadow mode via Airflow Variable",
    body:
      "The v2 irrigation model runs every night but only writes to irrigation_recommendations_shadow " +
      'while the Airflow Variable irrigation_model_v2_mode = "shadow". Farmers keep seeing v1. The ' +
      'agronomy team compares both for the whole season; switching the Variable to "live" needs their ' +
      'written sign-off in the ticket. "off" skips the task entirely if it misbehaves.',
    entities: [
      "irrigation_model_v2_mode",
      "Airflow Variable",
      "shadow",
      "irrigation_recommendations",
      "agronomy sign-off",
    ],
    answers: "grainline-irrigation-shadow",
  },
  {
    project: "grainline",
    kind: "note",
    title: "Fertilizer price feed: SFTP connection timeout 30 s",
    body:
      "The fertilizer_prices DAG pulls a CSV from AgriSupply's SFTP. Their server is slow to accept " +
      'connections in the morning, so the Airflow connection sftp_agrisupply has "timeout": 30 in ' +
      "extras (default was 10 and failed often). This is only the TCP/login timeout; the file itself is " +
      "small and arrives at a fixed 01:00 UTC.",
    entities: ["fertilizer_prices", "sftp_agrisupply", "conn timeout", "Airflow connection"],
  },
  {
    project: "grainline",
    kind: "constraint",
    title: "dbt_utils pinned to 1.1.1 in packages.yml",
    body:
      "packages.yml holds dbt-labs/dbt_utils at 1.1.1. Newer versions need dbt-core 1.8 and we're on " +
      "1.7 until the dbt Cloud migration. Also remember generate_surrogate_key, not the removed " +
      "surrogate_key, when copying old models from the archive repo. Renovate is told to leave " +
      "packages.yml alone; bump packages in the same PR as dbt-core.",
    entities: ["dbt_utils 1.1.1", "packages.yml", "dbt-core 1.7", "surrogate_key"],
  },
  {
    project: "grainline",
    kind: "decision",
    title: "TRANSFORM_WH auto-suspend 60 s",
    body:
      "Set AUTO_SUSPEND = 60 on TRANSFORM_WH (was 600). The nightly run is bursty and the warehouse " +
      "idled for 10 min after each batch, about 30% of monthly credits. A resource monitor at 80% of " +
      "the monthly quota notifies #data-platform. BI_WH stays at 300 s because dashboard users click " +
      "around and hate cold starts.",
    entities: ["TRANSFORM_WH", "AUTO_SUSPEND = 60", "Snowflake credits", "resource monitor"],
  },
  {
    project: "grainline",
    kind: "discovery",
    title: "Some soil probes drift minutes off UTC after battery swaps",
    body:
      "Probes on firmware 1.4 reset their RTC to the build time after a battery swap and only resync at " +
      "the next gateway NTP push, sometimes hours later. Their reading_ts values are then wrong by " +
      "minutes to hours. We flag rows where reading_ts and gateway_received_at differ by more than 15 " +
      "min in stg_sensor_readings.is_clock_suspect instead of correcting them.",
    entities: ["soil probes", "RTC drift", "reading_ts", "gateway_received_at", "firmware 1.4"],
  },
  {
    project: "grainline",
    kind: "note",
    title: "Backfilling a DAG without stepping on the nightly run",
    body:
      "For backfills use airflow dags backfill -s 2024-05-01 -e 2024-05-07 --reset-dagruns <dag_id> " +
      "from the scheduler pod, after setting max_active_runs=2 on the DAG. All Snowflake tasks share " +
      "the snowflake_pool (4 slots), so a big backfill slows the nightly run; do it during the day.",
    entities: ["airflow dags backfill", "max_active_runs", "pool snowflake_pool", "--reset-dagruns"],
  },
  {
    project: "grainline",
    kind: "lesson",
    title: "fx_rates plugin test flaked on live network; cassette now",
    body:
      "test_fx_rates_parse failed on CI a few times a week because it downloaded the live ECB feed, " +
      "which sometimes timed out or had no rates on holidays. The test now replays a recorded vcrpy " +
      "cassette from tests/cassettes/ecb_2024_03.yaml. Refresh the cassette manually when the feed " +
      "format changes; never let unit tests touch the network.",
    entities: ["plugins/fx_rates", "pytest", "vcrpy", "cassettes", "ECB feed"],
  },
  {
    project: "grainline",
    kind: "note",
    title: "Co-op export file contract",
    body:
      "The co-op's nightly file is coop_export_YYYYMMDD.csv, UTF-8, semicolon separated, columns " +
      "field_id, probe_id, depth_cm, moisture_pct, measured_at (local time, Europe/Paris). Decimal " +
      "comma. They have added columns twice without notice, so the loader reads by header name and " +
      "ignores unknown columns. Contact: their IT person is listed in the data-sources sheet.",
    entities: ["coop_export_YYYYMMDD.csv", "field_id", "moisture_pct", "depth_cm", "UTF-8"],
  },
  {
    project: "grainline",
    kind: "note",
    title: "How to full-refresh fct_yield_daily without hitting the 1 h cap",
    body:
      "The nightly job only merges the last 3 days. When the model logic changes you need a rebuild: " +
      "run dbt run -s fct_yield_daily --full-refresh --target prod_large, which uses TRANSFORM_L_WH " +
      "(size L, statement timeout 4 h) instead of the regular warehouse with its 3600 s limit. It takes " +
      "~35 min. Tell #data-platform first; it costs about 25 credits.",
    entities: ["fct_yield_daily", "dbt run --full-refresh", "TRANSFORM_L_WH", "STATEMENT_TIMEOUT_IN_SECONDS"],
    answers: "grainline-warehouse-timeout",
  },
  // ironkeep
  {
    project: "ironkeep",
    kind: "decision",
    title: "Server simulation at 60 Hz",
    body:
      "Arena servers simulate at 60 Hz (SimulationConfig.TickRate = 60 in TickLoop.cs) and send " +
      "snapshots every second tick. Competitive players compared us with other shooters and 60 is what " +
      "they expect; hit registration felt mushy in the 30 Hz prototype. Budget per tick is 16.6 ms, " +
      "measured at ~9 ms for 24-player matches on the c6i instances.",
    entities: ["TickLoop.cs", "TickRate = 60", "16.6 ms budget", "snapshot rate"],
    answers: "ironkeep-tick-rate",
    old: true,
  },
  {
    project: "ironkeep",
    kind: "decision",
    title: "Tick rate back to 30 Hz with client interpolation",
    body:
      "With the 100-player Siege mode the 60 Hz loop needed ~22 ms per tick at peak, over the 16.6 ms " +
      "budget, and the server fell behind and started skipping ticks. SimulationConfig.TickRate is now " +
      "30 (33 ms budget, peak use ~21 ms), snapshots every tick, and the client interpolation delay " +
      "went from 50 to 100 ms. Lag compensation rewinds up to 200 ms. Playtests rated hit feel the same " +
      "once interpolation was tuned.",
    entities: ["TickLoop.cs", "TickRate = 30", "33 ms budget", "Siege mode", "100 players", "interpolation delay"],
    answers: "ironkeep-tick-rate",
  },
  {
    project: "ironkeep",
    kind: "failure",
    title: "Players kicked mid-match when the 2 h JWT expired",
    body:
      "Session JWTs used to live 2 h and were only checked when a match started, but the relay " +
      "re-validated on reconnect, so anyone who had a network blip late in a long session got close " +
      "code 4001 and lost their match. Tokens now last 24 h and the JoinMatch handler calls " +
      "AuthService.Refresh, so each match starts with a fresh token. Revocation still works through the " +
      "banned-player list in Redis.",
    entities: ["AuthService", "JWT", "24 h", "JoinMatch", "RefreshToken", "4001 close code"],
    answers: "ironkeep-session-refresh",
  },
  {
    project: "ironkeep",
    kind: "decision",
    title: 'Matchmaking timeout 180 s, then "no match found"',
    body:
      'MatchmakerService widens the skill window every 30 s and gives up after 180 s with a "no match ' +
      "found\" dialog. We don't backfill with bots: design wants every match to be real players so rank " +
      "means something. Queue times are fine at launch population; watch the queue_wait_p90 metric.",
    entities: ["MatchmakerService", "QueueTimeout = 180 s", "skill window", "no match found"],
    answers: "ironkeep-queue-bots",
    old: true,
  },
  {
    project: "ironkeep",
    kind: "decision",
    title: "Queue gives up at 90 s and offers a bot match",
    body:
      "Telemetry showed 60% of queue abandons happened between 90 and 180 s, mostly off-peak in OCE and " +
      'SA. MatchmakerService now stops at 90 s and offers "Play with bots" (unranked, XP at 50%). ' +
      "Ranked queues never get bots, they only widen the skill window faster. queue_wait_p90 went from " +
      "140 s to 70 s and abandons dropped by a third.",
    entities: ["MatchmakerService", "QueueTimeout = 90 s", "bot backfill", "queue_wait_p90", "unranked"],
    answers: "ironkeep-queue-bots",
  },
  {
    project: "ironkeep",
    kind: "lesson",
    title: "Integration tests: one Redis db index per test class",
    body:
      "The integration suite (tests/Ironkeep.IntegrationTests) flaked because all xUnit collections ran " +
      "in parallel against one Redis container and FLUSHDB in one test wiped another test's lobby keys. " +
      "RedisFixture.cs now hands each test class its own database index (0-15 round robin, a semaphore " +
      "when all are taken) and flushes only that one. Flake rate went from ~1 in 5 runs to none in 200.",
    entities: ["Testcontainers", "Redis", "SELECT db", "RedisFixture.cs", "xUnit parallel"],
    answers: "ironkeep-shared-redis-flakes",
  },
  {
    project: "ironkeep",
    kind: "failure",
    title: "Item dupe via lagging Redis inv cache; write-through now",
    body:
      "Players duplicated a Soulforged Blade by trading it and logging into a second server within " +
      "seconds: server B read inv:{playerId} from Redis, which was only refreshed on a 30 s timer after " +
      "the Postgres write. InventoryService now writes Postgres and Redis in the same call " +
      "(write-through) and bumps a version field; servers reject trades whose version is older than the " +
      "row. 312 duplicated items were removed and the accounts warned.",
    entities: ["InventoryService.cs", "Redis", "write-through", "inv:{playerId}", "Soulforged Blade"],
    answers: "ironkeep-inventory-dupe",
  },
  {
    project: "ironkeep",
    kind: "constraint",
    title: "Deploy freeze Friday 18:00 to Monday 06:00 UTC on tournament weekends",
    body:
      "On tournament weekends (see the esports calendar) there are no game server or backend deploys " +
      "from Friday 18:00 to Monday 06:00 UTC. Argo CD has sync windows configured for this, so a merge " +
      "won't roll out. Hotfixes need the ops lead on call to approve and open a manual sync. Client " +
      "patches on the stores follow the same rule.",
    entities: ["tournament calendar", "deploy freeze", "ops lead", "Argo CD", "sync windows"],
    answers: "ironkeep-tournament-freeze",
  },
  {
    project: "ironkeep",
    kind: "failure",
    title: "EF Core migration locked match_history for 20 min",
    body:
      "Migration AddMatchRegionIndex built an index and back-filled the new region column with one " +
      "UPDATE on match_history (180M rows). It held the lock for ~20 min at EU peak; match results " +
      "couldn't be written and the post-match screen hung. Since then, migrations touching tables over " +
      "10M rows are marked [HeavyMigration], the deploy job skips them, and they run in the Tuesday " +
      "04:00-06:00 UTC window with CREATE INDEX CONCURRENTLY and batched updates.",
    entities: ["EF Core", "AddMatchRegionIndex", "match_history", "ACCESS EXCLUSIVE", "maintenance window"],
    answers: "ironkeep-migration-lock",
  },
  {
    project: "ironkeep",
    kind: "decision",
    title: "ChatRateLimiter: token bucket 5 / 10 s",
    body:
      "Open beta: bot accounts pasted gold-selling links into public lobby channels hundreds of times a " +
      "minute. ChatRateLimiter.cs gives each player a token bucket of 5 messages refilled over 10 s; " +
      'going over drops the message with a "slow down" notice, and 3 overflows in a minute mute the ' +
      "player for 60 s. Party and team chat use the same limiter with a bigger bucket (10).",
    entities: ["ChatRateLimiter.cs", "token bucket", "5 per 10 s", "mute 60 s", "lobby chat"],
    answers: "ironkeep-chat-throttle",
  },
  {
    project: "ironkeep",
    kind: "lesson",
    title: "Rubber-banding was gen2 GC pauses; ArrayPool + SustainedLowLatency",
    body:
      "Players jumped back a few metres every minute or so. dotnet-counters showed gen2 collections " +
      "pausing 80-120 ms, triggered by the snapshot serializer allocating a new byte[] per client per " +
      "tick. The serializer now rents from ArrayPool<byte>.Shared, packets reuse pooled PacketWriter " +
      "objects, and the process sets GCSettings.LatencyMode = SustainedLowLatency. Allocation rate fell " +
      "from 400 MB/s to 30 MB/s and gen2 is rare.",
    entities: ["ArrayPool<byte>", "GCSettings.LatencyMode", "SustainedLowLatency", "gen2", "dotnet-counters"],
    answers: "ironkeep-gc-stutter",
  },
  {
    project: "ironkeep",
    kind: "decision",
    title: "Ranked v3 rules toggled per region in ranked.json",
    body:
      'config/ranked.json has ranked_v3_enabled per region, e.g. { "eu-west": true, "us-east": false }. ' +
      "New ranked rules (placement matches, decay) are enabled in EU first because the EU community " +
      "council gives the fastest feedback, then the other regions two weeks later. Servers read the " +
      "file at match start, so a toggle never changes a match in progress.",
    entities: ["config/ranked.json", "ranked_v3_enabled", "eu-west", "us-east", "region flag"],
    answers: "ironkeep-ranked-region-toggle",
  },
  {
    project: "ironkeep",
    kind: "constraint",
    title: "Stay on net8.0; skip .NET 9 for the game servers",
    body:
      "The game servers run on the hosting partner's fleet base image, which only carries the .NET 8 " +
      "runtime and they update it on their schedule (no .NET 9 planned). A self-contained publish would " +
      "work but doubles the image to ~190 MB and defeats their warm image cache, so server start goes " +
      "from 8 s to 40 s. We target net8.0 (LTS) and plan the jump straight to .NET 10 LTS.",
    entities: ["net8.0", ".NET 9", "fleet base image", "self-contained publish", "LTS"],
    answers: "ironkeep-dotnet-lts",
  },
  {
    project: "ironkeep",
    kind: "note",
    title: "Map asset bundles cached on the client by content hash",
    body:
      "The client caches map asset bundles keyed by content hash from catalog.json; a map update only " +
      "downloads changed bundles. If testers see an old map, check catalog.json on the CDN was " +
      "published, not the local cache. The server never ships assets, it only sends the map id and " +
      "version.",
    entities: ["Addressables", "content hash", "asset bundles", "CDN", "catalog.json"],
  },
  {
    project: "ironkeep",
    kind: "discovery",
    title: "Steam auth ticket validation can take seconds at peak",
    body:
      "AuthenticateUserTicket on the Steam Web API sometimes takes 3-6 s on Saturday evenings. Our " +
      "HttpClient timeout for it is 5 s; when it fires, the login queue retries once and then shows " +
      '"Steam is slow, try again". This is the platform login, separate from our own session tokens.',
    entities: ["Steam Web API", "AuthenticateUserTicket", "timeout 5 s", "login queue"],
  },
  {
    project: "ironkeep",
    kind: "constraint",
    title: "Leaderboard API of the console platform: 10 writes per second per title",
    body:
      "The console platform's leaderboard service accepts 10 writes per second per title. " +
      "LeaderboardSync buffers scores and flushes once per minute in batches; end-of-season resets are " +
      "spread over an hour. Our own ranked ladder lives in Postgres and has no such limit.",
    entities: ["platform leaderboards", "10 writes/s", "LeaderboardSync", "batched"],
  },
  {
    project: "ironkeep",
    kind: "note",
    title: "Load tests: bot swarm with 500 headless clients",
    body:
      "tools/BotSwarm runs headless clients that join, move randomly and shoot. One k8s job of 10 pods " +
      "drives 500 clients, enough for five full Siege matches. Run it against the staging fleet only " +
      "and announce in #backend before starting, it also fills the staging matchmaking queue.",
    entities: ["tools/BotSwarm", "headless client", "500 clients", "k8s job"],
  },
  {
    project: "ironkeep",
    kind: "lesson",
    title: "Physics tests flaked on ARM CI runners: float determinism",
    body:
      "PhysicsTests compared projectile positions bit for bit and failed on the new ARM64 CI runners " +
      "because fused multiply-add gives slightly different floats. Tests now compare with a 1e-4 " +
      "tolerance; the server is authoritative, so bitwise determinism across CPUs is not something we " +
      "need.",
    entities: ["PhysicsTests", "MathF", "ARM64 runners", "tolerance", "fixed-point"],
  },
  {
    project: "ironkeep",
    kind: "architecture",
    title: "Netcode: UDP packets kept under 1200 bytes",
    body:
      "Every UDP packet stays under 1200 bytes to avoid IP fragmentation on mobile and VPN links. " +
      "Snapshots larger than that are split by the delta encoder into priority chunks (nearby players " +
      "first). Reliable messages ride in a separate channel with acks; don't put chat or inventory on " +
      "the unreliable channel.",
    entities: ["UDP", "MTU", "1200 bytes", "PacketWriter", "fragmentation"],
  },
  {
    project: "ironkeep",
    kind: "note",
    title: "Server-side speed checks for anti-cheat",
    body:
      "MovementValidator.cs compares each input's displacement with the max speed for the class plus " +
      "10% slack for latency. Three violations in 5 s rubber-band the player back; twenty in a match " +
      "flag the account for review. Don't auto-ban from this signal, false positives come from bad " +
      "Wi-Fi.",
    entities: ["MovementValidator.cs", "max speed", "teleport detection", "kick threshold"],
  },
  {
    project: "ironkeep",
    kind: "avoid",
    title: "No LINQ or closures in the tick path",
    body:
      "Anything called from TickLoop.Update must not allocate: no LINQ, no lambdas capturing locals, no " +
      "string formatting for logs (use the pooled log event). The CI job runs the TickBenchmarks with " +
      "BenchmarkDotNet's MemoryDiagnoser and fails if a tick allocates more than 1 KB on the 100-player " +
      "scenario. That budget is what keeps gen2 collections, and the rubber-banding they caused, away.",
    entities: ["TickLoop.cs", "LINQ", "closures", "allocation budget", "BenchmarkDotNet"],
    answers: "ironkeep-gc-stutter",
  },
  // vetdesk
  {
    project: "vetdesk",
    kind: "decision",
    title: "ReminderSmsJob keeps Sidekiq's default retries",
    body:
      "ReminderSmsJob (app/jobs/reminder_sms_job.rb) uses Sidekiq's default retry policy (25 attempts " +
      "over about three weeks with exponential backoff). Twilio outages are short and we'd rather " +
      "deliver late than not at all; the job is cheap. Nothing special in sidekiq_options. Dead jobs " +
      "land in the Sidekiq dead set, which on-call checks once a week.",
    entities: ["ReminderSmsJob", "Sidekiq", "retry: 25", "Twilio"],
    answers: "vetdesk-reminder-retries",
    old: true,
  },
  {
    project: "vetdesk",
    kind: "lesson",
    title: "Reminder SMS: retry 2 and a sent_at guard after duplicate texts",
    body:
      'Clients of Oakfield Vets got the same "Bella\'s vaccination tomorrow" text five times: Twilio ' +
      "accepted the message, but our request hit Net::ReadTimeout, Sidekiq retried, and a reminder sent " +
      "three days late is useless anyway. ReminderSmsJob now has sidekiq_options retry: 2, sets " +
      "appointments.reminder_sent_at in the same transaction before calling Twilio, and skips if it's " +
      'already set. Failed reminders show up in the clinic\'s "undelivered" list for a manual call.',
    entities: ["ReminderSmsJob", "sidekiq_options retry: 2", "reminder_sent_at", "Twilio", "Net::ReadTimeout"],
    answers: "vetdesk-reminder-retries",
  },
  {
    project: "vetdesk",
    kind: "decision",
    title: "Devise timeout 12 h; controlled drug log asks for the password again",
    body:
      "Front desks and vets share workstations during a shift and hated logging in every hour, so " +
      "Devise :timeoutable has timeout_in = 12.hours. The controlled substances log is the exception: " +
      "regulators expect the person who dispenses to be authenticated at that moment, so " +
      'ControlledDrugLogController requires re-entering the password (our "sudo mode") if the last ' +
      "confirmation is older than 5 minutes.",
    entities: ["Devise", "timeoutable", "timeout_in 12.hours", "ControlledDrugLogController", "sudo mode"],
    answers: "vetdesk-shift-sessions",
  },
  {
    project: "vetdesk",
    kind: "failure",
    title: "Index on appointments locked bookings at Riverside",
    body:
      "A migration with add_index on appointments(clinic_id, starts_at) took a SHARE lock for 7 minutes " +
      "on the 40M-row table; Riverside Animal Hospital couldn't book or check in. We added the " +
      "strong_migrations gem: add_index must use algorithm: :concurrently with " +
      "disable_ddl_transaction!, and CI fails on unsafe operations. Big data backfills go in a separate " +
      "rake task, not in the migration.",
    entities: [
      "appointments",
      "add_index",
      "algorithm: :concurrently",
      "disable_ddl_transaction!",
      "strong_migrations",
    ],
    answers: "vetdesk-concurrent-index",
  },
  {
    project: "vetdesk",
    kind: "lesson",
    title: "System specs flaked by time of day; travel_to + clinic time zone",
    body:
      'Calendar system specs failed when CI ran after 22:00 UTC, because "tomorrow" in the test ' +
      "clinic's America/Chicago zone and in UTC were different days. spec/support/time_helpers.rb now " +
      "wraps every system spec in travel_to a fixed Tuesday 10:00 in the clinic zone and sets Time.zone " +
      "from the factory clinic. The CI runner also has TZ=UTC explicitly so local runs on laptops " +
      "match.",
    entities: ["Capybara", "system specs", "travel_to", "Time.zone", "TZ", "spec/support/time_helpers.rb"],
    answers: "vetdesk-timezone-specs",
  },
  {
    project: "vetdesk",
    kind: "decision",
    title: "Flipper per clinic; flags deleted within two releases of 100%",
    body:
      "Per-clinic features use Flipper with the Clinic as actor (Flipper.enabled?(:new_invoice_ui, " +
      "clinic)). Every flag is listed in config/flipper_flags.yml with an owner and a removal release. " +
      "Once a flag is on for all clinics it must be deleted, code paths included, within two releases; " +
      "a CI check fails when a flag passes its removal release. We had 60+ stale flags last year and " +
      "nobody knew which were safe.",
    entities: ["Flipper", "Flipper.enabled?", "clinic actor", "flag debt", "config/flipper_flags.yml"],
    answers: "vetdesk-flag-cleanup",
  },
  {
    project: "vetdesk",
    kind: "decision",
    title: "Rack::Attack: 300 requests per 5 min per IP",
    body:
      "config/initializers/rack_attack.rb throttles /api/* at 300 requests per 5 minutes per req.ip. " +
      "Good enough protection against scrapers; partners call from their own servers so per-IP is what " +
      "we can key on. Response is a plain 429 with no body. Clinics' own browser traffic is not " +
      "throttled, only the partner API namespace.",
    entities: ["Rack::Attack", "throttle", "300 per 5 minutes", "req.ip", "config/initializers/rack_attack.rb"],
    answers: "vetdesk-api-throttle",
    old: true,
  },
  {
    project: "vetdesk",
    kind: "decision",
    title: "API throttle keyed by clinic token: 600 req/min, with headers",
    body:
      "PetPortal's sync job hammered /api/v2/patients at ~4,000 req/min for one clinic and slowed " +
      "everyone, while other partners behind a shared NAT got throttled per IP for nothing. " +
      "rack_attack.rb now throttles by the clinic's API token: 600 requests per minute, 429 with " +
      "Retry-After and X-RateLimit-Remaining headers. Partners needing bulk data use the nightly export " +
      "endpoint instead.",
    entities: ["Rack::Attack", "600 per minute", "API token", "X-RateLimit-Remaining", "PetPortal"],
    answers: "vetdesk-api-throttle",
  },
  {
    project: "vetdesk",
    kind: "failure",
    title: "Day view served stale appointments: missing touch: true",
    body:
      "The day view (schedules/_day.html.erb) uses Russian-doll fragment caching keyed on each " +
      "appointment. Editing a note changed AppointmentNote but not appointment.updated_at, so the " +
      "cached row kept the old status and reception double-booked a slot. belongs_to :appointment, " +
      "touch: true is now on AppointmentNote and AppointmentPatientLink, and a spec checks each child " +
      "model of Appointment touches it.",
    entities: ["fragment caching", "cache [appointment]", "touch: true", "AppointmentNote", "schedules/_day.html.erb"],
    answers: "vetdesk-stale-schedule",
  },
  {
    project: "vetdesk",
    kind: "decision",
    title: "Lab results: 10 s Faraday timeout, then LabResultsFetchJob",
    body:
      "Fetching results from LabConnect inline sometimes took 40 s and tied up Puma threads. The " +
      "Faraday client now has open_timeout 3 and timeout 10. On a timeout the patient page shows " +
      '"results pending" and enqueues LabResultsFetchJob, which retries with backoff and broadcasts ' +
      'over Turbo Streams when results arrive. Don\'t raise the timeout to "fix" slow labs.',
    entities: ["LabConnect", "Faraday", "timeout 10", "open_timeout 3", "LabResultsFetchJob", "Puma"],
    answers: "vetdesk-lab-timeout",
  },
  {
    project: "vetdesk",
    kind: "constraint",
    title: "Rails stays on 7.1 until pdf_invoice_kit supports 7.2",
    body:
      "Gemfile pins rails ~> 7.1.3. pdf_invoice_kit 2.4 (all our invoice and estimate PDFs) " +
      "monkey-patches ActionView internals that changed in 7.2 and renders blank line items. Upstream " +
      "has an open PR; we decided against forking because invoices are legally sensitive. Check the " +
      "gem's changelog monthly; the upgrade branch rails-7.2 is kept rebased.",
    entities: ["Rails 7.1.3", "Rails 7.2", "pdf_invoice_kit 2.4", "Gemfile.lock", "invoices"],
    answers: "vetdesk-rails-hold",
  },
  {
    project: "vetdesk",
    kind: "constraint",
    title: "bin/deploy blocks prod in the final 2 business days of each period",
    body:
      "Practices run statements and insurance claims at the end of the billing period, and a broken " +
      "invoice screen then is the worst time. bin/deploy refuses to deploy to production on the final " +
      "two business days of the period unless FREEZE_OVERRIDE is set with a ticket number, which posts " +
      "to #ops. Staging deploys are fine.",
    entities: ["month-end freeze", "bin/deploy", "billing run", "business days"],
    answers: "vetdesk-month-end-freeze",
  },
  {
    project: "vetdesk",
    kind: "failure",
    title: "Cross-clinic leak in revenue report; Postgres RLS added",
    body:
      "RevenueReport used find_by_sql and skipped the acts_as_tenant scope, so Maple Street Vets saw " +
      "another clinic's totals for two days. Besides fixing the query, every tenant table now has a " +
      "Postgres RLS policy on clinic_id = current_setting('app.current_clinic_id'), set per request in " +
      "a middleware and per job in a Sidekiq server middleware. The app role has no BYPASSRLS; only " +
      "migrations run as owner.",
    entities: ["acts_as_tenant", "row-level security", "app.current_clinic_id", "RevenueReport", "find_by_sql"],
    answers: "vetdesk-tenant-isolation",
  },
  {
    project: "vetdesk",
    kind: "note",
    title: "Twilio webhooks: validate the signature",
    body:
      "TwilioWebhooksController validates X-Twilio-Signature with the auth token before reading inbound " +
      'SMS replies ("C" to confirm, "R" to reschedule). Behind the load balancer the URL must be ' +
      "rebuilt with https and the public host, otherwise validation fails; see the request_url helper.",
    entities: ["Twilio", "X-Twilio-Signature", "TwilioWebhooksController", "inbound SMS"],
  },
  {
    project: "vetdesk",
    kind: "decision",
    title: "Rails.cache on Redis with allkeys-lru, 2 GB",
    body:
      "Rails.cache uses its own Redis instance (2 GB, maxmemory-policy allkeys-lru), separate from the " +
      "Sidekiq Redis, which must never evict. Eviction under pressure is fine for fragments. Don't " +
      "store anything in Rails.cache that can't be recomputed. Sessions live in the database, not in " +
      "this cache, so a flush logs nobody out.",
    entities: ["Rails.cache", "redis_cache_store", "allkeys-lru", "2 GB", "separate Redis"],
  },
  {
    project: "vetdesk",
    kind: "preference",
    title: "Password rules: length over complexity",
    body:
      "We require 12+ characters and check against the pwned passwords list (devise-pwned_password), no " +
      "symbol/number rules. Clinic managers asked for forced rotation every 90 days; we said no, " +
      "following NIST 800-63B, and explained in the help center article. Two-factor login is optional " +
      "per user and mandatory for clinic owners.",
    entities: ["Devise", "password length 12", "pwned passwords", "devise-pwned_password"],
  },
  {
    project: "vetdesk",
    kind: "note",
    title: "Sidekiq queues and weights",
    body:
      "config/sidekiq.yml: critical (weight 5: payments, SMS replies), default (3), low (1: exports, " +
      "PDF batches). Put new jobs in default unless a person is waiting on them. Long exports in " +
      "critical starved payment webhooks once. Concurrency is 10 threads per process; don't raise it " +
      "without checking the database pool size.",
    entities: ["Sidekiq", "config/sidekiq.yml", "critical", "default", "low", "weights"],
  },
  {
    project: "vetdesk",
    kind: "lesson",
    title: "Importing from legacy VetPro: map species codes first",
    body:
      "Data migrations from VetPro (most new clinics come from it) failed on species: VetPro uses " +
      'free-text ("canine", "K9", "dog"). lib/importers/vetpro/species_map.yml maps the 200 most common ' +
      "spellings; the importer stops and lists unknown ones instead of guessing. Run a dry run with the " +
      "clinic's export before the go-live weekend.",
    entities: ["VetPro", "CSV import", "lib/importers/vetpro", "species codes", "onboarding"],
  },
  {
    project: "vetdesk",
    kind: "lesson",
    title: "Puma worker timeout hit by big CSV exports; moved to a job",
    body:
      "Large clinic exports (a year of visits) ran past Puma's worker_timeout of 60 s and the worker " +
      "was killed mid-request. Exports now run in ExportJob on the low queue, write to Active Storage, " +
      "and email a link valid for 24 h.",
    entities: ["Puma", "worker_timeout 60", "ExportJob", "Active Storage", "CSV"],
  },
  {
    project: "vetdesk",
    kind: "note",
    title: "Demo clinic seeds for sales",
    body:
      'db/seeds/demo_clinic.rb builds "Happy Paws Demo" with 3 vets, 400 patients and a realistic week ' +
      "of appointments relative to today. The demo tenant is reset nightly at 03:00 so sales always get " +
      "a clean calendar. Never point seeds at a real clinic id.",
    entities: ["db/seeds/demo_clinic.rb", "Happy Paws", "demo reset nightly"],
  },
  {
    project: "vetdesk",
    kind: "note",
    title: "rails console under RLS: set the clinic first",
    body:
      "Since RLS is on, a console query returns nothing until you pick a clinic: " +
      "Tenant.switch!(clinic_id) sets app.current_clinic_id for the connection. Cross-clinic support " +
      "queries need the read-only support_admin role, which has BYPASSRLS and is audited; ask in #ops " +
      "for a time-boxed grant. Never add BYPASSRLS to the app role to make a report work.",
    entities: ["rails console", "row-level security", "app.current_clinic_id", "Tenant.switch!"],
    answers: "vetdesk-tenant-isolation",
  },
  // hearthfw
  {
    project: "hearthfw",
    kind: "decision",
    title: "OTA: image must mark itself valid within 60 s or the bootloader rolls back",
    body:
      'Images are flashed to the inactive OTA slot and booted in "pending verify" state. src/ota.rs ' +
      "calls mark_app_valid() only after the new image has joined Wi-Fi, connected to MQTT and " +
      "published its build id, within 60 s of boot; otherwise the task-level watchdog resets and the " +
      "bootloader boots the previous slot. Two thermostats bricked in the 1.x days taught us that a bad " +
      "image must never need a truck roll.",
    entities: ["esp-idf bootloader", "rollback", "mark_app_valid", "ota_1", "60 s", "MQTT connect"],
    answers: "hearthfw-ota-rollback",
  },
  {
    project: "hearthfw",
    kind: "decision",
    title: "Wi-Fi reconnect: exponential backoff 1 s to 5 min with jitter",
    body:
      "src/net/wifi.rs reconnects with backoff starting at 1 s, doubling to a cap of 300 s, with +/-20% " +
      "jitter. The old fixed 2 s loop drained the battery-backed models in a day during router outages, " +
      "and some ISP routers put the device's MAC on a blocklist after ~100 failed associations in a few " +
      "minutes. The backoff resets only after a successful DHCP lease, not on association.",
    entities: ["src/net/wifi.rs", "exponential backoff", "jitter", "300 s", "battery", "AP blocklist"],
    answers: "hearthfw-wifi-backoff",
  },
  {
    project: "hearthfw",
    kind: "lesson",
    title: "HIL flakes traced to the USB hub on hil-01; fixed the rig, no retries",
    body:
      'The hardware-in-the-loop job on hil-01 failed ~10% of runs with probe-rs "target not ' +
      'responding". It was the unpowered USB hub browning out when 4 boards started Wi-Fi at once. ' +
      "Replaced with a powered industrial hub and added current logging. We discussed auto-retrying " +
      "failed HIL tests and rejected it: retries would also hide real boot races in our code.",
    entities: ["hil-01", "probe-rs", "USB hub", "brownout", "powered hub", "HIL tests"],
    answers: "hearthfw-hil-usb-hub",
  },
  {
    project: "hearthfw",
    kind: "constraint",
    title: "rust-toolchain.toml pins nightly-2024-03-10",
    body:
      'rust-toolchain.toml pins channel = "nightly-2024-03-10". esp-hal needs asm_experimental_arch for ' +
      "our interrupt code and the nightlies after that date broke it. Don't run rustup update in CI " +
      "images; bump the date only together with an esp-hal update and a HIL run.",
    entities: ["rust-toolchain.toml", "nightly-2024-03-10", "esp-hal", "asm_experimental_arch"],
    answers: "hearthfw-toolchain-pin",
    old: true,
  },
  {
    project: "hearthfw",
    kind: "constraint",
    title: "Toolchain pinned to stable 1.77.2; 1.78 breaks the esp-hal link",
    body:
      "We're off nightly since esp-hal 0.17 builds on stable. rust-toolchain.toml now says channel = " +
      '"1.77.2" with target riscv32imc-unknown-none-elf. 1.78 changed the default linker script ' +
      "handling and the firmware linked with .rwtext overlapping RAM, booting into a panic. Renovate " +
      "ignores the toolchain file; upgrade deliberately with a HIL run.",
    entities: ["rust-toolchain.toml", "1.77.2", "1.78", "esp-hal 0.17", "riscv32imc-unknown-none-elf", "linker"],
    answers: "hearthfw-toolchain-pin",
  },
  {
    project: "hearthfw",
    kind: "discovery",
    title: "SHT40 self-heating: reads cached for 2 s",
    body:
      "Polling the SHT40 every loop iteration (10 Hz) self-heated the die by about +0.8 °C against a " +
      "reference thermometer, so rooms ran cold. src/sensors/sht40.rs now measures at most every 2 s " +
      "(high precision mode) and returns the cached value in between. The control loop doesn't need " +
      "more: room temperature changes slowly and the PID runs at 0.5 Hz.",
    entities: ["SHT40", "self-heating", "src/sensors/sht40.rs", "2 s", "+0.8 °C"],
    answers: "hearthfw-sensor-self-heating",
  },
  {
    project: "hearthfw",
    kind: "failure",
    title: "2.3.0 wiped weekly programs: settings blob was unversioned",
    body:
      "2.3.0 added a holiday mode field to the settings struct; postcard deserialization of the old " +
      "blob failed and the code fell back to defaults, wiping every user's weekly program (~40k " +
      "devices, lots of cold houses and angry reviews). The persisted blob now starts with a format " +
      "byte; src/settings/ keeps every old layout and a migrate_vN_to_vN+1 chain, and a test loads " +
      "blobs captured from each shipped release.",
    entities: ["2.3.0", "settings blob", "SettingsV3", "sequential-storage", "migrate_v2_to_v3", "postcard"],
    answers: "hearthfw-settings-layout",
  },
  {
    project: "hearthfw",
    kind: "decision",
    title: "MQTT: clean start off, QoS 1 commands, 7-day session expiry",
    body:
      "The device connects with clean_start = false and a session expiry interval of 7 days, and the " +
      "cloud publishes setpoint commands on thermostat/{id}/cmd at QoS 1. A thermostat in deep sleep " +
      "(battery models wake every 5 min) therefore gets the commands queued by the broker when it " +
      "reconnects instead of losing them. Commands carry a sequence number so a redelivered one is " +
      "ignored.",
    entities: ["MQTT 5", "clean_start = false", "session expiry 7 days", "QoS 1", "cmd topic"],
    answers: "hearthfw-persistent-mqtt",
  },
  {
    project: "hearthfw",
    kind: "decision",
    title: "Task watchdog at 2 s",
    body:
      "The task watchdog (src/watchdog.rs) is set to 2 s and fed by the control loop and the network " +
      "task. A hung heater relay is a safety issue, so we want the device back in a known state " +
      "quickly; 2 s is four control loop periods.",
    entities: ["TWDT", "2 s", "src/watchdog.rs", "control loop"],
    answers: "hearthfw-watchdog-ota",
    old: true,
  },
  {
    project: "hearthfw",
    kind: "decision",
    title: "TWDT to 8 s: 64 KB sector erases starve the feeder during OTA",
    body:
      "During OTA, each 64 KB sector erase stalls the cache and the feeder task for up to 2.6 s, so the " +
      "2 s TWDT fired and rebooted devices mid-update (about 4% of OTAs failed). The timeout is now 8 " +
      "s. To keep the safety argument, the relay is driven by a hardware failsafe that opens the heater " +
      "circuit if the GPIO heartbeat stops for 3 s, independent of the watchdog.",
    entities: ["TWDT", "8 s", "OTA", "flash erase", "src/watchdog.rs", "relay failsafe"],
    answers: "hearthfw-watchdog-ota",
  },
  {
    project: "hearthfw",
    kind: "decision",
    title: "Telemetry every 10 s",
    body:
      "The device publishes temperature, humidity, setpoint and relay state on thermostat/{id}/state " +
      "every 10 s at QoS 0. The app's live graph looks smooth at that rate and payloads are tiny (~60 " +
      "bytes). Battery models send the same message on each wake-up instead, every 5 minutes.",
    entities: ["telemetry", "10 s", "thermostat/{id}/state", "QoS 0"],
    answers: "hearthfw-telemetry-rate",
    old: true,
  },
  {
    project: "hearthfw",
    kind: "constraint",
    title: "state topic: one publish per 60 s max, ingestion rate-limits above",
    body:
      "The cloud team's IoT ingestion now rate-limits anything above 1 msg/min per device on the state " +
      "topic (they were paying for 10 s telemetry from 300k devices). Firmware coalesces readings and " +
      "publishes at most every 60 s, or immediately when the relay switches or the setpoint changes. " +
      "The app's live graph interpolates between points.",
    entities: ["telemetry", "60 s", "IoT rules engine", "throttling", "thermostat/{id}/state", "coalescing"],
    answers: "hearthfw-telemetry-rate",
  },
  {
    project: "hearthfw",
    kind: "decision",
    title: "Experimental features are cargo features, off in release",
    body:
      "Experiments like exp-adaptive-preheat are cargo features in Cargo.toml, compiled in only for the " +
      "internal ring builds. We don't do runtime flags toggled from the cloud: every remote switch is " +
      "another untested code path on 300k devices, and code that isn't compiled in can't be turned on " +
      "by a compromised backend. CI fails a release build that enables any exp-* feature.",
    entities: ["Cargo.toml", "cargo features", "exp-adaptive-preheat", "release profile", "CI check"],
    answers: "hearthfw-compile-time-flags",
  },
  {
    project: "hearthfw",
    kind: "constraint",
    title: "Ring 3 rollouts paused during cold snaps",
    body:
      "Rollout rings: ring 0 (staff homes, ~50 devices), ring 1 (1% of fleet), ring 2 (10%), ring 3 " +
      "(everyone). Whenever the forecast for a region with more than 10% of the fleet goes below -5 °C " +
      "in the next 72 h, ring 2 and 3 pushes are paused; rings 0 and 1 continue. A bad build during a " +
      "cold snap means burst pipes, not just a bad review.",
    entities: ["rollout rings", "ring 0", "ring 1 1%", "ring 3", "cold snap", "-5 °C forecast"],
    answers: "hearthfw-cold-snap-freeze",
  },
  {
    project: "hearthfw",
    kind: "note",
    title: "BLE provisioning window closes after 10 minutes",
    body:
      "Pairing mode (hold the dial 5 s) advertises BLE for 10 minutes. After that the radio is off " +
      "until the next long press, both for battery and so neighbours can't provision the device. The " +
      "app shows a timer during onboarding.",
    entities: ["BLE provisioning", "10 min", "pairing mode", "app onboarding"],
  },
  {
    project: "hearthfw",
    kind: "note",
    title: "E-ink display: partial refresh, full refresh every 20 updates",
    body:
      "The display driver keeps the last framebuffer and only sends changed regions (partial refresh). " +
      "After 20 partial updates it does a full refresh to clear ghosting. The framebuffer is static " +
      "RAM, 15 KB; don't allocate a second one. Night mode dims the frontlight but never triggers extra " +
      "refreshes.",
    entities: ["e-ink", "partial refresh", "full refresh", "framebuffer", "ghosting"],
  },
  {
    project: "hearthfw",
    kind: "preference",
    title: "defmt logging: info in release, trace only behind a feature",
    body:
      "Release builds use DEFMT_LOG=info. trace and debug logs are behind the debug-logs feature " +
      'because format strings still cost flash. Prefer structured defmt::info!("setpoint {=i16}", x) ' +
      "over formatting strings by hand. Field units can't be probed, so crash info goes to the coredump " +
      "partition and is uploaded on the next boot.",
    entities: ["defmt", "DEFMT_LOG", "log levels", "RTT"],
  },
  {
    project: "hearthfw",
    kind: "note",
    title: "Flash wear: settings written at most once per 30 s",
    body:
      "Turning the dial changes the setpoint many times a second; the settings writer debounces and " +
      "writes flash at most every 30 s. With sequential-storage's wear levelling over 4 pages that " +
      "gives well over 20 years of life. Schedules edited in the app arrive over MQTT and go through " +
      "the same debounced writer.",
    entities: ["flash wear", "sequential-storage", "debounce 30 s", "dial"],
  },
  {
    project: "hearthfw",
    kind: "constraint",
    title: "heapless held at 0.7 until postcard supports 0.8",
    body:
      'Cargo.toml keeps heapless = "0.7". postcard\'s heapless feature still uses 0.7 types, and mixing ' +
      "two heapless versions gives confusing trait errors for Vec<u8, N>. Bump both together. The same " +
      "goes for serde with no_std features: one version across the workspace, enforced with cargo deny.",
    entities: ["heapless 0.7", "heapless 0.8", "postcard", "Cargo.toml"],
  },
  {
    project: "hearthfw",
    kind: "note",
    title: "Factory end-of-line test station",
    body:
      "The factory's end-of-line station flashes the production image, writes the serial number and the " +
      "SHT40 offset calibration to the factory partition, and checks the relay click and the display. " +
      "It is a separate Python tool in tools/eol/, not part of our HIL rig; changes need sign-off from " +
      "manufacturing.",
    entities: ["EOL station", "factory", "serial number", "calibration", "relay click test"],
  },
  {
    project: "hearthfw",
    kind: "note",
    title: "Deep sleep current budget: 12 µA",
    body:
      "Battery models must average under 12 µA in deep sleep to reach the 2-year battery claim. Any new " +
      "peripheral has to be powered down through its load switch before sleep; measure with the Otii on " +
      "the bench before merging drivers.",
    entities: ["deep sleep", "12 µA", "battery model", "RTC GPIO", "power budget"],
  },
]
