import { PageSkeleton } from "@/components/ui/page-skeleton";

// No detail pages below this one, so a loading boundary here cannot turn a 404 into a 200.
export default PageSkeleton;
