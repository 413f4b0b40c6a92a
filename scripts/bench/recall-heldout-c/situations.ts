// Third held-out recall corpus (C): five made-up projects whose topics overlap on purpose (caching, flaky tests,
// freezes, migrations, rate limits, sessions, timeouts, retries, flags, pins), so look-alikes exist across projects.
export type ProjectC =
  // Android retail banking app: Kotlin, Jetpack Compose, Retrofit/OkHttp, Room
  | "harborpay"
  // agritech data pipeline: Python, Airflow, dbt, Snowflake, field sensors over MQTT
  | "grainline"
  // multiplayer arena game server: C# / .NET 8, UDP netcode, Redis, PostgreSQL with EF Core
  | "ironkeep"
  // B2B SaaS for veterinary clinics: Ruby on Rails 7, Postgres, Sidekiq, Twilio
  | "vetdesk"
  // smart thermostat firmware: Rust, embassy + esp-hal on ESP32-C3, MQTT to the cloud
  | "hearthfw"

export interface SituationC {
  id: string
  project: ProjectC
  situation: string
}

export const SITUATIONS_C: SituationC[] = [
  // harborpay
  {
    id: "harborpay-idle-logout",
    project: "harborpay",
    situation:
      "Idle users are now logged out after 5 minutes instead of 15, because an audit flagged the longer window.",
  },
  {
    id: "harborpay-okhttp-pin",
    project: "harborpay",
    situation:
      "We stay on the older OkHttp release because the newer one broke certificate pinning on old Android phones.",
  },
  {
    id: "harborpay-flaky-ui-tests",
    project: "harborpay",
    situation:
      "The transfer UI tests kept failing at random until animations were turned off and the sleeps were removed.",
  },
  {
    id: "harborpay-december-freeze",
    project: "harborpay",
    situation: "No app store releases in the last week of December, since customer support is short-staffed then.",
  },
  {
    id: "harborpay-room-migration-loss",
    project: "harborpay",
    situation: "A local database upgrade wiped saved payees for people who skipped an app version.",
  },
  {
    id: "harborpay-balance-not-cached",
    project: "harborpay",
    situation: "The account balance is always fetched live; only the transaction history is cached, and only briefly.",
  },
  {
    id: "harborpay-biometric-fallback",
    project: "harborpay",
    situation: "After a few failed fingerprint attempts the app asks for the PIN, never the full password.",
  },
  {
    id: "harborpay-no-transfer-retry",
    project: "harborpay",
    situation:
      "Payments are never retried automatically after a customer was charged twice; a timeout shows a status page.",
  },
  {
    id: "harborpay-remote-flags",
    project: "harborpay",
    situation: "New features go out behind remote switches and reach a small share of users first.",
  },
  {
    id: "harborpay-otp-resend-limit",
    project: "harborpay",
    situation:
      "The server only allows a few text-message codes per phone in a short window, so resend is disabled for a while.",
  },
  {
    id: "harborpay-shrinker-crash",
    project: "harborpay",
    situation: "Code shrinking in the release build removed the JSON adapters and the app crashed on launch.",
  },
  // grainline
  {
    id: "grainline-weather-quota",
    project: "grainline",
    situation:
      "The weather provider only gives us a fixed number of calls a day, so forecasts are requested in batches.",
  },
  {
    id: "grainline-soil-dag-later",
    project: "grainline",
    situation: "The soil sensor job now starts later in the night because the co-op's export file arrives late.",
  },
  {
    id: "grainline-ingest-retries",
    project: "grainline",
    situation:
      "Ingest tasks retry only a few times with growing waits, because more retries just overloaded the warehouse.",
  },
  {
    id: "grainline-monday-freshness",
    project: "grainline",
    situation: "The data freshness check failed every Monday because weekend data comes in late, so it only warns now.",
  },
  {
    id: "grainline-pandas-pin",
    project: "grainline",
    situation:
      "The dataframe library is held back a version because the scheduler's provider broke on its date handling.",
  },
  {
    id: "grainline-harvest-freeze",
    project: "grainline",
    situation: "No pipeline changes during the harvest weeks, when farmers rely on the yield dashboards.",
  },
  {
    id: "grainline-warehouse-timeout",
    project: "grainline",
    situation:
      "The biggest model kept getting killed by the warehouse's query time limit, so it now only processes new rows.",
  },
  {
    id: "grainline-column-rename",
    project: "grainline",
    situation:
      "Renaming a raw table column broke everything downstream; renames now go through a compatibility view first.",
  },
  {
    id: "grainline-geocode-cache",
    project: "grainline",
    situation: "Field location lookups are cached for months because farm boundaries hardly ever change.",
  },
  {
    id: "grainline-duplicate-readings",
    project: "grainline",
    situation:
      "Sensor readings were duplicated when the message broker replayed batches; we now dedupe on device and time.",
  },
  {
    id: "grainline-irrigation-shadow",
    project: "grainline",
    situation: "The new irrigation model runs silently next to the old one until the agronomists approve it.",
  },
  // ironkeep
  {
    id: "ironkeep-tick-rate",
    project: "ironkeep",
    situation: "The server simulation rate was halved because big matches could not keep up at the higher rate.",
  },
  {
    id: "ironkeep-session-refresh",
    project: "ironkeep",
    situation: "Player login tokens are renewed whenever someone joins a match, after people were kicked out mid-game.",
  },
  {
    id: "ironkeep-queue-bots",
    project: "ironkeep",
    situation:
      "Matchmaking stops searching after a minute and a half and offers a bot match, because long waits lost players.",
  },
  {
    id: "ironkeep-shared-redis-flakes",
    project: "ironkeep",
    situation:
      "Integration tests failed randomly because they all used the same cache instance; each test is isolated now.",
  },
  {
    id: "ironkeep-inventory-dupe",
    project: "ironkeep",
    situation:
      "A stale cached inventory let players duplicate items, so inventory writes now update the cache and db together.",
  },
  {
    id: "ironkeep-tournament-freeze",
    project: "ironkeep",
    situation: "Nothing gets deployed during weekend tournaments unless the operations lead approves an urgent fix.",
  },
  {
    id: "ironkeep-migration-lock",
    project: "ironkeep",
    situation:
      "A schema change locked the match history table for a long time, so heavy migrations wait for quiet hours.",
  },
  {
    id: "ironkeep-chat-throttle",
    project: "ironkeep",
    situation: "Chat messages per player are capped after spam bots flooded the lobbies.",
  },
  {
    id: "ironkeep-gc-stutter",
    project: "ironkeep",
    situation: "Garbage collection pauses made players jump around; reusing buffers fixed the stutter.",
  },
  {
    id: "ironkeep-ranked-region-toggle",
    project: "ironkeep",
    situation: "Ranked mode changes are switched on region by region so Europe tries them first.",
  },
  {
    id: "ironkeep-dotnet-lts",
    project: "ironkeep",
    situation: "We stay on the long-term-support runtime and skip the newer one because our hosting images lag behind.",
  },
  // vetdesk
  {
    id: "vetdesk-reminder-retries",
    project: "vetdesk",
    situation:
      "Appointment reminder texts are retried only twice, since endless retries sent pet owners the same text again.",
  },
  {
    id: "vetdesk-shift-sessions",
    project: "vetdesk",
    situation: "Clinic staff stay signed in for a whole shift, but must confirm their password again for the drug log.",
  },
  {
    id: "vetdesk-concurrent-index",
    project: "vetdesk",
    situation:
      "Adding an index blocked bookings at a large clinic, so indexes must now be built without locking the table.",
  },
  {
    id: "vetdesk-timezone-specs",
    project: "vetdesk",
    situation:
      "Browser tests failed depending on the hour they ran; they now pin the clock and the clinic's time zone.",
  },
  {
    id: "vetdesk-flag-cleanup",
    project: "vetdesk",
    situation:
      "Features are switched on per clinic, and the switches must be deleted soon after everyone has the feature.",
  },
  {
    id: "vetdesk-api-throttle",
    project: "vetdesk",
    situation:
      "The public API limits how often each clinic can call it, after a partner integration hammered the servers.",
  },
  {
    id: "vetdesk-stale-schedule",
    project: "vetdesk",
    situation:
      "The day calendar showed stale bookings because a changed appointment did not expire the cached page piece.",
  },
  {
    id: "vetdesk-lab-timeout",
    project: "vetdesk",
    situation:
      "Requests to the lab results company give up quickly and finish in the background instead of blocking the page.",
  },
  {
    id: "vetdesk-rails-hold",
    project: "vetdesk",
    situation: "We can't upgrade the web framework until the invoice PDF library supports the new version.",
  },
  {
    id: "vetdesk-month-end-freeze",
    project: "vetdesk",
    situation: "No deploys in the last two working days of a month because clinics do their billing then.",
  },
  {
    id: "vetdesk-tenant-isolation",
    project: "vetdesk",
    situation:
      "A report showed one clinic another clinic's data, so the database itself now enforces which clinic sees what.",
  },
  // hearthfw
  {
    id: "hearthfw-ota-rollback",
    project: "hearthfw",
    situation:
      "A firmware update reverts to the previous version by itself if the new one does not check in soon after boot.",
  },
  {
    id: "hearthfw-wifi-backoff",
    project: "hearthfw",
    situation: "Wi-Fi reconnects slow down over time, because rapid retries drained batteries and got devices banned.",
  },
  {
    id: "hearthfw-hil-usb-hub",
    project: "hearthfw",
    situation:
      "The hardware test rig failed at random because of a bad USB hub, and we chose to fix the rig rather than retry.",
  },
  {
    id: "hearthfw-toolchain-pin",
    project: "hearthfw",
    situation: "The compiler version is fixed in the repo because a newer one broke the chip support library.",
  },
  {
    id: "hearthfw-sensor-self-heating",
    project: "hearthfw",
    situation:
      "Temperature is read only every couple of seconds because polling constantly warmed the sensor and skewed it.",
  },
  {
    id: "hearthfw-settings-layout",
    project: "hearthfw",
    situation:
      "A firmware release reset everyone's heating schedules, so stored settings now carry a version and get upgraded.",
  },
  {
    id: "hearthfw-persistent-mqtt",
    project: "hearthfw",
    situation:
      "The device keeps its broker session across sleeps so commands sent while it is asleep are still delivered.",
  },
  {
    id: "hearthfw-watchdog-ota",
    project: "hearthfw",
    situation: "The watchdog was given more time because erasing flash during an update reset the device.",
  },
  {
    id: "hearthfw-telemetry-rate",
    project: "hearthfw",
    situation: "Devices report measurements at most once a minute, because the cloud side throttles chattier devices.",
  },
  {
    id: "hearthfw-compile-time-flags",
    project: "hearthfw",
    situation: "Experimental features are chosen when building the firmware, never switched on remotely.",
  },
  {
    id: "hearthfw-cold-snap-freeze",
    project: "hearthfw",
    situation: "Whole-fleet firmware rollouts stop during cold spells; only the small test rings get updates then.",
  },
]
