/** `secscan help exit-codes`, as the contract states them; the man page's EXIT STATUS reads the same text. */
export const exitCodesHelp = `Exit codes (stable):
  0    success; a gate that passed; an empty list
  1    gate failed: findings breach the policy (scans check, scans compare --fail-on); ignores lint
       found a problem in the ignore file
  2    usage error: unknown command or flag, bad or conflicting values (no request is sent)
  3    configuration error: no token or organization, unreadable profile, rules, policy or config
       file, a service certificate the client does not trust
  4    authentication or permission refused (401, 403)
  5    not found (404), or nothing to evaluate (no scan for that app or branch)
  6    rejected by the service: 400, 409 (e.g. stale team version), 422, 507 TOO_MUCH_WORK
  7    transient: network failure, timeout, 429 or 5xx after the retry budget. A read is safe to
       retry; a write (POST, PATCH, PUT, DELETE) whose answer was lost may have been applied, and
       the message says so and how to check
  8    unexpected response: a body this version cannot read, of the wrong shape (never read as
       empty), or over the size limit
  9    busy: another run holds the lock (e.g. backups download into the same directory)
  10   not ready: the scan a gate must evaluate (--scan, --version, --tag) does not exist yet or
       has not finished, and --wait (if given) ran out; a rerun may succeed
  11   the scan a gate must evaluate failed (the analysis itself failed)
  12   stale (webhook verify only): the delivery's signature holds but its timestamp is outside the
       tolerance
  130  interrupted (SIGINT)
  143  terminated (SIGTERM)
A gate fails closed: any code other than 0 and 1 means "not evaluated", and its report files are
still written, saying why. A gate asked for the scan of a commit (--version, --scan, --tag) never
evaluates another scan in its place; a diff gate whose baseline has no scan is exit 10 too
("no baseline: ...; pass --baseline none to count every finding as new"). A 409 the service answers
SCAN_NOT_FINISHED is exit 10 and one it answers SCAN_FAILED exit 11, whichever command gets it.
A usage error (2) sends no request, with one exception: a value only the service's own list can
check is checked with one read before any write (roles create and roles update read the scopes the
organization offers, and refuse an unknown --scope with exit 2, writing nothing).
sync exits 3 when its database refuses the credentials, cannot be written (read-only, a full
disk), is of a newer secscan or has a table someone altered (nothing is written then); 7 when the
database cannot be reached; 9 when another sync is writing to it, named in the message.
webhook verify exits 0 for a delivery that holds, 4 when its signature does not match (or is
absent), 8 when it is malformed (a header missing or unreadable), and 12, its own code, when the
signature holds but the timestamp is outside the tolerance (stale).
An interrupted run (130, 143) stops the request in flight and removes the partial files it was
writing, save one: backups download keeps its .NAME.part, synced, with its record, says on stderr
how much it kept, and the next run resumes it.
`;
