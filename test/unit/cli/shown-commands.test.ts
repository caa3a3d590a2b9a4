import { describe, expect, it } from "vitest";
import { checkAdminFlags, parseAdminArgs } from "@/lib/cli/args";
import { projectCliCommands } from "@/lib/cli/shown-commands";
import { shellWords } from "../../support/shell-words";

/** A shown command as the CLI script receives it: what follows `npm run admin --`. */
function cliArguments(line: string): string[] {
  const words = shellWords(line);
  expect(words.slice(0, 4)).toEqual(["npm", "run", "admin", "--"]);
  return words.slice(4);
}

describe("the admin CLI commands Settings → General shows", () => {
  const shown = projectCliCommands("prj_0123456789abcdef");

  it("each parse with the options its command takes", () => {
    const parsed = shown.map((line) => parseAdminArgs(cliArguments(line)));
    for (const { command, flags } of parsed)
      expect(() => checkAdminFlags(command!, flags)).not.toThrow();
    expect(parsed).toEqual([
      { command: "create-key", flags: { project: "prj_0123456789abcdef", mode: "live" } },
      {
        command: "add-domain",
        flags: { project: "prj_0123456789abcdef", domain: "mail.example.com" },
      },
      {
        command: "create-user",
        flags: { email: "ada@example.com", role: "member", project: "prj_0123456789abcdef" },
      },
    ]);
  });

  it("need nothing filled in: no placeholder stands where a value goes", () => {
    for (const line of shown) expect(line).not.toMatch(/…|<|>|\.\.\./);
  });
});

describe("admin CLI arguments", () => {
  it("reads values inline or as the next argument, keeping '=' inside a value", () => {
    expect(parseAdminArgs(["reset-password", "--email=a@b.co", "--password", "x=y=z"])).toEqual({
      command: "reset-password",
      flags: { email: "a@b.co", password: "x=y=z" },
    });
  });

  it("never lets a switch swallow the next argument", () => {
    expect(() => parseAdminArgs(["add-domain", "--verified", "extra"])).toThrow(
      /Unexpected argument "extra"/,
    );
    expect(parseAdminArgs(["add-domain", "--verified", "--json"]).flags).toEqual({
      verified: true,
      json: true,
    });
  });

  it("refuses options a command does not know, and values that are missing", () => {
    expect(() => checkAdminFlags("create-key", { project: "p", mod: "live" })).toThrow(
      /create-key has no option --mod/,
    );
    expect(() => checkAdminFlags("create-key", { project: true })).toThrow(
      /--project needs a value/,
    );
    expect(() => checkAdminFlags("launch-rockets", {})).toThrow(/Unknown command/);
    expect(() =>
      checkAdminFlags("create-key", { project: "p", mode: "live", json: true }),
    ).not.toThrow();
  });
});
