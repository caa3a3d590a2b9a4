/**
 * npm's postinstall: small fixes to installed dependencies that their releases lack, each
 * applied only to the version it was written for (another version fails the install, so an
 * upgrade is read before it lands). Safe to run twice.
 *
 * postgres 3.4.9 (porsager/postgres#1154, #1208; not released upstream): a short statement is
 * written on the next turn of the event loop, and on a connection whose socket closed meanwhile
 * that write read a null socket and threw outside any promise, which ended the process (a worker
 * whose transaction outlived a database restart). Such a write now refuses the connection's
 * statements with CONNECTION_CLOSED, and closing forgets a write it cancelled, which had left the
 * connection unable to write again after it reconnected.
 * Test: test/integration/db/closed-connection-write.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MARK = "/* mailwright: closed-socket write */";

const patches = [
  {
    dependency: "postgres",
    version: "3.4.9",
    files: ["src/connection.js", "cjs/src/connection.js", "cf/src/connection.js"],
    edits: [
      {
        find: "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)\n",
        replace:
          `  function nextWrite(fn) {\n    ${MARK}\n` +
          "    if (!socket) {\n" +
          "      chunk = nextWriteTimer = null\n" +
          "      error(Errors.connection('CONNECTION_CLOSED', options))\n" +
          "      return false\n" +
          "    }\n" +
          "    const x = socket.write(chunk, fn)\n",
        count: 1,
      },
      {
        find: "    clearImmediate(nextWriteTimer)\n",
        replace: "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n",
        count: 2, // terminate() and closed()
      },
    ],
  },
];

for (const patch of patches) {
  const directory = path.join(root, "node_modules", patch.dependency);
  const manifest = path.join(directory, "package.json");
  if (!fs.existsSync(manifest)) continue; // not installed (a production install without it)
  const { version } = JSON.parse(fs.readFileSync(manifest, "utf8"));
  if (version !== patch.version) {
    throw new Error(
      `scripts/patch-dependencies.mjs: ${patch.dependency} is ${version}, the patch is for ` +
        `${patch.version}: check whether the release fixes it, then update or remove the patch`,
    );
  }
  for (const file of patch.files) {
    const target = path.join(directory, file);
    let source = fs.readFileSync(target, "utf8");
    if (source.includes(MARK)) continue;
    for (const edit of patch.edits) {
      const found = source.split(edit.find).length - 1;
      if (found !== edit.count) {
        throw new Error(
          `scripts/patch-dependencies.mjs: ${patch.dependency}/${file} has ${found} of ` +
            `${edit.count} expected places for a patch`,
        );
      }
      source = source.split(edit.find).join(edit.replace);
    }
    fs.writeFileSync(target, source);
  }
}
