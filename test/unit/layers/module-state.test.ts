import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Process state lives on the runtime (lib/core/runtime.ts, assembled by lib/start/runtime.ts),
 * never on module globals or globalThis: a module-level cache is a second copy in each Next.js
 * bundle and a value one test leaks into the next. This test reads every module under lib/
 * except lib/start/ (the one place that owns the process) and reports, as file:line, what runs
 * at module evaluation and holds mutable state:
 *   - a `let` or `var` outside any function;
 *   - any reference to `globalThis` (or Node's `global`);
 *   - any object made with `new` (a Map, a Set, a WeakMap, an LruCache, a limiter…), but a
 *     `ReadonlySet`/`ReadonlyMap` lookup table (declared so on the constant) and the immutable
 *     kinds (`Intl.*Format` and the other `Intl` objects, `RegExp`, `URL`, `TextEncoder`…);
 *   - a call of a cache factory (`ttlCache(…)`, anything named `…Cache(…)`);
 *   - a non-readonly `static` class field (a module global under a class name);
 *   - a module-level `const` array or object literal that code in the file changes (assigns a
 *     property or element, `push`es, `delete`s, `Object.assign`s to).
 * Code inside a function, a method or an instance field initializer runs per call or per object,
 * so it is not module state.
 */

/**
 * What stays a module global, each with its reason: the exact lines, so that a new `let` in the
 * same file is still reported. Keep this list short.
 */
const ALLOWED: { file: string; lines: string[]; reason: string }[] = [
  {
    file: "lib/core/ids.ts",
    lines: ["let lastTime = -1;", "let lastRandom: number[] = [];"],
    reason:
      "the monotonic id sequence: ids made in one millisecond stay ordered, whichever runtime " +
      "makes them, and ids are made where no runtime is at hand (keys, tokens, scripts)",
  },
  {
    file: "lib/core/ids.ts",
    lines: ["let pool = Buffer.alloc(0);", "let poolOffset = POOL_SIZE;"],
    reason:
      "a pool of random bytes that spares a syscall per id; which runtime or bundle draws from " +
      "it changes nothing but speed",
  },
];

type Finding = { line: number; rule: string; text: string };

/** Objects nothing can change once made. */
const IMMUTABLE: ReadonlySet<string> = new Set(["RegExp", "URL", "TextEncoder", "TextDecoder"]);
const READONLY_TYPES: ReadonlySet<string> = new Set(["ReadonlySet", "ReadonlyMap"]);
/**
 * `ttlCache(…)`, `lruCache(…)`, `keyCache(…)`. React's `cache(fn)` is not one: it memoizes per
 * server request, not per process.
 */
const CACHE_FACTORY = /^[A-Za-z0-9_]+Cache$/;

/** Module-level mutable state in one source file, in the order it appears. */
function moduleStateFindings(fileName: string, source: string): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const report = (node: ts.Node, rule: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    const text = file.text.split("\n")[line]!.trim();
    findings.push({ line: line + 1, rule, text });
  };

  const visit = (node: ts.Node, atModuleTime: boolean) => {
    // The global object is shared state wherever it is reached from, in a function or not.
    if (ts.isIdentifier(node) && isGlobalObjectReference(node)) {
      report(node, `reference to ${node.text}`);
    } else if (atModuleTime) inspect(node);
    const deferred = atModuleTime && runsLater(node);
    ts.forEachChild(node, (child) => visit(child, atModuleTime && !deferred));
  };

  const inspect = (node: ts.Node) => {
    if (ts.isVariableDeclarationList(node) && !(node.flags & ts.NodeFlags.Constant)) {
      if (!(node.flags & (ts.NodeFlags.Using | ts.NodeFlags.AwaitUsing))) {
        report(node, node.flags & ts.NodeFlags.Let ? "top-level let" : "top-level var");
      }
    } else if (ts.isNewExpression(node)) {
      const name = node.expression.getText(file);
      const immutable = IMMUTABLE.has(name) || name.startsWith("Intl.");
      const lookupTable = (name === "Set" || name === "Map") && declaredReadonly(node);
      if (!immutable && !lookupTable) report(node, `module-level new ${name}`);
    } else if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      if (name && CACHE_FACTORY.test(name)) report(node, `module-level ${name}()`);
    } else if (ts.isPropertyDeclaration(node) && isStatic(node) && !isReadonly(node)) {
      report(node, "mutable static field");
    }
  };

  visit(file, true);
  for (const { node, name } of literalChanges(file)) report(node, `module-level ${name} changed`);
  return findings.sort((a, b) => a.line - b.line);
}

const ARRAY_MUTATORS: ReadonlySet<string> = new Set([
  "push",
  "pop",
  "shift",
  "unshift",
  "splice",
  "sort",
  "reverse",
  "fill",
  "copyWithin",
]);
const OBJECT_MUTATORS: ReadonlySet<string> = new Set([
  "assign",
  "defineProperty",
  "defineProperties",
  "setPrototypeOf",
  "set",
  "deleteProperty",
]);

