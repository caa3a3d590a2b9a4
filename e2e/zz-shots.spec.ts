import { expect, test } from "@playwright/test";
import { createLiveKey } from "./api-key";

const DIR = "/work/shots/search";

test("screenshots", async ({ page, request }) => {
  test.setTimeout(240_000);
  const key = await createLiveKey(page, "Shots");
  const auth = { Authorization: `Bearer ${key}` };
  const people = [
    ["ana.silva@gmail.com", "Ana Silva"],
    ["joao.silva@outlook.com", "João Silva"],
    ["m.costa@acme.io", "Marta Silva Costa"],
    ["silvano@proton.me", null],
    ["rita@acme.io", "Rita Souza"],
  ];
  for (const [email, name] of people)
    await request.post("/api/v1/contacts", { headers: auth, data: { email, name } });
  for (let i = 0; i < 12; i++) {
    const [to] = people[i % people.length]!;
    await request.post("/api/v1/send", {
      headers: auth,
      data: { from: "Acme <hello@mail.test>", to, subject: `Receipt #${1000 + i}`, html: "<p>Hi</p>" },
    });
  }
  const seg = await request.post("/api/v1/segments", {
    headers: auth,
    data: { name: "Silvas", conditions: { match: "all", rules: [{ field: "name", operator: "contains", value: "silva" }] } },
  });
  const { id } = (await seg.json()) as { id: string };
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const shot = async (url: string, name: string) => {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.screenshot({ path: `${DIR}/${name}-${width}.png`, fullPage: true });
    };
    await shot("/contacts?search=silva", "contacts-search");
    await shot("/contacts?search=nobody", "contacts-search-empty");
    await shot("/emails", "emails");
    await shot("/emails?type=transactional&search=silva", "emails-filtered");
    await shot("/emails?search=silva&since=2999-01-01", "emails-no-match");
    await shot(`/segments/${id}`, "segment-members");
  }
});
