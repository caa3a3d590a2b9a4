import fc from "fast-check";

/**
 * Generators for the request fuzz test (test/integration/api/fuzz.test.ts): malformed and hostile
 * requests built from a route's URL pattern. Everything is drawn from fast-check arbitraries, so
 * one seed reproduces one sequence of requests.
 */
export type FuzzFixtures = {
  /** Real ids by param name ("id", "runId", …), so routes get past the 404 into parsing. */
  ids: string[];
  /** Scope tags of real cursors: a forged cursor keeps the tag and changes the rest. */
  cursorTags: string[];
  keys: { live: string; test: string };
};

export type FuzzCase = {
  method: string;
  path: string;
  auth: "none" | "bogus" | "test" | "live";
  contentType?: string;
  body?: string;
  headers?: Record<string, string>;
};

const NUL = "\u0000";
const big = (n: number) => "x".repeat(n);
const deep = (n: number, leaf = "1") => "[".repeat(n) + leaf + "]".repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);

const oddStrings = fc.constantFrom(
  "",
  " ",
  NUL,
  `a${NUL}b`,
  `ct_${NUL}`,
  big(300),
  big(20_000),
  "../../etc/passwd",
  "null",
  "-1",
  "0",
  "1e309",
  "NaN",
  "%",
  "😀",
  "\uFFFF",
  "'; drop table contacts; --",
  '"',
  'data.a"b',
  "data.{x}",
  "data.a,b",
  "data.\\",
  "=1+1",
);

const validish = fc.constantFrom(
  "fuzz@example.com",
  "Fuzz <fuzz@mail.test>",
  "news@mail.test",
  "https://h.example.com/hook",
  "<p>Hi {{name}}</p>",
  "data.plan",
  "email",
  "equals",
  "all",
  "html",
  "blocks",
  "General",
  "user.signed_up",
  "email.delivered",
  "2026-06-01T12:00:00.000Z",
  "fz.example.com",
  "live",
  "draft",
);

const FIELDS = [
  "email",
  "name",
  "subject",
  "from",
  "to",
  "cc",
  "bcc",
  "reply_to",
  "html",
  "text",
  "data",
  "subscribed",
  "source",
  "url",
  "events",
  "description",
  "active",
  "format",
  "source",
  "category",
  "template",
  "templateId",
  "steps",
  "trigger",
  "conditions",
  "match",
  "rules",
  "field",
  "operator",
  "value",
  "segment",
  "status",
  "scheduled_at",
  "from_name",
  "from_email",
  "variants",
  "open_tracking",
  "click_tracking",
  "reason",
  "tags",
  "headers",
  "variables",
];

function jsonValue(ids: string[]): fc.Arbitrary<unknown> {
  const scalar = fc.oneof(
    { weight: 3, arbitrary: validish },
    { weight: 3, arbitrary: oddStrings },
    { weight: 1, arbitrary: ids.length ? fc.constantFrom(...ids) : fc.constant("ct_x") },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  );
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { weight: 5, arbitrary: scalar },
      { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 3 }) },
      { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), tie("value")) },
      { weight: 1, arbitrary: fc.dictionary(oddStrings, scalar, { maxKeys: 2 }) },
    ),
  })).value;
}

