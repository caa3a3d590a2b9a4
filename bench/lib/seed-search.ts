import type { DatabaseHandle } from "@/db";

/**
 * Seeds for bench:search: contacts and emails whose addresses and names look like a real list
 * (first.last<n>@domain, 30 % at gmail.com), so search terms have known, varied frequencies:
 * a first name ≈ 2.5 %, a last name ≈ 1 %, "wojciechowska" 20 rows in a million, "<n>@" one.
 * One INSERT … SELECT generate_series per chunk of 100,000.
 */
const FIRST = [
  "Ana",
  "Maria",
  "Joao",
  "Pedro",
  "Lucas",
  "Julia",
  "Marta",
  "Paulo",
  "Rita",
  "Tiago",
  "Sofia",
  "Diego",
  "Laura",
  "Bruno",
  "Carla",
  "Rafael",
  "Ines",
  "Hugo",
  "Clara",
  "Mateus",
  "Emma",
  "Liam",
  "Olivia",
  "Noah",
  "Ava",
  "Ethan",
  "Mia",
  "Lena",
  "Jonas",
  "Nina",
  "Omar",
  "Yara",
  "Kenji",
  "Aiko",
  "Ravi",
  "Priya",
  "Chen",
  "Wei",
  "Sven",
  "Ingrid",
];
const LAST = Array.from({ length: 100 }, (_, i) =>
  i === 0
    ? "Silva"
    : `${["Costa", "Santos", "Moreau", "Keller", "Novak", "Rossi", "Tanaka", "Okafor", "Haddad", "Berg"][i % 10]}${["", "son", "ini", "ez", "ova", "berg", "ley", "ard", "ic", "us"][Math.floor(i / 10)]}`,
);
const DOMAINS = [
  "outlook.com",
  "yahoo.com",
  "proton.me",
  "acme.io",
  "fastmail.com",
  "web.de",
  "mail.pt",
];

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(",")}]`;

/** The n-th person's address and name as SQL expressions over the series value `g`. */
const first = `(${sqlArray(FIRST)})[1 + g % ${FIRST.length}]`;
const last = `(case when g % 50000 = 7 then 'Wojciechowska' else (${sqlArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}] end)`;
const domain = `(case when g % 10 < 3 then 'gmail.com' else (${sqlArray(DOMAINS)})[1 + g % ${DOMAINS.length}] end)`;
const email = `lower(${first} || '.' || ${last}) || g || '@' || ${domain}`;

async function inChunks(
  total: number,
  what: string,
  insert: (from: number, to: number) => Promise<void>,
) {
  const chunk = 100_000;
  for (let start = 0; start < total; start += chunk) {
    const end = Math.min(total, start + chunk);
    await insert(start + 1, end);
    process.stdout.write(`\r  seeded ${end.toLocaleString()} / ${total.toLocaleString()} ${what}`);
  }
  process.stdout.write("\n");
}

export async function seedSearchContacts(handle: DatabaseHandle, projectId: string, total: number) {
  await inChunks(total, "contacts", (from, to) =>
    handle
      .query(
        `insert into contacts (id, project_id, email, name, subscribed, source, created_at, updated_at)
         select 'ct_bench' || lpad(g::text, 10, '0'), $1, ${email}, ${first} || ' ' || ${last},
                g % 5 <> 0, 'import',
                timestamptz '2025-01-01' + (g || ' seconds')::interval,
                timestamptz '2025-01-01' + (g || ' seconds')::interval
         from generate_series($2::int, $3::int) g`,
        [projectId, from, to],
      )
      .then(() => undefined),
  );
}

/**
 * Emails to the same people: 60 % campaign (half of those, 30 % of all, one large campaign; the
 * rest spread over 97 small ones), 20 % automation (5 automations), 20 % transactional; statuses
 * spread independently (85 % delivered, 4 % bounced, 1 % complained…); one every 20 seconds.
 */
export async function seedSearchEmails(handle: DatabaseHandle, projectId: string, total: number) {
  const status = `(case when h < 85 then 'delivered' when h < 90 then 'sent' when h < 94 then 'bounced'
    when h < 95 then 'complained' when h < 97 then 'failed' else 'queued' end)`;
  await inChunks(total, "emails", (from, to) =>
    handle
      .query(
        `insert into emails (id, project_id, type, status, from_address, "to", subject, campaign_id,
                             automation_id, tracking_token, created_at, updated_at)
         select 'em_bench' || lpad(g::text, 10, '0'), $1,
                case when g % 10 < 6 then 'campaign' when g % 10 < 8 then 'automation' else 'transactional' end,
                ${status}, 'news@bench.test', ${email}, 'Hello',
                case when g % 10 < 3 then 'cmp_bench_big' when g % 10 < 6 then 'cmp_bench_' || (g % 97) end,
                case when g % 10 in (6, 7) then 'aut_bench_' || ((g / 10) % 5) end,
                'tk_bench' || g,
                timestamptz '2025-01-01' + (g * 20 || ' seconds')::interval,
                timestamptz '2025-01-01' + (g * 20 || ' seconds')::interval
         from (select g, (g::bigint * 7919) % 100 as h from generate_series($2::int, $3::int) g) s`,
        [projectId, from, to],
      )
      .then(() => undefined),
  );
}