/**
 * Changes to a module-level `const X = [...]` or `{...}` (not `as const`), anywhere in the file:
 * `X.a = …`, `X[i] = …`, `X.a++`, `delete X.a`, `X.push(…)`, `Object.assign(X, …)`. Names are
 * matched by text, so a local that shadows X is reported too: rename it.
 */
function literalChanges(file: ts.SourceFile): { node: ts.Node; name: string }[] {
  const literals = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!(statement.declarationList.flags & ts.NodeFlags.Constant)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && isMutableLiteral(declaration.initializer)) {
        literals.add(declaration.name.text);
      }
    }
  }
  const changes: { node: ts.Node; name: string }[] = [];
  /** The literal that `target` is, or is inside of (`X`, `X.a[0]`). */
  const literalOf = (target: ts.Expression, inside: boolean) => {
    const root = rootOf(target);
    if (inside && root === target) return undefined;
    return ts.isIdentifier(root) && literals.has(root.text) ? root.text : undefined;
  };
  const visit = (node: ts.Node) => {
    let name: string | undefined;
    if (ts.isBinaryExpression(node) && isAssignment(node.operatorToken.kind)) {
      name = literalOf(node.left, true);
    } else if (
      (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
      (node.operator === ts.SyntaxKind.PlusPlusToken ||
        node.operator === ts.SyntaxKind.MinusMinusToken)
    ) {
      name = literalOf(node.operand, true);
    } else if (ts.isDeleteExpression(node)) {
      name = literalOf(node.expression, true);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const { expression: target, name: method } = node.expression;
      const first = node.arguments[0];
      if (ts.isIdentifier(target) && /^(Object|Reflect)$/.test(target.text)) {
        if (OBJECT_MUTATORS.has(method.text) && first) name = literalOf(first, false);
      } else if (ARRAY_MUTATORS.has(method.text)) {
        name = literalOf(target, false);
      }
    }
    if (name) changes.push({ node, name });
    ts.forEachChild(node, visit);
  };
  visit(file);
  return changes;
}

function isAssignment(kind: ts.SyntaxKind): boolean {
  return kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment;
}

/** `[]`, `{}` (through parentheses, `satisfies` and type assertions), but not `as const`. */
function isMutableLiteral(node: ts.Expression | undefined): boolean {
  if (!node) return false;
  if (ts.isParenthesizedExpression(node) || ts.isSatisfiesExpression(node)) {
    return isMutableLiteral(node.expression);
  }
  if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
    return !ts.isConstTypeReference(node.type) && isMutableLiteral(node.expression);
  }
  return ts.isArrayLiteralExpression(node) || ts.isObjectLiteralExpression(node);
}

/** `X` of `X.a[0].b` or `(X as T).a`. */
function rootOf(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isPropertyAccessExpression(current) ||
    ts.isElementAccessExpression(current) ||
    ts.isParenthesizedExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isTypeAssertionExpression(current) ||
    ts.isSatisfiesExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/** Whether the code under `node` runs later than module evaluation (per call or per object). */
function runsLater(node: ts.Node): boolean {
  if (ts.isFunctionExpression(node) || ts.isArrowFunction(node)) return !isInvokedAtOnce(node);
  if (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  ) {
    return true;
  }
  // An instance field's initializer runs per object; a static one at class definition.
  return ts.isPropertyDeclaration(node) && !isStatic(node);
}

/** `(() => { … })()`: an immediately invoked function runs at module evaluation. */
function isInvokedAtOnce(fn: ts.Node): boolean {
  let outer = fn.parent;
  while (ts.isParenthesizedExpression(outer)) outer = outer.parent;
  const callee = ts.isCallExpression(outer) ? skipParentheses(outer.expression) : undefined;
  return callee === fn;
}

function skipParentheses(node: ts.Expression): ts.Expression {
  return ts.isParenthesizedExpression(node) ? skipParentheses(node.expression) : node;
}

/** `globalThis` anywhere, or `global.x` (Node's alias); not a property or key named so. */
function isGlobalObjectReference(node: ts.Identifier): boolean {
  if (node.text !== "globalThis" && node.text !== "global") return false;
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node) {
    return false;
  }
  if (node.text === "global") {
    return ts.isPropertyAccessExpression(parent) && parent.expression === node;
  }
  return true;
}

function calleeName(node: ts.Expression): string | undefined {
  const callee = skipParentheses(node);
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/** `const X: ReadonlySet<T> = new Set([...])`: a lookup table that nothing can add to. */
function declaredReadonly(node: ts.NewExpression): boolean {
  let parent = node.parent;
  while (ts.isParenthesizedExpression(parent)) parent = parent.parent;
  if (!ts.isVariableDeclaration(parent) || parent.initializer === undefined) return false;
  if (!(parent.parent.flags & ts.NodeFlags.Constant)) return false;
  const type = parent.type;
  return (
    type !== undefined &&
    ts.isTypeReferenceNode(type) &&
    ts.isIdentifier(type.typeName) &&
    READONLY_TYPES.has(type.typeName.text)
  );
}

function isStatic(node: ts.PropertyDeclaration): boolean {
  return node.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword) ?? false;
}

