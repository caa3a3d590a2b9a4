import { describe, expect, it } from "vitest";
import { escapeHtml } from "@/lib/core/html/entities";
import {
  compileVariables,
  formatVariableValue,
  listVariables,
  lookupVariable,
  renderVariables,
} from "@/lib/templates/variables";

describe("renderVariables", () => {
  const vars = {
    name: "Ada",
    first_name: "",
    data: { plan: "pro", seats: 3, trial: false, items: ["a", "b"] },
  };

  it("fills top-level and nested paths, whitespace tolerant", () => {
    expect(renderVariables("Hi {{name}}, plan {{ data.plan }}", vars)).toBe("Hi Ada, plan pro");
    expect(renderVariables("{{   data.items.1   }}", vars)).toBe("b");
  });

  it("uses double-quoted, single-quoted and bare fallbacks", () => {
    expect(renderVariables('Hi {{ missing | "there" }}', vars)).toBe("Hi there");
    expect(renderVariables("Hi {{missing|'friend'}}", vars)).toBe("Hi friend");
    expect(renderVariables("Hi {{ missing | pal }}!", vars)).toBe("Hi pal!");
    expect(renderVariables('Hi {{ missing | "" }}!', vars)).toBe("Hi !");
    // A fallback may hold the other quote character and spaces.
    expect(renderVariables(`{{ x | "it's fine" }}`, vars, { escape: "none" })).toBe("it's fine");
  });

  it("uses the fallback for empty strings but not for present values", () => {
    expect(renderVariables('{{ first_name | "there" }}', vars)).toBe("there");
    expect(renderVariables('{{ name | "there" }}', vars)).toBe("Ada");
  });

  it("renders unknown variables and objects as empty, numbers and booleans as text", () => {
    expect(renderVariables("[{{ nope }}][{{ data.plan.deeper }}]", vars)).toBe("[][]");
    expect(renderVariables("[{{ data }}][{{ data.items }}]", vars)).toBe("[][]");
    expect(renderVariables("{{data.seats}} seats, trial {{data.trial}}", vars)).toBe(
      "3 seats, trial false",
    );
    expect(renderVariables('{{ data | "none" }}', vars)).toBe("none");
    expect(renderVariables("{{n}}", { n: null })).toBe("");
  });

  it("does not read inherited properties", () => {
    expect(renderVariables("[{{ constructor }}][{{ data.toString }}][{{ __proto__ }}]", vars)).toBe(
      "[][][]",
    );
  });

  it("escapes values for HTML by default and leaves them raw with escape none", () => {
    const evil = { name: `<script>alert("x")</script> & 'co'` };
    expect(renderVariables("<p>{{name}}</p>", evil)).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>",
    );
    expect(renderVariables("<p>{{name}}</p>", evil, { escape: "html" })).toContain(
      "&lt;script&gt;",
    );
    expect(renderVariables("Hi {{name}}", evil, { escape: "none" })).toBe(`Hi ${evil.name}`);
    // Fallbacks are escaped too: they are output like any value.
    expect(renderVariables('{{ x | "<b>" }}', {})).toBe("&lt;b&gt;");
  });

  it("leaves text that is not a valid placeholder untouched", () => {
    expect(renderVariables("{{ }} {{two words}} {{ a..b }} {single}", vars)).toBe(
      "{{ }} {{two words}} {{ a..b }} {single}",
    );
  });
});

describe("variable helpers", () => {
  it("lists distinct variables in order with their first fallback", () => {
    expect(
      listVariables(
        'Hi {{ name | "there" }}',
        "{{data.plan}} {{ name }} {{ email }}",
        "{{ email | 'x' }}",
      ),
    ).toEqual([
      { name: "name", fallback: "there" },
      { name: "data.plan" },
      { name: "email", fallback: "x" },
    ]);
    expect(listVariables("no variables here")).toEqual([]);
  });

  it("looks up paths, formats values and escapes", () => {
    expect(lookupVariable({ a: { b: [1, 2] } }, "a.b.0")).toBe(1);
    expect(lookupVariable({ a: "x" }, "a.length")).toBeUndefined();
    expect(formatVariableValue(Number.NaN)).toBe("");
    expect(formatVariableValue(1.5)).toBe("1.5");
    expect(formatVariableValue([1])).toBe("");
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
  });
});

describe("compileVariables", () => {
  // Parsed once, filled many times: the same output as renderVariables for every kind of text.
  it("fills exactly as renderVariables does", () => {
    const variables = {
      first_name: "Ada <3",
      plan: "",
      data: { city: "Zürich", n: 3 },
      url: "https://x.test/?a=1&b=2",
    };
    const texts = [
      "",
      "no placeholders",
      "{{first_name}}",
      "Hi {{ first_name }}, {{plan | 'free'}} in {{data.city}} ({{data.n}})",
      "{{url}}/path?u={{first_name}}",
      '{{ not valid }} {{missing}} {{missing|"fallback"}} {{first_name',
      "{{first_name}}{{first_name}}",
    ];
    for (const text of texts)
      for (const escape of ["html", "none"] as const)
        expect(compileVariables(text)(variables, { escape }), `${text} (${escape})`).toBe(
          renderVariables(text, variables, { escape }),
        );
  });
});
