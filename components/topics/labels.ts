import type { TopicResource } from "@/lib/topics/serialize";

type Subscription = TopicResource["default_subscription"];
type Visibility = TopicResource["visibility"];

/** How the dashboard words a topic's default subscription and visibility. */
export const DEFAULT_LABELS: Record<Subscription, string> = {
  opt_in: "Everyone until they leave",
  opt_out: "Only who joins",
};

export const DEFAULT_HINTS: Record<Subscription, string> = {
  opt_in: "Every subscribed contact gets it, unless they untick it on the preference page.",
  opt_out: "Only contacts who tick it (or whom you add through the API or an import) get it.",
};

export const VISIBILITY_LABELS: Record<Visibility, string> = {
  public: "Public",
  private: "Private",
};

export const VISIBILITY_HINTS: Record<Visibility, string> = {
  public: "Listed on the preference page, where readers can join or leave it.",
  private: "Never listed for readers: you manage it here, by the API or by import (a beta list).",
};
