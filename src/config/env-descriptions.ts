// What each environment variable means, for docs/reference/configuration.md (scripts/docs-configuration.ts). The
// types, ranges and defaults come from the zod schema itself; a variable of the schema missing here (or an entry here
// the schema no longer has) fails tests/unit/docs/references.test.ts, so the reference cannot fall behind.

export type EnvGroup = 'Server' | 'Database' | 'Chains and ingestion' | 'Metadata' | 'Events across processes' | 'Edge and security' | 'Access keys' | 'Media storage' | 'IndexerGateway and prices' | 'Webhooks' | 'Token directory' | 'Names and sessions' | 'Media cache';

export type EnvDescription = Readonly<{
  group: EnvGroup;
  description: string;
  /** What happens when the variable is not set, where the schema has no literal default (or its default misleads). */
  unset?: string;
}>;

export const envGroups: readonly EnvGroup[] = [
  'Server',
  'Database',
  'Chains and ingestion',
  'Metadata',
  'Events across processes',
  'Edge and security',
  'Access keys',
  'Media storage',
  'IndexerGateway and prices',
  'Webhooks',
  'Token directory',
  'Names and sessions',
  'Media cache',
];

export const envDescriptions: Readonly<Record<string, EnvDescription>> = {
  HOST: { group: 'Server', description: 'Interface to bind.' },
  PORT: { group: 'Server', description: 'HTTP port: GraphQL, graphql-ws, the RPC, hosted documents, the console, health and metrics.' },
  PUBLIC_URL: {
    group: 'Server',
    description: 'The address clients reach this server at (behind a proxy: its `https://` address); the base of the `baseUris` of hosted collections and of asset URLs.',
    unset: '`http://localhost:<PORT>`',
  },
  LOG_LEVEL: { group: 'Server', description: 'Least severe log entry written.' },
  LOG_FORMAT: { group: 'Server', description: '`json` (one JSON object per line), `pretty` (one coloured line per entry), or `auto`: pretty when stdout is a terminal, JSON otherwise.' },
  MAX_BODY_BYTES: { group: 'Server', description: 'Largest accepted request body, in bytes (GraphQL and the RPC); larger bodies are answered 413.' },
  GRAPHQL_MAX_COST: {
    group: 'Server',
    description: "Ceiling on a client-written GraphQL request's cost (one per field; a page's fields once per row of `first`/`last`); a costlier request is refused with `QUERY_COST_EXCEEDED` before it runs. An access key may have its own (`maxQueryCost`).",
  },
  ADMIN_TOKEN: {
    group: 'Server',
    description: "Operator token, at least 32 characters, sent as `Authorization: Bearer <ADMIN_TOKEN>`: contract flags, `createProject`, `openProject`, the operator's refresh mutations and the console's operator view.",
    unset: 'operator functions are off',
  },
  DATA_DIR: { group: 'Database', description: 'Where the embedded SQLite database, its generated JWT secret and (by default) uploaded media live; created when missing.' },
  DATABASE_URL: {
    group: 'Database',
    description:
      '`mysql://user:pass@host:port/db` (MySQL 8 / MariaDB 10.11) or `sqlite:<path>`. Several hosts, `mysql://user:pass@node1:3306,node2:3306,node3:3306/db` (the nodes of a MariaDB Galera cluster): connections go to one node and move to the next when it cannot be reached (docs/operations.md, HA topology).',
    unset: 'SQLite at `$DATA_DIR/strata.sqlite`',
  },
  SQLITE_CACHE_MB: { group: 'Database', description: "Page cache of the embedded SQLite database, in MB of the Strata process's memory (see BENCHMARKS.md before raising it)." },
  DATABASE_READ_URLS: {
    group: 'Database',
    description: "Comma-separated `mysql://…` URLs of read replicas of the MySQL/MariaDB primary; queries read from a healthy one. Refused with SQLite. The user needs `REPLICA MONITOR` (MariaDB) or `REPLICATION CLIENT` (MySQL) on each.",
    unset: 'every read on the primary',
  },
  READ_REPLICA_MAX_LAG_SECONDS: { group: 'Database', description: "A replica further behind the primary than this (its `Seconds_Behind_Master`) is skipped until it is back under it." },
  READ_REPLICA_CHECK_MS: { group: 'Database', description: "How often each replica's replication status is read, in ms." },
  JWT_SECRET: {
    group: 'Database',
    description: 'HS256 secret of bearer tokens, at least 32 characters. Required with MySQL/MariaDB, so every replica shares it.',
    unset: 'generated once into `$DATA_DIR/jwt-secret` (SQLite only)',
  },
  BEARER_TOKEN_DAYS: {
    group: 'Database',
    description: 'Days a project bearer token lasts when issued without a lifetime (`project create`, the console); 0: no expiry. Tokens can also be revoked (`revokeBearerToken`).',
  },
  CHAINS: {
    group: 'Chains and ingestion',
    description:
      'The chains to serve and ingest: a JSON array of `{"chainId", "url" or "urls", "name"?, "startBlock"?, "confirmations"?, "maxConcurrency"?, "maxLogRange"?, "maxLagBlocks"?, "headProbeMs"?, "pollIntervalMs"?, "contracts"?, "testnet"?, "nativeTransfers"?, "traces"?, "approvals"?}`, or the short form `1:mainnet=https://…|https://…,137=wss://…`. A url is http(s) (heads polled) or ws(s) (`newHeads`). See the README: *RPC endpoints and failover*, *Named contracts*.',
    unset: 'no chain (nothing indexed)',
  },
  CATCH_UP_PUBLISH_BLOCKS: {
    group: 'Chains and ingestion',
    description: 'Blocks behind the head that ingestion follows block by block, and streams to subscribers, when it catches up; older blocks are backfilled and announced to subscribers as a gap.',
  },
  DEFER_QUERY_INDEXES: {
    group: 'Chains and ingestion',
    description: 'The first backfill into an empty database runs without the indexes only queries use and builds them when a chain is near its head; `off` keeps them from the start.',
    unset: '`on`',
  },
  INGEST_HEAP_CEILING_MB: { group: 'Chains and ingestion', description: 'Heap an ingesting process lets pile up before it asks V8 for a full collection; `0`: V8 alone decides.' },
  IPFS_GATEWAY: { group: 'Metadata', description: 'Prefix `ipfs://<cid>/<path>` token and contract URIs are fetched through.' },
  ARWEAVE_GATEWAY: { group: 'Metadata', description: 'Prefix `ar://<id>/<path>` URIs are fetched through.' },
  METADATA_ALLOW_HOSTS: {
    group: 'Metadata',
    description: 'Comma-separated `host` or `host:port` the metadata fetcher may reach although they are private addresses (a `host:port` entry also opens that port); for tests and private gateways.',
  },
  METADATA_TIMEOUT_MS: { group: 'Metadata', description: 'Whole fetch of one metadata document (redirects and body included), from when it holds one of its host’s `METADATA_HOST_CONCURRENCY` connections (a wait for one is bounded at 60 s and reported as such); reads wait at most `min(2000, this)`.' },
  METADATA_MAX_BYTES: { group: 'Metadata', description: 'Largest metadata document read; larger ones fail.' },
  METADATA_HOST_RATE: { group: 'Metadata', description: 'Metadata fetches started per second to one host (a busy host’s fetches wait; other hosts do not).' },
  METADATA_HOST_CONCURRENCY: { group: 'Metadata', description: 'Metadata fetches at once to one host.' },
  METADATA_RETRY_BASE_MS: { group: 'Metadata', description: 'First delay before a failed or placeholder token document is fetched again; doubles per failure, at most 24 h.' },
  METADATA_TASK_POLL_MS: { group: 'Metadata', description: 'How often the refresh task worker looks for due tasks and due retries.' },
  MEDIA_CACHE: {
    group: 'Media cache',
    description: 'Token media (`image`, `image_data`, `animation_url`) fetched, made safe, thumbnailed and served by Strata under `/media/<sha256>`; off: clients get only the original URLs.',
    unset: '`on`',
  },
  MEDIA_CONTRACTS: { group: 'Media cache', description: 'Comma-separated `chainId:0xaddress` whose media is cached; empty: every contract (when `MEDIA_CACHE` is on).' },
  MEDIA_MAX_BYTES: { group: 'Media cache', description: 'Largest media file read (announced by `Content-Length` or streamed); a larger one fails without being stored.' },
  MEDIA_TIMEOUT_MS: { group: 'Media cache', description: 'One fetch of a media file, redirects and body included.' },
  MEDIA_MAX_PIXELS: { group: 'Media cache', description: 'Pixels an image may decode to (sharp’s `limitInputPixels`); a larger one (a decompression bomb) fails with a clear status.' },
  MEDIA_MAX_DIMENSION: { group: 'Media cache', description: 'Longest side an image may have, in pixels; a longer one fails with a clear status.' },
  MEDIA_CONCURRENCY: { group: 'Media cache', description: 'Media files fetched and processed at once by one process (thumbnails use one CPU thread each).' },
  MEDIA_HOST_RATE: { group: 'Media cache', description: 'Media fetches started per second to one host (a busy host’s fetches wait; other hosts do not).' },
  MEDIA_HOST_CONCURRENCY: { group: 'Media cache', description: 'Media fetches at once to one host.' },
  MEDIA_RETRY_BASE_MS: { group: 'Media cache', description: 'First delay before a failed media fetch (network, timeout, HTTP status) is tried again; doubles per failure, at most 24 h. Refused and hostile files are not retried.' },
  MEDIA_POLL_MS: { group: 'Media cache', description: 'How often the media worker looks for queued files.' },
  TOKEN_LISTS: {
    group: 'Token directory',
    description:
      'Comma-separated token lists (Uniswap Token Lists format, validated against its JSON schema) the token directory is built from, first list first when two name a token: `default` (the list shipped in the npm package `@uniswap/default-token-list`, read from node_modules: mainnet, Optimism, BNB Chain, Polygon, Base, Arbitrum and the other chains it covers), a file path, or an http(s) URL (read through the metadata fetcher’s guard). Only tokens of configured chains are kept. `none`: no list, the operator’s curation alone. See docs/guide/trust.md.',
  },
  TOKEN_LISTS_REFRESH_SECONDS: { group: 'Token directory', description: 'How often every list is read again, in seconds (lists are also read at start and on `RefreshTokenDirectory`); `0`: never on a schedule.' },
  TOKEN_LISTS_MAX_BYTES: { group: 'Token directory', description: 'Largest token list document read, file or URL; a larger one is refused and the previous import stays.' },
  TOKEN_LISTS_TIMEOUT_MS: { group: 'Token directory', description: 'One read of a list URL (redirects and body included); a slower one is refused and the previous import stays.' },
  TOKEN_LISTS_ALLOW_HOSTS: {
    group: 'Token directory',
    description: 'Comma-separated `host` or `host:port` list URLs may name although they are private addresses (a `host:port` entry also opens that port), as `METADATA_ALLOW_HOSTS`; for lists on the operator’s own network and tests.',
  },
  SPAM_VERDICTS: {
    group: 'Token directory',
    description:
      'Stored spam verdicts (`off` unless `on`; opt-in while a verdict’s transfer-pattern reads can take seconds per contract on a busy token, see BENCHMARKS.md): a worker computes the verdict of every contract with indexed transfers and computes it again when its transfers, its info, an override or the token directory change (a rollback included). `SPAM` ones answer `extensions.blacklist: true` and are left out of `UNVERIFIED` balance and history reads. See docs/guide/trust.md.',
  },
  SPAM_VERDICTS_POLL_MS: { group: 'Token directory', description: 'How often the verdict worker looks for changed inputs when it has nothing left to compute.' },
  WEBHOOK_ALLOW_HOSTS: {
    group: 'Webhooks',
    description: 'Comma-separated `host` or `host:port` webhook URLs may name although they are private addresses (a `host:port` entry also opens that port), as `METADATA_ALLOW_HOSTS`; for tests and private receivers.',
  },
  WEBHOOK_TIMEOUT_MS: { group: 'Webhooks', description: 'One delivery attempt (connect, POST, response); a slower receiver counts as failed and is retried.' },
  WEBHOOK_MAX_ATTEMPTS: { group: 'Webhooks', description: 'Attempts of one delivery before its listener is disabled (with the reason, a log line and `strata_webhook_listeners_disabled_total`).' },
  WEBHOOK_BATCH_SIZE: { group: 'Webhooks', description: 'Items (events, balance updates, receipts, notices) one POST carries at most.' },
  WEBHOOK_RETRY_BASE_MS: { group: 'Webhooks', description: 'First retry delay of a failed delivery; doubles per attempt up to `WEBHOOK_RETRY_MAX_MS`, with jitter (the defaults spread 16 attempts over about a day). A `Retry-After` answer takes precedence.' },
  WEBHOOK_RETRY_MAX_MS: { group: 'Webhooks', description: 'Longest delay between two attempts of one delivery.' },
  WEBHOOK_LEASE_MS: { group: 'Webhooks', description: 'How long a process holds a listener’s delivery lease unrenewed; after a crash another process delivers the listener once it lapses.' },
  WEBHOOK_POLL_MS: { group: 'Webhooks', description: 'How often each process looks for due webhook deliveries.' },
  REDIS_URL: {
    group: 'Events across processes',
    description: '`redis://host:port`: ingestion events, rate-limit counters and the failed-credential throttle go through Redis, so `strata index` and several `strata serve --no-index` replicas share them.',
    unset: 'events in-process (one process)',
  },
  EVENTS_NAMESPACE: {
    group: 'Events across processes',
    description: "Names this deployment's Redis channels (`strata:<namespace>:events:<topic>`), so two deployments sharing a Redis never hear each other.",
    unset: 'the deployment id stored in the database',
  },
  EVENTS_SECRET: {
    group: 'Events across processes',
    description: 'At least 32 characters: HMAC-SHA256 key of every Redis event message; messages that do not verify are dropped.',
    unset: 'derived from `JWT_SECRET`',
  },
  STRATA_MODE: {
    group: 'Edge and security',
    description: '`production` closes GraphiQL, anonymous introspection, `/metrics` and CORS `*`; `development` opens them. Wins over `NODE_ENV`; `strata dev` runs in development.',
    unset: 'from `NODE_ENV`',
  },
  CORS_ORIGINS: {
    group: 'Edge and security',
    description: '`*` or a comma-separated list of origins (`https://app.example.com`) whose browsers may read replies.',
    unset: '`*` (no credentials); none in production',
  },
  GRAPHIQL: { group: 'Edge and security', description: 'The GraphiQL page on `GET /graphql` (and `GET /` leading to it).', unset: 'on; off in production' },
  CONSOLE: { group: 'Edge and security', description: 'The builder console at `/console` (a static page; everything it does needs the user’s token).', unset: 'on' },
  INTROSPECTION: {
    group: 'Edge and security',
    description: 'Introspection for callers without credentials (with an access key or bearer token it always works).',
    unset: 'on; off in production',
  },
  METRICS_TOKEN: {
    group: 'Edge and security',
    description: '`/metrics` then requires `Authorization: Bearer <METRICS_TOKEN>`.',
    unset: '`/metrics` open in development, refused in production',
  },
  TRUST_PROXY_HOPS: { group: 'Edge and security', description: 'Reverse proxies in front of Strata whose `X-Forwarded-For` entries name the client address (1 behind one Caddy or nginx).' },
  AUTH_FAILURE_LIMIT: { group: 'Edge and security', description: 'Failed credential checks one client address may make per window before it is answered `RateLimited` (HTTP 429 with `Retry-After`).' },
  AUTH_FAILURE_WINDOW_SECONDS: { group: 'Edge and security', description: 'The window of `AUTH_FAILURE_LIMIT`, in seconds.' },
  KEY_REQUESTS_PER_SECOND: { group: 'Access keys', description: 'Requests per second an access key may make unless it has its own rate; `0`: no limit.' },
  KEY_REQUESTS_PER_MONTH: { group: 'Access keys', description: 'Requests per calendar month (UTC) an access key may make unless it has its own quota; `0`: no quota.' },
  KEY_USAGE_FLUSH_SECONDS: { group: 'Access keys', description: 'How often each process adds the requests it counted per key and day to the database (`accessKeyUsage`).' },
  KEY_RECEIPT_WAITS: {
    group: 'Access keys',
    description:
      'Receipt waits (`FetchTransactionReceipt`, `transactionReceipt(wait: true)`) one access key may hold at once on each server process; one more is refused with `ResourceExhausted` (webrpc 2004, GraphQL `RESOURCE_EXHAUSTED`); `0`: no cap.',
  },
  ASSET_STORAGE: { group: 'Media storage', description: '`local`: uploads in `ASSET_DIR`; `s3`: in S3-compatible object storage, so every replica serves them.' },
  ASSET_DIR: { group: 'Media storage', description: 'Where uploaded media of hosted collection tokens are stored (created 0700).', unset: '`$DATA_DIR/assets`' },
  ASSET_MAX_BYTES: { group: 'Media storage', description: 'Largest accepted upload, in bytes (413 above it, enforced while reading).' },
  S3_BUCKET: { group: 'Media storage', description: 'The bucket; required with `ASSET_STORAGE=s3`.' },
  S3_PREFIX: { group: 'Media storage', description: 'Key prefix inside the bucket.' },
  S3_REGION: { group: 'Media storage', description: 'The bucket’s region.' },
  S3_ENDPOINT: { group: 'Media storage', description: 'An S3-compatible server (MinIO, R2, …).', unset: 'AWS' },
  S3_FORCE_PATH_STYLE: { group: 'Media storage', description: '`true`: address objects as `<endpoint>/<bucket>/<key>`.', unset: '`true` with `S3_ENDPOINT`, `false` without' },
  S3_ACCESS_KEY_ID: { group: 'Media storage', description: 'Static credentials (with `S3_SECRET_ACCESS_KEY`: both or neither).', unset: "the AWS SDK's default chain" },
  S3_SECRET_ACCESS_KEY: { group: 'Media storage', description: 'Static credentials (with `S3_ACCESS_KEY_ID`: both or neither).', unset: "the AWS SDK's default chain" },
  LEADERSHIP: {
    group: 'Database',
    description:
      'How one indexer per chain and one migrating process are chosen: `lock` (MySQL `GET_LOCK`, or a lock file beside the SQLite database; freed at once when its holder dies), `lease` (a row with an expiry and a fencing token, renewed by its holder; every ingestion commit checks the token, so a holder that lost it cannot commit), or `auto`: `lease` when the MySQL server reports `wsrep_on` (MariaDB Galera, which does not replicate `GET_LOCK`), `lock` otherwise.',
  },
  LEASE_TTL_MS: { group: 'Database', description: 'How long a lease lasts unless renewed (every third of it), in ms: a standby takes over this long after the holder died or lost the database.' },
  SHUTDOWN_GRACE_MS: {
    group: 'Server',
    description:
      'After SIGTERM, how long in-flight requests may take to finish, in ms: the process stops accepting at once, ends each subscription with its resume cursor, lets the indexer commit or abandon its batch, and cuts what is still open after this long.',
  },
  READY_MAX_LAG_BLOCKS: {
    group: 'Chains and ingestion',
    description: '`/health/ready` of a process that indexes answers 503 while a chain it indexes is more than this many blocks behind the head the node reported.',
  },
  CHAIN_PACE_SAMPLE_SECONDS: {
    group: 'Chains and ingestion',
    description:
      'A process that indexes records each chain’s indexed block, head and events counter this often (one small row per chain), for the console’s pace and lag charts and the `chainPace` query; processes sampling the same interval write one row.',
  },
  CHAIN_PACE_RETENTION_DAYS: { group: 'Chains and ingestion', description: 'Pace samples older than this many days are deleted (checked once an hour by each sampling process).' },
  GATEWAY_CONCURRENCY: { group: 'IndexerGateway and prices', description: 'Chains one IndexerGateway request queries at once.' },
  GATEWAY_CHAIN_TIMEOUT_MS: { group: 'IndexerGateway and prices', description: 'A chain that has not answered within this many ms answers with its `errorReason` instead.' },
  GATEWAY_HEALTH_TTL_MS: { group: 'IndexerGateway and prices', description: "How long a chain's node is taken as answering (or not) after one check, in ms." },
  PRICE_FEED_URL: {
    group: 'IndexerGateway and prices',
    description: 'An HTTP(S) JSON document of USD prices; it answers the price methods and `priceUSD`/`balanceUSD` fields.',
    unset: 'no price source',
  },
  PRICE_FEED_TTL_MS: { group: 'IndexerGateway and prices', description: 'How long one read of the price feed is used before it is read again, in ms.' },
  PRICE_FEED_ALLOW_HOSTS: { group: 'IndexerGateway and prices', description: "Hosts the price feed may be on despite the private-address guard (a feed on the operator's own network)." },
  SESSION_SECRET: {
    group: 'Names and sessions',
    description: 'HMAC key (HS256) of wallet session tokens (`GetAuthToken`), at least 32 characters; never the JWT_SECRET. Replicas must share it.',
    unset: 'a random key made once and kept in `DATA_DIR/session-secret` (one server; replicas would refuse each other’s tokens)',
  },
  SESSION_LIFETIME_SECONDS: { group: 'Names and sessions', description: 'How long a wallet session token lasts, in seconds (1 to 86,400).' },
  ENS_REGISTRIES: {
    group: 'Names and sessions',
    description: 'The ENS registry of each chain that has names, `<chainId>=<address>` comma-separated, or `none`; every chain named must be in CHAINS.',
    unset: 'mainnet’s registry `0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e` on chain 1 when chain 1 is configured; no names otherwise',
  },
  ENS_CHAIN: {
    group: 'Names and sessions',
    description: 'The chain a name is read on when a request names no chain (`API/ResolveENSAddress`, GraphQL names without `chainId`); it must have a registry.',
    unset: 'chain 1 when it has a registry, else the only chain with one',
  },
  ENS_CACHE_SECONDS: {
    group: 'Names and sessions',
    description: 'How long a resolved name or primary name is kept, in seconds; ENS events seen since drop it sooner. `0`: read from the chain every time.',
  },
};

