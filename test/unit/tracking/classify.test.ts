import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CLICK_AFTER_DELIVERY_MS,
  classifyEngagement,
  isLinkBurst,
  knownMachineOf,
  LINK_BURST_MS,
  type EngagementKind,
} from "@/lib/tracking/classify";
import { KNOWN_MACHINES } from "@/lib/tracking/machine-agents";
import fixtures from "./fixtures/requests.json";

type Fixture = {
  name: string;
  kind: EngagementKind;
  seconds_after_delivery: number;
  request: { method: string; headers: Record<string, string | undefined> };
  expected: { machine: boolean; reason: string | null };
};

const deliveredAt = new Date("2026-06-01T12:00:00.000Z");
const after = (ms: number) => new Date(deliveredAt.getTime() + ms);

function classify(method: string, userAgent: string | null, kind: EngagementKind, ms = 3_600_000) {
  return classifyEngagement({ method, userAgent, kind, deliveredAt, now: after(ms) });
}

/** Agents people read mail with; none may ever be taken for a machine. */
const PEOPLE = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.113 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 10; CUBOT_X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36 OPR/108.0.0.0",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 YaBrowser/24.1.0.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/311.0.618105364 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/455.0.0.34.110]",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0",
  "Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Thunderbird/115.10.1",
  "Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328; Pro)",
  "Microsoft Office/16.0 (Macintosh; Mac OS X 14.4; Microsoft Outlook 16.84)",
  "Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 10.0; WOW64; Trident/7.0; .NET4.0C; .NET4.0E; Microsoft Outlook 16.0.5435; ms-office; MSOffice 16)",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Vivaldi/6.7",
];

describe("classifyEngagement: recorded requests", () => {
  for (const fixture of fixtures.requests as Fixture[]) {
    it(fixture.name, () => {
      const verdict = classifyEngagement({
        method: fixture.request.method,
        userAgent: fixture.request.headers["user-agent"] ?? null,
        kind: fixture.kind,
        deliveredAt,
        now: after(fixture.seconds_after_delivery * 1000),
      });
      expect(verdict).toEqual(fixture.expected);
    });
  }
});

describe("classifyEngagement: rules", () => {
  it("a HEAD or any other method than GET is a machine, whatever the agent", () => {
    expect(classify("HEAD", PEOPLE[0]!, "open")).toEqual({
      machine: true,
      reason: "head_request",
    });
    expect(classify("head", PEOPLE[0]!, "click").reason).toBe("head_request");
    expect(classify("POST", PEOPLE[0]!, "click")).toEqual({
      machine: true,
      reason: "non_get_request",
    });
  });

  it("an empty agent, or exactly Mozilla/5.0, is a machine", () => {
    expect(classify("GET", null, "open").reason).toBe("empty_user_agent");
    expect(classify("GET", "  ", "open").reason).toBe("empty_user_agent");
    expect(classify("GET", "Mozilla/5.0", "open").reason).toBe("apple_mpp_prefetch");
    expect(classify("GET", "Mozilla/5.0 (X11)", "open").machine).toBe(false);
  });

  it("Gmail's and Yahoo's image proxies are people, even on a HEAD they still are not", () => {
    const gmail =
      "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)";
    expect(classify("GET", gmail, "open")).toEqual({ machine: false, reason: null });
    expect(classify("GET", "YahooMailProxy; https://help.yahoo.com/kb/x", "open").machine).toBe(
      false,
    );
    expect(classify("HEAD", gmail, "open").machine).toBe(true);
  });

  it("scanners, bots, crawlers and HTTP libraries are named, without case", () => {
    const cases: [string, string][] = [
      ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "bot"],
      ["Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "bot"],
      ["TelegramBot (like TwitterBot)", "bot"],
      ["Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)", "bot"],
      ["Sogou web spider/4.0", "spider"],
      ["SomeCrawler/1.0", "crawler"],
      ["Mozilla/5.0 (compatible; Example; +https://example.com/info)", "robot_info_url"],
      ["curl/8.4.0", "http_library"],
      ["Wget/1.21.4", "http_library"],
      ["Go-http-client/1.1", "http_library"],
      ["node", "http_library"],
      ["axios/1.6.8", "http_library"],
      ["Java/17.0.2", "http_library"],
      [
        "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/124.0.0.0 Safari/537.36",
        "headless_browser",
      ],
      ["facebookexternalhit/1.1", "link_preview"],
      ["MIMECAST url protect", "mimecast"],
      ["Mozilla/5.0 (compatible; Trend Micro InterScan)", "trend_micro"],
      ["Sophos Email Scanner", "sophos"],
      ["Zscaler/1.0", "zscaler"],
      ["Mozilla/5.0 (compatible; Check Point Harmony Email)", "check_point"],
      ["Forcepoint Email Security", "forcepoint"],
      ["FortiMail/7.2", "fortinet"],
      ["FireEye ETP", "fireeye"],
      ["Symantec Email Security.cloud", "symantec"],
    ];
    for (const [agent, name] of cases) {
      expect(classify("GET", agent, "open"), agent).toEqual({
        machine: true,
        reason: `scanner:${name}`,
      });
    }
  });

  it("no agent a person reads mail with is taken for a machine", () => {
    for (const agent of PEOPLE) {
      expect(knownMachineOf(agent), agent).toBeNull();
      expect(classify("GET", agent, "open"), agent).toEqual({ machine: false, reason: null });
    }
  });

  it("a click less than 10 s after delivery is a machine; opens have no time rule", () => {
    const chrome = PEOPLE[0]!;
    expect(classify("GET", chrome, "click", CLICK_AFTER_DELIVERY_MS - 1)).toEqual({
      machine: true,
      reason: "click_before_10s",
    });
    expect(classify("GET", chrome, "click", 0).reason).toBe("click_before_10s");
    expect(classify("GET", chrome, "click", CLICK_AFTER_DELIVERY_MS).machine).toBe(false);
    expect(classify("GET", chrome, "open", 1).machine).toBe(false);
  });

  it("without a delivery time the time rule does not apply", () => {
    const verdict = classifyEngagement({
      method: "GET",
      userAgent: PEOPLE[0]!,
      kind: "click",
      deliveredAt: null,
      now: deliveredAt,
    });
    expect(verdict).toEqual({ machine: false, reason: null });
  });
});

describe("isLinkBurst", () => {
  const click = (url: string, ms: number) => ({ url, at: after(ms) });

  it("another link of the email clicked less than 5 s before is a burst", () => {
    expect(isLinkBurst(click("/b", 60_000), [click("/a", 60_000 - LINK_BURST_MS + 1)])).toBe(true);
    expect(isLinkBurst(click("/b", 60_000), [click("/a", 60_000)])).toBe(true);
  });

  it("the same link again, or another link 5 s or more before, is not", () => {
    expect(isLinkBurst(click("/a", 60_000), [click("/a", 59_000)])).toBe(false);
    expect(isLinkBurst(click("/b", 60_000), [click("/a", 60_000 - LINK_BURST_MS)])).toBe(false);
    expect(isLinkBurst(click("/b", 60_000), [])).toBe(false);
  });
});

describe("the documented scanner list", () => {
  it("docs/engagement.md names every known machine the classifier matches", () => {
    const doc = fs.readFileSync(path.join(process.cwd(), "docs/engagement.md"), "utf8");
    for (const { name } of KNOWN_MACHINES) expect(doc, name).toContain(`\`${name}\``);
  });
});
