import next from "eslint-config-next";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      ".next-*/**",
      "node_modules/**",
      "db/migrations/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "sdk/src/schema.d.ts",
    ],
  },
];

export default config;
