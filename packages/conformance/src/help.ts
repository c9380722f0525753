export const HELP = {
  main: `tas-conformance: check a deployment of the Test Administration Service API v2 against its contract

Usage:
  tas-conformance run --base-url URL [options]   run the checks
  tas-conformance plan [options]                 what a run needs (fixtures, requests, time) and the
                                                 settings in effect
  tas-conformance profile init [FILE]            write a deployment profile with every default
  tas-conformance profile --from-openapi SRC [FILE]   propose one from the deployment's OpenAPI description
  tas-conformance proxy --upstream URL [options] judge real traffic as it passes to a deployment
  tas-conformance --list                         every check: id, kind, interface statement
  tas-conformance <command> --help

Exit codes:
  0  the target conforms (no check failed; warnings allowed unless --strict)
  1  the target departs from the contract (a check failed)
  2  parts could not run (the summary names the profile setting each needs), or the run could not
     be made (bad flags, unreachable target, missing fixtures, the key refused, a base URL that is
     not the API, a profile that does not read); --json and --junit are written all the same
`,
  run: `tas-conformance run: run the checks against a deployment

Usage: tas-conformance run --base-url URL [options]

  --base-url URL           the deployment: http://host, http://host/ or the API's own http://host/api/v2/
  --api-key KEY            the organizer's API key (default: env TAS_API_KEY; prefer the env var)
  --other-api-key KEY      a second organizer's key, for tenant isolation (default: env TAS_OTHER_API_KEY)
  --target mock|sandbox|live   what the deployment is (default: sandbox with --provision sandbox, else live);
                           the mock gets the contract checks only
  --provision sandbox      create fresh records and roadmaps through the sandbox's control API
  --fixtures FILE          fresh records and roadmaps of a live deployment (JSON; see README, and plan)
  --sms sandbox|code:CODE|command:CMD|prompt
                           where SMS codes come from: the sandbox outbox, a fixed code, a command
                           (run by /bin/sh in the current directory, given TAS_SMS_MOBILE, TAS_SMS_TOKEN,
                           TAS_SMS_PURPOSE, TAS_SMS_ORGANIZER) that prints it, or a prompt
  --mobile 09XXXXXXXXX     mobile number for authentications (default: a random one per authentication)
  --result-path PATH       where the deployment serves a record's result, under the base path, with
                           {token} (default: the description's /record/{token}/result/; the interface
                           does not show it)
  --listing-path PATH      where it serves the record listing (default: the description's /record/)
  --profile FILE           the deployment profile (YAML; tas-conformance profile init writes one): its
                           listing, result path, request bodies, code field, test field encodings and
                           success statuses where the interface shows none; --listing-path and
                           --result-path override it
  --strict                 checks of assumed (x-assumed) behaviour fail instead of warning
  --only IDS, --skip IDS   comma-separated check ids or id prefixes (see --list); repeatable
  --rate-per-minute N      pacing (default 100; none for --target mock); --rate-per-hour N (default 3000);
                           --no-pacing lifts both
  --timeout SECONDS        per request (default 30): no answer in time fails the check; 5 in a row stop
                           the run (exit 2)
  --slow                   on a live target, also run the opt-in checks (the draft_token's 5 minutes
                           waited out; the mobile duplicate limit)
  --seed N                 seed of the generated negative inputs and explored sequences (default 1, so
                           verdicts repeat; every report prints it; another draws others, e.g. --seed $RANDOM)
  --explore N              requests for sequences drawn from the model (default 40, within a live run's
                           400; more raises a live run's cap by as many); a failure is shrunk
  --negative-budget N      generated negative requests in the run (default: every constraint once; on a
                           live target what keeps the whole run within 340 requests)
  --junit PATH, --json PATH   write the reports (also when the run stops with exit 2: "aborted" says why);
                           findings are grouped (rule, operation, JSON path) with a count and one repro
  --html PATH              one page for people: the verdict, every interface statement with its
                           pass/fail/warn, each failure with its quote and curl repro (phone-readable)
  --list                   print every check and exit
  --help                   this help

The API key is never printed: reports and curl lines read it from $TAS_API_KEY ($TAS_OTHER_API_KEY).
A first request checks the key: refused (401/403), the run stops with exit 2 before any check.
A base URL whose first answers are not the API's JSON envelope (an HTML or 404 page), or that names
another version (/api/v3) or a page, stops the run in one line before any check (exit 2).
While the run waits for the rate limit it says so at once ("waiting 59 s for the rate limit: 100 per
minute"); a paced run first says how long pacing makes it. For a run of seconds on the sandbox,
start it with --no-rate-limit (npm run sandbox -- --no-rate-limit) and add --no-pacing.
Findings say "stated" (the interface's own statement: a failure) or "assumed" (the description's
choice, e.g. 404 rather than 403: a warning unless --strict).
Exit codes: 0 conforms, 1 departs from the contract, 2 the run could not be made.
`,
  plan: `tas-conformance plan: what a run will need and cost

Usage: tas-conformance plan [--target mock|sandbox|live] [--provision sandbox] [--fixtures FILE]
                            [--other-api-key KEY] [--only IDS] [--skip IDS]
                            [--rate-per-minute N] [--rate-per-hour N] [--no-pacing] [--slow]
                            [--seed N] [--negative-budget N] [--explore N] [--write-fixtures FILE]
                            [--profile FILE] [--listing-path PATH] [--result-path PATH]

Prints the checks that would run and those skipped (and why), the fresh records and roadmaps they
use up, the requests they send (the generated negative inputs' budget among them) and how long
pacing makes the run, then every setting of the deployment profile in effect and where it came
from (default, profile, flag). On a live target without --fixtures, says what to provision, and whose
(the main key's organizer); with --fixtures, says what the file lacks.
--write-fixtures FILE writes a fixtures file with a placeholder per token this plan needs, to fill
in with tokens made in the organizer panel (never over a file that exists).
Exit codes: 0 the plan can run (or says what to provision), 2 it cannot, with the message run
would give (bad flags, too few fixtures in the file given, a profile that does not read).
`,
  profile: `tas-conformance profile: write a deployment profile

Usage: tas-conformance profile init [FILE]
       tas-conformance profile --from-openapi URL|PATH [FILE]

A profile (YAML) tells the suite every open choice of a deployment where the interface shows none:
the listing's path, filter and paging parameters, the result's path, the record-auth and verify
request bodies (templates over {mobile} {name} {birth} {is_male} {external_id} {code}
{draft_token}), the code's field, how the nested test's min_age, max_age and gender_permission
read, and each operation's success status. Pass it to plan and run with --profile FILE.

  init [FILE]              write every setting at its default, each with what it means, to FILE
                           (default tas-profile.yaml); never over a file that exists
  --from-openapi SRC       propose a profile from the deployment's own published OpenAPI description
                           (3.0 or 3.1, JSON or YAML; a URL or a file); each value says where it came
                           from, what the description does not show stays the default with a note.
                           Printed, or written to FILE (never over a file that exists)

The JSON Schema of the format is profile.schema.json in the package. A profile that does not read
is refused before any request, each problem with its line and column (exit 2).
Exit codes: 0 written, 2 it could not be (bad flags, a file that exists, a description not read).
`,
  proxy: `tas-conformance proxy: judge the traffic of apps, browsers and test suites as it passes

Usage: tas-conformance proxy --upstream URL [--port P] [--host ADDR] [--profile FILE]
                             [--until N] [--for SECONDS] [--json PATH] [--junit PATH] [--html PATH]

Listens on http://ADDR:P and forwards every request and answer unchanged to the deployment at URL
(http:// or https://; a path in it prefixes every request's): method, path, query, headers (Host
set to the upstream's; the hop-by-hop ones, as HTTP requires), bodies streamed both ways, over
kept-alive connections. It sends nothing of its own and never holds, alters or reorders an answer.
Each exchange, after its answer was sent, is judged as run judges its own: the response rules and
the interface's model (answers held against earlier answers about the same record), stated
failures apart from assumed notes, the deployment's open choices read from --profile.

  --upstream URL           the deployment to forward to (required); an HTTPS one whose certificate a
                           private CA signed: NODE_EXTRA_CA_CERTS=ca.pem tas-conformance proxy ...
  --port P                 where to listen (default 0: a free port, printed)
  --host ADDR              the address to listen on (default 127.0.0.1; 0.0.0.0 for phones and other
                           machines on the network)
  --profile FILE           the deployment profile, as for run (its listing and result paths, success
                           statuses, encodings)
  --until N                stop after N exchanges;  --for SECONDS  stop after SECONDS
  --max-body BYTES         bodies judged up to BYTES (default 1048576); a longer exchange passes
                           through whole, unjudged, and is counted
  --remember N             records (and as many roadmaps) the model remembers (default 10000); past
                           it, the least recently seen is forgotten, so memory stays bounded
  --timeout SECONDS        an upstream silent this long fails the request (default 30)
  --strict                 assumed notes fail too
  --json PATH, --junit PATH, --html PATH   the run's reports, written on stop: an entry per
                           operation with what passed it (exchanges, statuses, findings), and the
                           operations never exercised
  --help                   this help

Live: a stated failure prints as it happens, with the exchanges that contradict each other as curl
lines (the API key read from $TAS_API_KEY, never printed); a repeat prints one line. An upstream
that does not answer (refused, reset, timed out) gets the client a 502 in the API's envelope and
prints an UPSTREAM line: the upstream's failure, never a verdict on the deployment.
Stops on Ctrl-C (SIGINT), SIGTERM, --until or --for, then prints the summary and writes the reports.
Exit codes: 0 nothing stated failed, 1 a stated failure, 2 nothing could be judged (no exchange was
an operation of the interface, or the upstream never answered) or bad flags.
`,
};
