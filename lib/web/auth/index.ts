import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { getRuntime } from "@/lib/start/runtime";
import { clientAddressOf } from "@/lib/core/http/client-address";
import {
  endSession,
  resumeSession,
  SESSION_MAX_AGE_SECONDS,
  startSession,
} from "@/lib/users/sessions";
import { requestOrigin } from "@/lib/core/http/request-origin";
import { proposePublicUrl } from "@/lib/instance/public-url";
import { projectsOfUser } from "@/lib/users/users";
import { authSecret } from "./secret";
import { throttledSignIn } from "./sign-in-throttle";
import { ThrottledSignin } from "./throttled-signin";

const Login = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(200),
});

/** The account is valid but belongs to no project: nothing to show, so say why. */
export class NoProjectSignin extends CredentialsSignin {
  code = "no_project";
}

/**
 * Auth.js, initialized lazily per request so `next build` never touches the database.
 * Dashboard users sign in with email + password (scrypt hashes in `users`). The session cookie
 * is a signed JWT that names a row in `sessions` (lib/users/sessions.ts): every read of the
 * session checks that row, so a session ended on the server is over at once.
 */
export const { handlers, auth, signIn, signOut } = NextAuth(async (): Promise<NextAuthConfig> => ({
  secret: await authSecret(await getRuntime()),
  trustHost: true,
  // A wrong password is an expected outcome, not a server error worth a stack trace.
  logger: {
    error(error) {
      if (error instanceof CredentialsSignin) return;
      console.error("[auth]", error);
    },
  },
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
      async authorize(raw, request) {
        const parsed = Login.safeParse(raw);
        if (!parsed.success) return null;
        const runtime = await getRuntime();
        const address = clientAddressOf(request.headers);
        const attempt = await throttledSignIn(runtime, { ...parsed.data, address });
        if (attempt.outcome === "throttled") throw new ThrottledSignin(attempt.retryAfterSeconds);
        if (attempt.outcome !== "ok") return null;
        const { user } = attempt;
        const projects = await projectsOfUser(runtime.db, user.id);
        if (projects.length === 0) throw new NoProjectSignin();
        const origin = requestOrigin(request.headers);
        if (origin && projects.some((p) => p.role === "admin"))
          await proposePublicUrl(runtime, origin, user.email);
        const client = { userAgent: request.headers.get("user-agent"), ipAddress: address };
        return { id: user.id, email: user.email, name: user.name, signInClient: client };
      },
    }),
  ],
  callbacks: {
    /**
     * Runs at sign-in (`user` given: a session row is created and named in the token) and on
     * every read of the session after it. Null voids the session: no row (signed out, ended
     * everywhere, password set, removed), expired, or a token from before sessions had rows.
     */
    async jwt({ token, user }) {
      const runtime = await getRuntime();
      if (user?.id) {
        const client = user.signInClient ?? { userAgent: null, ipAddress: null };
        return { ...token, sid: await startSession(runtime, user.id, client) };
      }
      if (!token.sid || !token.sub) return null;
      return (await resumeSession(runtime, token.sid, token.sub)) ? token : null;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      if (token.sid) session.sessionId = token.sid;
      return session;
    },
  },
  events: {
    async signOut(message) {
      const token = "token" in message ? message.token : null;
      if (token?.sid && token.sub) await endSession((await getRuntime()).db, token.sid, token.sub);
    },
  },
}));
