import { describe, expect, it } from "vitest";
import { afterEdit, failedWith, NO_ERRORS } from "@/components/campaigns/editor/editor-errors";

const summary = "Please correct the highlighted fields.";

describe("campaign editor errors", () => {
  it("clears the summary banner once every highlighted field is edited", () => {
    let state = failedWith(
      { name: "Must not be empty.", "variants.1": "Must be one line." },
      summary,
    );
    state = afterEdit(state, ["name"]);
    expect(state.message).toBe(summary);
    expect(state.fields).toEqual({ "variants.1": "Must be one line." });
    state = afterEdit(state, ["variants"]);
    expect(state).toEqual(NO_ERRORS);
  });

  it("keeps a banner that is not about fields (a save that failed otherwise)", () => {
    const state = failedWith({}, "This campaign no longer exists.");
    expect(afterEdit(state, ["name"])).toBe(state);
  });

  it("leaves the state alone when the edit touches no highlighted field", () => {
    const state = failedWith({ template: "Choose a template to send." }, summary);
    expect(afterEdit(state, ["subject"])).toBe(state);
  });
});
