/**
 * Step 1 of the second held-out recall corpus (issue 16): one line per situation, written before any
 * item text. Questions are written by someone else from these lines alone, never from the items.
 * The whole corpus is held out: nothing here is used to tune the ranker. Projects share topics
 * (caches, flaky tests, freezes, migrations, rate limits, sessions, timeouts) on purpose.
 */
export type ProjectB = "dispatch" | "clinic" | "forge" | "lumen" | "verso"

export interface SituationB {
  id: string
  project: ProjectB
  situation: string
}

export const SITUATIONS_B: SituationB[] = [
  // dispatch: delivery-routing service in Go
  {
    id: "dispatch-geocode-cache",
    project: "dispatch",
    situation: "Geocoding results are cached for 30 days because the paid geocoder bill tripled.",
  },
  {
    id: "dispatch-optimizer-deadline",
    project: "dispatch",
    situation:
      "The route optimizer gets a hard 2-second deadline and falls back to a simple greedy route when it runs out.",
  },
  {
    id: "dispatch-flaky-eta-test",
    project: "dispatch",
    situation:
      "The ETA test failed on some machines because it used the local time zone; tests now pin the clock to UTC.",
  },
  {
    id: "dispatch-self-hosted-routing",
    project: "dispatch",
    situation:
      "We moved from the hosted directions API to self-hosted OSRM after hitting its rate limit at dinner peak.",
  },
  {
    id: "dispatch-driver-logout",
    project: "dispatch",
    situation:
      "Couriers were logged out mid-shift when their token expired; tokens now last a whole shift and refresh quietly.",
  },
  {
    id: "dispatch-goroutine-leak",
    project: "dispatch",
    situation:
      "A goroutine leak in GPS ingest crashed pods every few days; every stream handler must stop when its context is cancelled.",
  },
  {
    id: "dispatch-peak-freeze",
    project: "dispatch",
    situation: "No deploys on Friday evenings or during the lunch and dinner peaks.",
  },
  {
    id: "dispatch-zone-index-migration",
    project: "dispatch",
    situation:
      "Adding a spatial index to the zones table locked it during peak; such indexes are now built concurrently at night.",
  },
  {
    id: "dispatch-zone-owner",
    project: "dispatch",
    situation: "Delivery zone boundaries belong to the ops-geo team; ask Priya before changing one.",
  },
  {
    id: "dispatch-road-snapping",
    project: "dispatch",
    situation:
      "Snapping courier GPS points to the nearest road was tried and dropped because it put couriers on the wrong road.",
  },
  {
    id: "dispatch-order-cap",
    project: "dispatch",
    situation:
      "A courier can carry at most three orders at once, because of the insulated bag size and the labour agreement.",
  },
  {
    id: "dispatch-errcheck",
    project: "dispatch",
    situation: "golangci-lint runs in CI with errcheck mandatory after an ignored error silently dropped orders.",
  },

  // clinic: healthcare appointment-booking web app
  {
    id: "clinic-idle-logout",
    project: "clinic",
    situation: "Patient sessions end after 15 minutes of inactivity, as the hospital's security policy requires.",
  },
  {
    id: "clinic-no-patient-data-in-logs",
    project: "clinic",
    situation: "Patient names and birth dates must never reach the logs; an audit found them in the error tracker.",
  },
  {
    id: "clinic-double-booking",
    project: "clinic",
    situation: "Two patients once got the same slot in a race; the database now refuses a second booking of a slot.",
  },
  {
    id: "clinic-sms-throttle",
    project: "clinic",
    situation:
      "Reminder texts are sent at most 10 per second because the SMS provider blocked our sender after a burst.",
  },
  {
    id: "clinic-availability-cache",
    project: "clinic",
    situation:
      "The doctors' free-slot cache is cleared on every booking change after patients were offered taken slots.",
  },
  {
    id: "clinic-daylight-saving",
    project: "clinic",
    situation:
      "Appointments keep the clinic's time zone name, since fixed offsets shifted recurring visits by an hour at the clock change.",
  },
  {
    id: "clinic-flaky-booking-e2e",
    project: "clinic",
    situation:
      "The browser booking test failed randomly because of the date picker animation; animations are off in test mode.",
  },
  {
    id: "clinic-hospital-record-source",
    project: "clinic",
    situation:
      "The hospital's record system is the source of truth for patient details; the app never edits them itself.",
  },
  {
    id: "clinic-audit-freeze",
    project: "clinic",
    situation: "Releases are frozen during the yearly compliance audit in November.",
  },
  {
    id: "clinic-privacy-signoff",
    project: "clinic",
    situation: "Any new field about patients needs sign-off from the data protection officer, Marta.",
  },
  {
    id: "clinic-accessibility",
    project: "clinic",
    situation: "The booking flow must meet WCAG AA because the public hospital contract requires it.",
  },
  {
    id: "clinic-partner-widget",
    project: "clinic",
    situation:
      "An embeddable booking widget for partner sites was abandoned because browsers blocking third-party cookies broke login.",
  },

  // forge: multiplayer game backend
  {
    id: "forge-tick-rate",
    project: "forge",
    situation:
      "The match server simulates at 30 ticks per second; 60 doubled the hosting cost without players noticing.",
  },
  {
    id: "forge-matchmaking-widen",
    project: "forge",
    situation: "Matchmaking widens the skill range after 45 seconds of waiting instead of giving up on the player.",
  },
  {
    id: "forge-reconnect",
    project: "forge",
    situation:
      "A player who drops keeps their place in the match for 90 seconds and can rejoin with a reconnect token.",
  },
  {
    id: "forge-leaderboard-cache",
    project: "forge",
    situation: "Leaderboards are served from Redis sorted sets and rebuilt from the database only once a night.",
  },
  {
    id: "forge-server-authoritative",
    project: "forge",
    situation:
      "After a wave of speed hacks, the server decides movement and rejects client positions that move too fast.",
  },
  {
    id: "forge-login-throttle",
    project: "forge",
    situation: "Login attempts are limited per IP and per account since a credential-stuffing attack.",
  },
  {
    id: "forge-live-event-freeze",
    project: "forge",
    situation: "Nothing is deployed to production while a live in-game event or weekend tournament is running.",
  },
  {
    id: "forge-flaky-lag-test",
    project: "forge",
    situation:
      "The lag-compensation test was flaky on real sockets; it now runs on a simulated network with a fixed seed.",
  },
  {
    id: "forge-inventory-dual-write",
    project: "forge",
    situation:
      "Inventories moved out of the player JSON blob with a dual-write period, because a one-shot migration lost items in staging.",
  },
  {
    id: "forge-udp",
    project: "forge",
    situation:
      "Game state goes over UDP with our own reliability layer; WebSockets caused rubber-banding when packets were lost.",
  },
  {
    id: "forge-liveops-owner",
    project: "forge",
    situation:
      "The live-ops team, through Dario, owns the event calendar and reward tables; engineers don't edit them.",
  },
  {
    id: "forge-protobuf-fields",
    project: "forge",
    situation: "Client-server messages are protobuf, and a removed field's number is never reused.",
  },

  // lumen: data and ML pipeline platform
  {
    id: "lumen-dagster",
    project: "lumen",
    situation: "Orchestration moved from Airflow to Dagster, mostly because backfills were so painful.",
  },
  {
    id: "lumen-feature-versioning",
    project: "lumen",
    situation:
      "Stored features are keyed by feature version, and bumping the version is the only way to invalidate them.",
  },
  {
    id: "lumen-spark-limit",
    project: "lumen",
    situation: "The shared Spark cluster kills jobs after 4 hours, so large jobs are split by date partition.",
  },
  {
    id: "lumen-flaky-shared-bucket",
    project: "lumen",
    situation:
      "Pipeline tests failed now and then because they shared a dev bucket with other jobs; each run now gets its own prefix.",
  },
  {
    id: "lumen-additive-schema",
    project: "lumen",
    situation:
      "Table schema changes in the lake must be additive; a column rename broke downstream dashboards for a week.",
  },
  {
    id: "lumen-user-id-hashing",
    project: "lumen",
    situation: "User ids are hashed with a secret salt before landing in the lake, as legal requires.",
  },
  {
    id: "lumen-gpu-quota",
    project: "lumen",
    situation: "Each team can use at most 8 GPUs for training; bigger runs must be booked with the platform team.",
  },
  {
    id: "lumen-model-promotion",
    project: "lumen",
    situation: "Only models registered with an evaluation report can be promoted to production.",
  },
  {
    id: "lumen-silent-drift",
    project: "lumen",
    situation:
      "A model quietly got worse after an upstream team changed a category encoding; input drift checks now alert.",
  },
  {
    id: "lumen-quarter-end-freeze",
    project: "lumen",
    situation:
      "Pipeline changes are frozen in the last week of each quarter because finance reporting depends on them.",
  },
  {
    id: "lumen-warehouse-owner",
    project: "lumen",
    situation: "Kenji in data platform owns the Snowflake warehouses and their cost; ask him before creating one.",
  },
  {
    id: "lumen-pandas-oom",
    project: "lumen",
    situation:
      "Loading whole tables into pandas ran workers out of memory; anything over a few GB goes through Polars or Spark.",
  },

  // verso: headless CMS and publishing platform
  {
    id: "verso-targeted-purge",
    project: "verso",
    situation: "Publishing purges only the affected CDN pages by tag, since purging everything overloaded the origin.",
  },
  {
    id: "verso-preview-links",
    project: "verso",
    situation:
      "Draft preview links are signed and expire after 24 hours, after a leaked link exposed an embargoed story.",
  },
  {
    id: "verso-api-key-limit",
    project: "verso",
    situation:
      "The public content API allows 100 requests per second per API key since a partner's scraper took it down.",
  },
  {
    id: "verso-rich-text-json",
    project: "verso",
    situation:
      "Rich text is stored as a structured JSON tree rather than HTML so the same content renders on web and apps.",
  },
  {
    id: "verso-image-proxy",
    project: "verso",
    situation:
      "Images are resized on request by an image proxy; pre-generating every size filled up the storage bucket.",
  },
  {
    id: "verso-webhook-timeout",
    project: "verso",
    situation:
      "Publish webhooks time out after 5 seconds and retry later, because one slow subscriber was holding up publishing.",
  },
  {
    id: "verso-election-freeze",
    project: "verso",
    situation: "Code is frozen around election night and other big news events.",
  },
  {
    id: "verso-flaky-search-test",
    project: "verso",
    situation:
      "Search tests were flaky because the index refreshes asynchronously; the tests now force a refresh before asserting.",
  },
  {
    id: "verso-locale-migration",
    project: "verso",
    situation:
      "The move to per-locale entries was done in steps with a backfill, after a single migration timed out on the biggest tenant.",
  },
  {
    id: "verso-workflow-owner",
    project: "verso",
    situation: "Changes to the editorial workflow states need agreement from Hannah, the managing editor.",
  },
  {
    id: "verso-permanent-urls",
    project: "verso",
    situation: "Published URLs never change; renaming a slug adds a redirect, after search traffic dropped.",
  },
  {
    id: "verso-graphql-depth",
    project: "verso",
    situation: "The GraphQL API caps query depth at 7 after a deeply nested query took the database down.",
  },
]
