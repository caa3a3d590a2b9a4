import type { SessionClient } from "@/lib/users/sessions";

// What this app adds to Auth.js's types: the session row's id in the token and the session, and
// the browser a sign-in came from (authorize() sees the request, the jwt callback does not).
declare module "next-auth" {
  interface User {
    signInClient?: SessionClient;
  }
  interface Session {
    sessionId?: string;
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    /** The `sessions` row this token stands for. */
    sid?: string;
  }
}
