import type { KeyObject } from "node:crypto";
import { LruCache } from "@/lib/core/lru-cache";
import { isSnsUrl, publicKeyOfCertificate } from "./sns";

/**
 * The two GETs SNS handling makes (the signing certificate, the subscription confirmation),
 * behind one injectable function so tests serve their own certificate without a network.
 */
export type SnsFetcher = (url: string) => Promise<{ status: number; body: string }>;

const FETCH_TIMEOUT_MS = 10_000;
// Certificates and confirmation answers are a few KiB; anything larger is not SNS.
const MAX_RESPONSE_BYTES = 64 * 1024;

/** GET over HTTPS without following redirects (a redirect could leave the SNS host). */
export const httpSnsFetcher: SnsFetcher = async (url) => {
  const response = await fetch(url, {
    redirect: "manual",
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => {});
      throw new Error(`the response from ${new URL(url).host} is larger than 64 KiB`);
    }
    chunks.push(value);
  }
  return { status: response.status, body: Buffer.concat(chunks).toString("utf8") };
};

// SNS rotates certificates under new URLs, so a URL's certificate never changes: cached for a
// day, at most 100 URLs (a flood of forged URLs is refused before the cache is touched).
const CERTIFICATE_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_CERTIFICATES = 100;

/**
 * This process's way to SNS: the fetcher (tests give one that serves their own certificate) and
 * the certificates fetched with it. A test that changes the fetcher puts a new client on the
 * runtime, so no certificate fetched by the old one survives.
 */
export type SnsClient = { fetch: SnsFetcher; certificates: LruCache<KeyObject> };

declare module "@/lib/core/runtime" {
  interface RuntimeCaches {
    /** The SNS fetcher and the signing certificates it fetched (lib/providers/sns-fetch.ts). */
    sns: SnsClient;
  }
}

export function snsClient(fetch: SnsFetcher = httpSnsFetcher): SnsClient {
  return { fetch, certificates: new LruCache<KeyObject>(MAX_CERTIFICATES, CERTIFICATE_TTL_MS) };
}

/** `retryable`: SNS could not be reached (network, 5xx); otherwise the URL's answer is no good. */
export class SnsFetchError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}

/** The signing certificate's public key, fetched once per URL; the URL must be an SNS one. */
export async function snsSigningKey(
  sns: SnsClient,
  url: string,
  nowMs: number,
): Promise<KeyObject> {
  if (!isSnsUrl(url)) throw new SnsFetchError("SigningCertURL is not an HTTPS SNS address.");
  const cached = sns.certificates.get(url, nowMs);
  if (cached) return cached;
  let response: Awaited<ReturnType<SnsFetcher>>;
  try {
    response = await sns.fetch(url);
  } catch (error) {
    throw new SnsFetchError(
      `The signing certificate could not be fetched: ${describe(error)}.`,
      true,
    );
  }
  if (response.status !== 200) {
    throw new SnsFetchError(
      `The signing certificate could not be fetched (HTTP ${response.status}).`,
      response.status >= 500,
    );
  }
  const key = publicKeyOfCertificate(response.body);
  if (!key) throw new SnsFetchError("The signing certificate is not an RSA X.509 certificate.");
  sns.certificates.set(url, key, nowMs);
  return key;
}

/** Confirms a subscription by visiting its SubscribeURL; the URL must be an SNS one. */
export async function confirmSnsSubscription(sns: SnsClient, subscribeUrl: string): Promise<void> {
  if (!isSnsUrl(subscribeUrl)) throw new SnsFetchError("SubscribeURL is not an HTTPS SNS address.");
  let response: Awaited<ReturnType<SnsFetcher>>;
  try {
    response = await sns.fetch(subscribeUrl);
  } catch (error) {
    throw new SnsFetchError(`The subscription could not be confirmed: ${describe(error)}.`, true);
  }
  if (response.status < 200 || response.status > 299) {
    throw new SnsFetchError(
      `The subscription could not be confirmed (HTTP ${response.status}).`,
      response.status >= 500,
    );
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
