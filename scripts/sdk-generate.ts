/** npm run sdk:generate: writes sdk/openapi.json and sdk/src/schema.d.ts from lib/web/openapi. */
import fs from "node:fs";
import { generateSdkFiles, SDK_FILES } from "../sdk/generate";

const files = await generateSdkFiles();
for (const [name, contents] of Object.entries(files)) {
  fs.writeFileSync(SDK_FILES[name as keyof typeof SDK_FILES], contents);
  console.log(`wrote ${SDK_FILES[name as keyof typeof SDK_FILES]}`);
}
