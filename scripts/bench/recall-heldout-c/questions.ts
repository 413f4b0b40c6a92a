/** Written from the situation lines alone by a second author who never saw the stored items. */
export const QUESTIONS_C: Record<string, [string, string]> = {
  "harborpay-idle-logout": [
    "session inactivity timeout length",
    "QA says the app signs them out way too fast when they leave it sitting on the home screen — was shortening the inactivity timer deliberate, and can I put it back to a quarter of an hour?",
  ],
  "harborpay-okhttp-pin": [
    "why not bump okhttp to latest",
    "Dependabot opened a PR upgrading our HTTP client library — is there a known reason we've been sitting on the old major, something about SSL pins on legacy devices?",
  ],
  "harborpay-flaky-ui-tests": [
    "send money espresso tests flaky",
    "The Compose tests around the money-transfer screen went red twice today with no code change — what did we do last time they were intermittent, Thread.sleep or disabling transitions on the emulator?",
  ],
  "harborpay-december-freeze": [
    "can we ship to play store before new year",
    "Product wants the new statements screen in the Play Store on December 28th — do we have a rule about pushing app releases over the Christmas holidays?",
  ],
  "harborpay-room-migration-loss": [
    "saved recipients gone after update",
    "I'm writing a new Room schema migration and someone mentioned users lost their beneficiaries list once when they jumped from an old build straight to a much newer one — what happened there?",
  ],
  "harborpay-balance-not-cached": [
    "should account balance be cached",
    "I want to make the dashboard load faster by keeping the current balance in Room and showing it offline — is there a decision about what we're allowed to store locally versus always pull from the server?",
  ],
  "harborpay-biometric-fallback": [
    "fingerprint fails what happens next",
    "Writing the BiometricPrompt error handling: when someone's touch ID keeps failing, do we drop them to the 4-digit code or make them type their whole login credentials again?",
  ],
  "harborpay-no-transfer-retry": [
    "auto retry on payment timeout",
    "The OkHttp interceptor I'm adding retries failed POSTs — should that apply to the send-money call too, or is there a reason that endpoint is excluded?",
  ],
  "harborpay-remote-flags": [
    "how do we roll out new features gradually",
    "About to merge the savings goals feature — do we just release it to everyone, or is there a Firebase config toggle and percentage rollout we're expected to use?",
  ],
  "harborpay-otp-resend-limit": [
    "SMS code resend button greyed out",
    "Support ticket: a customer can't request another verification SMS after a couple of tries and the button stays disabled — is that a bug or a backend rate limit on one-time passwords?",
  ],
  "harborpay-shrinker-crash": [
    "release build crashes on startup proguard",
    "Debug works fine but the minified R8 build dies immediately at launch with a Moshi/Gson error — didn't we hit this before with obfuscation stripping serializer classes?",
  ],
  "grainline-weather-quota": [
    "weather API daily limit",
    "I want to fetch the forecast per field inside the DAG loop, one request each — is there a cap on the forecast service that means we have to group the lookups together?",
  ],
  "grainline-soil-dag-later": [
    "soil DAG schedule time",
    "The soil moisture DAG's cron looks oddly late at night compared to the others — was that moved on purpose because of when the cooperative's file drop lands?",
  ],
  "grainline-ingest-retries": [
    "airflow ingest retry count",
    "An ingestion task failed after three attempts and I was going to raise retries to 10 — is there a reason it's kept low with exponential backoff?",
  ],
  "grainline-monday-freshness": [
    "stale data alert after weekends",
    "dbt source freshness is yellow again this morning and it's Monday — is that expected weekend lag, and why is it a warn rather than an error?",
  ],
  "grainline-pandas-pin": [
    "why is pandas pinned",
    "Renovate wants to bump pandas to the newest minor — do we know why it's held back?",
  ],
  "grainline-harvest-freeze": [
    "deploy freeze during harvest",
    "It's early October and I have a dbt refactor ready to merge — are we allowed to touch the pipeline while growers are watching the crop yield dashboards?",
  ],
  "grainline-warehouse-timeout": [
    "dbt model killed by snowflake timeout",
    "Our largest fact model was taking forever and being cancelled by Snowflake's statement timeout — did we switch it to incremental, and should I do a full refresh?",
  ],
  "grainline-column-rename": [
    "how to rename a source column",
    "I need to change a column name in one of the raw landing tables — last time that broke all the downstream dbt models, so what's the safe process now?",
  ],
  "grainline-geocode-cache": [
    "geocoding cache TTL",
    "The coordinate lookups for paddocks come back from cache with results that are weeks old — is that long expiry intentional, given plot borders rarely move?",
  ],
  "grainline-duplicate-readings": [
    "duplicate sensor rows",
    "I'm seeing the same probe measurement twice in the raw table after the MQTT broker restarted — what key are we supposed to dedupe on?",
  ],
  "grainline-irrigation-shadow": [
    "irrigation model shadow mode",
    "Can I point the dashboards at the new watering recommendation model yet, or is it still only running in the background next to the current one waiting for the crop scientists?",
  ],
  "ironkeep-tick-rate": [
    "server tick rate value",
    "I'd like to raise the simulation Hz back to 60 for smoother hit registration — didn't we cut it because large lobbies couldn't keep up with the frame budget?",
  ],
  "ironkeep-session-refresh": [
    "players disconnected mid match auth expired",
    "Someone got booted during a long match with an expired JWT — do we refresh the player's auth token when they enter a game, or only on login?",
  ],
  "ironkeep-queue-bots": [
    "matchmaking timeout bot fallback",
    "Designers are asking why queueing stops after about 90 seconds and pops a versus-AI offer — why was that added?",
  ],
  "ironkeep-shared-redis-flakes": [
    "integration tests flaky redis",
    "The xUnit integration suite fails intermittently in CI with keys from other tests showing up — are tests supposed to get their own Redis database or container?",
  ],
  "ironkeep-inventory-dupe": [
    "item duplication exploit inventory",
    "I'm writing a new trade endpoint that updates player items in Postgres — do I also have to update the Redis copy in the same step, after that old item-cloning glitch?",
  ],
  "ironkeep-tournament-freeze": [
    "deploy on tournament weekend",
    "There's a hotfix ready on Saturday but the weekend cup is running — can I push to prod, or does someone from ops have to sign off?",
  ],
  "ironkeep-migration-lock": [
    "when to run big EF migrations",
    "My EF Core migration adds a column to the match results table, which is huge — last time something like that locked it for ages; is there a rule to run it off-peak?",
  ],
  "ironkeep-chat-throttle": [
    "chat rate limit per player",
    "A streamer complains their messages get dropped when they type fast in the lobby — is there a per-user message cap, and what was it added for?",
  ],
  "ironkeep-gc-stutter": [
    "rubber banding GC pauses",
    "Players report teleporting and jitter in big fights again — last time it was gen2 collections — how did we get rid of it?",
  ],
  "ironkeep-ranked-region-toggle": [
    "ranked changes rollout by region",
    "New ranked MMR rules are ready — do we enable them globally or flip them on per region, with EU as the first region?",
  ],
  "ironkeep-dotnet-lts": [
    "upgrade to .NET 9",
    "Someone wants to move the server to the newest .NET for perf gains — why are we staying on the LTS version?",
  ],
  "vetdesk-reminder-retries": [
    "reminder SMS retry limit",
    "A pet owner got the same Twilio appointment text five times — how many times should the Sidekiq job retry sending reminders?",
  ],
  "vetdesk-shift-sessions": [
    "staff session length",
    "Vets say they get asked to re-enter their password when opening the controlled substances log even though they're logged in — is that intended, given they otherwise stay logged in all day?",
  ],
  "vetdesk-concurrent-index": [
    "add index without locking postgres",
    "I'm writing a Rails migration adding an index on appointments — do we need algorithm: :concurrently and disable_ddl_transaction after it froze a big clinic's booking?",
  ],
  "vetdesk-timezone-specs": [
    "system specs fail at certain times of day",
    "Capybara specs pass in the morning but fail late in the evening UTC — do we freeze time with travel_to and set the practice's time zone in those tests?",
  ],
  "vetdesk-flag-cleanup": [
    "remove old feature flags",
    "The new invoicing toggle is now on for every practice — is there a policy to delete per-clinic flags once rollout is complete?",
  ],
  "vetdesk-api-throttle": [
    "API rate limit per clinic",
    "A partner integrator is getting 429s from our public API — what's the per-practice limit and why did we add it?",
  ],
  "vetdesk-stale-schedule": [
    "calendar showing old appointments",
    "Front desk rescheduled a visit but the daily schedule still shows the old slot until refresh — isn't the fragment cache supposed to be busted when an appointment changes?",
  ],
  "vetdesk-lab-timeout": [
    "lab results API timeout",
    "The pathology lab's API is slow and it's hanging the patient chart page — how are we supposed to call that vendor?",
  ],
  "vetdesk-rails-hold": [
    "upgrade to Rails 8",
    "I'd like to bump Rails to the next major — what's blocking it, the gem that generates invoice PDFs?",
  ],
  "vetdesk-month-end-freeze": [
    "deploy at end of month",
    "It's the 30th and I have a small fix ready to ship — is there a blackout near the end of the month?",
  ],
  "vetdesk-tenant-isolation": [
    "row level security per clinic",
    "Writing a new report query — do I need to scope by clinic_id myself, or does Postgres RLS enforce it after the incident where one practice saw another's data?",
  ],
  "hearthfw-ota-rollback": [
    "OTA auto rollback",
    "A test unit went back to the old firmware on its own after an update — is that the rollback when the new image doesn't phone home after boot?",
  ],
  "hearthfw-wifi-backoff": [
    "wifi reconnect backoff",
    "I want the thermostat to rejoin the network right away after a drop — why does it wait longer and longer between Wi-Fi attempts?",
  ],
  "hearthfw-hil-usb-hub": [
    "HIL tests flaky",
    "The hardware-in-the-loop job failed randomly again — can I just wrap the flaky steps in a retry, or did we decide something else about that bench?",
  ],
  "hearthfw-toolchain-pin": [
    "rust toolchain pinned",
    "Can I bump rust-toolchain.toml to the latest nightly — why is the compiler pinned, did a newer one break esp-hal?",
  ],
  "hearthfw-sensor-self-heating": [
    "temperature sensor read interval",
    "I'd like to sample the temp sensor every 100 ms for faster response — any reason the current sampling interval is so slow?",
  ],
  "hearthfw-settings-layout": [
    "schedules reset after firmware update",
    "I'm adding a field to the persisted config struct in flash — how do we handle versioning and migration so users' heating programs don't get wiped?",
  ],
  "hearthfw-persistent-mqtt": [
    "MQTT clean session false",
    "Setpoint changes from the app seem lost while the thermostat is in deep sleep — do we set clean_session=false so whatever was queued while it slept reaches it on wake?",
  ],
  "hearthfw-watchdog-ota": [
    "watchdog reset during OTA",
    "Units reboot halfway through an OTA while the partition is being wiped — what timeout did we settle on for the WDT?",
  ],
  "hearthfw-telemetry-rate": [
    "telemetry publish interval",
    "Can the thermostat send temperature readings every 10 seconds — or will the backend start rejecting us if we publish more often than every 60 s?",
  ],
  "hearthfw-compile-time-flags": [
    "remote feature flags firmware",
    "Product wants to turn on the new adaptive heating feature from the cloud — do we allow remote toggles, or are experimental features cargo features at build time only?",
  ],
  "hearthfw-cold-snap-freeze": [
    "firmware rollout during cold weather",
    "A cold front is coming next week — can we still push the new release to every thermostat out there, or just the canary group?",
  ],
}