/** Variables read outside the zod schema. */
export const envOutsideSchema: Readonly<Record<string, EnvDescription & { type: string }>> = {
  NODE_ENV: {
    group: 'Edge and security',
    type: 'string',
    description: 'graphql-js and graphql-ws skip development-only checks in `production`; the mode, unless `STRATA_MODE` says otherwise.',
    unset: '`production` (set by `bin/strata.js`)',
  },
};

/**
 * The fields of one CHAINS entry (JSON form), of one of its `urls` endpoints and of one of its `contracts`; keys are
 * paths as the configuration's error messages print them (`urls[].url`).
 */
export const chainFieldDescriptions: Readonly<Record<string, string>> = {
  chainId: 'The chain id (`eth_chainId`); an endpoint that answers another id is never used.',
  name: 'A name requests may use instead of the id (`chainId: "polygon"`, `/chains/polygon/`): lower-case letters, digits and dashes.',
  url: 'The node: `http(s)://` (heads polled) or `ws(s)://` (`newHeads`). Give `url` or `urls`, not both.',
  urls: 'Several endpoints of the chain, preferred first; requests fail over between them. Each a URL or an object (below).',
  startBlock: 'First block to ingest. Balances of accounts that held tokens before it are incomplete.',
  confirmations: 'A block this deep under the head is final: receipts become `final` and reorgs above it are not expected.',
  maxConcurrency: 'Requests in flight to the node at once (each endpoint’s default).',
  maxLogRange: 'Widest `eth_getLogs` range tried, in blocks; ingestion narrows it when the node refuses.',
  maxLagBlocks: 'An endpoint whose head is more than this many blocks below the best one’s is benched.',
  headProbeMs: 'How often the endpoints’ heads are compared, in ms.',
  pollIntervalMs: 'How long ingestion, caught up with the head, waits before it looks for a new block again, in ms (a ws `newHeads` notification ends the wait early).',
  testnet: 'A test network: the IndexerGateway’s `networkType: TESTNETS` selects it, `MAINNETS` does not.',
  nativeTransfers:
    'Index native coin transfers (each successful transaction’s non-zero `value`, contract type `NATIVE`, the zero address as contract): every block body is read, with the receipts of its value transactions. Not with `contracts`.',
  traces:
    'Internal transfers (value moved by contract calls: `CALL`/`CALLCODE`/`CREATE` with value, `SELFDESTRUCT` payouts; reverted frames left out) from the node’s traces, beside the native ones: `auto` where an endpoint serves `debug_traceBlockByNumber` (callTracer) or `trace_block`, `on` (a node without them is an error), `off`. Only with `nativeTransfers`.',
  approvals:
    'Index token approvals (ERC-20/721 `Approval`, ERC-721/1155 `ApprovalForAll`) from the same log reads as transfers: current allowances and operators, and an owner’s ERC-20 allowances re-read with `allowance()` at each block where its tokens moved (a `transferFrom` lowers them without an event). On for named `contracts` too (their logs only).',
  contracts: 'Index only these contracts (each an address or an object, below); more are added at run time with `strata chain add`. Absent: every token contract of the chain.',
  'urls[].url': 'The endpoint’s URL, `http(s)://` or `ws(s)://`.',
  'urls[].maxConcurrency': 'Requests in flight to this endpoint at once.',
  'urls[].maxRequestsPerSecond': 'Requests started per second (a provider’s rate limit).',
  'urls[].maxBlockRange': 'Widest `eth_getLogs` range this endpoint accepts, in blocks.',
  'contracts[].address': 'The contract, 0x-prefixed hex.',
  'contracts[].startBlock': 'Where its backfill starts.',
};

/** What an absent field means where the schema has no literal default. */
export const chainFieldUnset: Readonly<Record<string, string>> = {
  name: 'none',
  url: 'required unless `urls`',
  urls: 'required unless `url`',
  'urls[].url': 'required',
  'contracts[].address': 'required',
  contracts: 'every token contract',
  nativeTransfers: '`true` without `contracts`, `false` with them',
  traces: '`auto` (off without `nativeTransfers`)',
  'urls[].maxConcurrency': 'the chain’s `maxConcurrency`',
  'urls[].maxRequestsPerSecond': 'no limit',
  'urls[].maxBlockRange': 'no limit of its own',
  'contracts[].startBlock': 'its deployment block',
  pollIntervalMs: 'a quarter of the chain’s recent block interval, 100–1000 ms',
};
