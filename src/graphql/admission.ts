// The one admission step of every entry path, taken where a request arrives and before its body is read or anything
// runs: GraphQL over HTTP (the direct POST path and yoga's GET/POST, multipart uploads included), graphql-ws (each
// connection_init and each subscribe), the RPC, the asset routes and the console. In order:
//   1. credentials: whatever the caller presents (access key, bearer token, the operator's ADMIN_TOKEN) is checked,
//      once per credentials object (domain/auth/service.ts `verify`);
//   2. throttle: a failed check counts toward its address's failure limit, and past the limit the failure is refused
//      here with RateLimited (valid credentials always pass);
//   3. charge: a request presenting a valid access key is charged to its rate and monthly quota (domain/limits);
//   4. refusal: RateLimited, the charge's RateLimit / QuotaExceeded, or, on a route that needs a bearer token before
//      its body (uploads), the credential's own error. The promise rejects with that domain error; each path writes it
//      in its own wire form.
// A failed credential below the limit is not refused here on other routes: the resolvers that need it answer with
// their service's own error code, and the failure is remembered on the credentials object, so it counts once.
import { bearerTokenOf, type Credentials } from '../domain/auth/credentials';
import type { AuthService } from '../domain/auth/service';
import { isDomainError, unauthorized } from '../domain/errors';
import type { LimitsService } from '../domain/limits/service';

/** An admitted request: the credentials its execution must use (the same object), and its key's limit headers. */
export type Admitted = { credentials: Credentials; headers: Readonly<Record<string, string>> };

export type AdmissionNeeds = {
  /** The route acts for a project and carries a body worth refusing unread (uploads): a valid bearer token is required here. */
  bearer?: boolean;
  /** False for what is not a request of its own (a graphql-ws connection; its subscriptions are charged). Default true. */
  charge?: boolean;
};

/** Admits a request, or rejects with the refusal (a DomainError; refusalHeadersOf gives its headers). */
export type Admission = (credentials: Credentials, needs?: AdmissionNeeds) => Promise<Admitted>;

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

export const createAdmission = ({ auth, limits }: { auth: Pick<AuthService, 'verify'>; limits: Pick<LimitsService, 'charge'> }): Admission =>
  async (credentials, needs = {}) => {
    if (needs.bearer && !bearerTokenOf(credentials)) throw unauthorized('missing bearer token: send Authorization: Bearer <token>');
    try {
      await auth.verify(credentials);
    } catch (err) {
      if (!isDomainError(err)) throw err;
      if (err.kind === 'RateLimited' || needs.bearer) throw err;
    }
    if (needs.charge === false) return { credentials, headers: NO_HEADERS };
    // A refused or absent key is not charged (null): its resolvers say why.
    const charged = await limits.charge(credentials);
    return { credentials, headers: charged?.headers ?? NO_HEADERS };
  };