function isReadonly(node: ts.PropertyDeclaration): boolean {
  return node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ReadonlyKeyword) ?? false;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("module-level state", () => {
  it("is flagged for each pattern the rule names", () => {
    const source = [
      "let counter = 0;", // 1
      "export var legacy = 1;", // 2
      "const store = globalThis as unknown as { x?: number };", // 3
      "const keys = new Map<string, string>();", // 4
      "const seen = new Set<string>();", // 5
      "const byDb = new WeakMap<object, string>();", // 6
      "const refs = new WeakSet<object>();", // 7
      "const rows = new LruCache<string>(10, 1000);", // 8
      "const domains = ttlCache<string>(60_000);", // 9
      "const cache = lruCache(100);", // 10
      "const nested = { table: new Map() };", // 11
      "const once = (() => { let n = 0; return new Set([n]); })();", // 12
      "class Registry { static entries = new Map(); }", // 13
      "const writable: Set<string> = new Set(['a']);", // 14
      "global.thing = 1;", // 15
      "function later() { return globalThis; }", // 16
      "const seenIds: string[] = [];", // 17
      "export function remember(id: string) { seenIds.push(id); }", // 18
      "const counts = { hits: 0 } satisfies Record<string, number>;", // 19
      "export const hit = () => { counts.hits++; };", // 20
      "const state = { nested: { n: 0 } };", // 21
      "export function set(n: number) { state.nested.n = n; delete (state as any).x; }", // 22
      "const registry: Record<string, number> = {};", // 23
      "export const add = (k: string) => Object.assign(registry, { [k]: 1 });", // 24
      "const limiter = new TokenBucketLimiter(1, 10);", // 25
      "const table: ReadonlyMap<string, number> = new WeakMap();", // 26
    ].join("\n");
    expect(
      moduleStateFindings("sample.ts", source).map(({ line, rule }) => `${line}: ${rule}`),
    ).toEqual([
      "1: top-level let",
      "2: top-level var",
      "3: reference to globalThis",
      "4: module-level new Map",
      "5: module-level new Set",
      "6: module-level new WeakMap",
      "7: module-level new WeakSet",
      "8: module-level new LruCache",
      "9: module-level ttlCache()",
      "10: module-level lruCache()",
      "11: module-level new Map",
      "12: top-level let",
      "12: module-level new Set",
      "13: mutable static field",
      "13: module-level new Map",
      "14: module-level new Set",
      "15: reference to global",
      "16: reference to globalThis",
      "18: module-level seenIds changed",
      "20: module-level counts changed",
      "22: module-level state changed",
      "22: module-level state changed",
      "24: module-level registry changed",
      "25: module-level new TokenBucketLimiter",
      "26: module-level new WeakMap",
    ]);
  });

  it("is not flagged for per-call state, read-only lookup tables or immutable formatters", () => {
    const source = [
      "const KINDS: ReadonlySet<string> = new Set(['a', 'b']);",
      "export const LABELS: ReadonlyMap<string, string> = new Map([['a', 'A']]);",
      "const dates = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });",
      "const FIELD = new RegExp('^[a-z]+$');",
      "const BASE = new URL('https://example.com/');",
      "const LIMIT = 10;",
      "export function makeCache() { let hits = 0; const m = new Map(); return { m, hit: () => ++hits }; }",
      "export const build = () => { const seen = new Set(); return ttlCache(1000, seen.size); };",
      "class Pool { private readonly idle = new Set(); static readonly NAME = 'pool'; }",
      "const options = { global: true };",
      "for (const kind of KINDS) void kind;",
      "const DEFAULTS = { retries: 3 };",
      "export const withDefaults = (o: object) => ({ ...DEFAULTS, ...o });",
      "const LEVELS = ['low', 'high'] as const;",
      "export const copy = () => { const out = [...LEVELS]; out.push('low'); return out; };",
    ].join("\n");
    expect(moduleStateFindings("sample.ts", source)).toEqual([]);
  });

  it("is absent from lib/ outside lib/start/, but for the explained exceptions", () => {
    const root = path.resolve("lib");
    const found: string[] = [];
    const allowedUsed = new Set<string>();
    for (const full of sourceFiles(root)) {
      const file = path.relative(process.cwd(), full).split(path.sep).join("/");
      if (file.startsWith("lib/start/")) continue;
      for (const finding of moduleStateFindings(file, fs.readFileSync(full, "utf8"))) {
        const allowed = ALLOWED.some(
          (entry) => entry.file === file && entry.lines.includes(finding.text),
        );
        if (allowed) allowedUsed.add(`${file}: ${finding.text}`);
        else found.push(`${file}:${finding.line} ${finding.rule}: ${finding.text}`);
      }
    }
    expect(found).toEqual([]);
    // An exception that no longer matches anything must leave the list, not linger as a loophole.
    expect([...allowedUsed].sort()).toEqual(
      ALLOWED.flatMap((entry) => entry.lines.map((line) => `${entry.file}: ${line}`)).sort(),
    );
  });
});
