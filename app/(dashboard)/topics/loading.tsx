import { PageSkeleton } from "@/components/ui/page-skeleton";

// Topics has no detail page, so its loading boundary sits beside the list.
export default PageSkeleton;
