"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { saveSegmentAction } from "@/lib/web/dashboard/actions/segments";
import type { SegmentResource } from "@/lib/segments/serialize";
import { useToast } from "../ui/toast";
import { fromApiRule, missingPart, newRule, toApiRule, type RuleDraft } from "./rule-draft";

type StoredConditions = {
  match?: "all" | "any";
  rules?: { field: string; operator: string; value?: unknown }[];
};

let nextRuleId = 1;
const ruleId = () => `r${nextRuleId++}`;

/**
 * The builder's state: name, match and rules; the server's 422 messages per control (until that
 * rule changes); save (creating the segment the first time).
 */
export function useSegmentBuilder(segment: SegmentResource | null) {
  const router = useRouter();
  const toast = useToast();
  const stored = (segment?.conditions ?? {}) as StoredConditions;
  const [id, setId] = useState(segment?.id ?? null);
  const [name, setName] = useState(segment?.name ?? "");
  const [match, setMatch] = useState<"all" | "any">(stored.match ?? "all");
  const [rules, setRules] = useState<RuleDraft[]>(() =>
    segment ? (stored.rules ?? []).map((r) => fromApiRule(ruleId(), r)) : [newRule(ruleId())],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);

  const conditions = { match, rules: rules.map(toApiRule) };
  const payload = JSON.stringify({ name, conditions });
  const [savedKey, setSavedKey] = useState(() => (segment ? payload : null));
  const dirty = payload !== savedKey;
  const unfinished = rules.findIndex((r) => missingPart(r) !== null);
  const incomplete =
    unfinished < 0 ? null : `Rule ${unfinished + 1} needs ${missingPart(rules[unfinished]!)}.`;

  /** Errors are keyed by rule position: a change to rule i clears rule i's messages. */
  function clearErrors(prefix: string) {
    setErrors((current) => {
      const keys = Object.keys(current).filter((k) => k === prefix || k.startsWith(`${prefix}.`));
      if (keys.length === 0) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });
  }

  return {
    id,
    name,
    setName: (value: string) => {
      setName(value);
      clearErrors("name");
    },
    match,
    setMatch,
    rules,
    conditions,
    incomplete,
    errors,
    message,
    dirty,
    saving,
    addRule: () => setRules((list) => [...list, newRule(ruleId())]),
    updateRule: (index: number, rule: RuleDraft) => {
      setRules((list) => list.map((r, i) => (i === index ? rule : r)));
      clearErrors(`conditions.rules.${index}`);
    },
    // Positions shift after a removal: old per-rule messages would land on the wrong rows.
    removeRule: (index: number) => {
      setRules((list) => list.filter((_, i) => i !== index));
      setErrors((current): Record<string, string> => (current.name ? { name: current.name } : {}));
    },
    async save() {
      if (inFlight.current) return;
      inFlight.current = true;
      setSaving(true);
      try {
        const result = await saveSegmentAction(id, { name, conditions });
        if (result.status !== "success" || !result.result) {
          setErrors(result.status === "error" ? result.fieldErrors : {});
          setMessage(
            result.status === "error" ? result.message : "The segment could not be saved.",
          );
          return;
        }
        setErrors({});
        setMessage(null);
        setSavedKey(payload);
        toast({ title: result.message ?? "Segment saved" });
        if (!id) {
          setId(result.result.id);
          router.replace(`/segments/${result.result.id}`);
        }
      } finally {
        inFlight.current = false;
        setSaving(false);
      }
    },
  };
}