/** Valid bodies of the API's resources by path segment; a case makes one value hostile. */
function validShapes(ids: string[]): Record<string, Record<string, unknown>> {
  const id = ids[0] ?? "x";
  return {
    contacts: { email: "shape@example.com", name: "Shape", data: { plan: "pro" } },
    events: { name: "shape.happened", email: "shape@example.com", data: { n: 1 } },
    segments: {
      name: "Seg",
      conditions: {
        match: "all",
        rules: [{ field: "data.plan", operator: "equals", value: "pro" }],
      },
    },
    templates: { name: "T", format: "blocks", source: '{"blocks":[{"type":"text","text":"Hi"}]}' },
    preview: { subject: "Hi {{name}}", data: { name: "x" } },
    campaigns: {
      name: "C",
      subject: "S",
      from_name: "F",
      from_email: "news@mail.test",
      template: id,
    },
    webhooks: { url: "https://h.example.com/in", events: ["email.delivered"], description: "d" },
    suppressions: { email: "shape-sup@example.com", reason: "unsubscribe" },
    send: { from: "a@mail.test", to: "shape@example.com", subject: "S", html: "<p>x</p>" },
    automations: {
      name: "A",
      trigger: { type: "event", event: "x" },
      steps: [{ type: "delay", delayMinutes: 5 }],
    },
    domains: { name: "shape.example.com", open_tracking: true },
  };
}

const hostile = fc.oneof(
  oddStrings,
  fc.constantFrom<unknown>(
    'data.a"b',
    "data.{}",
    '{"blocks":' + deep(5_000, "{}") + "}",
    '{"blocks":[{"type":"columns","columns":[' + deep(2_000, "{}") + "]}]}",
    { field: 'data.a"b', operator: "exists" },
    JSON.parse(deep(40)),
    -1,
    1e308,
    null,
    [],
    {},
  ),
);

/** Sets `value` somewhere inside a copy of `shape`, walking down as `picks` say. */
function setSomewhere(shape: unknown, picks: number[], value: unknown): unknown {
  const copy = structuredClone(shape);
  let parent = copy as Record<string, unknown>;
  for (const [i, pick] of picks.entries()) {
    const keys = Object.keys(parent);
    if (keys.length === 0) break;
    const key = keys[pick % keys.length]!;
    const child = parent[key];
    if (i === picks.length - 1 || child === null || typeof child !== "object") {
      parent[key] = value;
      break;
    }
    parent = child as Record<string, unknown>;
  }
  return copy;
}

function perturbed(ids: string[], segments: string[]): fc.Arbitrary<string> {
  const shapes = validShapes(ids);
  const own = segments
    .slice()
    .reverse()
    .map((s) => shapes[s])
    .find(Boolean);
  const shape = own ? fc.constant(own) : fc.constantFrom(...Object.values(shapes));
  return fc
    .record({
      shape,
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
      value: hostile,
    })
    .map(({ shape, picks, value }) => JSON.stringify(setSomewhere(shape, picks, value)));
}

/** A request body: bad JSON, wrong types, NUL-laden or deep values, or a plausible object. */
function jsonBody(ids: string[], segments: string[]): fc.Arbitrary<string | undefined> {
  const value = jsonValue(ids);
  const plausible = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 });
  return fc.oneof(
    { weight: 8, arbitrary: perturbed(ids, segments) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("{", "[", "nul", '{"a":}', "{'a':1}", NUL, "1e99999", '"\\ud800"'),
    },
    { weight: 2, arbitrary: value.map((v) => JSON.stringify(v)) },
    { weight: 6, arbitrary: plausible.map((v) => JSON.stringify(v)) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(40, 5_000)
        .map((n) => `{"email":"deep@example.com","name":"Deep","data":{"x":${deep(n)}}}`),
    },
    { weight: 1, arbitrary: fc.constantFrom(5_000).map((n) => deepObject(n)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `{"na${NUL}me":"x"}`,
        `{"email":"n@example.com","data":{"k${NUL}":1}}`,
        `{"name":"a${NUL}b","email":"nul@example.com","description":"x${NUL}"}`,
      ),
    },
  );
}

const csvBodies = fc.constantFrom(
  'email,"name\nx@example.com,X\n',
  `email,name\nnul@example.com,a${NUL}b\n`,
  `email,na${NUL}me\nn@example.com,x\n`,
  "email,name\n=cmd@example.com,=1+1\n",
  "\n\n\n",
  "",
  '"""\n',
  `email\n${"a".repeat(70_000)}@example.com\n`,
);

