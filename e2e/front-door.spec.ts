import { expect, test } from "@playwright/test";

// Against the real production server (scripts/serve.ts): paths whose percent-encoding does not
// decode used to reach Next's router and come back as a bare-text 500.
test.describe("malformed paths", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  for (const path of ["/api/v1/contacts/%ZZ", "/api/v1/%ZZ", "/api/t/o/%E0%A4%A.gif"]) {
    test(`${path} is a 400 with the API error body`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(400);
      expect(response.headers()["x-request-id"]).toMatch(/^req_/);
      expect(await response.json()).toEqual({
        error: { code: "invalid_path", message: expect.any(String) },
      });
    });
  }

  for (const path of ["/u/%ZZ", "/confirm/%ZZ", "/contacts/%ZZ"]) {
    test(`${path} is a 400 page`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(400);
      expect(response.headers()["content-type"]).toContain("text/html");
      expect(await response.text()).toContain("This address is not valid");
    });
  }
});
