import { signLink } from "./signature";

/** Tracking routes live under APP_URL at /api/t (outside the keyed /api/v1). */
export const TRACKING_PATH = "/api/t/";

function base(appUrl: string): string {
  return appUrl.replace(/\/+$/, "");
}

export function openPixelUrl(appUrl: string, token: string): string {
  return `${base(appUrl)}${TRACKING_PATH}o/${encodeURIComponent(token)}.gif`;
}

export function clickTrackingUrl(
  appUrl: string,
  token: string,
  url: string,
  signingKey: string,
): string {
  const signature = signLink(signingKey, token, url);
  return `${base(appUrl)}${TRACKING_PATH}c/${encodeURIComponent(token)}?u=${encodeURIComponent(url)}&s=${signature}`;
}

export function isTrackingUrl(appUrl: string, url: string): boolean {
  return url.toLowerCase().startsWith(`${base(appUrl)}${TRACKING_PATH}`.toLowerCase());
}