// URLs stay under Node's 16 KB header limit (longer ones get its bare 431 before any route runs).
const shortOddStrings = oddStrings.filter((s) => s.length < 2_000);

/** A query string value: odd strings, odd numbers, forged cursors. */
function queryValue(fixtures: FuzzFixtures): fc.Arbitrary<string> {
  const tags = fixtures.cursorTags.length ? fixtures.cursorTags : ["xxxxxxxxxx"];
  const forged = fc
    .tuple(
      fc.constantFrom(8.64e15 + 1, -8.64e15 - 1, 1e20, 253_402_300_800_000, -62_198_755_200_000, 0),
      fc.constantFrom("ct_x", NUL, "", big(600)),
      fc.constantFrom(...tags),
    )
    .map((c) => Buffer.from(JSON.stringify(c)).toString("base64url"));
  return fc.oneof(
    shortOddStrings,
    validish,
    fc.constantFrom("1", "101", "0", "-5", "1.5", "99999999999999999999", "true", "false", "[]"),
    forged,
    fc.string({ maxLength: 20 }),
  );
}

const QUERY_KEYS = [
  "limit",
  "cursor",
  "email",
  "subscribed",
  "status",
  "type",
  "segment",
  "format",
  "mapping",
  "name",
  "u",
  "s",
];

const safeEncode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    // Lone surrogates: the fuzz test does not send malformed percent-encoding (another layer
    // answers that before any route runs).
    return "x";
  }
};

/** Cases for one route pattern and method. */
export function caseArbitrary(
  segments: string[],
  method: string,
  fixtures: FuzzFixtures,
): fc.Arbitrary<FuzzCase> {
  const idValue = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(fixtures.ids.length ? fixtures.ids : ["x"])) },
    { weight: 2, arbitrary: shortOddStrings.filter((s) => s !== "") },
    // "." and ".." are resolved away by the URL parser: they would name another route.
    {
      weight: 1,
      arbitrary: fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s !== "." && s !== ".."),
    },
  );
  const pathParts = fc.tuple(
    ...segments.map((segment) =>
      segment.startsWith("[...")
        ? fc.array(idValue, { minLength: 1, maxLength: 3 }).map((parts) => parts.map(safeEncode))
        : segment.startsWith("[")
          ? idValue.map((v) => [safeEncode(v)])
          : fc.constant([segment]),
    ),
  );
  const query = fc.dictionary(fc.constantFrom(...QUERY_KEYS), queryValue(fixtures), {
    maxKeys: 3,
  });
  const isImport = segments.includes("import");
  const body =
    method === "GET" || method === "HEAD"
      ? fc.constant(undefined)
      : isImport
        ? fc.oneof(csvBodies, jsonBody(fixtures.ids, segments))
        : jsonBody(fixtures.ids, segments);
  const contentType = fc.constantFrom(
    "application/json",
    "application/json",
    "text/csv",
    "text/plain",
    "application/x-ndjson",
  );
  const svix = fc.record({
    "svix-id": fc.constantFrom("msg_1", "", "x".repeat(300)),
    "svix-timestamp": fc.constantFrom(
      "0",
      "-1",
      "abc",
      "99999999999999",
      String(Date.now() / 1000),
    ),
    "svix-signature": fc.constantFrom("v1,AAAA", "v1,", "garbage", "v1,=="),
  });
  return fc
    .record({
      parts: pathParts,
      query,
      auth: fc.constantFrom("none", "bogus", "test", "live", "live", "live") as fc.Arbitrary<
        FuzzCase["auth"]
      >,
      body,
      contentType,
      headers: fc.option(svix, { nil: undefined }),
    })
    .map(({ parts, query, auth, body, contentType, headers }) => {
      const search = new URLSearchParams(query).toString();
      return {
        method,
        path: "/" + parts.flat().join("/") + (search ? `?${search}` : ""),
        auth,
        body,
        contentType: body === undefined ? undefined : contentType,
        headers,
      };
    });
}
