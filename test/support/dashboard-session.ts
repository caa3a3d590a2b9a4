import { isRedirectError } from "next/dist/client/components/redirect-error";

/**
 * The signed-in dashboard user, as the mocked `auth()` and `cookies()` report it. Tests that call
 * server actions or `loadDashboardContext` directly mock `@/lib/auth`, `next/headers` and
 * `next/cache` with the factories below, then switch users with `signInAs`.
 */
export const session: { userId: string | null; projectId: string | null } = {
  userId: null,
  projectId: null,
};

export function signInAs(userId: string | null, projectId: string | null = null) {
  session.userId = userId;
  session.projectId = projectId;
}

export const authMock = () => ({
  auth: async () => (session.userId ? { user: { id: session.userId } } : null),
  signIn: async () => undefined,
  signOut: async () => undefined,
});

export const headersMock = () => ({
  headers: async () => new Headers({ "x-mailwright-client-address": "192.0.2.10" }),
  cookies: async () => ({
    get: (name: string) =>
      name === "mw_project" && session.projectId ? { value: session.projectId } : undefined,
    // As a browser keeps it: the next request sees the project this one chose.
    set: (name: string, value: string) => {
      if (name === "mw_project") session.projectId = value;
    },
  }),
});

export const cacheMock = () => ({ revalidatePath: () => undefined });

/** Where a thrown Next redirect points, or null when `error` is something else. */
export function redirectTarget(error: unknown): string | null {
  if (!isRedirectError(error)) return null;
  return error.digest.split(";")[2] ?? null;
}

/** Runs `fn` and returns the redirect it threw (fails when it returned normally). */
export async function expectRedirect(fn: () => Promise<unknown>): Promise<string | null> {
  try {
    await fn();
  } catch (error) {
    const target = redirectTarget(error);
    if (target) return target;
    throw error;
  }
  throw new Error("expected a redirect");
}

export function formData(values: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  return form;
}
