/** Written from the situation lines alone by a second author who never saw the stored items. */
export const QUESTIONS_B: Record<string, [string, string]> = {
  "dispatch-geocode-cache": [
    "how long do we keep address lookups around?",
    "the maps vendor invoice came up in planning again — are we supposed to reuse lat/long results for repeat addresses or hit the API every time?",
  ],
  "dispatch-optimizer-deadline": [
    "what happens if route planning takes too long?",
    "I'm seeing some pretty dumb-looking routes in the logs during busy periods, is the solver being cut off somewhere?",
  ],
  "dispatch-flaky-eta-test": [
    "arrival estimate test fails only in CI",
    "why does the arrival-time test break on some laptops but not others — is there a convention for handling the clock in tests?",
  ],
  "dispatch-self-hosted-routing": [
    "why do we run our own routing engine?",
    "thinking about moving turn-by-turn routing back to a managed service to save ops work — was there a reason we didn't stay on one?",
  ],
  "dispatch-driver-logout": [
    "riders getting kicked out of the app",
    "a courier complained the app signed them out halfway through their evening — how long are driver auth sessions supposed to last?",
  ],
  "dispatch-goroutine-leak": [
    "memory keeps climbing in the location ingestion service until the pod restarts, have we seen this before?",
    "rules for writing a new streaming handler?",
  ],
  "dispatch-peak-freeze": [
    "when am I allowed to ship to prod?",
    "is there a blackout schedule for production releases? I'd like to push this hotfix right now",
  ],
  "dispatch-zone-index-migration": [
    "safe way to add a geo index on a big table?",
    "last time someone ran a migration on the delivery areas table everything stalled — how should I run schema changes on it?",
  ],
  "dispatch-zone-owner": [
    "who do I check with before editing delivery area polygons?",
    "can I just tweak a service area border myself?",
  ],
  "dispatch-road-snapping": [
    "should we map-match raw courier locations?",
    "courier dots on the live map drift off the street — did we ever try locking them to the road network?",
  ],
  "dispatch-order-cap": [
    "max orders per courier trip?",
    "why can't the batching logic stack more deliveries onto one rider when it's busy?",
  ],
  "dispatch-errcheck": [
    "CI is failing on an unchecked return value — why is that rule so strict?",
    "which linters are required in the pipeline?",
  ],
  "clinic-idle-logout": [
    "patients get signed out while filling the form",
    "can we make the patient session timeout longer? product wants fewer re-logins",
  ],
  "clinic-no-patient-data-in-logs": [
    "PII in logs — what's the rule?",
    "what am I allowed to put in error messages or Sentry breadcrumbs when debugging a failed appointment?",
  ],
  "clinic-double-booking": [
    "concurrent appointment conflicts — how handled?",
    "how do we stop two people grabbing the same appointment time at once?",
  ],
  "clinic-sms-throttle": [
    "is there a send-rate cap for text reminders?",
    "the reminder job is slow to get through its queue — can I just fire off all the messages in parallel?",
  ],
  "clinic-availability-cache": [
    "when does availability get invalidated?",
    "a patient picked a time that turned out to be already taken — how is the open-times cache supposed to stay fresh?",
  ],
  "clinic-daylight-saving": [
    "how do we store times for repeat appointments?",
    "weekly visits jumped an hour after the DST switch last spring, what's the right way to persist appointment times?",
  ],
  "clinic-flaky-booking-e2e": [
    "the Playwright appointment test is intermittently failing on the calendar step",
    "why is CSS motion disabled when running tests?",
  ],
  "clinic-hospital-record-source": [
    "where does patient demographic data come from?",
    "a patient wants to fix a typo in their address — can we just update it in our app?",
  ],
  "clinic-audit-freeze": [
    "are there times of year we can't release?",
    "can we ship the new reminders feature late in the year or is something blocking releases then?",
  ],
  "clinic-privacy-signoff": [
    "I want to add an emergency contact column for patients — who has to approve that?",
    "approval needed for new patient data?",
  ],
  "clinic-accessibility": [
    "what accessibility level does the appointment flow need to hit?",
    "why are we so strict about screen reader and contrast checks on the scheduling screens?",
  ],
  "clinic-partner-widget": [
    "could partner websites iframe our scheduling form?",
    "did we ever try letting other sites host our appointment flow? what went wrong with it",
  ],
  "forge-tick-rate": [
    "why isn't the sim running faster?",
    "players say movement feels choppy, can we just bump the server update rate on matches?",
  ],
  "forge-matchmaking-widen": [
    "high-rank players stuck in queue forever?",
    "what does the matchmaker do when it can't find an even opponent for someone after a while?",
  ],
  "forge-reconnect": [
    "what happens if a player's wifi blips mid-game?",
    "how long is a disconnected player's slot held, and how do they get back in?",
  ],
  "forge-leaderboard-cache": [
    "rankings board is showing stale scores from yesterday — is that expected?",
    "where do top-score rankings get read from?",
  ],
  "forge-server-authoritative": [
    "are we trusting client-reported positions?",
    "seeing reports of players teleporting across the map — what's our anti-cheat stance on movement?",
  ],
  "forge-login-throttle": [
    "brute force protection on sign-in?",
    "people on a shared campus network are getting blocked from signing in — what limits do we have on auth?",
  ],
  "forge-live-event-freeze": [
    "deploy rules during in-game events?",
    "can I push a server patch this Saturday? there's a cup running all weekend",
  ],
  "forge-flaky-lag-test": [
    "rewind/hit-registration test randomly failing in CI",
    "how should I write tests that depend on network latency so they're deterministic?",
  ],
  "forge-inventory-dual-write": [
    "why did the items migration take so long?",
    "planning to move another chunk out of the player profile document into its own table — how did we do that last time safely?",
  ],
  "forge-udp": ["why don't we just use websockets for game traffic?", "what transport does match state go over?"],
  "forge-liveops-owner": [
    "who owns the events schedule?",
    "I need to change next week's event rewards — can I just edit the config myself?",
  ],
  "forge-protobuf-fields": [
    "rules for changing network message schemas?",
    "I deleted a field from one of the wire messages, can I recycle its tag number for something new?",
  ],
  "lumen-dagster": [
    "why did we leave Airflow?",
    "I need to rerun six months of history for a job — what's the scheduler and how do I do that on it?",
  ],
  "lumen-feature-versioning": [
    "how does feature cache invalidation work?",
    "I fixed a bug in a feature calculation but the store still serves the old values — how do I clear them?",
  ],
  "lumen-spark-limit": [
    "my Spark job got killed after hours with no error",
    "is there a max runtime on the shared cluster? how should really big jobs be structured?",
  ],
  "lumen-flaky-shared-bucket": [
    "pipeline integration tests intermittently find unexpected files in S3",
    "how should tests isolate their storage?",
  ],
  "lumen-additive-schema": [
    "can I rename a column in a lake table?",
    "what kinds of schema changes are allowed on warehouse tables without breaking the BI reports?",
  ],
  "lumen-user-id-hashing": [
    "can I land raw user identifiers in the lake?",
    "what do we need to do with customer ids before ingestion, and is that a compliance thing?",
  ],
  "lumen-gpu-quota": [
    "how many GPUs can my team grab?",
    "I want to fine-tune a big model on a lot of accelerators for a few days — who do I talk to?",
  ],
  "lumen-model-promotion": [
    "what do I need before pushing a model to prod?",
    "the promote step rejected my model even though it trained fine — what's missing?",
  ],
  "lumen-silent-drift": [
    "model accuracy dropped and nobody noticed for weeks — do we monitor inputs at all?",
    "upstream changed a field's values, how would we catch that?",
  ],
  "lumen-quarter-end-freeze": [
    "why is my pipeline PR on hold this week?",
    "are there periods in the year when data pipeline deploys are blocked?",
  ],
  "lumen-warehouse-owner": [
    "can I spin up a new Snowflake warehouse for my team's dashboards?",
    "who's responsible for warehouse compute spend?",
  ],
  "lumen-pandas-oom": [
    "worker died with OOM loading a dataframe",
    "what library should I use for really big tables on the workers?",
  ],
  "verso-targeted-purge": [
    "do we flush the whole CDN on publish?",
    "after a big batch of articles went live the origin got hammered — how does cache clearing work?",
  ],
  "verso-preview-links": [
    "how long does a draft share link work?",
    "a reporter wants to send an unpublished piece to a source for review — is the preview URL safe to pass around?",
  ],
  "verso-api-key-limit": [
    "per-client quota on the public API?",
    "a partner says they're getting throttled by the content endpoints — what's the limit and why?",
  ],
  "verso-rich-text-json": [
    "why isn't the article body stored as HTML?",
    "what format is body content saved in? I'm building the iOS renderer",
  ],
  "verso-image-proxy": [
    "how do we produce thumbnails in different dimensions?",
    "should I generate all the image variants at upload time for the new layout?",
  ],
  "verso-webhook-timeout": [
    "one downstream subscriber is slow — will it block publishing?",
    "how long do we wait for outgoing notifications when an article goes live, and what happens on failure?",
  ],
  "verso-election-freeze": [
    "news-related code freezes to plan around?",
    "big results night coming up next Tuesday — can we still ship the CMS upgrade that week?",
  ],
  "verso-flaky-search-test": [
    "search test sometimes finds nothing right after indexing",
    "why do search assertions fail intermittently in CI?",
  ],
  "verso-locale-migration": [
    "how did we handle the translations split?",
    "about to run a big data migration across all tenants and it ran forever on the largest customer in staging — what's our approach?",
  ],
  "verso-workflow-owner": [
    "I want to add a 'legal review' state to articles — who needs to approve?",
    "can engineering change the draft/review states alone?",
  ],
  "verso-permanent-urls": [
    "can editors change an article's slug after it's live?",
    "what happens to old links when a story's address changes?",
  ],
  "verso-graphql-depth": [
    "my nested GraphQL query gets rejected",
    "is there a limit on how deep API queries can go, and why?",
  ],
}
