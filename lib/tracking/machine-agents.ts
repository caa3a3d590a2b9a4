/**
 * The user agents that name a machine (DECISIONS §14): mail security scanners that open images
 * and follow links before the reader does, link-preview and search bots, and HTTP libraries.
 * docs/engagement.md lists the same names (a unit test keeps them in step). Every pattern is
 * case-insensitive and written so that no browser or mail client a person uses matches it
 * (test/unit/tracking/classify.test.ts runs real agents against them): vendor names are whole
 * words, library names carry their `/version` or start the agent, and "bot" must end a word
 * (Googlebot, AhrefsBot) but not be the Cubot phone that Android agents name ("CUBOT_X30").
 */
export type KnownMachine = { name: string; pattern: RegExp };

export const KNOWN_MACHINES: readonly KnownMachine[] = [
  // Mail security gateways and link protection.
  {
    name: "microsoft_defender",
    pattern:
      /\bBingPreview\b|\bsafelinks?\b|\bMicrosoft-URLAnalyzer\b|Microsoft Office (Existence|Protocol) Discovery|\bMicrosoft Defender\b/i,
  },
  { name: "mimecast", pattern: /\bmimecast/i },
  { name: "proofpoint", pattern: /\bproofpoint/i },
  { name: "barracuda", pattern: /\bbarracuda/i },
  { name: "cisco_ironport", pattern: /\bironport\b|\bCisco Secure Email\b/i },
  { name: "symantec", pattern: /\bsymantec\b|\bmessagelabs\b/i },
  { name: "trend_micro", pattern: /\btrend ?micro\b/i },
  { name: "sophos", pattern: /\bsophos\b/i },
  { name: "fireeye", pattern: /\bfireeye\b|\btrellix\b/i },
  { name: "fortinet", pattern: /\bfortinet\b|\bforti(guard|mail|sandbox)\b/i },
  { name: "forcepoint", pattern: /\bforcepoint\b|\bwebsense\b/i },
  { name: "zscaler", pattern: /\bzscaler\b/i },
  { name: "check_point", pattern: /\bcheck ?point\b|\bavanan\b/i },
  { name: "palo_alto", pattern: /\bpalo ?alto networks\b/i },
  { name: "mcafee", pattern: /\bmcafee\b/i },
  { name: "sonicwall", pattern: /\bsonicwall\b/i },
  { name: "hornetsecurity", pattern: /\bhornetsecurity\b/i },
  { name: "vade", pattern: /\bvade ?secure\b/i },
  // Link previews that are not people reading.
  { name: "link_preview", pattern: /\bfacebookexternalhit\b|\bSkypeUriPreview\b|\bEmbedly\b/i },
  // Headless and scripted browsers.
  { name: "headless_browser", pattern: /\bHeadlessChrome\b|\bPhantomJS\b|\bSlimerJS\b/i },
  // HTTP libraries and command-line tools.
  {
    name: "http_library",
    pattern:
      /\bpython-(requests|urllib|httpx)\b|\bpython\/\d|\baiohttp\b|^curl\/|^wget\/|\bGo-http-client\b|^Java\/|\bApache-HttpClient\b|\blibwww-perl\b|\bnode-fetch\b|^node$|^undici\b|^axios\/|\bScrapy\b/i,
  },
  // Self-described robots: bot, crawler, spider, or an info URL the way crawlers give one.
  { name: "bot", pattern: /(?<!\bcu)bot(?![a-z])/i },
  { name: "crawler", pattern: /crawler|\bcrawl\b/i },
  { name: "spider", pattern: /spider/i },
  { name: "robot_info_url", pattern: /\+https?:\/\//i },
];

/**
 * Image proxies that fetch the images when the reader opens the message: each fetch is a person
 * opening it, so they count as people even though a proxy makes the request.
 */
export const PEOPLES_IMAGE_PROXIES: readonly RegExp[] = [
  /\bGoogleImageProxy\b/i,
  /\bYahooMailProxy\b/i,
];
