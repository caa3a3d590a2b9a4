import { redirect, unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { NotFoundError } from "@/lib/core/errors";
import { authorize, type Permission } from "@/lib/core/permissions";
import { parseInput } from "@/lib/core/validation";
import { loadDashboardContext, requireDashboard, type DashboardContext } from "./context";
import { failure, toFormState, type FormState } from "./form-state";

type ArgSchemas = readonly z.ZodType[];
/** The arguments as the browser sends them; trailing ones that accept undefined are optional. */
type Received<A extends ArgSchemas> = A extends readonly [
  ...infer Init extends ArgSchemas,
  infer Last extends z.ZodType,
]
  ? undefined extends z.input<Last>
    ? [...Received<Init>, z.input<Last>?]
    : [...{ -readonly [K in keyof Init]: z.input<Init[K]> }, z.input<Last>]
  : [];
/** The arguments once parsed, as the body receives them. */
type Parsed<A extends ArgSchemas> = { -readonly [K in keyof A]: z.output<A[K]> };

type Entry<A extends ArgSchemas> = {
  /** Zod schemas of the action's arguments, in order (./action-input.ts). */
  args: A;
};

type SignedInEntry<A extends ArgSchemas> = Entry<A> & {
  /**
   * The permission the action needs (lib/core/permissions.ts), checked before its input is read.
   * Omitted where every role may act. The service checks it again: this is the entry's promise.
   */
  permission?: Permission;
  /**
   * The welcome page's own action: it opens for a user who still has to replace a generated
   * password, whom every other action sends to the welcome page.
   */
  beforeWelcome?: true;
};

/** An action that answers form state: errors it does not word itself go through toFormState. */
type FormAnswers<A extends ArgSchemas> = {
  /** The inputs the form shows: a 422 detail on one of them is shown beside it. */
  fields?: readonly string[] | ((...args: Parsed<A>) => readonly string[]);
  /** The message a NotFoundError answers with: the record went away (e.g. in another tab). */
  notFound?: string;
  /** Answers for errors the action words itself (a conflict, a throttle); undefined: the default. */
  onError?: (error: unknown, ...args: Parsed<A>) => FormState<never> | undefined;
  /** Submitted values a refused form shows again (a progressively enhanced form keeps them). */
  echo?: (...args: Parsed<A>) => Record<string, string>;
  errors?: never;
};

/**
 * An action that answers in its own shape (an editor's result, a poll's null): `errors` answers
 * the errors it knows and rethrows the rest to the error boundary (`rethrow` for none).
 */
type OwnAnswers<R> = { errors: (error: unknown) => R };

/** For `errors` of an action with no answer of its own: every error reaches the error boundary. */
export function rethrow(error: unknown): never {
  throw error;
}

type Body<C, A extends ArgSchemas, R> = (context: C, ...args: Parsed<A>) => Promise<R>;
type Action<A extends ArgSchemas, R> = (...args: Received<A>) => Promise<R>;

/**
 * Wraps every signed-in dashboard server action, as withApiKey wraps API routes: the session and
 * current project (a sign-in redirect without one), the permission the action declares, its
 * arguments parsed, the body run with the dashboard context (`ctx` is what services take), and
 * every thrown error mapped to the action's answer. Next's redirects pass through untouched.
 *
 *   export const deleteContactAction = dashboardAction(
 *     { args: [Id], notFound: "This contact was already deleted." },
 *     async ({ ctx }, contactId) => { await deleteContact(ctx, contactId); return success("…"); },
 *   );
 */
export function dashboardAction<const A extends ArgSchemas, T = undefined>(
  entry: SignedInEntry<A> & FormAnswers<A>,
  body: Body<DashboardContext, A, FormState<T>>,
): Action<A, FormState<T>>;
export function dashboardAction<const A extends ArgSchemas, R>(
  entry: SignedInEntry<A> & OwnAnswers<R>,
  body: Body<DashboardContext, A, R>,
): Action<A, R>;
export function dashboardAction<const A extends ArgSchemas, R>(
  entry: SignedInEntry<A> & (FormAnswers<A> | OwnAnswers<R>),
  body: Body<DashboardContext, A, R>,
): Action<A, R> {
  return wrap(entry, body, async () => {
    const dashboard = entry.beforeWelcome ? await welcomeSession() : await requireDashboard();
    if (entry.permission) authorize(dashboard.ctx, entry.permission);
    return dashboard;
  });
}

/**
 * The same for the signed-out pages (sign-in, password reset, invitations): no session, so the
 * body receives only its arguments.
 */
export function publicAction<const A extends ArgSchemas, T = undefined>(
  entry: Entry<A> & FormAnswers<A>,
  body: (...args: Parsed<A>) => Promise<FormState<T>>,
): Action<A, FormState<T>>;
export function publicAction<const A extends ArgSchemas, R>(
  entry: Entry<A> & OwnAnswers<R>,
  body: (...args: Parsed<A>) => Promise<R>,
): Action<A, R>;
export function publicAction<const A extends ArgSchemas, R>(
  entry: Entry<A> & (FormAnswers<A> | OwnAnswers<R>),
  body: (...args: Parsed<A>) => Promise<R>,
): Action<A, R> {
  return wrap(
    entry,
    (_none: null, ...args: Parsed<A>) => body(...args),
    async () => null,
  );
}

function wrap<C, A extends ArgSchemas, R>(
  entry: Entry<A> & (FormAnswers<A> | OwnAnswers<R>),
  body: Body<C, A, R>,
  resolve: () => Promise<C>,
): Action<A, R> {
  return async (...received: Received<A>): Promise<R> => {
    let args: Parsed<A> | undefined;
    try {
      const context = await resolve();
      args = entry.args.map((schema, i) => parseInput(schema, received[i])) as Parsed<A>;
      return await body(context, ...args);
    } catch (error) {
      // Next's redirect (and notFound) are control flow, thrown on purpose: never an answer.
      unstable_rethrow(error);
      if (entry.errors) return entry.errors(error);
      return answerWithFormState(entry as FormAnswers<A>, error, args) as R;
    }
  };
}

/** `args` is undefined when the arguments themselves were refused. */
function answerWithFormState<A extends ArgSchemas>(
  answers: FormAnswers<A>,
  error: unknown,
  args: Parsed<A> | undefined,
): FormState<never> {
  const own = args && answers.onError?.(error, ...args);
  if (own) return own;
  if (answers.notFound !== undefined && error instanceof NotFoundError) {
    return failure(answers.notFound);
  }
  const state = toFormState(error, fieldsOf(answers, args));
  const values = args && answers.echo?.(...args);
  return values && state.status === "error" ? { ...state, values } : state;
}

function fieldsOf<A extends ArgSchemas>(answers: FormAnswers<A>, args: Parsed<A> | undefined) {
  if (typeof answers.fields !== "function") return answers.fields ?? [];
  // Fields named by the arguments (a segment's rules) are unknown when those were refused.
  return args ? answers.fields(...args) : [];
}

/** requireDashboard, less the detour to the welcome page this very action completes. */
async function welcomeSession(): Promise<DashboardContext> {
  const dashboard = await loadDashboardContext();
  if (!dashboard) redirect("/login");
  return dashboard;
}
